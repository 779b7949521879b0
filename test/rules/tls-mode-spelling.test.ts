import rule from '../../rules/tls-mode-spelling';
import { ruleTester } from '../rule-tester';

/** The mode value is on line 7, column 17. */
const proc = (version: string, mode: string, key = 'tls') =>
  `processes:\n  - name: a\n    version: ${version}\n    args2_6:\n      net:\n        ${key}:\n          mode: ${mode}\n`;
const spelling = (more: object = {}) => [{ messageId: 'spelling', line: 7, column: 17, severity: 'info' as const, ...more }];
/** On 4.2 and later --fix rewrites the SSL spelling. */
const fixed = (name: string, version: string, from: string, to: string, more: object = {}) => ({ name, code: proc(version, from), errors: spelling(more), output: proc(version, to) });

ruleTester(rule, {
  valid: [
    { name: 'requireTLS', code: proc('7.0.12', 'requireTLS') },
    { name: 'preferTLS', code: proc('8.0.4-ent', 'preferTLS') },
    { name: 'allowTLS', code: proc('8.0.4-ent', 'allowTLS') },
    { name: 'disabled', code: proc('8.0.4-ent', 'disabled') },
    { name: 'SSL spellings inside the legacy net.ssl block', code: proc('4.0.20', 'requireSSL', 'ssl') },
    { name: 'a mode of the wrong type', code: proc('7.0.12', '1') },
  ],
  invalid: [
    fixed('requireSSL inside net.tls', '7.0.12-ent', 'requireSSL', 'requireTLS'),
    fixed('requireSSL inside net.tls, rewritten', '7.0.12', 'requireSSL', 'requireTLS', {
      pointer: '/processes/0/args2_6/net/tls/mode',
      message: 'net.tls.mode "requireSSL" is the SSL-era spelling; net.tls spells it "requireTLS" (the agent accepts both). Write requireTLS.',
    }),
    fixed('preferSSL inside net.tls', '7.0.12', 'preferSSL', 'preferTLS'),
    fixed('allowSSL inside net.tls', '8.0.4', 'allowSSL', 'allowTLS'),
    // Before 4.2 net.tls is translated by the agent: the rewrite is only suggested.
    {
      name: 'requireSSL on a 3.6 process (a suggestion, never --fix)',
      code: proc('3.6.8', 'requireSSL'),
      errors: spelling({ suggestions: [{ title: 'Write requireTLS', output: proc('3.6.8', 'requireTLS') }] }),
      output: null,
    },
    {
      name: 'JSON, rewritten',
      fileName: 'ac.json',
      code: '{"processes": [{"name": "a", "version": "8.0.4", "args2_6": {"net": {"tls": {"mode": "allowSSL"}}}}]}\n',
      errors: [{ messageId: 'spelling' }],
      output: '{"processes": [{"name": "a", "version": "8.0.4", "args2_6": {"net": {"tls": {"mode": "allowTLS"}}}}]}\n',
    },
  ],
});
