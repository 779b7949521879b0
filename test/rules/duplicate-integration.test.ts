import { describe, expect, it } from 'vitest';
import { lintFiles } from '../helpers';

const RULE = 'duplicate-integration';

async function hits(files: Record<string, string>) {
  const results = await lintFiles(files);
  const out: Record<string, number[][]> = {};
  for (const r of results) {
    const name = Object.keys(files).find((f) => r.filePath.endsWith(f)) ?? r.filePath;
    const found = r.diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column]);
    if (found.length > 0) out[name] = found;
  }
  return out;
}

const slack = (channel: string) => `type: SLACK\napiToken: \${SLACK_BOT_TOKEN}\nteamName: Example\nchannelName: ${channel}\n`;
const pagerDuty = 'type: PAGER_DUTY\nserviceKey: ${PD_KEY}\n';

describe(RULE, () => {
  it('accepts one integration per type', async () => {
    expect(await hits({ 'slack.yaml': slack('ops'), 'pagerduty.yaml': pagerDuty })).toEqual({});
  });

  it('reports the later of two integrations of one type', async () => {
    const results = await lintFiles({ 'a-slack.yaml': slack('ops'), 'b-slack.yaml': slack('db') });
    const all = results.flatMap((r) => r.diagnostics.filter((d) => d.ruleId === RULE).map((d) => ({ d, file: r.filePath })));
    expect(all).toHaveLength(1);
    const [{ d, file }] = all;
    expect([d.range.start.line, d.range.start.column, d.severity]).toEqual([1, 7, 'error']);
    const other = file.endsWith('a-slack.yaml') ? 'b-slack.yaml' : 'a-slack.yaml';
    expect(d.message).toContain(other);
    expect(d.related?.[0].filePath.endsWith(other)).toBe(true);
  });

  it('finds them in one multi-document file', async () => {
    expect(await hits({ 'integrations.yaml': `${slack('ops')}---\n${pagerDuty}---\n${slack('db')}` })).toEqual({
      'integrations.yaml': [[9, 7]],
    });
  });
});
