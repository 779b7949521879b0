// A sharded cluster is assembled from names: shards[].rs and configServerReplica name replica
// sets, and each mongos names its cluster in `cluster` (DOMAIN §1: required for mongos, equal to
// sharding[].name).
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import type { RuleContext } from '../src/core/types';
import {
  describeExisting,
  describeNames,
  topologyOf,
  type AutomationTopology,
  type ShardedClusterInfo,
} from '../src/model/automation-topology';

const quote = (s: string) => JSON.stringify(s);

export default defineRule({
  meta: {
    id: 'sharding-references',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description:
      'shards[].rs or configServerReplica naming no replica set; a mongos whose cluster names no sharding[].name; ' +
      'a mongos without cluster.',
    messages: {
      clusterWithoutName: 'mongos {{label}} names cluster {{cluster}}, but sharding[{{index}}] with that _id has no name; a mongos\'s cluster must equal sharding[].name. Add name: {{cluster}} to sharding[{{index}}].',
      unknownCluster: 'mongos {{label}} names cluster {{cluster}}, which no sharding[].name defines; {{describeExisting}}. Use the name of its sharded cluster.',
      unknownConfigServerSet: 'Config server replica set of cluster {{cluster}}: no replica set named {{configServerReplica}}; {{existing}}. {{detail}}',
      mongosWithoutCluster: 'mongos {{label}} has no cluster; a mongos must name its sharded cluster (sharding[].name) in cluster. {{wayOut}}',
      unknownShardSet: 'Shard {{detail}} of cluster {{cluster}}: no replica set named {{rs}}; {{existing}}. Add it to replicaSets or name an existing one.',
      unnamedCluster: 'sharding[{{index}}] has no name, so no mongos can name it in cluster; add name.',
    },
    docs: {
      versions: 'every version: the rule reads no version.',
      why:
        'OM builds a sharded cluster from `sharding[]`: each `shards[].rs` and the `configServerReplica` must be the ' +
        '`_id` of a replica set in `replicaSets`, and every `mongos` process names its cluster in `cluster` ' +
        '(equal to `sharding[].name`), from which the agent derives the config servers it connects to.',
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
  - name: shard0-0
    hostname: shard0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27018
      replication:
        replSetName: shard0
      sharding:
        clusterRole: shardsvr
      storage:
        dbPath: /data/shard0
      systemLog:
        destination: file
        path: /data/shard0/mongod.log
  - name: config-0
    hostname: config.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27019
      replication:
        replSetName: config
      sharding:
        clusterRole: configsvr
      storage:
        dbPath: /data/config
      systemLog:
        destination: file
        path: /data/config/mongod.log
  - name: mongos-0
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
        rs: shard-0
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
  - name: shard0-0
    hostname: shard0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27018
      replication:
        replSetName: shard0
      sharding:
        clusterRole: shardsvr
      storage:
        dbPath: /data/shard0
      systemLog:
        destination: file
        path: /data/shard0/mongod.log
  - name: config-0
    hostname: config.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27019
      replication:
        replSetName: config
      sharding:
        clusterRole: configsvr
      storage:
        dbPath: /data/config
      systemLog:
        destination: file
        path: /data/config/mongod.log
  - name: mongos-0
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
    },
  },
  check(ctx) {
    const t = topologyOf(ctx.facts);
    const report: ReportFn = (r) => ctx.report(r);
    checkReplicaSetReferences(t, report);
    checkMongos(t, report);
  },
});

type ReportFn = RuleContext<unknown, 'mongosWithoutCluster' | 'unknownShardSet' | 'unnamedCluster' | 'unknownConfigServerSet' | 'clusterWithoutName' | 'unknownCluster'>['report'];

function checkReplicaSetReferences(t: AutomationTopology, report: ReportFn): void {
  // A fragment without replicaSets cannot be judged (its absence is another rule's concern).
  if (!t.hasReplicaSets) return;
  let ids: string[] | undefined;
  const existing = (name: string) => describeExisting('replica sets', name, (ids ??= [...t.replicaSetsById.keys()]));
  const unnamedMongos = t.processes.some((p) => p.processType === 'mongos' && p.cluster === undefined);
  for (const c of t.shardedClusters) {
    const cluster = c.name ?? (typeof c.value._id === 'string' ? c.value._id : `sharding[${c.index}]`);
    // A cluster that no mongos serves is not deployed (real fixtures hold such entries, and OM
    // accepts them): its dangling config server reference is information, not an error.
    const deployed = c.mongos.length > 0 || (unnamedMongos && t.shardedClusters.length === 1);
    if (c.configServerReplica !== undefined && !c.configReplicaSet) {
      report({
        pointer: joinPointer(c.pointer, 'configServerReplica'),
        severity: deployed ? undefined : 'info',
        messageId: 'unknownConfigServerSet',
        data: { cluster: quote(cluster), configServerReplica: quote(c.configServerReplica), existing: existing(c.configServerReplica), detail: deployed ? 'Add it to replicaSets or name an existing one.' : 'No mongos serves this cluster yet; add the replica set before deploying it.' },
      });
    }
    if (c.name === undefined && typeof c.value._id !== 'string') {
      report({
        pointer: c.pointer,
        messageId: 'unnamedCluster',
        data: { index: c.index },
      });
    }
    for (const s of c.shards) {
      if (s.rs === undefined || s.replicaSet) continue;
      report({
        pointer: joinPointer(s.pointer, 'rs'),
        messageId: 'unknownShardSet',
        data: { detail: quote(s.id ?? `shards[${s.index}]`), cluster: quote(cluster), rs: quote(s.rs), existing: existing(s.rs) },
      });
    }
  }
}

function checkMongos(t: AutomationTopology, report: ReportFn): void {
  let names: string[] | undefined;
  let namelessById: Map<string, ShardedClusterInfo> | undefined;
  const clusterNames = () => (names ??= [...t.clustersByName.keys()]);
  for (const p of t.processes) {
    if (p.processType !== 'mongos') continue;
    const label = quote(p.name ?? `processes[${p.index}]`);
    if (p.value.cluster === undefined || p.value.cluster === null) {
      const known = clusterNames();
      const only = known.length === 1 ? known[0] : undefined;
      const wayOut =
        only !== undefined
          ? `Add cluster: ${quote(only)}.`
          : known.length === 0
            ? 'Define its sharded cluster in sharding[] and set cluster to that name.'
            : `Add cluster; clusters: ${describeNames(known)}.`;
      report({
        pointer: joinPointer(p.pointer, 'processType'),
        // With one sharded cluster there is no doubt which it serves (real fixtures omit it then).
        severity: only !== undefined ? 'info' : undefined,
        messageId: 'mongosWithoutCluster',
        data: { label, wayOut },
        suggestions: only !== undefined ? [{ title: `Add cluster: ${quote(only)}`, ops: [{ op: 'add', pointer: p.pointer, key: 'cluster', value: only, after: ['processType', 'name'] }] }] : undefined,
      });
      continue;
    }
    if (p.cluster === undefined || t.clustersByName.has(p.cluster)) continue;
    // sharding[]._id is undocumented but real fixtures carry it; entries lacking name are a
    // required-field problem, so point at that instead of calling the reference unknown.
    namelessById ??= new Map(
      t.shardedClusters.filter((c) => c.name === undefined && typeof c.value._id === 'string').map((c) => [c.value._id as string, c]),
    );
    const byId = namelessById.get(p.cluster);
    report({
      pointer: joinPointer(p.pointer, 'cluster'),
      messageId: byId ? 'clusterWithoutName' : 'unknownCluster',
      data: byId ? { label, cluster: quote(p.cluster), index: byId.index } : { label, cluster: quote(p.cluster), describeExisting: describeExisting('clusters', p.cluster, clusterNames()) },
    });
  }
}
