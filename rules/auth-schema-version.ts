// All processes of one cluster (a replica set, or a sharded cluster with its shards, config
// servers and mongos) must share one authSchemaVersion (docs: "must match the other processes of
// the same cluster"): they share one user store. Arbiters hold no data, so no users: their value
// is not compared (a set where only the arbiter differs is sound).
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { topologyOf, isArbiter, type ProcessInfo } from '../src/model/automation-topology';

export default defineRule({
  meta: {
    id: 'auth-schema-version',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description:
      'Processes of one cluster (a replica set, or a sharded cluster with its shards, config servers and mongos) ' +
      'with different authSchemaVersion.',
    messages: {
      mixedVersions: 'Process {{detail}} has authSchemaVersion {{v}}, but the other processes of {{what}} {{name}} use {{expected}}; all processes of one cluster share one authSchemaVersion. Set it to {{expected}}.',
    },
    docs: {
      versions: 'every MongoDB version; arbiters (which hold no data and no users) are not compared.',
      why:
        'The members of a replica set, and all parts of a sharded cluster, share one set of users, stored in one ' +
        'credential schema. OM requires every process of a cluster to carry the same `authSchemaVersion` ' +
        '(5 for SCRAM, which the operator always writes; 3 only for legacy MONGODB-CR deployments).',
      // The arbiter's value is never compared (it holds no users): the two data-bearing members differ.
      bad: `version: 3
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
processes:
  - name: rs0-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      replication:
        replSetName: rs0
      storage:
        dbPath: /data/rs0
      systemLog:
        destination: file
        path: /data/rs0/mongod.log
  - name: rs0-1
    hostname: db1.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 3
    args2_6:
      net:
        port: 27017
      replication:
        replSetName: rs0
      storage:
        dbPath: /data/rs0
      systemLog:
        destination: file
        path: /data/rs0/mongod.log
  - name: rs0-arbiter
    hostname: db2.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      replication:
        replSetName: rs0
      storage:
        dbPath: /data/arbiter
      systemLog:
        destination: file
        path: /data/arbiter/mongod.log
replicaSets:
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
      good: `version: 3
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
processes:
  - name: rs0-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      replication:
        replSetName: rs0
      storage:
        dbPath: /data/rs0
      systemLog:
        destination: file
        path: /data/rs0/mongod.log
  - name: rs0-1
    hostname: db1.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      replication:
        replSetName: rs0
      storage:
        dbPath: /data/rs0
      systemLog:
        destination: file
        path: /data/rs0/mongod.log
  - name: rs0-arbiter
    hostname: db2.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      replication:
        replSetName: rs0
      storage:
        dbPath: /data/arbiter
      systemLog:
        destination: file
        path: /data/arbiter/mongod.log
replicaSets:
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
    },
  },
  check(ctx) {
    const reported = new Set<ProcessInfo>();
    const topology = topologyOf(ctx.facts);
    for (const group of topology.groups) {
      // Count the versions in use; an absent or non-numeric value is the schema's concern.
      const counts = new Map<number, number>();
      let first: number | undefined;
      const holders = group.processes.filter((p) => !isArbiter(topology, p));
      for (const p of holders) {
        const v = p.value.authSchemaVersion;
        if (typeof v !== 'number') continue;
        first ??= v;
        counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      if (counts.size < 2) continue;
      // The majority value is taken as intended (ties: the first process's value).
      let expected = first!;
      for (const [v, n] of counts) if (n > counts.get(expected)!) expected = v;
      const what = group.kind === 'replica-set' ? 'replica set' : 'sharded cluster';
      for (const p of holders) {
        const v = p.value.authSchemaVersion;
        if (typeof v !== 'number' || v === expected || reported.has(p)) continue;
        reported.add(p);
        const pointer = joinPointer(p.pointer, 'authSchemaVersion');
        ctx.report({
          pointer,
          messageId: 'mixedVersions',
          data: { detail: JSON.stringify(p.name ?? `processes[${p.index}]`), v, what, name: JSON.stringify(group.name), expected },
          suggestions: [{ title: `Set authSchemaVersion to ${expected}`, ops: [{ op: 'replace', pointer, value: expected }] }],
        });
      }
    }
  },
});
