import rule from '../../rules/metric-threshold-not-applicable';
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
const notApplicable = (line: number) => [{ messageId: 'notApplicable', line, column: 1, severity: 'warning' as const, suggestions: ['Remove metricThreshold'] }];

ruleTester(rule, {
  valid: [
    { name: 'OUTSIDE_METRIC_THRESHOLD', code: doc('OUTSIDE_METRIC_THRESHOLD', METRIC) },
    { name: 'INSIDE_METRIC_THRESHOLD (believed to read it)', code: doc('INSIDE_METRIC_THRESHOLD', METRIC) },
    { name: 'another event without one', code: doc('HOST_DOWN') },
    { name: 'an Atlas-only event', code: doc('OUTSIDE_SERVERLESS_METRIC_THRESHOLD', METRIC) },
    { name: 'an unknown event', code: doc('OUTSIDE_METRIC_TRESHOLD', METRIC) },
  ],
  invalid: [
    { name: 'a host event', code: doc('HOST_DOWN', METRIC), errors: notApplicable(3) },
    { name: 'a replica set event', code: doc('TOO_FEW_HEALTHY_MEMBERS', `threshold:\n  operator: LESS_THAN\n  threshold: 2\n${METRIC}`), errors: notApplicable(6) },
  ],
});
