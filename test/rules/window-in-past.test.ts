import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';
import type { Kind } from '../../src/kinds/names';

const RULE = 'window-in-past';
const NOW = '2026-11-21T00:00:00Z';

async function hits(text: string, kind: Kind = 'maintenance-window', now = NOW) {
  const diagnostics = await lintDoc(text, { kind, now });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const window = (end: string) => `alertTypeNames: [HOST]\nstartDate: "2015-10-23T22:00:00Z"\nendDate: "${end}"\n`;

describe(RULE, () => {
  it.each([
    ['an end after now', window('2026-11-21T00:00:01Z')],
    ['an end far ahead', window('2099-01-01T00:00:00Z')],
    ['an unparseable end', window('soon')],
    ['no endDate', 'alertTypeNames: [HOST]\nstartDate: "2015-10-23T22:00:00Z"\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['an end years ago', window('2015-10-23T23:30:00Z'), [[3, 10, 'warning']]],
    ['an end exactly now', window('2026-11-21T00:00:00Z'), [[3, 10, 'warning']]],
    // 2026-11-21T01:00:00+02:00 is 23:00Z the day before now.
    ['an end that is past once its offset is applied', window('2026-11-21T01:00:00+02:00'), [[3, 10, 'warning']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('uses the now option, not the clock', async () => {
    const text = window('2015-10-23T23:30:00Z');
    expect(await hits(text, 'maintenance-window', '2015-10-23T23:00:00Z')).toEqual([]);
  });

  it('checks update bodies', async () => {
    expect(await hits('endDate: "2020-01-01T00:00:00Z"\n', 'maintenance-window-update')).toEqual([[1, 10, 'warning']]);
  });
});
