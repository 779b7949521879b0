import rule from '../../rules/auth-keyfile';
import { ruleTester } from '../rule-tester';

/** `disabled` is on line 2; its value at column 13. */
const auth = (disabled: string, ...lines: string[]) => `auth:\n  disabled: ${disabled}\n${lines.map((l) => `  ${l}\n`).join('')}`;

ruleTester(rule, {
  valid: [
    { name: 'auth enabled with keyfile and autoUser', code: auth('false', 'autoUser: mms-automation', 'keyfile: /var/lib/mongodb-mms-automation/keyfile') },
    { name: 'auth disabled without either (real GET of an empty project)', code: auth('true', 'autoUser: ""') },
    { name: 'no disabled flag', code: 'auth:\n  autoUser: mms-automation\n' },
    { name: 'no auth at all', code: 'processes: []\n' },
    { name: 'a disabled flag of the wrong type', code: auth('"false"') },
  ],
  invalid: [
    {
      name: 'auth enabled without keyfile or autoUser',
      code: auth('false', 'autoAuthMechanism: SCRAM-SHA-256'),
      errors: [{ messageId: 'noKeyfileOrAutoUser', line: 2, column: 13, severity: 'error', suggestions: ['Add autoUser and keyfile'] }],
    },
    { name: 'auth enabled with an empty autoUser and no keyfile', code: auth('false', 'autoUser: ""'), errors: [{ messageId: 'noKeyfileOrAutoUser', line: 2, column: 13, severity: 'error' }] },
    {
      name: 'auth enabled without autoUser',
      code: auth('false', 'keyfile: /var/lib/mongodb-mms-automation/keyfile'),
      errors: [{ messageId: 'noAutoUser', line: 2, column: 13, severity: 'error', suggestions: ['Set autoUser: mms-automation'] }],
    },
    // The migration fixtures of the operator omit keyfile alone: information only.
    {
      name: 'auth enabled without keyfile (info)',
      code: auth('false', 'autoUser: mms-automation-agent'),
      errors: [{ messageId: 'noKeyfile', line: 2, column: 13, severity: 'info', suggestions: ['Set keyfile: /var/lib/mongodb-mms-automation/keyfile'] }],
    },
    // Suggestions are offered in editors and never applied by --fix.
    { name: 'the defaults are suggested, never applied', code: auth('false'), errors: [{ messageId: 'noKeyfileOrAutoUser', line: 2, column: 13, suggestions: ['Add autoUser and keyfile'] }], output: null },
  ],
});
