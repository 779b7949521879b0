import rule from '../../rules/threshold-not-applicable';
import { ruleTester } from '../rule-tester';

const THRESHOLD = 'threshold:\n  operator: GREATER_THAN\n  threshold: 3\n';
const doc = (event: string, extra = '') => `enabled: true
eventTypeName: ${event}
${extra}notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const notApplicable = (line: number) => [{ messageId: 'notApplicable', line, column: 1, severity: 'warning' as const, suggestions: ['Remove threshold'] }];

ruleTester(rule, {
  valid: [
    { name: 'TOO_FEW_HEALTHY_MEMBERS', code: doc('TOO_FEW_HEALTHY_MEMBERS', THRESHOLD) },
    { name: 'TOO_MANY_UNHEALTHY_MEMBERS', code: doc('TOO_MANY_UNHEALTHY_MEMBERS', THRESHOLD) },
    { name: 'TOO_MANY_ELECTIONS (inferred to use it)', code: doc('TOO_MANY_ELECTIONS', THRESHOLD) },
    { name: 'REPLICATION_OPLOG_WINDOW_RUNNING_OUT (Atlas uses it)', code: doc('REPLICATION_OPLOG_WINDOW_RUNNING_OUT', THRESHOLD) },
    { name: 'OPLOG_BEHIND (no source either way)', code: doc('OPLOG_BEHIND', THRESHOLD) },
    { name: 'an unknown event', code: doc('TOO_MANY_ELECTION', THRESHOLD) },
    { name: 'no threshold', code: doc('NO_PRIMARY') },
  ],
  invalid: [
    { name: 'NO_PRIMARY', code: doc('NO_PRIMARY', THRESHOLD), errors: notApplicable(3) },
    { name: 'HOST_DOWN', code: doc('HOST_DOWN', THRESHOLD), errors: notApplicable(3) },
    {
      name: 'OUTSIDE_METRIC_THRESHOLD (takes metricThreshold)',
      code: doc('OUTSIDE_METRIC_THRESHOLD', `metricThreshold:\n  metricName: CONNECTIONS\n  operator: GREATER_THAN\n  threshold: 10\n  units: RAW\n${THRESHOLD}`),
      errors: notApplicable(8),
    },
  ],
});
