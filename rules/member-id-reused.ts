// A replica set member _id that names another process than in the base (docs/versions.md,
// "Replica set changes").
import { defineTransitionRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { transitionOf } from '../src/model/automation-transition';
import { replicaSetExample, threeMembers } from '../src/model/example-deployments';

/** rs0-2 replaced by a new process rs0-3 on a new host. */
const REPLACED = [...threeMembers('7.0.12', '7.0').slice(0, 2), { name: 'rs0-3', hostname: 'db3.example.net', version: '7.0.12', fcv: '7.0' }];

export default defineTransitionRule({
  meta: {
    id: 'member-id-reused',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'warning',
    description: 'A replica set member _id now names a different host than in the base.',
    messages: {
      reused:
        'Member _id {{id}} of replica set {{name}} was {{was}} in the base and is {{is}} now; MongoDB reads the same _id as the same member moved to another host. If {{is}} is a new member, give it an _id no member used.{{stillThere}}',
    },
    docs: {
      versions: 'Every MongoDB version.',
      why:
        'MongoDB identifies a replica set member by its `_id`: to move a member to another host the manual changes `members[n].host` and notes that "the value of members[n]._id field will not change ' +
        'when you reconfigure the set" (Replace a Replica Set Member). A new member that takes the `_id` of a removed one is therefore read as that member on a new host, and two members that ' +
        'swap `_id`s swap identities. How the automation agent orders such a reconfiguration is not documented, so this is a warning. ' +
        'Source: https://www.mongodb.com/docs/manual/tutorial/replace-replica-set-member/.',
      base: replicaSetExample(threeMembers('7.0.12', '7.0')),
      bad: replicaSetExample(REPLACED, [{ id: 0, host: 'rs0-0' }, { id: 1, host: 'rs0-1' }, { id: 2, host: 'rs0-3' }]),
      good: replicaSetExample(REPLACED, [{ id: 0, host: 'rs0-0' }, { id: 1, host: 'rs0-1' }, { id: 3, host: 'rs0-3' }]),
    },
  },
  check(ctx) {
    for (const { base, now } of transitionOf(ctx).replicaSets) {
      const baseById = new Map(base.members.map((m) => [m.value._id, m]));
      const hostsNow = new Set(now.members.map((m) => m.host));
      for (const m of now.members) {
        const id = m.value._id;
        if (typeof id !== 'number' && typeof id !== 'string') continue;
        const before = baseById.get(id);
        if (!before || before.host === undefined || m.host === undefined || before.host === m.host) continue;
        ctx.report({
          pointer: joinPointer(m.pointer, 'host'),
          messageId: 'reused',
          data: {
            id: JSON.stringify(id),
            name: JSON.stringify(now.id),
            was: JSON.stringify(before.host),
            is: JSON.stringify(m.host),
            stillThere: hostsNow.has(before.host) ? ` ${JSON.stringify(before.host)} is still a member under another _id: the two swap identities.` : '',
          },
          basePointer: joinPointer(before.pointer, 'host'),
        });
      }
    }
  },
});
