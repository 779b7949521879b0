import rule from '../../rules/sharding-references';
import { ruleTester } from '../rule-tester';

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
const at = (messageId: string, line: number, column: number, severity: 'error' | 'info' = 'error', more: object = {}) => [{ messageId, line, column, severity, ...more }];
const WITHOUT_CLUSTER = '{name: router, processType: mongos}';

ruleTester(rule, {
  valid: [
    { name: 'a consistent sharded cluster', code: doc() },
    { name: 'a sharding fragment without replicaSets (Go client test)', code: 'sharding:\n  - name: lorem\n    configServerReplica: lorem\n    shards:\n      - {_id: lorem01_0, rs: lorem01_0}\n' },
    { name: 'a mongod without cluster', code: 'processes:\n  - {name: a, processType: mongod}\n' },
    { name: 'sharding entries with an undocumented _id as well as name', code: doc({ cluster: '_id: sales\n    name: sales' }) },
  ],
  invalid: [
    {
      name: 'a shard naming no replica set (points at the reference, names the sets that exist)',
      code: doc({ shardRs: 'shard-0' }),
      errors: at('unknownShardSet', 12, 24, 'error', {
        pointer: '/sharding/0/shards/0/rs',
        message: 'Shard "sh0" of cluster "sales": no replica set named "shard-0"; replica sets: "shard0", "config". Add it to replicaSets or name an existing one.',
      }),
    },
    {
      name: 'every shard is checked, not only the first (issue 18 mutant)',
      code: doc().replace('      - {_id: sh0, rs: shard0}\n', '      - {_id: sh0, rs: shard0}\n      - {_id: sh1, rs: shard0}\n      - {_id: sh2, rs: shard9}\n'),
      errors: [{ messageId: 'unknownShardSet', pointer: '/sharding/0/shards/2/rs', message: /Shard "sh2" of cluster "sales": no replica set named "shard9"/ }],
    },
    { name: 'a config server replica set that does not exist', code: doc({ csr: 'csrs' }), errors: at('unknownConfigServerSet', 10, 26) },
    {
      name: 'a mongos naming an unknown cluster (names the clusters that exist)',
      code: doc({ mongos: '{name: router, processType: mongos, cluster: sale}' }),
      errors: at('unknownCluster', 4, 50, 'error', { message: /which no sharding\[\]\.name defines; clusters: "sales"\./ }),
    },
    // With one sharded cluster, which one it serves is clear (real fixtures omit it): info.
    {
      name: 'a mongos without cluster (one cluster: offers it)',
      code: doc({ mongos: WITHOUT_CLUSTER }),
      errors: at('mongosWithoutCluster', 4, 33, 'info', { pointer: '/processes/2/processType', message: /Add cluster: "sales"\./, suggestions: ['Add cluster: "sales"'] }),
    },
    { name: 'a mongos while there is no sharding at all', code: 'processes:\n  - {name: router, processType: mongos, cluster: sales}\n', errors: at('unknownCluster', 2, 50) },
    {
      name: 'a mongos without cluster when there is none (asks for a sharded cluster)',
      code: 'processes:\n  - {name: router, processType: mongos, cluster: null}\n',
      errors: [{ messageId: 'mongosWithoutCluster', line: 2, column: 33, message: /Define its sharded cluster in sharding\[\] and set cluster to that name\./ }],
    },
    {
      name: 'a mongos without cluster among several clusters is an error',
      code:
        'processes:\n  - {name: router, processType: mongos}\n' +
        'replicaSets:\n  - {_id: a, members: []}\n  - {_id: b, members: []}\n' +
        'sharding:\n  - {name: one, configServerReplica: a, shards: []}\n  - {name: two, configServerReplica: b, shards: []}\n',
      errors: at('mongosWithoutCluster', 2, 33),
    },
    {
      name: 'a dangling config server reference of an undeployed cluster (no mongos) is info',
      code: 'processes: []\nreplicaSets:\n  - {_id: shard, members: []}\nsharding:\n  - {_id: c1, configServerReplica: config-rs, shards: [{_id: s, rs: shard}]}\n',
      errors: at('unknownConfigServerSet', 5, 36, 'info'),
    },
    {
      name: 'a sharding entry with neither name nor _id is an error',
      code: 'processes: []\nreplicaSets:\n  - {_id: shard, members: []}\nsharding:\n  - {shards: [{_id: s, rs: shard}]}\n',
      errors: at('unnamedCluster', 5, 5),
    },
    {
      name: 'a cluster matching a sharding _id that lacks name',
      code: doc({ cluster: '_id: sales' }),
      errors: [{ messageId: 'clusterWithoutName', pointer: '/processes/2/cluster', message: /sharding\[0\] with that _id has no name/ }],
    },
  ],
});
