import rule from '../../rules/matchers-not-allowed';
import { ruleTester } from '../rule-tester';

const doc = (event: string, matchers: string) => `eventTypeName: ${event}
enabled: true
${matchers}notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const hostMatcher = 'matchers:\n  - fieldName: HOSTNAME\n    operator: STARTS_WITH\n    value: db-\n';
const notAllowed = (line: number) => [{ messageId: 'notAllowed', line, column: 1, severity: 'error' as const, suggestions: ['Remove matchers'] }];

ruleTester(rule, {
  valid: [
    { name: 'a host event with matchers', code: doc('HOST_DOWN', hostMatcher) },
    { name: 'a replica set event with matchers', code: doc('NO_PRIMARY', 'matchers:\n  - fieldName: REPLICA_SET_NAME\n    operator: EQUALS\n    value: rs0\n') },
    { name: 'a cluster event with matchers', code: doc('CLUSTER_MONGOS_IS_MISSING', 'matchers:\n  - fieldName: CLUSTER_NAME\n    operator: EQUALS\n    value: c0\n') },
    { name: 'an agent event with an empty list', code: doc('MONITORING_AGENT_DOWN', 'matchers: []\n') },
    { name: 'an agent event without matchers', code: doc('MONITORING_AGENT_DOWN', '') },
    { name: 'an Atlas-only event (event-type-name speaks)', code: doc('CPS_SNAPSHOT_BEHIND', hostMatcher) },
    { name: 'an unknown event (event-type-name speaks)', code: doc('AGENT_DOWN', hostMatcher) },
  ],
  invalid: [
    { name: 'an agent event', code: doc('MONITORING_AGENT_DOWN', hostMatcher), errors: notAllowed(3) },
    { name: 'a user event', code: doc('JOINED_GROUP', hostMatcher), errors: notAllowed(3) },
    {
      name: 'a global backup event',
      code: `eventTypeName: BACKUP_TOO_MANY_RETRIES\nenabled: true\nforAllGroups: true\n${hostMatcher}notifications:\n  - typeName: ADMIN\n`,
      kind: 'global-alert-config',
      errors: notAllowed(4),
    },
  ],
});
