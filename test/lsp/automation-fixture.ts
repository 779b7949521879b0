// A small automation configuration with every kind of link (navigation, outline, lens tests).
export const AUTOMATION_YAML = `version: 3
processes:
  - name: rs0_0
    processType: mongod
    version: 7.0.12
    hostname: db0.example.com
    args2_6:
      net: { port: 27017 }
      replication: { replSetName: rs0 }
  - name: rs0_1
    processType: mongod
    version: "7.0.12"
    hostname: db1.example.com
    args2_6:
      net: { port: 27017 }
      replication:
        replSetName: 'rs0'
  - name: mongos_0
    processType: mongos
    version: 7.0.12
    hostname: db2.example.com
    cluster: sh0
replicaSets:
  - _id: rs0
    members:
      - { _id: 0, host: rs0_0, votes: 1, priority: 1 }
      - _id: 1
        host: rs0_1
        votes: 1
        priority: 1
sharding:
  - name: sh0
    configServerReplica: rs0
    shards:
      - { _id: shard0, rs: rs0 }
mongoDbVersions:
  - name: 7.0.12
    builds: []
`;
