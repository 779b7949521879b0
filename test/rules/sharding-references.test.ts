import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'sharding-references';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

interface Parts {
  mongos?: string;
  csr?: string;
  shardRs?: string;
  cluster?: string;
}
/** Line 4: the mongos; line 10: configServerReplica (value at column 26); line 12: the shard (rs value at column 24). */
const doc = ({ mongos = '{name: router, processType: mongos, cluster: sales}', csr = 'config', shardRs = 'shard0', cluster = 'name: sales' }: Parts = {}) => `processes:
  - {name: s0, processType: mongod}
  - {name: cfg0, processType: mongod}
  - ${mongos}
replicaSets:
  - {_id: shard0, members: [{_id: 0, host: s0}]}
  - {_id: config, members: [{_id: 0, host: cfg0}]}
sharding:
  - ${cluster}
    configServerReplica: ${csr}
    shards:
      - {_id: sh0, rs: ${shardRs}}
`;

describe(RULE, () => {
  it('checks every shard, not only the first (issue 18 mutant)', async () => {
    const text = doc().replace('      - {_id: sh0, rs: shard0}\n', '      - {_id: sh0, rs: shard0}\n      - {_id: sh1, rs: shard0}\n      - {_id: sh2, rs: shard9}\n');
    const found = await diagnostics(text);
    expect(found.map((d) => d.pointer)).toEqual(['/sharding/0/shards/2/rs']);
    expect(found[0].message).toContain('Shard "sh2" of cluster "sales": no replica set named "shard9"');
  });

  it.each([
    ['a consistent sharded cluster', doc()],
    ['a sharding fragment without replicaSets (Go client test)', 'sharding:\n  - name: lorem\n    configServerReplica: lorem\n    shards:\n      - {_id: lorem01_0, rs: lorem01_0}\n'],
    ['a mongod without cluster', 'processes:\n  - {name: a, processType: mongod}\n'],
    ['sharding entries with an undocumented _id as well as name', doc({ cluster: '_id: sales\n    name: sales' })],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['a shard naming no replica set', doc({ shardRs: 'shard-0' }), [[12, 24, 'error']]],
    ['a config server replica set that does not exist', doc({ csr: 'csrs' }), [[10, 26, 'error']]],
    ['a mongos naming an unknown cluster', doc({ mongos: '{name: router, processType: mongos, cluster: sale}' }), [[4, 50, 'error']]],
    // With one sharded cluster, which one it serves is clear (real fixtures omit it): info.
    ['a mongos without cluster (one cluster)', doc({ mongos: '{name: router, processType: mongos}' }), [[4, 33, 'info']]],
    ['a mongos while there is no sharding at all', 'processes:\n  - {name: router, processType: mongos, cluster: sales}\n', [[2, 50, 'error']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('points at the reference and names the replica sets that exist', async () => {
    const [d] = await diagnostics(doc({ shardRs: 'shard-0' }));
    expect(d.pointer).toBe('/sharding/0/shards/0/rs');
    expect(d.message).toBe(
      'Shard "sh0" of cluster "sales": no replica set named "shard-0"; replica sets: "shard0", "config". ' +
        'Add it to replicaSets or name an existing one.',
    );
  });

  it('a mongos without cluster among several clusters is an error', async () => {
    const text =
      'processes:\n  - {name: router, processType: mongos}\n' +
      'replicaSets:\n  - {_id: a, members: []}\n  - {_id: b, members: []}\n' +
      'sharding:\n  - {name: one, configServerReplica: a, shards: []}\n  - {name: two, configServerReplica: b, shards: []}\n';
    expect(await hits(text)).toEqual([[2, 33, 'error']]);
  });

  it('a dangling config server reference of an undeployed cluster (no mongos) is info', async () => {
    const text = 'processes: []\nreplicaSets:\n  - {_id: shard, members: []}\nsharding:\n  - {_id: c1, configServerReplica: config-rs, shards: [{_id: s, rs: shard}]}\n';
    expect(await hits(text)).toEqual([[5, 36, 'info']]);
  });

  it('a sharding entry with neither name nor _id is an error', async () => {
    const text = 'processes: []\nreplicaSets:\n  - {_id: shard, members: []}\nsharding:\n  - {shards: [{_id: s, rs: shard}]}\n';
    expect(await hits(text)).toEqual([[5, 5, 'error']]);
  });

  it('offers the only cluster to a mongos without one', async () => {
    const [d] = await diagnostics(doc({ mongos: '{name: router, processType: mongos}' }));
    expect(d.pointer).toBe('/processes/2/processType');
    expect(d.message).toContain('Add cluster: "sales".');
    expect(d.suggestions?.[0].title).toBe('Add cluster: "sales"');
  });

  it('asks for a sharded cluster when there is none', async () => {
    const [d] = await diagnostics('processes:\n  - {name: router, processType: mongos, cluster: null}\n');
    expect([d.range.start.line, d.range.start.column]).toEqual([2, 33]);
    expect(d.message).toContain('Define its sharded cluster in sharding[] and set cluster to that name.');
  });

  it('says when the cluster matches a sharding _id that lacks name', async () => {
    const [d] = await diagnostics(doc({ cluster: '_id: sales' }));
    expect(d.pointer).toBe('/processes/2/cluster');
    expect(d.message).toContain('sharding[0] with that _id has no name');
  });

  it('names the clusters that exist', async () => {
    const [d] = await diagnostics(doc({ mongos: '{name: router, processType: mongos, cluster: sale}' }));
    expect(d.message).toContain('which no sharding[].name defines; clusters: "sales".');
  });
});
