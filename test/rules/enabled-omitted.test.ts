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
  // A suggestion, never a safe fix (issue 31): the message offers true or false; --fix leaves the file.
  invalid: [
    {
      name: 'YAML: suggests enabled: true, after eventTypeName (its kin), not as the first line',
      code: `eventTypeName: HOST_DOWN\n${NOTIFICATIONS}`,
      errors: [{ messageId: 'omitted', line: 1, column: 1, severity: 'warning', suggestions: [{ title: 'Add enabled: true', output: `eventTypeName: HOST_DOWN\nenabled: true\n${NOTIFICATIONS}` }] }],
      output: null,
    },
    {
      name: "a GET's order: after updated",
      code: `id: 5a0a1e7e0f2912c554080adc\ngroupId: 5a0a1e7e0f2912c554080adb\ncreated: '2024-01-01T00:00:00Z'\nupdated: '2024-01-02T00:00:00Z'\neventTypeName: HOST_DOWN\n${NOTIFICATIONS}`,
      errors: [{ messageId: 'omitted', line: 1, column: 1, suggestions: [{ title: 'Add enabled: true', output: `id: 5a0a1e7e0f2912c554080adc\ngroupId: 5a0a1e7e0f2912c554080adb\ncreated: '2024-01-01T00:00:00Z'\nupdated: '2024-01-02T00:00:00Z'\nenabled: true\neventTypeName: HOST_DOWN\n${NOTIFICATIONS}` }] }],
      output: null,
    },
    {
      name: 'JSON: suggests "enabled": true after eventTypeName',
      fileName: 'alert.json',
      code: JSON_BODY,
      errors: [{ messageId: 'omitted', line: 1, column: 1, severity: 'warning', suggestions: [{ title: 'Add enabled: true', output: '{\n  "eventTypeName": "HOST_DOWN",\n  "enabled": true,\n  "notifications": [{"typeName": "EMAIL", "emailAddress": "dba@example.com"}]\n}\n' }] }],
      output: null,
    },
    { name: 'JSON with an empty list', fileName: 'a.json', code: '{\n  "eventTypeName": "HOST_DOWN",\n  "notifications": []\n}\n', errors: [{ messageId: 'omitted', line: 1, column: 1, suggestions: [{ title: 'Add enabled: true', output: '{\n  "eventTypeName": "HOST_DOWN",\n  "enabled": true,\n  "notifications": []\n}\n' }] }], output: null },
  ],
});
