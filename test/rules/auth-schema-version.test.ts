import rule from '../../rules/auth-schema-version';
import { ruleTester } from '../rule-tester';

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
/** a, b: data-bearing members; c: the arbiter. */
const withArbiter = (a: number, b: number, c: number) =>
  `${processes(a, b, c)}replicaSets:\n  - {_id: rs0, members: [{_id: 0, host: a}, {_id: 1, host: b}, {_id: 2, host: c, arbiterOnly: true}]}\n`;
const mixed = (line: number, column = 34) => ({ messageId: 'mixedVersions', line, column, severity: 'error' as const });

ruleTester(rule, {
  valid: [
    { name: 'one version in a replica set', code: `${processes(5, 5, 5)}replicaSets:\n${replicaSet('rs0', 'a', 'b', 'c')}` },
    { name: 'two replica sets, each consistent', code: `${processes(5, 5, 3, 3)}replicaSets:\n${replicaSet('rs0', 'a', 'b')}${replicaSet('rs1', 'c', 'd')}` },
    { name: 'standalone processes (no cluster)', code: processes(5, 3) },
    { name: 'a member without authSchemaVersion (required-field says so)', code: `processes:\n  - {name: a, authSchemaVersion: 5}\n  - {name: b}\nreplicaSets:\n${replicaSet('rs0', 'a', 'b')}` },
    { name: 'a consistent sharded cluster', code: sharded(5, 5, 5, 5, 5) },
    { name: 'an arbiter that differs: it holds no data and no users (issue 15)', code: withArbiter(5, 5, 3) },
  ],
  invalid: [
    { name: 'a replica set member that differs', code: `${processes(5, 5, 3)}replicaSets:\n${replicaSet('rs0', 'a', 'b', 'c')}`, errors: [mixed(4)] },
    {
      name: 'a mongos that differs from its cluster (names the cluster and the version the others use)',
      code: sharded(5, 5, 5, 5, 3),
      errors: [
        {
          ...mixed(6, 71),
          pointer: '/processes/4/authSchemaVersion',
          message:
            'Process "e" has authSchemaVersion 3, but the other processes of sharded cluster "sales" use 5; ' +
            'all processes of one cluster share one authSchemaVersion. Set it to 5.',
          suggestions: [{ title: 'Set authSchemaVersion to 5', output: sharded(5, 5, 5, 5, 5) }],
        },
      ],
      output: null,
    },
    { name: 'a config server that differs from the shards', code: sharded(5, 5, 3, 5, 5), errors: [mixed(4)] },
    { name: 'shards that differ from the rest of the cluster', code: sharded(3, 3, 5, 5, 5), errors: [mixed(2), mixed(3)] },
    // The data-bearing members still must agree, with the arbiter present.
    { name: 'data-bearing members that differ beside an arbiter', code: withArbiter(5, 3, 5), errors: [mixed(3)] },
  ],
});
