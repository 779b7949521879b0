import rule from '../../rules/feature-compatibility-version';
import { ruleTester } from '../rule-tester';

/** The FCV value is on line 4, column 34. */
const proc = (version: string, fcv: string) =>
  `processes:\n  - name: a\n    version: ${version}\n    featureCompatibilityVersion: ${fcv}\n`;
const valid = (name: string, version: string, fcv: string) => ({ name, code: proc(version, fcv) });
const invalid = (name: string, version: string, fcv: string, messageId: string, more: object = {}) => ({
  name,
  code: proc(version, fcv),
  errors: [{ messageId, line: 4, column: 34, severity: 'error' as const, ...more }],
});

ruleTester(rule, {
  valid: [
    valid('the same release', '7.0.12', '"7.0"'),
    valid('one release older', '7.0.12', '"6.0"'),
    valid('an enterprise build', '8.0.4-ent', '"7.0"'),
    valid('5.0 with FCV 4.4', '5.0.3', '"4.4"'),
    valid('4.0 with FCV 3.6', '4.0.1', '"3.6"'),
    valid('a rapid release with the previous major FCV', '7.2.0', '"7.0"'),
    valid('a rapid release with the previous rapid FCV', '7.2.0', '"7.1"'),
    valid('a release candidate', '8.0.0-rc1', '"8.0"'),
    valid('a version before FCV existed', '3.2.22', '"3.0"'),
    valid('an unparseable version (only the format is checked)', 'custom-build', '"7.0"'),
    valid('an FCV of the wrong type (the schema reports it)', '7.0.12', '7.0'),
    { name: 'a process without version', code: 'processes:\n  - name: a\n    featureCompatibilityVersion: "7.0"\n' },
  ],
  invalid: [
    invalid('a patch-level FCV (suggests major.minor)', '7.0.12', '7.0.12', 'notMajorMinor', {
      pointer: '/processes/0/featureCompatibilityVersion',
      message: 'featureCompatibilityVersion "7.0.12" of process "a" is not "major.minor"; the server accepts only a release such as "7.0". Write "7.0".',
      suggestions: ['Set featureCompatibilityVersion to "7.0"'],
    }),
    invalid('an FCV such as 4.2.4 (operator #1072)', '4.2.8', '"4.2.4"', 'notMajorMinor'),
    invalid('a word', '7.0.12', 'latest', 'notMajorMinor'),
    invalid('an FCV newer than the binary', '7.0.12', '"8.0"', 'newerThanBinary', { message: /is newer than its version "7\.0\.12"/ }),
    invalid('two releases older', '7.0.12', '"5.0"', 'tooOld'),
    invalid('an 8.0 binary with FCV 6.0 (says which FCVs it accepts)', '8.0.4-ent', '"6.0"', 'tooOld', { message: /mongod 8\.0 accepts FCV 7\.0 to 8\.0/ }),
    invalid('a 6.0 binary with FCV 4.4', '6.0.1', '"4.4"', 'tooOld'),
  ],
});
