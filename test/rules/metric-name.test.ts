import rule from '../../rules/metric-name';
import { ruleTester } from '../rule-tester';

const doc = (metric: string, event = 'OUTSIDE_METRIC_THRESHOLD') => `eventTypeName: ${event}
enabled: true
metricThreshold:
  metricName: ${metric}
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 10
  units: RAW
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const json = (metric: string) => `{
  "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",
  "enabled": true,
  "metricThreshold": {"metricName": "${metric}", "mode": "AVERAGE", "operator": "GREATER_THAN", "threshold": 10, "units": "RAW"},
  "notifications": [{"typeName": "EMAIL", "emailAddress": "dba@example.com", "delayMin": 0, "intervalMin": 60}]
}
`;
/** The metric name is on line 4, column 15. */
const unknown = (more: object = {}) => [{ messageId: 'unknown', line: 4, column: 15, severity: 'error' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'ASSERT_REGULAR', code: doc('ASSERT_REGULAR') },
    { name: 'TICKETS_AVAILABLE_WRITE', code: doc('TICKETS_AVAILABLE_WRITE') },
    { name: 'TICKETS_AVAILABLE_WRITES', code: doc('TICKETS_AVAILABLE_WRITES') },
    { name: 'DISK_PARTITION_SPACE_USED_DATA', code: doc('DISK_PARTITION_SPACE_USED_DATA') },
    { name: 'a name under an Atlas-only event', code: doc('SERVERLESS_CONNECTIONS', 'OUTSIDE_SERVERLESS_METRIC_THRESHOLD') },
    { name: 'a name under an unknown event', code: doc('ASSERTS_REGULAR', 'OUTSIDE_METRIC_TRESHOLD') },
    { name: 'a name under a non-metric event (ignored there)', code: doc('ASSERTS_REGULAR', 'HOST_DOWN') },
  ],
  invalid: [
    { name: 'ASSERTS_REGULAR (says what was meant; fixed)', code: doc('ASSERTS_REGULAR'), errors: unknown({ message: /Did you mean ASSERT_REGULAR\?/ }), output: doc('ASSERT_REGULAR') },
    { name: 'ASSERTS_REGULAR in JSON (fixed)', fileName: 'alert.json', code: json('ASSERTS_REGULAR'), errors: [{ messageId: 'unknown' }], output: json('ASSERT_REGULAR') },
    { name: 'a case slip (fixed)', code: doc('connections'), errors: unknown(), output: doc('CONNECTIONS') },
    { name: 'an Atlas metric with nothing near', code: doc('SYSTEM_NORMALIZED_CPU_IOWAIT'), errors: unknown(), output: null },
    { name: 'a name near two (suggestions only)', code: doc('TICKETS_AVAILABLE_WRITEZ'), errors: unknown(), output: null },
  ],
});
