import rule from '../../rules/duplicate-process';
import { ruleTester } from '../rule-tester';

/** Six lines per process: process k's name is on line 2 + 6k (column 11), its port on 6 + 6k (column 15). */
const proc = (name: string, hostname: string, port: number | string) =>
  `  - name: ${name}\n    hostname: ${hostname}\n    args2_6:\n      net:\n        port: ${port}\n    processType: mongod\n`;
const doc = (...procs: string[]) => `processes:\n${procs.join('')}`;
const sameName = (line: number) => ({ messageId: 'sameName', line, column: 11, severity: 'error' as const });
const samePort = (line: number) => ({ messageId: 'samePort', line, column: 15, severity: 'error' as const });

ruleTester(rule, {
  valid: [
    { name: 'distinct names and addresses', code: doc(proc('a', 'db0.example.net', 27017), proc('b', 'db1.example.net', 27017), proc('c', 'db0.example.net', 27018)) },
    { name: 'ports given as strings (the schema reports the type)', code: doc(proc('a', 'db0.example.net', '"27017"'), proc('b', 'db0.example.net', '"27017"')) },
    { name: 'processes without a port (defaults differ by role)', code: 'processes:\n  - name: a\n    hostname: h\n  - name: b\n    hostname: h\n' },
    { name: 'a non-object entry', code: 'processes:\n  - null\n  - name: a\n' },
  ],
  invalid: [
    { name: 'a repeated name', code: doc(proc('a', 'db0.example.net', 27017), proc('a', 'db1.example.net', 27017)), errors: [sameName(8)] },
    { name: 'two processes on one host and port', code: doc(proc('a', 'db0.example.net', 27017), proc('b', 'db0.example.net', 27017)), errors: [samePort(12)] },
    { name: 'host names differing only in case', code: doc(proc('a', 'db0.example.net', 27017), proc('b', 'DB0.Example.net', 27017)), errors: [samePort(12)] },
    {
      name: 'both at once, and a third copy',
      code: doc(proc('a', 'db0.example.net', 27017), proc('a', 'db0.example.net', 27017), proc('a', 'db2.example.net', 27017)),
      errors: [sameName(8), samePort(12), sameName(14)],
    },
    {
      name: 'both name the first process',
      code: doc(proc('a', 'db0.example.net', 27017), proc('a', 'db0.example.net', 27017)),
      errors: [
        { ...sameName(8), pointer: '/processes/1/name', message: /already used by processes\[0\]/ },
        { ...samePort(12), pointer: '/processes/1/args2_6/net/port', message: /db0\.example\.net:27017, like processes\[0\] \("a"\)/ },
      ],
    },
  ],
});
