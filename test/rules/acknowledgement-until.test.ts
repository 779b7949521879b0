import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'acknowledgement-until';
const NOW = '2026-11-21T00:00:00Z';

async function hits(text: string, now = NOW, fileName?: string) {
  const diagnostics = await lintDoc(text, { kind: 'alert-acknowledgement', now, fileName });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

describe(RULE, () => {
  it.each([
    ['a future time', 'acknowledgedUntil: "2026-11-21T00:00:01Z"\n'],
    ['100 years ahead', 'acknowledgedUntil: "2126-01-01T00:00:00Z"\nacknowledgementComment: Forever\n'],
    ['an unparseable time (invalid-value reports it)', 'acknowledgedUntil: "next week"\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['a past time', 'acknowledgedUntil: "2016-04-15T04:00:00Z"\n', [[1, 20, 'warning']]],
    ['exactly now', 'acknowledgementComment: x\nacknowledgedUntil: "2026-11-21T00:00:00Z"\n', [[2, 20, 'warning']]],
    // 2026-11-21T01:00:00+02:00 is an hour before now.
    ['a time that is past once its offset is applied', 'acknowledgedUntil: "2026-11-21T01:00:00+02:00"\n', [[1, 20, 'warning']]],
    ['no acknowledgedUntil (info)', 'acknowledgementComment: This is normal.\n', [[1, 1, 'info']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('uses the now option', async () => {
    expect(await hits('acknowledgedUntil: "2016-04-15T04:00:00Z"\n', '2016-04-01T00:00:00Z')).toEqual([]);
  });

  it('reports in JSON', async () => {
    const text = '{\n  "acknowledgedUntil": "2016-04-15T00:00:00-0400"\n}\n';
    expect(await hits(text, NOW, 'ack.json')).toEqual([[2, 24, 'warning']]);
  });
});
