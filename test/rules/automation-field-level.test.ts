import rule from '../../rules/automation-field-level';
import { ruleTester } from '../rule-tester';

const kind = 'automation-config' as const;
const processes = 'processes:\n  - name: a\n    hostname: a.example.net\n    authSchemaVersion: 5\n';

// Issue 31: a hand-written automation configuration with a field at the wrong level.
ruleTester(rule, {
  valid: [
    { name: 'the field where it belongs', code: processes, kind },
    { name: 'top-level keys of the schema', code: `version: 3\nauth: {disabled: true}\nlogRotate: {sizeThresholdMB: 1000}\n${processes}`, kind },
    { name: 'an undocumented top-level key of a GET', code: `maintainedMongotunes: []\nsomeFutureModules: []\n${processes}`, kind },
  ],
  invalid: [
    {
      name: 'a top-level authSchemaVersion (a process field)',
      code: `authSchemaVersion: 5\n${processes}`, kind,
      errors: [{ messageId: 'wrongLevel', line: 1, column: 1, severity: 'warning', message: '`authSchemaVersion` is a field of each process (`processes[].authSchemaVersion`), not of the automation configuration: Ops Manager is assumed to reject it as a top-level attribute it does not know (INVALID_ATTRIBUTE, as it rejected `onlineArchiveModules`: mongodb/mongodb-atlas-cli #813), and no process would get it here. Move it into each process.' }],
    },
    { name: 'a replica set field', code: `${processes}protocolVersion: "1"\n`, kind, errors: [{ messageId: 'wrongLevel', line: 5, column: 1, message: /each replica set \(`replicaSets\[\]\.protocolVersion`\)/ }] },
    { name: 'a member field', code: `votes: 1\n${processes}`, kind, errors: [{ messageId: 'wrongLevel', line: 1, column: 1, message: /each replica set member \(`replicaSets\[\]\.members\[\]\.votes`\)/ }] },
    { name: 'a field of two levels names both', code: `_id: rs0\n${processes}`, kind, errors: [{ messageId: 'wrongLevel', line: 1, column: 1, message: /each replica set and each replica set member \(`replicaSets\[\]\._id`, `replicaSets\[\]\.members\[\]\._id`\)/ }] },
    { name: 'JSON', code: '{\n  "featureCompatibilityVersion": "7.0",\n  "processes": []\n}\n', kind, fileName: 'ac.json', errors: [{ messageId: 'wrongLevel', line: 2, column: 3 }] },
  ],
});
