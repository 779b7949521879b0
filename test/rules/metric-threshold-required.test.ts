import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'metric-threshold-required';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
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
    ['a metric alert with its threshold', doc('OUTSIDE_METRIC_THRESHOLD', METRIC)],
    ['another event without one', doc('HOST_DOWN')],
    ['INSIDE_METRIC_THRESHOLD without one', doc('INSIDE_METRIC_THRESHOLD')],
    ['the Atlas serverless metric event', doc('OUTSIDE_SERVERLESS_METRIC_THRESHOLD')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['OUTSIDE_METRIC_THRESHOLD alone', doc('OUTSIDE_METRIC_THRESHOLD'), 'alert-config', [[2, 16, 'error']]],
    ['a null metricThreshold', doc('OUTSIDE_METRIC_THRESHOLD', 'metricThreshold: null\n'), 'alert-config', [[2, 16, 'error']]],
    ['a global configuration', doc('OUTSIDE_METRIC_THRESHOLD', 'forAllGroups: true\n').replace('EMAIL\n    emailAddress: dba@example.com', 'ADMIN'), 'global-alert-config', [[2, 16, 'error']]],
  ] as [string, string, Kind, unknown[]][])('reports %s', async (_name, text, kind, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });
});
