import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'threshold-not-applicable';

async function hits(text: string) {
  return (await lintDoc(text, { kind: 'alert-config' }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const THRESHOLD = 'threshold:\n  operator: GREATER_THAN\n  threshold: 3\n';
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
    ['TOO_FEW_HEALTHY_MEMBERS', doc('TOO_FEW_HEALTHY_MEMBERS', THRESHOLD)],
    ['TOO_MANY_UNHEALTHY_MEMBERS', doc('TOO_MANY_UNHEALTHY_MEMBERS', THRESHOLD)],
    ['TOO_MANY_ELECTIONS (inferred to use it)', doc('TOO_MANY_ELECTIONS', THRESHOLD)],
    ['REPLICATION_OPLOG_WINDOW_RUNNING_OUT (Atlas uses it)', doc('REPLICATION_OPLOG_WINDOW_RUNNING_OUT', THRESHOLD)],
    ['OPLOG_BEHIND (no source either way)', doc('OPLOG_BEHIND', THRESHOLD)],
    ['an unknown event', doc('TOO_MANY_ELECTION', THRESHOLD)],
    ['no threshold', doc('NO_PRIMARY')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['NO_PRIMARY', doc('NO_PRIMARY', THRESHOLD), [[3, 1, 'warning']]],
    ['HOST_DOWN', doc('HOST_DOWN', THRESHOLD), [[3, 1, 'warning']]],
    [
      'OUTSIDE_METRIC_THRESHOLD (takes metricThreshold)',
      doc('OUTSIDE_METRIC_THRESHOLD', `metricThreshold:\n  metricName: CONNECTIONS\n  operator: GREATER_THAN\n  threshold: 10\n  units: RAW\n${THRESHOLD}`),
      [[8, 1, 'warning']],
    ],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });
});
