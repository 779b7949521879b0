import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/core/kinds';
import { lint } from '../../src/engine/lint';
import { lintDoc } from '../helpers';

const RULE = 'plaintext-secret';

async function hits(text: string, kind: Kind) {
  return (await lintDoc(text, { kind }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

const slack = (token: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SLACK
    apiToken: ${token}
    channelName: ops
    intervalMin: 60
`;
const TOKEN = 'xoxb-2291837465-5521937465123-kq8Zt3YhVbN2mXwP7cLd9FsR';

describe(RULE, () => {
  it.each([
    ['${VAR}', slack('${SLACK_TOKEN}'), 'alert-config'],
    ['{{ var }}', slack('"{{ slack_token }}"'), 'alert-config'],
    ['<…>', slack('<your-slack-token>'), 'alert-config'],
    ['$(command)', slack('$(vault read -field=token secret/slack)'), 'alert-config'],
    ['a URL with a ${VAR} part', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: WEBHOOK\n    webhookUrl: https://hooks.example.com/${HOOK_PATH}\n', 'alert-config'],
    ['a redaction mask (redacted-secret says so)', slack('"**********************************************************************wxyz"'), 'alert-config'],
    ['an empty value', slack('""'), 'alert-config'],
    ['a field that is not secret', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n', 'alert-config'],
    ['an integration URL that is not a webhook', 'type: PROMETHEUS\nusername: prom\npassword: ${PROM_PASSWORD}\nlistenAddress: 0.0.0.0:9216\nserviceDiscovery: http\nscheme: http\nenabled: true\n', 'integration'],
  ] as [string, string, Kind][])('accepts %s', async (_name, text, kind) => {
    expect(await hits(text, kind)).toEqual([]);
  });

  it.each([
    ['a Slack token', slack(TOKEN), 'alert-config', [[5, 15, 'warning']]],
    ['a webhook URL and secret', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: WEBHOOK\n    webhookUrl: https://hooks.example.com/alerts\n    webhookSecret: s3cr3t-value\n', 'alert-config', [[5, 17, 'warning'], [6, 20, 'warning']]],
    ['an integration password', 'type: PROMETHEUS\nusername: prom\npassword: prom-s3cret\n', 'integration', [[3, 11, 'warning']]],
    ['a webhook integration URL', 'type: WEBHOOK\nurl: https://hooks.example.com/omlint\n', 'integration', [[2, 6, 'warning']]],
    ['an automation agent password', 'auth:\n  disabled: false\n  autoUser: mms-automation\n  autoPwd: automation-password-123\n', 'automation-config', [[4, 12, 'warning']]],
    ['a database user password', 'auth:\n  usersWanted:\n    - user: app\n      db: admin\n      initPwd: hunter2hunter2\n', 'automation-config', [[5, 16, 'warning']]],
  ] as [string, string, Kind, unknown[]][])('reports %s', async (_name, text, kind, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });

  it('never prints the secret', async () => {
    const diagnostics = await lintDoc(slack(TOKEN), { kind: 'alert-config' });
    const [d] = diagnostics.filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('notifications[0].apiToken');
    for (const x of diagnostics) expect(x.message).not.toContain(TOKEN);
  });

  it('accepts the placeholders listed in the config', async () => {
    const run = (secretPlaceholders: RegExp[]) =>
      lint([{ filePath: 'alert.yaml', text: slack('vault:secret/data/slack#token') }], {
        kind: 'alert-config',
        settingsFor: () => ({ ignored: false, rules: {}, scope: '.', secretPlaceholders }),
      });
    const [without] = await run([]);
    expect(without.diagnostics.filter((d) => d.ruleId === RULE)).toHaveLength(1);
    const [withConfig] = await run([/^vault:/g]);
    expect(withConfig.diagnostics.filter((d) => d.ruleId === RULE)).toHaveLength(0);
  });
});
