import rule from '../../rules/process-renamed';
import { replicaSetExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

const procs = threeMembers('7.0.12', '7.0');
const base = replicaSetExample(procs);
const RENAMED = {
  messageId: 'renamed',
  severity: 'warning' as const,
  pointer: '/processes/0/name',
  line: 13,
  column: 11,
  related: [{ file: 'base', pointer: '/processes/0/name', line: 13, column: 5 }],
};

ruleTester(rule, {
  valid: [{ name: 'a new process on a new host next to a removed one', base, code: replicaSetExample(withFirst(procs, { name: 'rs0-9', hostname: 'db9.example.net' })) }],
  invalid: [
    {
      name: 'a new name at the host and port of a removed process',
      base,
      code: replicaSetExample(withFirst(procs, { name: 'rs0-primary' })),
      errors: [
        {
          ...RENAMED,
          message:
            'Process "rs0-primary" takes the host and port of process "rs0-0" (db0.example.net:27017), which is gone from this configuration; processes are known by name, so this is a removal of "rs0-0" and an addition of "rs0-primary", not a rename. Keep the name "rs0-0" if the process is meant to stay.',
        },
      ],
    },
    { name: 'host names compared without case', base, code: replicaSetExample(withFirst(procs, { name: 'rs0-primary', hostname: 'DB0.example.net' })), errors: [RENAMED] },
  ],
});
