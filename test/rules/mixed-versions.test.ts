import rule from '../../rules/mixed-versions';
import { replicaSetExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

const MIXED = replicaSetExample(withFirst(threeMembers('6.0.15', '6.0'), { version: '7.0.12' }));
/** The set's _id (the mix example has two mongoDbVersions entries). */
const AT_SET = { pointer: '/replicaSets/0/_id', line: 60, column: 10 };

ruleTester(rule, {
  valid: [
    { name: 'a set on one series: patch levels', base: replicaSetExample(threeMembers('7.0.11', '7.0')), code: replicaSetExample(threeMembers('7.0.12', '7.0')) },
    { name: 'a set on one series: patch levels differing between members', base: replicaSetExample(threeMembers('7.0.11', '7.0')), code: replicaSetExample(withFirst(threeMembers('7.0.12', '7.0'), { version: '7.0.14' })) },
    // A mix is the document's own state then.
    { name: 'a mix whose versions did not change', base: MIXED, code: MIXED },
    { name: 'a mix whose versions did not change, FCV changed', base: MIXED, code: replicaSetExample(withFirst(threeMembers('6.0.15', '5.0'), { version: '7.0.12', fcv: '5.0' })) },
    { name: 'the end of a mix', base: MIXED, code: replicaSetExample(threeMembers('7.0.12', '6.0')) },
  ],
  invalid: [
    {
      name: 'a change that starts a mix (information)',
      base: replicaSetExample(threeMembers('6.0.15', '6.0')),
      code: MIXED,
      errors: [
        {
          messageId: 'nowMixed',
          severity: 'info',
          ...AT_SET,
          message:
            'Replica set "rs0" runs 6.0 and 7.0 after this change; mixed release series are a transitional state of an upgrade or downgrade. Bring every process to one release before changing the featureCompatibilityVersion.',
        },
      ],
    },
    {
      name: 'a base mixed already and a change of versions that keeps it so (warning)',
      base: MIXED,
      code: replicaSetExample(withFirst(threeMembers('6.0.16', '6.0'), { version: '7.0.12' })),
      errors: [{ messageId: 'stillMixed', severity: 'warning', ...AT_SET }],
    },
  ],
});
