import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/names';
import { lintDoc } from '../helpers';

const RULE = 'notification-interval';

async function hits(text: string, kind: Kind = 'alert-config') {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const doc = (timing: string, type = 'EMAIL\n    emailAddress: dba@example.com') => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: ${type}
${timing}`;

describe(RULE, () => {
  it.each([
    ['the minimum interval', '    delayMin: 0\n    intervalMin: 5\n'],
    ['a long delay and interval', '    delayMin: 30\n    intervalMin: 1440\n'],
    ['no timing at all', ''],
    ['a string (the schema says so)', '    intervalMin: "5"\n'],
    ['intervalMin on PAGER_DUTY (notification-field-not-applicable says so)', '    intervalMin: 1\n'],
  ])('accepts %s', async (name, timing) => {
    const type = name.includes('PAGER_DUTY') ? 'PAGER_DUTY\n    serviceKey: ${PD}' : undefined;
    expect(await hits(doc(timing, type))).toEqual([]);
  });

  it.each([
    ['an interval below 5', '    delayMin: 0\n    intervalMin: 1\n', [[7, 18, 'error']]],
    ['an interval of 0', '    intervalMin: 0\n', [[6, 18, 'error']]],
    // One below the minimum of 5 (DOCS-11735: the API and the UI both refuse less than 5).
    ['an interval of 4', '    intervalMin: 4\n', [[6, 18, 'error']]],
    ['a fractional interval', '    intervalMin: 7.5\n', [[6, 18, 'error']]],
    ['a negative delay', '    delayMin: -5\n    intervalMin: 60\n', [[6, 15, 'error']]],
    ['a fractional delay', '    delayMin: 0.5\n', [[6, 15, 'error']]],
    ['both wrong', '    delayMin: -1\n    intervalMin: 2\n', [[6, 15, 'error'], [7, 18, 'error']]],
  ])('reports %s', async (_name, timing, expected) => {
    const found = await hits(doc(timing));
    expect(found.sort()).toEqual(expected);
  });

  it('reports in global configurations too', async () => {
    const text = 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\nnotifications:\n  - typeName: ADMIN\n    intervalMin: 3\n';
    expect(await hits(text, 'global-alert-config')).toEqual([[6, 18, 'error']]);
  });
});
