import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'metric-units';

async function hits(text: string) {
  return (await lintDoc(text, { kind: 'alert-config' }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

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

describe(RULE, () => {
  it.each([
    ['RAW for a size', doc('MEMORY_RESIDENT', 'RAW')],
    ['GIGABYTES for a size', doc('MEMORY_RESIDENT', 'GIGABYTES')],
    ['MILLISECONDS for a duration', doc('OP_EXECUTION_TIME_READS', 'MILLISECONDS')],
    ['HOURS for the oplog window', doc('OPLOG_MASTER_TIME', 'HOURS')],
    ['RAW for a rate', doc('OPCOUNTER_CMD', 'RAW')],
    ['RAW for a percentage', doc('NORMALIZED_SYSTEM_CPU_USER', 'RAW')],
    ['any unit for a metric of unknown family', doc('DISK_PARTITION_SPACE_USED_DATA', 'GIGABYTES')],
    ['an unknown metric (metric-name says so)', doc('ASSERTS_REGULAR', 'SECONDS')],
    ['an unknown unit (the schema says so)', doc('CONNECTIONS', 'PERCENT')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['a time unit for a size', doc('MEMORY_RESIDENT', 'SECONDS')],
    ['a data unit for a duration', doc('OPLOG_SLAVE_LAG_MASTER_TIME', 'MEGABYTES')],
    ['a data unit for a count', doc('CONNECTIONS', 'KILOBYTES')],
    ['a time unit for a percentage', doc('NORMALIZED_SYSTEM_CPU_USER', 'MINUTES')],
    ['an RPU unit for a rate', doc('OPCOUNTER_QUERY', 'THOUSAND_RPU')],
  ])('reports %s', async (_name, text) => {
    expect(await hits(text)).toEqual([[8, 10, 'warning']]);
  });

  it('names the units that fit', async () => {
    const [d] = (await lintDoc(doc('MEMORY_RESIDENT', 'SECONDS'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toBe(
      'SECONDS cannot measure MEMORY_RESIDENT, a data-size metric; use BITS, BYTES, KILOBITS, KILOBYTES, MEGABITS, MEGABYTES, GIGABITS, GIGABYTES, TERABYTES, PETABYTES or RAW.',
    );
  });
});
