import rule from '../../rules/secret-masked';
import { ruleTester } from '../rule-tester';

const KEY = '0123456789abcdef0123456789ab3f9a';
const MASK = '****************************3f9a';
const alert = (serviceKey: string) => `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: "${serviceKey}"\n    delayMin: 0\n`;
const automation = (pwd: string) => `version: 3\nauth:\n  disabled: false\n  autoUser: mms-automation\n  autoPwd: "${pwd}"\nprocesses: []\n`;
const ALERT = 'alert-config' as const;

ruleTester(rule, {
  valid: [
    { name: 'a kept secret', kind: ALERT, base: alert(KEY), code: alert(KEY) },
    { name: 'a changed secret', kind: ALERT, base: alert(KEY), code: alert('fedcba9876543210fedcba9876543210') },
    { name: 'a mask that was a mask already', kind: ALERT, base: alert(MASK), code: alert(MASK) },
  ],
  invalid: [
    {
      // The exact message: neither the secret nor the mask's visible end is printed.
      name: 'a notification secret replaced by a mask (error)',
      kind: ALERT,
      base: alert(KEY),
      code: alert(MASK),
      errors: [
        {
          messageId: 'masked',
          severity: 'error',
          pointer: '/notifications/0/serviceKey',
          line: 5,
          column: 17,
          message:
            'notifications[0].serviceKey holds a secret in the base (HEAD:doc.yaml) and a redaction mask here; the change writes the mask over the secret and the notification or integration stops authenticating. Keep the secret (or a placeholder your deployment fills in).',
          related: [{ file: 'base', pointer: '/notifications/0/serviceKey', line: 5, column: 5 }],
        },
      ],
    },
    {
      name: 'an automation secret (warning: the mask format of automation GETs is not confirmed)',
      kind: 'automation-config',
      base: automation('s3cret-automation-pwd'),
      code: automation('********'),
      errors: [{ messageId: 'masked', severity: 'warning', pointer: '/auth/autoPwd', line: 5, column: 12, related: [{ file: 'base', pointer: '/auth/autoPwd', line: 5, column: 3 }] }],
    },
  ],
});
