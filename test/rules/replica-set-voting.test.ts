import rule from '../../rules/replica-set-voting';
import { ruleTester } from '../rule-tester';

/** One replica set; "members:" is on line 3 (column 5), member i on line 4 + i. */
const rs = (...members: string[]) =>
  `replicaSets:\n  - _id: rs0\n    members:\n${members.map((m, i) => `      - {_id: ${i}, host: p${i}${m ? `, ${m}` : ''}}\n`).join('')}`;
const times = (n: number, m: string) => Array.from({ length: n }, () => m);
/** The replica set of rs() after three processes p0-p2 of one MongoDB version: members from line 7. */
const onVersion = (version: string, ...members: string[]) =>
  `processes:\n${[0, 1, 2].map((i) => `  - {name: p${i}, processType: mongod, version: "${version}"}\n`).join('')}${rs(...members)}`;
const at = (messageId: string | undefined, line: number, column: number, severity: 'error' | 'warning' | 'info' = 'error', more: object = {}) => ({ messageId, line, column, severity, ...more });
const arbiter = (version: string, severity: 'info' | 'warning') => ({
  name: `an arbiter with priority 1 on MongoDB ${version} is ${severity}, never an error`,
  code: onVersion(version, 'priority: 1', 'priority: 1', 'arbiterOnly: true, priority: 1'),
  errors: [
    at(undefined, 10, 57, severity, {
      pointer: '/replicaSets/0/members/2/priority',
      message: severity === 'info' ? new RegExp(`the default MongoDB ${version.replace(/\./g, '\\.')} documents for arbiters`) : /mongod 3\.6\+ silently resets/,
    }),
  ],
});

ruleTester(rule, {
  valid: [
    { name: 'seven voters and a non-voter', code: rs(...times(7, 'priority: 1, votes: 1'), 'priority: 0, votes: 0') },
    { name: 'seven voters by default (votes absent)', code: rs(...times(7, '')) },
    { name: 'fifty members, seven of them voting', code: rs(...times(7, 'votes: 1'), ...times(43, 'priority: 0, votes: 0')) },
    { name: 'a hidden, delayed member with priority 0 (real member_options fixture)', code: rs('priority: 2, votes: 1', 'priority: 0, votes: 1, hidden: true, secondaryDelaySecs: 3600', 'priority: 1, votes: 1') },
    { name: 'an arbiter with priority 0', code: rs('priority: 1', 'priority: 1', 'arbiterOnly: true, priority: 0') },
    { name: 'float priorities (as OM writes them)', code: rs('priority: 1.0, votes: 1', 'priority: 0.5, votes: 1') },
    { name: 'a zero delay', code: rs('priority: 1, secondaryDelaySecs: 0', 'priority: 1, slaveDelay: 0') },
    { name: 'a non-voting member with priority 1 before 3.2', code: onVersion('3.0.15', 'priority: 1', 'votes: 0, priority: 1') },
  ],
  invalid: [
    { name: 'eight voting members', code: rs(...times(6, 'votes: 1'), '', 'votes: 1'), errors: [at('tooManyVoters', 3, 5)] },
    {
      name: 'nine voting members (counts the voters)',
      code: rs(...times(9, '')),
      errors: [at('tooManyVoters', 3, 5, 'error', { message: 'Replica set "rs0" has 9 voting members; at most 7 members may vote. Set votes: 0 and priority: 0 on the extra members.' })],
    },
    { name: 'fifty-one members', code: rs(...times(7, 'votes: 1'), ...times(44, 'priority: 0, votes: 0')), errors: [at('tooManyMembers', 3, 5)] },
    { name: 'fifty-one voting members (both limits)', code: rs(...times(51, '')), errors: [at('tooManyMembers', 3, 5), at('tooManyVoters', 3, 5)] },
    // The arbiter reports carry a plain message (no messageId yet).
    // Never an error (issue 15): MongoDB up to 3.4 documents 1 as the arbiter default; 3.6+ resets it to 0.
    { name: 'an arbiter with priority 1 (process version unknown)', code: rs('priority: 1', 'priority: 1', 'arbiterOnly: true, priority: 1'), errors: [at(undefined, 6, 57, 'warning', { message: /is an arbiter with priority 1/ })] },
    {
      name: 'an arbiter with priority 1 (suggests priority 0, never fixes)',
      code: rs('priority: 1', 'arbiterOnly: true, priority: 1'),
      errors: [
        at(undefined, 5, 57, 'warning', {
          pointer: '/replicaSets/0/members/1/priority',
          message: /is an arbiter with priority 1; an arbiter can never become primary/,
          suggestions: [{ title: 'Set priority to 0', output: rs('priority: 1', 'arbiterOnly: true, priority: 0') }],
        }),
      ],
      output: null,
    },
    arbiter('3.2.22', 'info'),
    arbiter('3.4.24-ent', 'info'),
    arbiter('3.6.0', 'warning'),
    arbiter('7.0.12', 'warning'),
    { name: 'a hidden member with priority 0.5', code: rs('priority: 1', 'hidden: true, priority: 0.5'), errors: [at('memberVotes', 5, 52)] },
    { name: 'a non-voting member with priority 1', code: rs('priority: 1', 'votes: 0, priority: 1'), errors: [at('memberVotes', 5, 48)] },
    { name: 'a non-voting member with priority 1 from 3.2 on', code: onVersion('3.2.0', 'priority: 1', 'votes: 0, priority: 1'), errors: [{ messageId: 'memberVotes', severity: 'error' }] },
    { name: 'a hidden member with priority 1 on 3.2', code: onVersion('3.2.22', 'priority: 1', 'hidden: true, priority: 1'), errors: [{ messageId: 'memberVotes', severity: 'error' }] },
    { name: 'a hidden non-voting member with priority 1 before 3.2', code: onVersion('3.0.15', 'priority: 1', 'hidden: true, votes: 0, priority: 1'), errors: [{ messageId: 'memberVotes', severity: 'error' }] },
    { name: 'a delayed member with priority 1', code: rs('priority: 1', 'secondaryDelaySecs: 3600, priority: 1'), errors: [at('memberVotes', 5, 64)] },
    { name: 'a legacy slaveDelay member with priority 2', code: rs('priority: 1', 'slaveDelay: 60, priority: 2'), errors: [at('memberVotes', 5, 54)] },
  ],
});
