import rule from '../../rules/replica-set-members';
import { ruleTester } from '../rule-tester';

// Lines 2-4: processes a, b (rs0) and c (rs1); a replSetName value starts at column 77 on line 4.
const processes = `processes:
  - {name: a, hostname: a.example.net, args2_6: {replication: {replSetName: rs0}, net: {port: 27017}}}
  - {name: b, hostname: b.example.net, args2_6: {replication: {replSetName: rs0}, net: {port: 27017}}}
  - {name: c, hostname: c.example.net, args2_6: {replication: {replSetName: rs1}, net: {port: 27017}}}
`;
/** A replica set whose members start on the line after `members:`; member host values at column 24. */
const rs = (id: string, ...hosts: (string | [number | string, string])[]) =>
  `  - _id: ${id}\n    members:\n` +
  hosts.map((h, i) => (Array.isArray(h) ? `      - {_id: ${h[0]}, host: ${h[1]}}\n` : `      - {_id: ${i}, host: ${h}}\n`)).join('');
const doc = (...sets: string[]) => `${processes}replicaSets:\n${sets.join('')}`;
const at = (messageId: string, line: number, column: number, more: object = {}) => [{ messageId, line, column, severity: 'error' as const, ...more }];

ruleTester(rule, {
  valid: [
    { name: 'consistent replica sets', code: doc(rs('rs0', 'a', 'b'), rs('rs1', 'c')) },
    { name: 'a fragment without processes', code: `replicaSets:\n${rs('rs0', 'x', 'y')}` },
    { name: 'a member process without replSetName', code: `processes:\n  - {name: a}\nreplicaSets:\n${rs('rs0', 'a')}` },
    { name: 'member _ids of different types', code: doc(rs('rs0', [0, 'a'], ['"0"', 'b']), rs('rs1', 'c')) },
    { name: 'no replica sets, no replSetName', code: 'processes:\n  - {name: a, args2_6: {net: {port: 27017}}}\nreplicaSets: []\n' },
    { name: 'a replSetName in a fragment without replicaSets (not judged)', code: processes },
    { name: 'a templated replSetName', code: `processes:\n  - {name: a, args2_6: {replication: {replSetName: "\${RS_NAME}"}}}\nreplicaSets: []\n` },
  ],
  // Line 5 is "replicaSets:", 6 the first _id, 7 "members:", members from line 8. A set rs1 of c
  // closes the documents whose other sets leave c's replSetName to none (replSetNameUnknown).
  invalid: [
    // Issue 31: a replSetName that no replicaSets entry has (the old 'no replica sets' row had three).
    {
      name: 'replSetNames with no replica sets at all',
      code: `${processes}replicaSets: []\n`,
      errors: [2, 3, 4].map((line) => ({ messageId: 'replSetNameUnknown', line, column: 77, severity: 'warning' as const })),
    },
    {
      name: 'a process whose replSetName no set has (names the near set)',
      code: doc(rs('rs0', 'a', 'b'), rs('rs2', 'x')),
      errors: [
        { messageId: 'replSetNameUnknown', line: 4, column: 77, severity: 'warning' as const, message: 'Process "c" has replSetName "rs1", but no replicaSets entry has that _id (did you mean "rs0"?): the agent starts it for a replica set that is never initiated. Add the set to replicaSets with this process as a member, or correct the name.' },
        ...at('unknownHost', 12, 24),
      ],
    },
    { name: 'a member host naming no process', code: doc(rs('rs0', 'a', 'b', 'x'), rs('rs1', 'c')), errors: at('unknownHost', 10, 24) },
    {
      name: 'a member host naming no process (names the processes that exist, the nearest first)',
      code: doc(rs('rs0', 'a', 'b', 'bb'), rs('rs1', 'c')),
      errors: at('unknownHost', 10, 24, { pointer: '/replicaSets/0/members/2/host', message: 'Member host "bb" of replica set "rs0" names no process; processes: "b", "a", "c". Use a processes[].name.' }),
    },
    {
      name: 'a hostname:port instead of a process name (points at the process that listens there)',
      code: doc(rs('rs0', 'a', 'b.example.net:27017'), rs('rs1', 'c')),
      errors: at('unknownHost', 9, 24, { message: /That address is process "b": use its name\./ }),
    },
    {
      name: 'a process in two replica sets (names the other set)',
      code: doc(rs('rs0', 'a', 'b'), rs('rs1', 'c', 'b')),
      errors: at('inTwoSets', 13, 24, { message: /Process "b" is already a member of replica set "rs0"/ }),
    },
    { name: 'a process listed twice in one set', code: doc(rs('rs0', 'a', 'b', 'a'), rs('rs1', 'c')), errors: at('listedTwice', 10, 24) },
    { name: 'a duplicate member _id', code: doc(rs('rs0', [0, 'a'], [0, 'b']), rs('rs1', 'c')), errors: at('duplicateMemberId', 9, 15) },
    { name: 'a duplicate replica set _id', code: doc(rs('rs0', 'a'), rs('rs1', 'c'), rs('rs0', 'b')), errors: at('duplicateSetId', 12, 10) },
    {
      name: "a member whose replSetName differs from its set's _id (suggests the _id)",
      code: doc(rs('rs0', 'a', 'b', 'c')),
      errors: at('replSetNameMismatch', 4, 77, {
        pointer: '/processes/2/args2_6/replication/replSetName',
        suggestions: [{ title: 'Set replSetName to "rs0"', output: doc(rs('rs0', 'a', 'b', 'c')).replace('{name: c, hostname: c.example.net, args2_6: {replication: {replSetName: rs1}', '{name: c, hostname: c.example.net, args2_6: {replication: {replSetName: rs0}') }],
      }),
      output: null,
    },
  ],
});
