import rule from '../../rules/empty-update';
import { ruleTester } from '../rule-tester';

const empty = [{ messageId: 'empty', line: 1, column: 1 }];

ruleTester(rule, {
  valid: [
    { name: 'a maintenance-window-update body with a description', code: 'description: Extended\n', kind: 'maintenance-window-update' },
    { name: 'a maintenance-window-update body with alertTypeNames', code: 'alertTypeNames: [HOST]\n', kind: 'maintenance-window-update' },
    { name: 'a maintenance-window-update body with endDate', code: 'endDate: "2099-01-01T00:00:00Z"\n', kind: 'maintenance-window-update' },
    { name: 'an api-key-update body with desc', code: 'desc: Updated API key description\n', kind: 'api-key-update' },
    { name: 'an api-key-update body with roles', code: 'roles: [GLOBAL_READ_ONLY]\n', kind: 'api-key-update' },
    { name: 'a create body (the rule does not apply)', code: '{}\n', kind: 'maintenance-window' },
  ],
  invalid: [
    { name: 'an empty maintenance-window-update body', code: '{}\n', kind: 'maintenance-window-update', errors: empty },
    { name: 'a maintenance-window-update body with only its id', code: 'id: 5628faffd4c606594adaa3b2\n', kind: 'maintenance-window-update', errors: empty },
    { name: 'an empty api-key-update body', code: '{}\n', kind: 'api-key-update', errors: empty },
    { name: 'an api-key-update body with only the masked key', code: 'privateKey: "********-****-****-cfe60e9f1f72"\n', kind: 'api-key-update', errors: empty },
    { name: 'an empty JSON body', code: '{ }\n', kind: 'api-key-update', fileName: 'key.json', errors: empty },
  ],
});
