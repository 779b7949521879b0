import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'auth-schema-version';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** Process i on line 2 + i; its authSchemaVersion value at column 34 (one-letter names). */
const processes = (...versions: (number | string)[]) =>
  `processes:\n${versions.map((v, i) => `  - {name: ${String.fromCharCode(97 + i)}, authSchemaVersion: ${v}}\n`).join('')}`;
const replicaSet = (id: string, ...hosts: string[]) =>
  `  - {_id: ${id}, members: [${hosts.map((h, i) => `{_id: ${i}, host: ${h}}`).join(', ')}]}\n`;

/** a, b: shard rs; c, d: config rs; e: mongos of "sales". */
const sharded = (a: number, b: number, c: number, d: number, e: number) =>
  `${processes(a, b, c, d, e).replace('{name: e,', '{name: e, processType: mongos, cluster: sales,')}replicaSets:\n` +
  replicaSet('shard0', 'a', 'b') + replicaSet('config', 'c', 'd') +
  'sharding:\n  - {name: sales, configServerReplica: config, shards: [{_id: sh0, rs: shard0}]}\n';

describe(RULE, () => {
  it.each([
    ['one version in a replica set', `${processes(5, 5, 5)}replicaSets:\n${replicaSet('rs0', 'a', 'b', 'c')}`],
    ['two replica sets, each consistent', `${processes(5, 5, 3, 3)}replicaSets:\n${replicaSet('rs0', 'a', 'b')}${replicaSet('rs1', 'c', 'd')}`],
    ['standalone processes (no cluster)', processes(5, 3)],
    ['a member without authSchemaVersion (required-field says so)', `processes:\n  - {name: a, authSchemaVersion: 5}\n  - {name: b}\nreplicaSets:\n${replicaSet('rs0', 'a', 'b')}`],
    ['a consistent sharded cluster', sharded(5, 5, 5, 5, 5)],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['a replica set member that differs', `${processes(5, 5, 3)}replicaSets:\n${replicaSet('rs0', 'a', 'b', 'c')}`, [[4, 34, 'error']]],
    ['a mongos that differs from its cluster', sharded(5, 5, 5, 5, 3), [[6, 71, 'error']]],
    ['a config server that differs from the shards', sharded(5, 5, 3, 5, 5), [[4, 34, 'error']]],
    ['shards that differ from the rest of the cluster', sharded(3, 3, 5, 5, 5), [[2, 34, 'error'], [3, 34, 'error']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('does not compare an arbiter: it holds no data and no users (issue 15)', async () => {
    const arbiterSet = `${processes(5, 5, 3)}replicaSets:\n  - {_id: rs0, members: [{_id: 0, host: a}, {_id: 1, host: b}, {_id: 2, host: c, arbiterOnly: true}]}\n`;
    expect(await hits(arbiterSet)).toEqual([]);
    // The data-bearing members still must agree, with the arbiter present.
    const split = `${processes(5, 3, 5)}replicaSets:\n  - {_id: rs0, members: [{_id: 0, host: a}, {_id: 1, host: b}, {_id: 2, host: c, arbiterOnly: true}]}\n`;
    expect(await hits(split)).toEqual([[3, 34, 'error']]);
  });

  it('names the cluster and the version the others use', async () => {
    const [d] = await diagnostics(sharded(5, 5, 5, 5, 3));
    expect(d.pointer).toBe('/processes/4/authSchemaVersion');
    expect(d.message).toBe(
      'Process "e" has authSchemaVersion 3, but the other processes of sharded cluster "sales" use 5; ' +
        'all processes of one cluster share one authSchemaVersion. Set it to 5.',
    );
    expect(d.suggestions?.[0].title).toBe('Set authSchemaVersion to 5');
    expect(d.suggestions?.[0].edits.map((e) => e.text)).toEqual(['5']);
  });
});
