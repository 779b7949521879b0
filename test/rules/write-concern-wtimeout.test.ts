import rule from '../../rules/write-concern-wtimeout';
import { ruleTester } from '../rule-tester';

/** defaultWriteConcern fields from line 5, keys at column 9. */
const proc = (...fields: string[]) =>
  `processes:\n  - name: a\n    defaultRWConcern:\n      defaultWriteConcern:\n${fields.map((f) => `        ${f}\n`).join('')}`;
const at = (line: number, more: object = {}) => [{ messageId: 'wtimeoutWithoutW', line, column: 9, severity: 'warning' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'wtimeout with w majority', code: proc('w: majority', 'wtimeout: 5000') },
    { name: 'wtimeout with w 2', code: proc('w: 2', 'wtimeout: 5000') },
    { name: 'wtimeout with w "3" (OM writes w as a string)', code: proc('w: "3"', 'wtimeout: 5000') },
    { name: 'wtimeout with a tag set name', code: proc('w: twoDataCenters', 'wtimeout: 5000') },
    { name: 'w 1 without wtimeout', code: proc('w: 1', 'j: true') },
    { name: 'wtimeout 0 (no timeout)', code: proc('w: 1', 'wtimeout: 0') },
    { name: 'wtimeout without w (the default depends on the deployment)', code: proc('wtimeout: 5000') },
    { name: 'only a read concern', code: 'processes:\n  - name: a\n    defaultRWConcern:\n      defaultReadConcern:\n        level: majority\n' },
  ],
  invalid: [
    {
      name: 'wtimeout with w 1 (explains and suggests removing wtimeout)',
      code: proc('w: 1', 'wtimeout: 5000'),
      errors: at(6, { pointer: '/processes/0/defaultRWConcern/defaultWriteConcern/wtimeout', message: /wtimeout is set while w is 1/, suggestions: [{ title: 'Remove wtimeout', output: proc('w: 1') }] }),
    },
    { name: 'wtimeout with w 0', code: proc('wtimeout: 100', 'w: 0'), errors: at(5) },
    { name: 'wtimeout with w "1"', code: proc('w: "1"', 'wtimeout: 100'), errors: at(6) },
  ],
});
