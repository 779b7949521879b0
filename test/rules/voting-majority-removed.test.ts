import rule from '../../rules/voting-majority-removed';
import { replicaSetExample, threeMembers } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

const three = threeMembers('7.0.12', '7.0');
const five = [0, 1, 2, 3, 4].map((i) => ({ name: `rs0-${i}`, version: '7.0.12', fcv: '7.0' }));
const four = five.slice(0, 4);

ruleTester(rule, {
  valid: [
    { name: 'one voting member of three removed', base: replicaSetExample(three), code: replicaSetExample(three.slice(0, 2)) },
    { name: 'a minority of five removed', base: replicaSetExample(five), code: replicaSetExample(five.slice(0, 3)) },
    { name: 'a whole replica set removed (no set is left to lose its majority)', base: replicaSetExample(three), code: 'version: 12\nprocesses: []\nreplicaSets: []\n' },
  ],
  invalid: [
    {
      name: 'two of three members removed at once, at the members key',
      base: replicaSetExample(three),
      code: replicaSetExample(three.slice(0, 1)),
      errors: [
        {
          messageId: 'majorityGone',
          severity: 'error',
          pointer: '/replicaSets/0/members',
          line: 29,
          column: 5,
          message:
            'Replica set "rs0" loses 2 of its 3 voting members in this change ("rs0-1", "rs0-2"); only 1 of the 3 remain, no majority of the old configuration, so the set cannot elect a primary while the change is applied. Remove or un-vote one voting member per change and let each reach goal state.',
        },
      ],
    },
    {
      name: 'members made non-voting count like removed ones, and an even split is no majority',
      base: replicaSetExample(four),
      code: replicaSetExample(four, [0, 1, 2, 3].map((id) => ({ id, host: `rs0-${id}`, votes: id >= 2 ? 0 : 1 }))),
      errors: [{ messageId: 'majorityGone', severity: 'error', pointer: '/replicaSets/0/members', line: 68, column: 5, message: /loses 2 of its 4 voting members in this change \("rs0-2", "rs0-3"\); only 2 of the 4 remain/ }],
    },
  ],
});
