import rule, { authHead } from '../../rules/keyfile-replaced';
import { replicaSetExample, threeMembers } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

const OLD = 'c2VjcmV0a2V5b25lc2VjcmV0a2V5b25lc2VjcmV0a2V5b25l';
const NEW = 'bmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdv';
const three = threeMembers('7.0.12', '7.0');
const doc = (key: string, extra = '', processes = three) => replicaSetExample(processes, undefined, authHead(key, extra));
const x509 = threeMembers('7.0.12', '7.0', '      security:\n        clusterAuthMode: x509\n');

ruleTester(rule, {
  valid: [
    { name: 'the same key', base: doc(OLD), code: doc(OLD) },
    { name: 'the documented rotation: auth.key kept, auth.newKey given', base: doc(OLD), code: doc(OLD, `  newKey: ${NEW}\n`) },
    { name: 'the rotation completed: Ops Manager moved auth.newKey into auth.key (a GET after a rotation)', base: doc(OLD, `  newKey: ${NEW}\n`), code: doc(NEW) },
    { name: 'authentication off in the base: nothing uses the old key', base: doc(OLD).replace('disabled: false', 'disabled: true'), code: doc(NEW) },
    { name: 'authentication turned off: the key is moot', base: doc(OLD), code: doc(NEW).replace('disabled: false', 'disabled: true') },
    { name: 'members authenticate by X.509 only: no keyfile is read', base: doc(OLD, '', x509), code: doc(NEW, '', x509) },
    { name: 'the same placeholder on both sides', base: doc('${MONGODB_KEYFILE}'), code: doc('${MONGODB_KEYFILE}') },
  ],
  invalid: [
    {
      name: 'auth.key replaced in one PUT: a warning at the key, the base key related, no key in the message',
      base: doc(OLD),
      code: doc(NEW),
      errors: [
        {
          messageId: 'replaced',
          severity: 'warning',
          pointer: '/auth/key',
          line: 10,
          column: 8,
          related: [{ file: 'base', pointer: '/auth/key', line: 10 }],
          message:
            'auth.key differs from the base (HEAD:doc.yaml) while authentication is enabled and 3 process(es) use the keyfile: this PUT replaces the key the members authenticate each other with. Ops Manager documents a rotation that keeps auth.key and gives the new key in auth.newKey (it replaces auth.key once every agent uses the new key); whether it rolls a direct replacement safely is not documented, and members holding different keys cannot authenticate to each other. Restore auth.key and set auth.newKey instead. (The keys are compared, never shown.)',
        },
      ],
    },
    {
      name: 'keys that differ by one character are told apart',
      base: doc(OLD),
      code: doc(`${OLD.slice(0, -1)}m`),
      errors: [{ messageId: 'replaced', pointer: '/auth/key' }],
    },
    {
      name: 'a literal key replaced by a placeholder: not comparable, an information at the key name',
      base: doc(OLD),
      code: doc('${MONGODB_KEYFILE}'),
      errors: [{ messageId: 'notComparable', severity: 'info', pointer: '/auth/key', line: 10, column: 3 }],
    },
  ],
});
