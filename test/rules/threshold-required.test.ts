import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'threshold-required';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const THRESHOLD = 'threshold:\n  operator: LESS_THAN\n  threshold: 2\n';
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
    ['TOO_FEW_HEALTHY_MEMBERS with a threshold', doc('TOO_FEW_HEALTHY_MEMBERS', THRESHOLD)],
    ['TOO_MANY_UNHEALTHY_MEMBERS with a threshold', doc('TOO_MANY_UNHEALTHY_MEMBERS', THRESHOLD)],
    ['TOO_MANY_ELECTIONS without one', doc('TOO_MANY_ELECTIONS')],
    ['another event', doc('NO_PRIMARY')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['TOO_FEW_HEALTHY_MEMBERS', doc('TOO_FEW_HEALTHY_MEMBERS'), 'alert-config', [[2, 16, 'error']]],
    ['TOO_MANY_UNHEALTHY_MEMBERS', doc('TOO_MANY_UNHEALTHY_MEMBERS'), 'alert-config', [[2, 16, 'error']]],
    ['a global configuration', doc('TOO_FEW_HEALTHY_MEMBERS', 'forAllGroups: true\n').replace('EMAIL\n    emailAddress: dba@example.com', 'ADMIN'), 'global-alert-config', [[2, 16, 'error']]],
  ] as [string, string, Kind, unknown[]][])('reports %s', async (_name, text, kind, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });
});
