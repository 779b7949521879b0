import rule from '../../rules/metric-units';
import { ruleTester } from '../rule-tester';

const doc = (metric: string, units: string) => `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ${metric}
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 10
  units: ${units}
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const valid = (name: string, metric: string, units: string) => ({ name, code: doc(metric, units) });
/** The units value is on line 8, column 10. */
const invalid = (name: string, metric: string, units: string, message?: string) => ({
  name,
  code: doc(metric, units),
  errors: [{ messageId: 'wrongUnits', line: 8, column: 10, severity: 'warning' as const, ...(message ? { message } : {}) }],
});

ruleTester(rule, {
  valid: [
    valid('RAW for a size', 'MEMORY_RESIDENT', 'RAW'),
    valid('GIGABYTES for a size', 'MEMORY_RESIDENT', 'GIGABYTES'),
    valid('MILLISECONDS for a duration', 'OP_EXECUTION_TIME_READS', 'MILLISECONDS'),
    valid('HOURS for the oplog window', 'OPLOG_MASTER_TIME', 'HOURS'),
    valid('RAW for a rate', 'OPCOUNTER_CMD', 'RAW'),
    valid('RAW for a percentage', 'NORMALIZED_SYSTEM_CPU_USER', 'RAW'),
    valid('any unit for a metric of unknown family', 'DISK_PARTITION_SPACE_USED_DATA', 'GIGABYTES'),
    valid('an unknown metric (metric-name says so)', 'ASSERTS_REGULAR', 'SECONDS'),
    valid('an unknown unit (the schema says so)', 'CONNECTIONS', 'PERCENT'),
  ],
  invalid: [
    invalid(
      'a time unit for a size (names the units that fit)',
      'MEMORY_RESIDENT',
      'SECONDS',
      'SECONDS cannot measure MEMORY_RESIDENT, a data-size metric; use BITS, BYTES, KILOBITS, KILOBYTES, MEGABITS, MEGABYTES, GIGABITS, GIGABYTES, TERABYTES, PETABYTES or RAW.',
    ),
    invalid('a data unit for a duration', 'OPLOG_SLAVE_LAG_MASTER_TIME', 'MEGABYTES'),
    invalid('a data unit for a count', 'CONNECTIONS', 'KILOBYTES'),
    invalid('a time unit for a percentage', 'NORMALIZED_SYSTEM_CPU_USER', 'MINUTES'),
    invalid('an RPU unit for a rate', 'OPCOUNTER_QUERY', 'THOUSAND_RPU'),
  ],
});
