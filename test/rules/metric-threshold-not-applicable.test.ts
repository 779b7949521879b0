import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'metric-threshold-not-applicable';

async function hits(text: string) {
  return (await lintDoc(text, { kind: 'alert-config' }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

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

describe(RULE, () => {
  it.each([
    ['OUTSIDE_METRIC_THRESHOLD', doc('OUTSIDE_METRIC_THRESHOLD', METRIC)],
    ['INSIDE_METRIC_THRESHOLD (believed to read it)', doc('INSIDE_METRIC_THRESHOLD', METRIC)],
    ['another event without one', doc('HOST_DOWN')],
    ['an Atlas-only event', doc('OUTSIDE_SERVERLESS_METRIC_THRESHOLD', METRIC)],
    ['an unknown event', doc('OUTSIDE_METRIC_TRESHOLD', METRIC)],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['a host event', doc('HOST_DOWN', METRIC), [[3, 1, 'warning']]],
    ['a replica set event', doc('TOO_FEW_HEALTHY_MEMBERS', `threshold:\n  operator: LESS_THAN\n  threshold: 2\n${METRIC}`), [[6, 1, 'warning']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });
});
