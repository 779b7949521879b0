import rule from '../../rules/process-version-defined';
import { ruleTester } from '../rule-tester';

const versions = `mongoDbVersions:
  - name: 7.0.12
    builds: []
  - name: 6.0.16-ent
    builds: []
`;
const undefinedVersion = (line: number, more: object = {}) => ({ messageId: 'undefinedVersion', line, column: 14, severity: 'error' as const, ...more });

ruleTester(rule, {
  valid: [
    { name: 'versions that are defined', code: `${versions}processes:\n  - name: a\n    version: 7.0.12\n  - name: b\n    version: 6.0.16-ent\n` },
    { name: 'a fragment without mongoDbVersions (required-field says so)', code: 'processes:\n  - name: a\n    version: 7.0.12\n' },
    { name: 'a process without a version', code: `${versions}processes:\n  - name: a\n` },
    { name: 'a version of the wrong type', code: `${versions}processes:\n  - name: a\n    version: 7\n` },
    { name: 'no processes', code: `${versions}processes: []\n` },
  ],
  invalid: [
    { name: 'an undefined version', code: `${versions}processes:\n  - name: a\n    version: 7.0.12\n  - name: b\n    version: 7.0.14\n`, errors: [undefinedVersion(10)] },
    { name: 'a version against an empty list', code: 'mongoDbVersions: []\nprocesses:\n  - name: a\n    version: 8.0.4-ent\n', errors: [{ messageId: 'noVersions', line: 4, column: 14, severity: 'error' }] },
    { name: 'says when mongoDbVersions is empty', code: 'mongoDbVersions: []\nprocesses:\n  - name: a\n    version: 8.0.4\n', errors: [{ messageId: 'noVersions', message: /mongoDbVersions is empty/ }] },
    {
      name: 'every process of a missing version',
      code: `${versions}processes:\n  - name: a\n    version: 6.0.16\n  - name: b\n    version: 6.0.16\n`,
      errors: [undefinedVersion(8), undefinedVersion(10)],
    },
    {
      name: 'names the nearest defined versions',
      code: `${versions}processes:\n  - name: a\n    version: 6.0.16\n`,
      errors: [undefinedVersion(8, { pointer: '/processes/0/version', message: /"6\.0\.16".*no mongoDbVersions entry; defined: "6\.0\.16-ent", "7\.0\.12"\./ })],
    },
    {
      name: 'JSON',
      fileName: 'ac.json',
      code: '{\n  "mongoDbVersions": [{"name": "7.0.12", "builds": []}],\n  "processes": [\n    {"name": "a", "version": "7.0.2"}\n  ]\n}\n',
      errors: [{ messageId: 'undefinedVersion', line: 4, column: 30 }],
    },
  ],
});
