import rule from '../../rules/matcher-field-name';
import { ruleTester } from '../rule-tester';

const doc = (event: string, ...fields: string[]) => `eventTypeName: ${event}
enabled: true
matchers:
${fields.map((f) => `  - fieldName: ${f}\n    operator: EQUALS\n    value: x\n`).join('')}notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const notForEvent = (line: number, more: object = {}) => [{ messageId: 'notForEvent', line, column: 16, severity: 'error' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'host fields on a host event', code: doc('HOST_DOWN', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME') },
    { name: 'TYPE_NAME on a metric event', code: doc('OUTSIDE_METRIC_THRESHOLD', 'TYPE_NAME') },
    { name: 'replica set fields on a replica set event', code: doc('NO_PRIMARY', 'REPLICA_SET_NAME', 'SHARD_NAME', 'CLUSTER_NAME') },
    { name: 'cluster fields on a cluster event', code: doc('SHARD_ADDED', 'CLUSTER_NAME', 'SHARD_NAME') },
    { name: 'an unknown fieldName (the schema says so)', code: doc('NO_PRIMARY', 'HOST') },
    { name: 'matchers on an event without target (matchers-not-allowed says so)', code: doc('JOINED_GROUP', 'HOSTNAME') },
    { name: 'an Atlas-only event', code: doc('HOST_MONGOT_CRASHING_OOM', 'CLUSTER_NAME') },
  ],
  invalid: [
    { name: 'HOSTNAME on a replica set event', code: doc('NO_PRIMARY', 'HOSTNAME'), errors: notForEvent(4) },
    { name: 'SHARD_NAME on a host event', code: doc('HOST_DOWN', 'HOSTNAME', 'SHARD_NAME'), errors: notForEvent(7) },
    { name: 'REPLICA_SET_NAME on a cluster event', code: doc('CLUSTER_MONGOS_IS_MISSING', 'REPLICA_SET_NAME'), errors: notForEvent(4) },
    {
      name: 'TYPE_NAME on a replica set event, globally',
      code: doc('TOO_MANY_ELECTIONS', 'TYPE_NAME').replace('enabled: true\n', 'enabled: true\nforAllGroups: true\n'),
      kind: 'global-alert-config',
      errors: notForEvent(5),
    },
    { name: 'names the accepted fields', code: doc('NO_PRIMARY', 'PORT'), errors: notForEvent(4, { message: /REPLICA_SET_NAME, SHARD_NAME, CLUSTER_NAME/ }) },
  ],
});
