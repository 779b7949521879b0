import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lintDoc } from '../helpers';

const RULE = 'redacted-secret';

async function hits(text: string, kind: Kind) {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const alert = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${notification}`;

describe(RULE, () => {
  it.each([
    ['a placeholder', alert('  - typeName: PAGER_DUTY\n    serviceKey: ${PD_KEY}\n'), 'alert-config'],
    ['a literal key (plaintext-secret says so)', alert('  - typeName: PAGER_DUTY\n    serviceKey: 4f8a2c1e9b7d4e6f\n'), 'alert-config'],
    ['a star in a password', 'type: PROMETHEUS\nusername: prom\npassword: "p*ss*word"\n', 'integration'],
    ['a mask in a field that is not secret', alert('  - typeName: SMS\n    mobileNumber: "******0100"\n'), 'alert-config'],
  ] as [string, string, Kind][])('accepts %s', async (_name, text, kind) => {
    expect(await hits(text, kind)).toEqual([]);
  });

  it.each([
    ['a partially redacted service key', alert('  - typeName: PAGER_DUTY\n    serviceKey: "****************************3f9a"\n'), 'alert-config', [[5, 17, 'error']]],
    ['a completely redacted webhook secret', alert('  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    webhookSecret: "********"\n'), 'alert-config', [[6, 20, 'error']]],
    ['a redacted webhook URL', alert('  - typeName: WEBHOOK\n    webhookUrl: https://webhook.example.com/****\n'), 'alert-config', [[5, 17, 'error']]],
    ['a redacted Slack token, globally', 'eventTypeName: HOST_DOWN\nforAllGroups: true\nnotifications:\n  - typeName: SLACK\n    apiToken: "******************************************************************abcd"\n    channelName: ops\n', 'global-alert-config', [[5, 15, 'error']]],
    ['a redacted integration key', 'type: DATADOG\napiKey: "****************************b2c4"\n', 'integration', [[2, 9, 'error']]],
    ['a redacted API private key', 'desc: CI key\nprivateKey: "********-****-****-db2c132ca78d"\n', 'api-key-update', [[2, 13, 'error']]],
  ] as [string, string, Kind, unknown[]][])('reports %s', async (_name, text, kind, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });

  it('does not report the mask as a plaintext secret too', async () => {
    const diagnostics = await lintDoc(alert('  - typeName: PAGER_DUTY\n    serviceKey: "****************************3f9a"\n'), { kind: 'alert-config' });
    expect(diagnostics.filter((d) => d.ruleId === 'plaintext-secret')).toEqual([]);
  });

  it('names the field, never the value', async () => {
    const [d] = (await lintDoc(alert('  - typeName: PAGER_DUTY\n    serviceKey: "****************************3f9a"\n'), { kind: 'alert-config' })).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('notifications[0].serviceKey');
    expect(d.message).not.toContain('3f9a');
  });
});
