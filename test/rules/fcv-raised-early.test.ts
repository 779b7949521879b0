import { describe, expect, it } from 'vitest';
import rule from '../../rules/fcv-raised-early';
import { replicaSetExample, standaloneExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const run = (base: string, value: string) => runTransition(rule, { base, value });

describe('fcv-raised-early', () => {
  it('accepts the FCV raised once every process runs the new binary (the second step)', () => {
    expect(run(replicaSetExample(threeMembers('7.0.12', '6.0')), replicaSetExample(threeMembers('7.0.12', '7.0')))).toEqual([]);
  });
  it('accepts an unchanged or lowered FCV, and a binary upgrade alone', () => {
    expect(run(replicaSetExample(threeMembers('6.0.15', '6.0')), replicaSetExample(threeMembers('7.0.12', '6.0')))).toEqual([]);
    expect(run(replicaSetExample(threeMembers('7.0.12', '7.0')), replicaSetExample(threeMembers('7.0.12', '6.0')))).toEqual([]);
  });
  it('reports binaries and FCV raised in one change, on every process, naming the set', () => {
    const found = run(replicaSetExample(threeMembers('6.0.15', '6.0')), replicaSetExample(threeMembers('7.0.12', '7.0')));
    expect(found.map((f) => [f.pointer, f.line, f.column])).toEqual([
      ['/processes/0/featureCompatibilityVersion', 17, 34],
      ['/processes/1/featureCompatibilityVersion', 30, 34],
      ['/processes/2/featureCompatibilityVersion', 43, 34],
    ]);
    expect(found[0].message).toBe(
      'featureCompatibilityVersion of process "rs0-0" is raised from "6.0" to "7.0" while processes "rs0-0" (6.0.15), "rs0-1" (6.0.15), "rs0-2" (6.0.15) of replica set "rs0" run older binaries in the base; raise the FCV only after every process runs a 7.0 binary, in a later change than the binary upgrade.',
    );
  });
  it('reports an FCV raised while one member still runs the old binary (FCV ahead of binaries)', () => {
    const base = replicaSetExample(withFirst(threeMembers('7.0.12', '6.0'), { version: '6.0.15' }));
    const found = run(base, replicaSetExample(withFirst(threeMembers('7.0.12', '7.0'), { version: '6.0.15' })));
    expect(found).toHaveLength(3);
    expect(found[1].message).toContain('while process "rs0-0" (6.0.15) of replica set "rs0" runs an older binary in the base');
  });
  it('reports an FCV raised on a standalone whose binary is still older', () => {
    expect(run(standaloneExample('6.0.15', '6.0'), standaloneExample('6.0.15', '7.0')).map((f) => f.messageId)).toEqual(['raisedEarly']);
  });
  it('reads a rapid release as its series', () => {
    expect(run(standaloneExample('7.3.1', '6.0'), standaloneExample('7.3.1', '7.0'))).toEqual([]);
  });
});

describe('fcv-raised-early in a sharded cluster', () => {
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
  it('names a mongos of the cluster that still runs the old binary', () => {
    const found = runTransition(rule, { base: cluster({ cfg: '7.0.12', sh: '7.0.12', mongos: '6.0.15' }, '6.0'), value: cluster({ cfg: '7.0.12', sh: '7.0.12', mongos: '6.0.15' }, '7.0') });
    expect(found.map((f) => f.pointer)).toEqual(['/processes/0/featureCompatibilityVersion', '/processes/1/featureCompatibilityVersion']);
    expect(found[0].message).toContain('while process "mongos-0" (6.0.15) of sharded cluster "c0" runs an older binary in the base');
  });
  it('accepts the FCV raised once every component runs 7.0', () => {
    const all = { cfg: '7.0.12', sh: '7.0.12', mongos: '7.0.12' };
    expect(runTransition(rule, { base: cluster(all, '6.0'), value: cluster(all, '7.0') })).toEqual([]);
  });
});
