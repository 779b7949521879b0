import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'deprecated-integration-type';

async function hits(text: string, fileName?: string) {
  const diagnostics = await lintDoc(text, { kind: 'integration', fileName });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

describe(RULE, () => {
  it.each(['SLACK', 'PAGER_DUTY', 'WEBHOOK', 'PROMETHEUS', 'MICROSOFT_TEAMS', 'CARRIER_PIGEON'])('accepts %s', async (type) => {
    expect(await hits(`type: ${type}\n`)).toEqual([]);
  });

  it.each(['HIP_CHAT', 'FLOWDOCK', 'NEW_RELIC'])('reports %s', async (type) => {
    expect(await hits(`type: ${type}\n`)).toEqual([[1, 7, 'warning']]);
  });

  it('reports the docs example in JSON', async () => {
    const text = '{ "type": "FLOWDOCK", "flowName": "myFlowName", "apiToken": "112233", "orgName": "myOrg" }\n';
    expect(await hits(text, 'flowdock.json')).toEqual([[1, 11, 'warning']]);
  });
});
