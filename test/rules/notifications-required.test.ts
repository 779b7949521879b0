import rule from '../../rules/notifications-required';
import { ruleTester } from '../rule-tester';

const error = (messageId: string, line: number, column: number) => ({ messageId, line, column, severity: 'error' as const });

ruleTester(rule, {
  valid: [
    { name: 'one notification', code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n' },
    { name: 'a notification of the wrong type (the schema says so)', code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications: EMAIL\n' },
  ],
  invalid: [
    { name: 'an empty list', code: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications: []\n', errors: [error('empty', 3, 16)] },
    { name: 'no notifications', code: 'eventTypeName: HOST_DOWN\nenabled: true\n', errors: [error('missing', 1, 1)] },
    { name: 'no notifications, globally', kind: 'global-alert-config', code: 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\n', errors: [error('missing', 1, 1)] },
    { name: 'an empty list in JSON', fileName: 'a.json', code: '{\n  "eventTypeName": "HOST_DOWN",\n  "enabled": true,\n  "notifications": []\n}\n', errors: [error('empty', 4, 20)] },
  ],
});
