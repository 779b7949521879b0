// The deployment's authentication mechanism replaced in one PUT (SCRAM → X.509 with nothing in
// common), or the agent moved to another mechanism in the same PUT that removes its old one.
import { defineTransitionRule } from '../src/core/rule';
import { authMechanismChange, transitionOf } from '../src/model/automation-transition';
import { replicaSetExample, threeMembers } from '../src/model/example-deployments';

const list = (items: string[]) => items.map((m) => `    - ${m}\n`).join('');
/** An example deployment with authentication on: the deployment's and the agent's mechanisms. */
export function authExample(deployment: string[], agent: string[]): string {
  const head =
    `auth:\n  disabled: false\n  autoUser: mms-automation\n  autoAuthMechanism: ${agent[0]}\n  autoAuthMechanisms:\n${list(agent)}  deploymentAuthMechanisms:\n${list(deployment)}` +
    `  keyfile: /var/lib/mongodb-mms-automation/keyfile\n  keyfileWindows: '%SystemDrive%\\MMSAutomation\\versions\\keyfile'\n`;
  return replicaSetExample(threeMembers('7.0.12', '7.0'), undefined, head);
}

const show = (items: string[]) => items.join(', ');

export default defineTransitionRule({
  meta: {
    id: 'auth-mechanism-switch',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'warning',
    description: 'The authentication mechanism is switched in one change: the deployment keeps none of its mechanisms, or the agent moves while its old mechanism is removed.',
    messages: {
      switched:
        'auth.deploymentAuthMechanisms goes from [{{before}}] to [{{after}}] in one change, with no mechanism in common: while the change rolls through the members, clients and agents that authenticate with the old mechanism are refused by members that already run the new one. Add the new mechanism first (keep the old), move the agent and the users to it, then remove the old one in a later change. How the agents order a switch in one change is not documented.',
      agentOffRemoved:
        'The agent moves from [{{from}}] to [{{to}}] in the same change that removes {{removed}} from auth.deploymentAuthMechanisms: the agents authenticate with the old mechanism until they take the new configuration, and members that already dropped it refuse them. Move the agent in one change, and remove its old mechanism from the deployment in a later one. How the agents order the two is not documented.',
    },
    docs: {
      versions: 'Every Ops Manager version with automation authentication (`auth.deploymentAuthMechanisms`, `auth.autoAuthMechanisms`). `MONGODB-CR` and `SCRAM-SHA-1` are one mechanism when every process of the base runs MongoDB 4.0 or later (or a version omlint cannot read), two before.',
      why:
        'The automation configuration lists the mechanisms the deployment accepts (`auth.deploymentAuthMechanisms`) apart from the one the agent logs in with (`auth.autoAuthMechanism(s)`). ' +
        'The agents apply a change member by member, so for a while some members run the old list and some the new. A change that replaces every mechanism at once (SCRAM-SHA-256 → ' +
        'MONGODB-X509) leaves no mechanism that both sides accept; a change that moves the agent and removes its old mechanism at once leaves agents logging in with a mechanism that the ' +
        'updated members already refuse. The MongoDB Kubernetes operator documents fixes for exactly these intermediate states: a member reported ready "even when its authentication mechanism ' +
        'was not in sync with the other nodes" (changelog 20250808, "Fixing auth transition edge-cases"), and agents that "get stuck during auth transition" when they saw ' +
        '`DeploymentAuthMechanisms` populated with `AutoAuthMechanisms` empty (changelog 20260213, CLOUDP-68873). The order add, move, remove is what those fixes converge on, not a documented ' +
        'Ops Manager procedure: the findings are warnings. Turning authentication on or off is not reported here. ' +
        'The automation value `MONGODB-CR` stands for "MONGODB-CR / SCRAM-SHA-1" (Ops Manager\'s automation configuration reference, `auth.deploymentAuthMechanisms`; the Kubernetes operator calls it ' +
        '"an umbrella term for SCRAM-SHA-1 and MONGODB-CR for legacy reasons"), and MongoDB 4.0 removed the MONGODB-CR protocol itself ("Starting in version 4.0, MongoDB removes support for ' +
        'the deprecated MongoDB Challenge-Response (MONGODB-CR) authentication mechanism"): `MONGODB-CR` and `SCRAM-SHA-1` count as one mechanism, unless a process of the base runs a release ' +
        'before 4.0, where MONGODB-CR clients may still exist. ' +
        'Sources: https://github.com/mongodb/mongodb-kubernetes/blob/master/changelog/20250808_fix_fixing_auth_transition_edge_cases.md, ' +
        'https://github.com/mongodb/mongodb-kubernetes/blob/master/changelog/20260213_fix_cloudp_68873_auth_transition_deadlock.md, https://www.mongodb.com/docs/ops-manager/current/reference/cluster-configuration/, ' +
        'mongodb/docs `source/includes/api/automation-configuration/auth.rst` (the value table of `deploymentAuthMechanisms`), mongodb/mongodb-kubernetes `controllers/operator/authentication/authentication.go` (`MongoDBCR`), ' +
        'https://www.mongodb.com/docs/v4.4/release-notes/4.0-compatibility/.',
      base: authExample(['SCRAM-SHA-256'], ['SCRAM-SHA-256']),
      bad: authExample(['MONGODB-X509'], ['SCRAM-SHA-256']),
      good: authExample(['SCRAM-SHA-256', 'MONGODB-X509'], ['SCRAM-SHA-256']),
    },
  },
  check(ctx) {
    const change = authMechanismChange(ctx.base, ctx.value, transitionOf(ctx).base);
    if (!change) return;
    if (change.switched) {
      ctx.report({ pointer: '/auth/deploymentAuthMechanisms', target: 'key', messageId: 'switched', data: { before: show(change.before), after: show(change.after) }, basePointer: '/auth/deploymentAuthMechanisms' });
    } else if (change.agentOffRemoved.length > 0) {
      const pointer = Array.isArray((ctx.value as { auth?: { autoAuthMechanisms?: unknown } }).auth?.autoAuthMechanisms) ? '/auth/autoAuthMechanisms' : '/auth/autoAuthMechanism';
      ctx.report({ pointer, target: 'key', messageId: 'agentOffRemoved', data: { from: show(change.agentFrom), to: show(change.agentTo), removed: show(change.agentOffRemoved) } });
    }
  },
});
