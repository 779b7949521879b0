import rule from '../../rules/redacted-secret';
import { ruleTester } from '../rule-tester';

const alert = (notification: string) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${notification}`;
const redacted = (line: number, column: number, more: object = {}) => [{ messageId: 'redacted', line, column, severity: 'error' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'a placeholder', code: alert('  - typeName: PAGER_DUTY\n    serviceKey: ${PD_KEY}\n') },
    { name: 'a literal key (plaintext-secret says so)', code: alert('  - typeName: PAGER_DUTY\n    serviceKey: 4f8a2c1e9b7d4e6f\n') },
    { name: 'a star in a password', code: 'type: PROMETHEUS\nusername: prom\npassword: "p*ss*word"\n', kind: 'integration' },
    { name: 'a mask in a field that is not secret', code: alert('  - typeName: SMS\n    mobileNumber: "******0100"\n') },
  ],
  invalid: [
    {
      name: 'a partially redacted service key (names the field, never the value)',
      code: alert('  - typeName: PAGER_DUTY\n    serviceKey: "****************************3f9a"\n'),
      errors: redacted(5, 17, { message: /^(?!.*3f9a).*notifications\[0\]\.serviceKey/ }),
    },
    { name: 'a completely redacted webhook secret', code: alert('  - typeName: WEBHOOK\n    webhookUrl: ${URL}\n    webhookSecret: "********"\n'), errors: redacted(6, 20) },
    { name: 'a redacted webhook URL', code: alert('  - typeName: WEBHOOK\n    webhookUrl: https://webhook.example.com/****\n'), errors: redacted(5, 17) },
    {
      name: 'a redacted Slack token, globally',
      kind: 'global-alert-config',
      code: 'eventTypeName: HOST_DOWN\nforAllGroups: true\nnotifications:\n  - typeName: SLACK\n    apiToken: "******************************************************************abcd"\n    channelName: ops\n',
      errors: redacted(5, 15),
    },
    { name: 'a redacted integration key', kind: 'integration', code: 'type: DATADOG\napiKey: "****************************b2c4"\n', errors: redacted(2, 9) },
    { name: 'a redacted API private key', kind: 'api-key-update', code: 'desc: CI key\nprivateKey: "********-****-****-db2c132ca78d"\n', errors: redacted(2, 13) },
  ],
});
