import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'integration-required-field';

async function hits(text: string, fileName?: string) {
  const diagnostics = await lintDoc(text, { kind: 'integration', fileName });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column]);
}

describe(RULE, () => {
  it.each([
    ['PAGER_DUTY', 'type: PAGER_DUTY\nserviceKey: ${PD_KEY}\n'],
    ['SLACK without the optional channelName', 'type: SLACK\napiToken: ${TOKEN}\nteamName: Example\n'],
    ['DATADOG', 'type: DATADOG\napiKey: ${DD_KEY}\n'],
    ['HIP_CHAT', 'type: HIP_CHAT\nnotificationToken: ${T}\nroomName: ops\n'],
    ['OPS_GENIE', 'type: OPS_GENIE\napiKey: ${K}\n'],
    ['VICTOR_OPS', 'type: VICTOR_OPS\napiKey: ${K}\n'],
    ['WEBHOOK', 'type: WEBHOOK\nurl: ${URL}\n'],
    ['MICROSOFT_TEAMS', 'type: MICROSOFT_TEAMS\nmicrosoftTeamsWebhookUrl: ${URL}\n'],
    [
      'PROMETHEUS',
      'type: PROMETHEUS\nusername: u\npassword: ${P}\nlistenAddress: 0.0.0.0:9216\nserviceDiscovery: http\nscheme: http\nenabled: true\n',
    ],
    ['NEW_RELIC', 'type: NEW_RELIC\nlicenseKey: ${L}\naccountId: "1"\nwriteToken: ${W}\nreadToken: ${R}\n'],
    ['an unknown type (the schema reports it)', 'type: CARRIER_PIGEON\n'],
    ['no type', 'apiKey: ${K}\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['SLACK without teamName', 'type: SLACK\napiToken: ${TOKEN}\nchannelName: ops\n', [[1, 7]]],
    ['PAGER_DUTY without serviceKey', 'type: PAGER_DUTY\n', [[1, 7]]],
    ['WEBHOOK without url', 'secret: ${S}\ntype: WEBHOOK\n', [[2, 7]]],
    [
      'PROMETHEUS without listenAddress and enabled',
      'type: PROMETHEUS\nusername: u\npassword: ${P}\nserviceDiscovery: http\nscheme: http\n',
      [[1, 7], [1, 7]],
    ],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('requires the PROMETHEUS password of a write body (API-SPEC: required in the body, omitted in responses)', async () => {
    const text = 'type: PROMETHEUS\nusername: u\nlistenAddress: 0.0.0.0:9216\nserviceDiscovery: http\nscheme: http\nenabled: true\n';
    const d = (await lintDoc(text, { kind: 'integration' })).filter((x) => x.ruleId === RULE);
    // A GET response omits the password (API-SPEC), so the unchanged GET gets a warning, not an error.
    expect(d.map((x) => [x.severity, x.message])).toEqual([['warning', 'A PROMETHEUS integration needs password in a write body; a GET response leaves it out, so add it before a PUT, or the server rejects the configuration.']]);
  });

  it('names each missing field, and a key that differs only in case', async () => {
    const text = '{\n  "MicrosoftTeamsWebhookURL": "${URL}",\n  "type": "MICROSOFT_TEAMS"\n}\n';
    const d = (await lintDoc(text, { kind: 'integration', fileName: 'teams.json' })).filter((x) => x.ruleId === RULE);
    expect(d.map((x) => [x.range.start.line, x.range.start.column])).toEqual([[3, 11]]);
    expect(d[0].message).toContain('microsoftTeamsWebhookUrl');
    expect(d[0].message).toContain('MicrosoftTeamsWebhookURL');
  });
});
