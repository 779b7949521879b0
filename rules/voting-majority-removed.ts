// A change that removes (or makes non-voting) at least half of a replica set's voting members at
// once: the members left are no majority of the configuration they come from (docs/versions.md,
// "Replica set changes").
import { defineTransitionRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { transitionOf, isVoting } from '../src/model/automation-transition';
import { replicaSetExample, threeMembers } from '../src/model/example-deployments';

export default defineTransitionRule({
  meta: {
    id: 'voting-majority-removed',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'error',
    description: 'A change removes or un-votes so many voting members of a replica set at once that those left are no majority of the old configuration.',
    messages: {
      majorityGone:
        'Replica set {{name}} loses {{lost}} of its {{voters}} voting members in this change ({{hosts}}); only {{left}} of the {{voters}} remain, no majority of the old configuration, so the set cannot elect a primary while the change is applied. Remove or un-vote one voting member per change and let each reach goal state.',
    },
    docs: {
      versions: 'Every MongoDB version (majority elections); the one-voting-member-per-reconfiguration limit is documented from MongoDB 4.4 on.',
      why:
        'A replica set elects a primary with the votes of a majority of its voting members, and `replSetReconfig` "can add or remove no more than one voting member at a time" (MongoDB manual, ' +
        'Remove Members from a Replica Set; from 4.4 on). An automation configuration that drops or un-votes half or more of the voting members in one PUT asks the agents to shut down ' +
        'processes that the old configuration still needs for a majority: the set loses its primary until the change is through, or stays without one. Whether the agent orders such a ' +
        'change safely is not documented; removing one voting member per change is. Sources: https://www.mongodb.com/docs/manual/tutorial/remove-replica-set-member/, ' +
        'https://www.mongodb.com/docs/manual/tutorial/configure-a-non-voting-replica-set-member/.',
      base: replicaSetExample(threeMembers('7.0.12', '7.0')),
      bad: replicaSetExample(threeMembers('7.0.12', '7.0').slice(0, 1)),
      good: replicaSetExample(threeMembers('7.0.12', '7.0').slice(0, 2)),
    },
  },
  check(ctx) {
    for (const { base, now } of transitionOf(ctx).replicaSets) {
      const voters = base.members.filter(isVoting);
      if (voters.length < 2) continue;
      const nowByHost = new Map(now.members.filter((m) => m.host !== undefined).map((m) => [m.host!, m]));
      const lost = voters.filter((m) => {
        if (m.host === undefined) return false;
        const after = nowByHost.get(m.host);
        return after === undefined || !isVoting(after);
      });
      const left = voters.length - lost.length;
      if (left * 2 > voters.length) continue;
      ctx.report({
        pointer: joinPointer(now.pointer, 'members'),
        target: 'key',
        messageId: 'majorityGone',
        data: { name: JSON.stringify(now.id), lost: lost.length, voters: voters.length, left, hosts: lost.map((m) => JSON.stringify(m.host)).join(', ') },
      });
    }
  },
});
