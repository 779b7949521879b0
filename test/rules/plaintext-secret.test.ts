import { expect, it } from 'vitest';
import rule from '../../rules/plaintext-secret';
import { lintDoc } from '../helpers';
import { ruleTester } from '../rule-tester';

const slack = (token: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SLACK
    apiToken: ${token}
    channelName: ops
    intervalMin: 60
`;
const TOKEN = 'xoxb-2291837465-5521937465123-kq8Zt3YhVbN2mXwP7cLd9FsR';
const plaintext = (line: number, column: number, more: object = {}) => ({ messageId: 'plaintext', line, column, severity: 'warning' as const, ...more });

ruleTester(rule, {
  valid: [
    { name: '${VAR}', code: slack('${SLACK_TOKEN}') },
    { name: '{{ var }}', code: slack('"{{ slack_token }}"') },
    { name: '<…>', code: slack('<your-slack-token>') },
    { name: '$(command)', code: slack('$(vault read -field=token secret/slack)') },
    { name: 'a URL with a ${VAR} part', code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: WEBHOOK\n    webhookUrl: https://hooks.example.com/${HOOK_PATH}\n' },
    { name: 'a redaction mask (redacted-secret says so)', code: slack('"**********************************************************************wxyz"') },
    {
      name: 'a redacted service key (redacted-secret says so, not this rule too)',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: "****************************3f9a"\n',
    },
    { name: 'a webhook headers template from a placeholder', code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    webhookHeadersTemplate: ${HOOK_HEADERS}\n' },
    { name: 'an empty value', code: slack('""') },
    { name: 'a field that is not secret', code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n' },
    { name: 'an integration URL that is not a webhook', kind: 'integration', code: 'type: PROMETHEUS\nusername: prom\npassword: ${PROM_PASSWORD}\nlistenAddress: 0.0.0.0:9216\nserviceDiscovery: http\nscheme: http\nenabled: true\n' },
    { name: 'a placeholder listed in the config', code: slack('vault:secret/data/slack#token'), secretPlaceholders: [/^vault:/g] },
  ],
  invalid: [
    // The message names the field, never the secret.
    { name: 'a Slack token', code: slack(TOKEN), errors: [plaintext(5, 15, { message: new RegExp(`^(?!.*${TOKEN}).*notifications\\[0\\]\\.apiToken`) })] },
    { name: 'a placeholder the config does not list', code: slack('vault:secret/data/slack#token'), errors: [plaintext(5, 15)] },
    {
      name: 'a webhook URL and secret',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: WEBHOOK\n    webhookUrl: https://hooks.example.com/alerts\n    webhookSecret: s3cr3t-value\n',
      errors: [plaintext(5, 17), plaintext(6, 20)],
    },
    // Issue 31: headers carry tokens, and Ops Manager redacts the template in responses.
    {
      name: 'a webhook headers template',
      code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    webhookHeadersTemplate: \'{"Authorization": "Bearer abc123"}\'\n',
      errors: [plaintext(6, 29, { message: /notifications\[0\]\.webhookHeadersTemplate/ })],
    },
    { name: 'an integration password', kind: 'integration', code: 'type: PROMETHEUS\nusername: prom\npassword: prom-s3cret\n', errors: [plaintext(3, 11)] },
    { name: 'a webhook integration URL', kind: 'integration', code: 'type: WEBHOOK\nurl: https://hooks.example.com/omlint\n', errors: [plaintext(2, 6)] },
    { name: 'an automation agent password', kind: 'automation-config', code: 'auth:\n  disabled: false\n  autoUser: mms-automation\n  autoPwd: automation-password-123\n', errors: [plaintext(4, 12)] },
    { name: 'a database user password', kind: 'automation-config', code: 'auth:\n  usersWanted:\n    - user: app\n      db: admin\n      initPwd: hunter2hunter2\n', errors: [plaintext(5, 16)] },
  ],
});

// Across every rule, not only this one: the tester runs one rule at a time.
it('no diagnostic of any rule prints the secret', async () => {
  const diagnostics = await lintDoc(slack(TOKEN), { kind: 'alert-config' });
  expect(diagnostics.filter((d) => d.ruleId === 'plaintext-secret')).toHaveLength(1);
  for (const d of diagnostics) expect(d.message).not.toContain(TOKEN);
});
