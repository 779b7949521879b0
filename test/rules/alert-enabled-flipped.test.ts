import rule from '../../rules/alert-enabled-flipped';
import { ruleTester } from '../rule-tester';

const alert = (enabled: string) => `eventTypeName: HOST_DOWN\nenabled: ${enabled}\nnotifications:\n  - typeName: GROUP\n    intervalMin: 5\n    delayMin: 0\n    emailEnabled: true\n`;
const AT_ENABLED = { severity: 'info' as const, pointer: '/enabled', line: 2, column: 10 };

ruleTester(rule, {
  valid: [
    { name: 'an unchanged enabled', base: alert('true'), code: alert('true') },
    { name: 'an enabled left out (enabled-omitted speaks about that)', base: alert('true'), code: 'eventTypeName: HOST_DOWN\n' },
  ],
  invalid: [
    {
      name: 'a change that disables the alert (information)',
      base: alert('true'),
      code: alert('false'),
      errors: [{ messageId: 'disabled', ...AT_ENABLED, message: 'This change disables the alert configuration (HOST_DOWN): enabled was true in the base (HEAD:doc.yaml); no alert of it will fire.' }],
    },
    { name: 'a change that enables the alert (information)', base: alert('false'), code: alert('true'), errors: [{ messageId: 'enabled', ...AT_ENABLED }] },
  ],
});
