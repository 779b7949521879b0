import { describe, expect, it } from 'vitest';
import { fixDoc, lintDoc } from '../helpers';

const RULE = 'metric-name';
const opts = { kind: 'alert-config' as const };

async function hits(text: string) {
  return (await lintDoc(text, opts))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity, d.fixable]);
}

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

describe(RULE, () => {
  it.each([
    ['ASSERT_REGULAR', doc('ASSERT_REGULAR')],
    ['TICKETS_AVAILABLE_WRITE', doc('TICKETS_AVAILABLE_WRITE')],
    ['TICKETS_AVAILABLE_WRITES', doc('TICKETS_AVAILABLE_WRITES')],
    ['DISK_PARTITION_SPACE_USED_DATA', doc('DISK_PARTITION_SPACE_USED_DATA')],
    ['a name under an Atlas-only event', doc('SERVERLESS_CONNECTIONS', 'OUTSIDE_SERVERLESS_METRIC_THRESHOLD')],
    ['a name under an unknown event', doc('ASSERTS_REGULAR', 'OUTSIDE_METRIC_TRESHOLD')],
    ['a name under a non-metric event (ignored there)', doc('ASSERTS_REGULAR', 'HOST_DOWN')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['ASSERTS_REGULAR (fixable)', doc('ASSERTS_REGULAR'), [[4, 15, 'error', true]]],
    ['a case slip (fixable)', doc('connections'), [[4, 15, 'error', true]]],
    ['an Atlas metric with nothing near', doc('SYSTEM_NORMALIZED_CPU_IOWAIT'), [[4, 15, 'error', false]]],
    ['a name near two (suggestions only)', doc('TICKETS_AVAILABLE_WRITEZ'), [[4, 15, 'error', false]]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('says what was meant', async () => {
    const [d] = (await lintDoc(doc('ASSERTS_REGULAR'), opts)).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('Did you mean ASSERT_REGULAR?');
  });

  it('fixes ASSERTS_REGULAR in YAML', async () => {
    expect(await fixDoc(doc('ASSERTS_REGULAR'), opts)).toBe(doc('ASSERT_REGULAR'));
  });

  it('fixes ASSERTS_REGULAR in JSON', async () => {
    expect(await fixDoc(json('ASSERTS_REGULAR'), { ...opts, fileName: 'alert.json' })).toBe(json('ASSERT_REGULAR'));
  });
});
