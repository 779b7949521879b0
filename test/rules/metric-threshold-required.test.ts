import rule from '../../rules/metric-threshold-required';
import { ruleTester } from '../rule-tester';

const METRIC = `metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
  units: RAW
`;
const doc = (event: string, extra = '') => `enabled: true
eventTypeName: ${event}
${extra}notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
/** The event type is on line 2, column 16. */
const missing = [{ messageId: 'missing', line: 2, column: 16, severity: 'error' as const }];

ruleTester(rule, {
  valid: [
    { name: 'a metric alert with its threshold', code: doc('OUTSIDE_METRIC_THRESHOLD', METRIC) },
    { name: 'another event without one', code: doc('HOST_DOWN') },
    { name: 'INSIDE_METRIC_THRESHOLD without one', code: doc('INSIDE_METRIC_THRESHOLD') },
    { name: 'the Atlas serverless metric event', code: doc('OUTSIDE_SERVERLESS_METRIC_THRESHOLD') },
  ],
  invalid: [
    { name: 'OUTSIDE_METRIC_THRESHOLD alone', code: doc('OUTSIDE_METRIC_THRESHOLD'), errors: missing },
    { name: 'a null metricThreshold', code: doc('OUTSIDE_METRIC_THRESHOLD', 'metricThreshold: null\n'), errors: missing },
    {
      name: 'a global configuration',
      code: doc('OUTSIDE_METRIC_THRESHOLD', 'forAllGroups: true\n').replace('EMAIL\n    emailAddress: dba@example.com', 'ADMIN'),
      kind: 'global-alert-config',
      errors: missing,
    },
  ],
});
