import rule from '../../rules/config-version-changed';
import { ruleTester } from '../rule-tester';

const doc = (v: string) => `version: ${v}\nprocesses: []\n`;

ruleTester(rule, {
  valid: [
    { name: 'the version of the GET', base: doc('41'), code: doc('41') },
    { name: 'a newer version (the next GET after a PUT)', base: doc('41'), code: doc('42') },
    { name: 'a version that is not a number (a template; the schema speaks about the rest)', base: doc('41'), code: doc('"${VERSION}"') },
  ],
  invalid: [
    {
      name: 'a lowered version',
      base: doc('41'),
      code: doc('39'),
      errors: [
        {
          messageId: 'lowered',
          severity: 'warning',
          pointer: '/version',
          line: 1,
          column: 10,
          message:
            'version is 39 here and 41 in the base (HEAD:doc.yaml): lowered. It is the revision of the configuration you edit, which Ops Manager keeps; an older number suggests the edit started from an older GET. Start again from the current GET.',
        },
      ],
    },
  ],
});
