// Named base documents of the docs examples: an example is a small patch on one of them
// (RuleDocs.bad/good), so that each shows only what its rule is about.
import type { Example } from '../core/types';

const NOTIFY_EMAIL = `notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;

/** What every automation base starts with: one MongoDB version with its Linux build. */
const AUTOMATION_HEAD = `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: b6513ce0781db6818e24619e8a461eae90bc94fc
        architecture: amd64
        modules: []
`;

/**
 * A mongod process of the example bases: the same 7.0 fields every time, its data and log under
 * /data/<dir>. The bases differ only in names, hosts, ports, sets and cluster roles.
 */
function mongod(name: string, hostname: string, dir: string, o: { port?: number; replSetName?: string; clusterRole?: string } = {}): string {
  return `  - name: ${name}
    hostname: ${hostname}
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: ${o.port ?? 27017}
${o.replSetName ? `      replication:\n        replSetName: ${o.replSetName}\n` : ''}${o.clusterRole ? `      sharding:\n        clusterRole: ${o.clusterRole}\n` : ''}      storage:
        dbPath: /data/${dir}
      systemLog:
        destination: file
        path: /data/${dir}/mongod.log
`;
}

export const EXAMPLE_BASES: Record<string, string> = {
  'automation-config/head': AUTOMATION_HEAD,
  'alert-config': `eventTypeName: HOST_DOWN
enabled: true
${NOTIFY_EMAIL}`,
  'alert-config/host-down': `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
  'alert-config/no-primary': `eventTypeName: NO_PRIMARY
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 60
`,
  'alert-config/outside-metric-threshold': `# One configuration per condition, with all its notifications.
eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
  units: RAW
notifications:
  - typeName: GROUP
    roles:
      - GROUP_OWNER
    emailEnabled: true
    smsEnabled: false
    delayMin: 0
    intervalMin: 60
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 15
---
eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 8000
  units: RAW
notifications:
  - typeName: GROUP
    roles:
      - GROUP_OWNER
    emailEnabled: true
    smsEnabled: true
    delayMin: 0
    intervalMin: 15
`,
  'alert-config/outside-metric-threshold-2': `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
  units: RAW
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
  'automation-config/with-auth': `${AUTOMATION_HEAD}auth:
  disabled: false
  authoritativeSet: false
  autoUser: mms-automation
  autoAuthMechanism: SCRAM-SHA-256
  autoAuthMechanisms:
    - SCRAM-SHA-256
  deploymentAuthMechanisms:
    - SCRAM-SHA-256
  keyfile: /var/lib/mongodb-mms-automation/keyfile
  keyfileWindows: '%SystemDrive%\\MMSAutomation\\versions\\keyfile'
  usersWanted: []
  usersDeleted: []
processes: []
replicaSets: []
sharding: []
`,
  'automation-config/small': `${AUTOMATION_HEAD}processes:
  - name: standalone-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    defaultRWConcern:
      defaultWriteConcern:
        w: 1
    args2_6:
      net:
        port: 27017
      storage:
        dbPath: /data/db
      systemLog:
        destination: file
        path: /data/db/mongod.log
replicaSets: []
sharding: []
`,
  'automation-config/replica-set': `${AUTOMATION_HEAD}processes:
${mongod('rs0-0', 'db0.example.net', 'rs0', { replSetName: 'rs0' })}replicaSets:
  - _id: rs0
    protocolVersion: "1"
    members:
      - _id: 0
        host: rs0-0
        priority: 1
        votes: 1
sharding: []
`,
  'automation-config/replica-set-3': `${AUTOMATION_HEAD}processes:
${mongod('rs0-0', 'db0.example.net', 'rs0', { replSetName: 'rs0' })}${mongod('rs0-1', 'db1.example.net', 'rs0', { replSetName: 'rs0' })}${mongod('rs0-arbiter', 'db2.example.net', 'arbiter', { replSetName: 'rs0' })}replicaSets:
  - _id: rs0
    protocolVersion: "1"
    members:
      - _id: 0
        host: rs0-0
        priority: 1
        votes: 1
      - _id: 1
        host: rs0-1
        priority: 1
        votes: 1
      - _id: 2
        host: rs0-arbiter
        arbiterOnly: true
        priority: 0
        votes: 1
sharding: []
`,
  'automation-config/sharded-cluster': `${AUTOMATION_HEAD}processes:
${mongod('shard0-0', 'shard0.example.net', 'shard0', { port: 27018, replSetName: 'shard0', clusterRole: 'shardsvr' })}${mongod('config-0', 'config.example.net', 'config', { port: 27019, replSetName: 'config', clusterRole: 'configsvr' })}  - name: mongos-0
    hostname: router.example.net
    processType: mongos
    cluster: sales
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      systemLog:
        destination: file
        path: /var/log/mongos.log
replicaSets:
  - _id: shard0
    protocolVersion: "1"
    members:
      - _id: 0
        host: shard0-0
        priority: 1
        votes: 1
  - _id: config
    protocolVersion: "1"
    members:
      - _id: 0
        host: config-0
        priority: 1
        votes: 1
sharding:
  - name: sales
    configServerReplica: config
    shards:
      - _id: shard0
        rs: shard0
`,
};

/** The YAML text of an example. Throws on a base it does not know. */
export function exampleText(example: Example): string {
  if (typeof example === 'string') return example;
  const text = EXAMPLE_BASES[example.base];
  if (text === undefined) throw new Error(`No example base "${example.base}"; bases: ${Object.keys(EXAMPLE_BASES).join(', ')}.`);
  return (example.before ?? '') + text + (example.after ?? '');
}
