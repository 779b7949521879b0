import { describe, expect, it } from 'vitest';
import { lintFiles } from '../helpers';

const RULE = 'webhook-default-url';

async function hits(files: Record<string, string>) {
  const results = await lintFiles(files);
  const out: Record<string, unknown[][]> = {};
  for (const r of results) {
    const name = Object.keys(files).find((f) => r.filePath.endsWith(f)) ?? r.filePath;
    const found = r.diagnostics
      .filter((d) => d.ruleId === RULE)
      .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
    if (found.length > 0) out[name] = found;
  }
  return out;
}

const alert = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    intervalMin: 15
${notification}`;
const webhookWithoutUrl = '  - typeName: WEBHOOK\n    intervalMin: 5\n';
const webhookWithUrl = '  - typeName: WEBHOOK\n    webhookUrl: ${OPS_WEBHOOK_URL}\n';
const webhookIntegration = 'type: WEBHOOK\nurl: ${OPS_WEBHOOK_URL}\n';
const slackIntegration = 'type: SLACK\napiToken: ${SLACK_BOT_TOKEN}\nteamName: Example\n';

describe(RULE, () => {
  it.each([
    ['a notification with its own webhookUrl', { 'alert.yaml': alert(webhookWithUrl) }],
    ['a WEBHOOK integration in the scope', { 'alert.yaml': alert(webhookWithoutUrl), 'webhook.yaml': webhookIntegration }],
    ['no WEBHOOK notification', { 'alert.yaml': alert(''), 'slack.yaml': slackIntegration }],
  ])('accepts %s', async (_name, files) => {
    expect(await hits(files)).toEqual({});
  });

  it.each([
    ['no integration at all', { 'alert.yaml': alert(webhookWithoutUrl) }],
    ['only other integrations', { 'alert.yaml': alert(webhookWithoutUrl), 'slack.yaml': slackIntegration }],
  ])('reports %s', async (_name, files) => {
    expect(await hits(files)).toEqual({ 'alert.yaml': [[7, 15, 'warning']] });
  });

  it('reports every alert configuration of the scope', async () => {
    const found = await hits({ 'a.yaml': alert(webhookWithoutUrl), 'b.yaml': alert(webhookWithoutUrl) });
    expect(found).toEqual({ 'a.yaml': [[7, 15, 'warning']], 'b.yaml': [[7, 15, 'warning']] });
  });
});
