import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'opsgenie-region';

async function hits(text: string) {
  const diagnostics = await lintDoc(text, { kind: 'integration' });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

describe(RULE, () => {
  it.each([
    ['region US', 'type: OPS_GENIE\napiKey: ${K}\nregion: US\n'],
    ['no region (US by default)', 'type: OPS_GENIE\napiKey: ${K}\n'],
    ['EU on another type', 'type: DATADOG\napiKey: ${K}\nregion: EU\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it('reports region EU', async () => {
    expect(await hits('type: OPS_GENIE\napiKey: ${K}\nregion: EU\n')).toEqual([[3, 9, 'info']]);
  });
});
