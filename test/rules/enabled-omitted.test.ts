import rule from '../../rules/enabled-omitted';
import { ruleTester } from '../rule-tester';

const NOTIFICATIONS = 'notifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    intervalMin: 60\n';
const JSON_BODY = '{\n  "eventTypeName": "HOST_DOWN",\n  "notifications": [{"typeName": "EMAIL", "emailAddress": "dba@example.com"}]\n}\n';

ruleTester(rule, {
  valid: [
    { name: 'enabled: true', code: `eventTypeName: HOST_DOWN\nenabled: true\n${NOTIFICATIONS}` },
    { name: 'enabled: false', code: `eventTypeName: HOST_DOWN\nenabled: false\n${NOTIFICATIONS}` },
    // The rule is declared for project configurations only; a global one is never checked.
    { name: 'a global configuration (enabled is set by its own PUT)', code: `eventTypeName: HOST_DOWN\nforAllGroups: true\n${NOTIFICATIONS}`, kind: 'global-alert-config' },
  ],
  invalid: [
    {
      name: 'YAML: adds enabled: true',
      code: `eventTypeName: HOST_DOWN\n${NOTIFICATIONS}`,
      errors: [{ messageId: 'omitted', line: 1, column: 1, severity: 'warning' }],
      output: `enabled: true\neventTypeName: HOST_DOWN\n${NOTIFICATIONS}`,
    },
    {
      name: 'JSON: adds "enabled": true',
      fileName: 'alert.json',
      code: JSON_BODY,
      errors: [{ messageId: 'omitted', line: 1, column: 1, severity: 'warning' }],
      output: '{\n  "enabled": true,\n  "eventTypeName": "HOST_DOWN",\n  "notifications": [{"typeName": "EMAIL", "emailAddress": "dba@example.com"}]\n}\n',
    },
    { name: 'JSON with an empty list', fileName: 'a.json', code: '{\n  "eventTypeName": "HOST_DOWN",\n  "notifications": []\n}\n', errors: [{ messageId: 'omitted', line: 1, column: 1 }], output: '{\n  "enabled": true,\n  "eventTypeName": "HOST_DOWN",\n  "notifications": []\n}\n' },
  ],
});
