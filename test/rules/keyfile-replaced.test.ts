import rule, { authHead } from '../../rules/keyfile-replaced';
import { replicaSetExample, threeMembers } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

const OLD = 'c2VjcmV0a2V5b25lc2VjcmV0a2V5b25lc2VjcmV0a2V5b25l';
const NEW = 'bmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdv';
const three = threeMembers('7.0.12', '7.0');
const doc = (key: string, extra = '', processes = three) => replicaSetExample(processes, undefined, authHead(key, extra));
const x509 = threeMembers('7.0.12', '7.0', '      security:\n        clusterAuthMode: x509\n');
/** rs0-2 still on MongoDB 4.0: before the rolling rotation's 4.2. */
const mixed40 = three.map((p, i) => (i === 2 ? { ...p, version: '4.0.28', fcv: '4.0' } : p));
const all40 = threeMembers('4.0.28', '4.0');

ruleTester(rule, {
  valid: [
    { name: 'the same key', base: doc(OLD), code: doc(OLD) },
    { name: 'the documented rotation: auth.key kept, auth.newKey given', base: doc(OLD), code: doc(OLD, `  newKey: ${NEW}\n`) },
    { name: 'the rotation completed: Ops Manager moved auth.newKey into auth.key (a GET after a rotation)', base: doc(OLD, `  newKey: ${NEW}\n`), code: doc(NEW) },
    { name: 'authentication off in the base: nothing uses the old key', base: doc(OLD).replace('disabled: false', 'disabled: true'), code: doc(NEW) },
    { name: 'authentication turned off: the key is moot', base: doc(OLD), code: doc(NEW).replace('disabled: false', 'disabled: true') },
    { name: 'members authenticate by X.509 only: no keyfile is read', base: doc(OLD, '', x509), code: doc(NEW, '', x509) },
    { name: 'the same placeholder on both sides', base: doc('${MONGODB_KEYFILE}'), code: doc('${MONGODB_KEYFILE}') },
    { name: 'the rotation on MongoDB 4.2: the first release it supports', base: doc(OLD, '', threeMembers('4.2.25', '4.2')), code: doc(OLD, `  newKey: ${NEW}\n`, threeMembers('4.2.25', '4.2')) },
    { name: 'the same key on MongoDB 4.0: nothing to say', base: doc(OLD, '', all40), code: doc(OLD, '', all40) },
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
      name: 'auth.key replaced while rs0-2 runs 4.0: the advice is to upgrade first (no rotation through auth.newKey before 4.2)',
      base: doc(OLD, '', mixed40),
      code: doc(NEW, '', mixed40),
      errors: [
        {
          messageId: 'replacedBefore42',
          severity: 'warning',
          pointer: '/auth/key',
          related: [{ file: 'base', pointer: '/auth/key', line: 10 }],
          message:
            "auth.key differs from the base (HEAD:doc.yaml) while authentication is enabled and 3 process(es) use the keyfile: this PUT replaces the key the members authenticate each other with, and members holding different keys cannot authenticate to each other. Ops Manager's rolling rotation through auth.newKey requires MongoDB 4.2 or later on every cluster of the project, and 1 run(s) an earlier release (rs0-2 4.0.28): upgrade them first, then restore auth.key and rotate through auth.newKey. (The keys are compared, never shown.)",
        },
      ],
    },
    {
      name: 'auth.newKey given while every process runs 4.0: the rotation is not supported there',
      base: doc(OLD, '', all40),
      code: doc(OLD, `  newKey: ${NEW}\n`, all40),
      errors: [
        {
          messageId: 'newKeyBefore42',
          severity: 'warning',
          pointer: '/auth/newKey',
          line: 11,
          message:
            "auth.newKey starts Ops Manager's rolling keyfile rotation, which requires MongoDB 4.2 or later on every cluster of the project; 3 process(es) run an earlier release (rs0-0 4.0.28, rs0-1 4.0.28, rs0-2 4.0.28). Upgrade them first; what Ops Manager does with a rotation it does not support is not documented.",
        },
      ],
    },
    {
      name: 'auth.newKey in the PUT that upgrades 4.0 → 4.2: the base still runs 4.0 while the rotation rolls',
      base: doc(OLD, '', all40),
      code: doc(OLD, `  newKey: ${NEW}\n`, threeMembers('4.2.25', '4.0')),
      errors: [{ messageId: 'newKeyBefore42', pointer: '/auth/newKey' }],
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
