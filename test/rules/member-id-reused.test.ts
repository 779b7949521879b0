import rule from '../../rules/member-id-reused';
import { replicaSetExample, threeMembers } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

const procs = threeMembers('7.0.12', '7.0');
const base = replicaSetExample(procs);
/** The host of member m (line 57 + 4 per member), with its place in the base. */
const atHost = (m: number, message?: string | RegExp) => ({
  messageId: 'reused',
  severity: 'warning' as const,
  pointer: `/replicaSets/0/members/${m}/host`,
  line: 57 + 4 * m,
  column: 15,
  ...(message === undefined ? {} : { message }),
  related: [{ file: 'base', pointer: `/replicaSets/0/members/${m}/host`, line: 57 + 4 * m, column: 9 }],
});

ruleTester(rule, {
  valid: [{ name: 'members in another order with their own _ids', base, code: replicaSetExample(procs, [{ id: 2, host: 'rs0-2' }, { id: 0, host: 'rs0-0' }, { id: 1, host: 'rs0-1' }]) }],
  invalid: [
    {
      name: 'an _id that now names another host, with the base place',
      base,
      code: replicaSetExample([...procs.slice(0, 2), { name: 'rs0-3', hostname: 'db3.example.net', version: '7.0.12', fcv: '7.0' }], [{ id: 0, host: 'rs0-0' }, { id: 1, host: 'rs0-1' }, { id: 2, host: 'rs0-3' }]),
      errors: [
        atHost(
          2,
          'Member _id 2 of replica set "rs0" was "rs0-2" in the base and is "rs0-3" now; MongoDB reads the same _id as the same member moved to another host. If "rs0-3" is a new member, give it an _id no member used.',
        ),
      ],
    },
    {
      name: 'two members that swap _ids',
      base,
      code: replicaSetExample(procs, [{ id: 0, host: 'rs0-0' }, { id: 1, host: 'rs0-2' }, { id: 2, host: 'rs0-1' }]),
      errors: [atHost(1, /"rs0-1" is still a member under another _id: the two swap identities\./), atHost(2)],
    },
  ],
});
