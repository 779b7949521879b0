import rule from '../../rules/alert-event-type-changed';
import { ruleTester } from '../rule-tester';

const config = (event: string, id = '5f1a2b3c4d5e6f7a8b9c0d1e') => `${id ? `id: ${id}\n` : ''}eventTypeName: ${event}\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n`;

ruleTester(rule, {
  valid: [
    { name: 'same id, same event, another interval', base: config('HOST_DOWN'), code: config('HOST_DOWN').replace('intervalMin: 60', 'intervalMin: 30') },
    { name: 'no id: the configuration pairs by its event type, no change of it', base: config('HOST_DOWN', ''), code: config('HOST_DOWN', '') },
  ],
  invalid: [
    {
      name: 'HOST_DOWN → NO_PRIMARY under the same id: at eventTypeName, the base\'s related',
      base: config('HOST_DOWN'),
      code: config('NO_PRIMARY'),
      errors: [
        {
          messageId: 'changed',
          severity: 'warning',
          pointer: '/eventTypeName',
          line: 2,
          column: 16,
          related: [{ file: 'base', pointer: '/eventTypeName', line: 2 }],
          message:
            'eventTypeName changes from HOST_DOWN to NO_PRIMARY on alert configuration "5f1a2b3c4d5e6f7a8b9c0d1e" (the same id in the base, HEAD:doc.yaml): the change turns a configuration of one event into one of another in place. Reports against the MongoDB Atlas API show such an update not applied although it was accepted (mongodb/terraform-provider-mongodbatlas #232); whether Ops Manager applies it is not documented. Delete this configuration and create one for NO_PRIMARY (a document without the id).',
        },
      ],
    },
    { name: 'a global alert configuration too', kind: 'global-alert-config', base: config('HOST_DOWN'), code: config('HOST_RECOVERING'), errors: [{ messageId: 'changed', pointer: '/eventTypeName' }] },
  ],
});
