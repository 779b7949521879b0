import rule from '../../rules/fcv-raised-early';
import { replicaSetExample, standaloneExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

/** The FCV of process i of the replica set example (line 17 + 13 per process). */
const atFcv = (i: number, line = 17 + 13 * i) => ({ messageId: 'raisedEarly', severity: 'error' as const, pointer: `/processes/${i}/featureCompatibilityVersion`, line, column: 34 });

/** A cluster c0: config server set cfg (cfg-0), shard set sh0 (sh0-0), and a mongos; versions and FCVs per process. */
const cluster = (v: { cfg: string; sh: string; mongos: string }, fcv: string) => `version: 5
processes:
  - {name: cfg-0, hostname: c0.example.net, processType: mongod, version: ${v.cfg}, featureCompatibilityVersion: "${fcv}", args2_6: {net: {port: 27019}, replication: {replSetName: cfg}, sharding: {clusterRole: configsvr}, storage: {dbPath: /data/cfg}}}
  - {name: sh0-0, hostname: s0.example.net, processType: mongod, version: ${v.sh}, featureCompatibilityVersion: "${fcv}", args2_6: {net: {port: 27018}, replication: {replSetName: sh0}, sharding: {clusterRole: shardsvr}, storage: {dbPath: /data/sh0}}}
  - {name: mongos-0, hostname: m0.example.net, processType: mongos, version: ${v.mongos}, cluster: c0, args2_6: {net: {port: 27017}}}
replicaSets:
  - {_id: cfg, members: [{_id: 0, host: cfg-0}]}
  - {_id: sh0, members: [{_id: 0, host: sh0-0}]}
sharding:
  - {name: c0, configServerReplica: cfg, shards: [{_id: sh0, rs: sh0}]}
`;
const ALL_7 = { cfg: '7.0.12', sh: '7.0.12', mongos: '7.0.12' };
const OLD_MONGOS = { ...ALL_7, mongos: '6.0.15' };
/** The first process runs 6.0.15 in the base and now; the others 7.0.12. */
const firstBehind = (fcv: string) => replicaSetExample(withFirst(threeMembers('7.0.12', fcv), { version: '6.0.15' }));

ruleTester(rule, {
  valid: [
    { name: 'the FCV raised once every process runs the new binary (the second step)', base: replicaSetExample(threeMembers('7.0.12', '6.0')), code: replicaSetExample(threeMembers('7.0.12', '7.0')) },
    { name: 'an unchanged FCV with a binary upgrade alone', base: replicaSetExample(threeMembers('6.0.15', '6.0')), code: replicaSetExample(threeMembers('7.0.12', '6.0')) },
    { name: 'a lowered FCV', base: replicaSetExample(threeMembers('7.0.12', '7.0')), code: replicaSetExample(threeMembers('7.0.12', '6.0')) },
    { name: 'a rapid release read as its series', base: standaloneExample('7.3.1', '6.0'), code: standaloneExample('7.3.1', '7.0') },
    { name: 'a sharded cluster: the FCV raised once every component runs 7.0', base: cluster(ALL_7, '6.0'), code: cluster(ALL_7, '7.0') },
  ],
  invalid: [
    {
      name: 'binaries and FCV raised in one change, on every process, naming the set',
      base: replicaSetExample(threeMembers('6.0.15', '6.0')),
      code: replicaSetExample(threeMembers('7.0.12', '7.0')),
      errors: [
        {
          ...atFcv(0),
          message:
            'featureCompatibilityVersion of process "rs0-0" is raised from "6.0" to "7.0" while processes "rs0-0" (6.0.15), "rs0-1" (6.0.15), "rs0-2" (6.0.15) of replica set "rs0" run older binaries in the base; raise the FCV only after every process runs a 7.0 binary, in a later change than the binary upgrade.',
        },
        atFcv(1),
        atFcv(2),
      ],
    },
    {
      // The base has two versions in mongoDbVersions: the processes start 7 lines lower.
      name: 'an FCV raised while one member still runs the old binary (FCV ahead of binaries)',
      base: firstBehind('6.0'),
      code: firstBehind('7.0'),
      errors: [atFcv(0, 24), { ...atFcv(1, 37), message: /while process "rs0-0" \(6\.0\.15\) of replica set "rs0" runs an older binary in the base/ }, atFcv(2, 50)],
    },
    { name: 'an FCV raised on a standalone whose binary is still older', base: standaloneExample('6.0.15', '6.0'), code: standaloneExample('6.0.15', '7.0'), errors: [atFcv(0)] },
    {
      name: 'a sharded cluster: names a mongos that still runs the old binary',
      base: cluster(OLD_MONGOS, '6.0'),
      code: cluster(OLD_MONGOS, '7.0'),
      errors: [
        { ...atFcv(0, 3), column: 112, message: /while process "mongos-0" \(6\.0\.15\) of sharded cluster "c0" runs an older binary in the base/ },
        { ...atFcv(1, 4), column: 112 },
      ],
    },
  ],
});
