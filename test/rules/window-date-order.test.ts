import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';
import type { Kind } from '../../src/core/kinds';

const RULE = 'window-date-order';
const NOW = '2026-11-21T00:00:00Z';

async function hits(text: string, kind: Kind = 'maintenance-window') {
  const diagnostics = await lintDoc(text, { kind, now: NOW });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column]);
}

const window = (start: string, end: string) =>
  `alertTypeNames: [HOST]\nstartDate: "${start}"\nendDate: "${end}"\n`;

describe(RULE, () => {
  it.each([
    ['ordered dates', window('2031-03-01T22:00:00Z', '2031-03-02T06:00:00Z')],
    ['an offset that keeps the order', window('2031-03-01T22:00:00Z', '2031-03-01T23:30:00+01:00')],
    ['an unparseable endDate (invalid-value reports it)', window('2031-03-01T22:00:00Z', 'tomorrow')],
    ['no startDate', 'alertTypeNames: [HOST]\nendDate: "2031-03-02T06:00:00Z"\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['swapped dates', window('2031-03-02T06:00:00Z', '2031-03-01T22:00:00Z'), [[3, 10]]],
    ['equal dates', window('2031-03-01T22:00:00Z', '2031-03-01T22:00:00Z'), [[3, 10]]],
    // 23:00+02:00 is 21:00Z, an hour before the start although it reads later.
    ['an offset that reverses the order', window('2031-03-01T22:00:00Z', '2031-03-01T23:00:00+02:00'), [[3, 10]]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('checks update bodies that carry both dates', async () => {
    const text = 'startDate: "2031-03-02T06:00:00Z"\nendDate: "2031-03-01T22:00:00Z"\n';
    expect(await hits(text, 'maintenance-window-update')).toEqual([[2, 10]]);
  });

  it('checks JSON documents', async () => {
    const text = '{\n  "alertTypeNames": ["HOST"],\n  "startDate": "2031-03-02T06:00:00Z",\n  "endDate": "2031-03-01T22:00:00Z"\n}\n';
    const diagnostics = await lintDoc(text, { kind: 'maintenance-window', fileName: 'window.json', now: NOW });
    const d = diagnostics.filter((x) => x.ruleId === RULE);
    expect(d.map((x) => [x.range.start.line, x.range.start.column, x.severity])).toEqual([[4, 14, 'error']]);
  });
});
