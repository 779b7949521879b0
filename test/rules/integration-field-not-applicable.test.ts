import { describe, expect, it } from 'vitest';
import { fixDoc, lintDoc } from '../helpers';

const RULE = 'integration-field-not-applicable';

async function hits(text: string) {
  const diagnostics = await lintDoc(text, { kind: 'integration' });
  return diagnostics
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.fixable]);
}

describe(RULE, () => {
  it.each([
    ['SLACK with its optional channelName', 'type: SLACK\napiToken: ${T}\nteamName: Example\nchannelName: ops\n'],
    ['OPS_GENIE with region', 'type: OPS_GENIE\napiKey: ${K}\nregion: EU\n'],
    ['VICTOR_OPS with routingKey', 'type: VICTOR_OPS\napiKey: ${K}\nroutingKey: db\n'],
    ['WEBHOOK with secret and id', 'type: WEBHOOK\nurl: ${U}\nsecret: ${S}\nid: 5628faffd4c606594adaa3b2\n'],
    // A field no integration type knows is unknown-field's business.
    ['a field no type knows', 'type: WEBHOOK\nurl: ${U}\nName: hook\n'],
    ['an unknown type', 'type: CARRIER_PIGEON\nchannelName: ops\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['channelName on WEBHOOK', 'type: WEBHOOK\nurl: ${U}\nchannelName: ops\n', [[3, 1, true]]],
    ['tlsPemPath on DATADOG', 'type: DATADOG\napiKey: ${K}\ntlsPemPath: /etc/x.pem\n', [[3, 1, true]]],
    ['serviceKey and roomName on SLACK', 'type: SLACK\nserviceKey: ${K}\napiToken: ${T}\nteamName: E\nroomName: r\n', [[2, 1, true], [5, 1, true]]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('names the types the field belongs to', async () => {
    const [d] = (await lintDoc('type: DATADOG\napiKey: ${K}\napiToken: ${T}\n', { kind: 'integration' })).filter(
      (x) => x.ruleId === RULE,
    );
    expect(d.message).toContain('SLACK');
    expect(d.message).toContain('FLOWDOCK');
    expect(d.message).toContain('DATADOG');
  });

  it('removes the field', async () => {
    expect(await fixDoc('type: WEBHOOK\nurl: ${U}\nchannelName: ops\n', { kind: 'integration' })).toBe(
      'type: WEBHOOK\nurl: ${U}\n',
    );
  });
});
