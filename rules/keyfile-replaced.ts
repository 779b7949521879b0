// auth.key (the contents of the members' keyfile) replaced in one PUT while the deployment uses it:
// Ops Manager's documented rotation keeps auth.key and gives the new key in auth.newKey.
// The two keys are compared in memory before masking (secretsDiffer), never printed or kept.
import { defineTransitionRule } from '../src/core/rule';
import { isObject } from '../src/model/automation-topology';
import { keyChange, namesOf, processesBeforeKeyRotation, transitionOf } from '../src/model/automation-transition';
import { replicaSetExample, threeMembers } from '../src/model/example-deployments';

/** An auth section for the docs examples: SCRAM with a keyfile whose contents are `key`. */
export const authHead = (key: string, extra = '') =>
  `auth:\n  disabled: false\n  autoUser: mms-automation\n  autoAuthMechanism: SCRAM-SHA-256\n  autoAuthMechanisms:\n    - SCRAM-SHA-256\n  deploymentAuthMechanisms:\n    - SCRAM-SHA-256\n  key: ${key}\n${extra}  keyfile: /var/lib/mongodb-mms-automation/keyfile\n  keyfileWindows: '%SystemDrive%\\MMSAutomation\\versions\\keyfile'\n`;

const OLD_KEY = 'c2VjcmV0a2V5b25lc2VjcmV0a2V5b25lc2VjcmV0a2V5b25l';
const NEW_KEY = 'bmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdv';

/** Authentication on (auth.disabled false) in a document. */
const authOn = (doc: unknown) => isObject(doc) && isObject(doc.auth) && doc.auth.disabled === false;

/** Every process of the base authenticates its members by X.509 only: no keyfile is read. */
function x509Membership(base: unknown): boolean {
  const processes = isObject(base) && Array.isArray(base.processes) ? base.processes : [];
  return (
    processes.length > 0 &&
    processes.every((p) => isObject(p) && isObject(p.args2_6) && isObject(p.args2_6.security) && p.args2_6.security.clusterAuthMode === 'x509')
  );
}

export default defineTransitionRule({
  meta: {
    id: 'keyfile-replaced',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'warning',
    description: 'auth.key (the keyfile of internal authentication) replaced in one change instead of rotated through auth.newKey.',
    messages: {
      replaced:
        'auth.key differs from the base ({{baseLabel}}) while authentication is enabled and {{processes}} process(es) use the keyfile: this PUT replaces the key the members authenticate each other with. Ops Manager documents a rotation that keeps auth.key and gives the new key in auth.newKey (it replaces auth.key once every agent uses the new key); whether it rolls a direct replacement safely is not documented, and members holding different keys cannot authenticate to each other. Restore auth.key and set auth.newKey instead. (The keys are compared, never shown.)',
      replacedBefore42:
        'auth.key differs from the base ({{baseLabel}}) while authentication is enabled and {{processes}} process(es) use the keyfile: this PUT replaces the key the members authenticate each other with, and members holding different keys cannot authenticate to each other. Ops Manager\'s rolling rotation through auth.newKey requires MongoDB 4.2 or later on every cluster of the project, and {{old}} run(s) an earlier release ({{names}}): upgrade them first, then restore auth.key and rotate through auth.newKey. (The keys are compared, never shown.)',
      newKeyBefore42:
        'auth.newKey starts Ops Manager\'s rolling keyfile rotation, which requires MongoDB 4.2 or later on every cluster of the project; {{old}} process(es) run an earlier release ({{names}}). Upgrade them first; what Ops Manager does with a rotation it does not support is not documented.',
      notComparable:
        'auth.key differs in text from the base ({{baseLabel}}), but one side is a placeholder or a redaction mask: omlint cannot tell whether the keyfile is replaced. If it is, keep auth.key and give the new key in auth.newKey (Ops Manager\'s documented rotation).',
    },
    docs: {
      versions: 'Ops Manager versions with the API keyfile rotation (`auth.newKey`, documented from Ops Manager 5.0; the rolling rotation from 4.2). The rotation requires MongoDB 4.2 or later on every cluster of the project (Ops Manager 4.2-8.0 manuals; the upcoming manual says 6.0, not applied until a release documents it): a process of the base or the new document known to run an earlier release changes the advice of a replacement and makes `auth.newKey` a finding.',
      why:
        'Members of a deployment with authentication authenticate to each other with the key in their keyfile; the automation configuration carries its contents in `auth.key`. ' +
        'Ops Manager documents its rotation ("Rotate a Key File with the API"): keep the configuration, add the new key as `auth.newKey` and PUT the whole document; "when all MongoDB Agents use ' +
        'the new key, Ops Manager replaces the value of auth.key with the new key … and removes auth.newKey". The MongoDB manual\'s manual procedure ("Rotate Keys for Replica Sets") is the same ' +
        'rolling one: old and new key side by side, restart each member, then the new key alone. A PUT that replaces `auth.key` itself skips those steps; what the agents then do is not documented, ' +
        'hence a warning. A random `auth.key` is what broke internal authentication when the Kubernetes operator switched projects (mongodb/mongodb-kubernetes PR #1377: "would generate a random ' +
        'auth.key — breaking internal cluster authentication and requiring manual recovery"). The keys are compared where the rule reads the documents, before masking: ' +
        'neither key is printed, stored or cached. Not reported: authentication off on either side, a base without processes, members that ' +
        'authenticate by X.509 only (`clusterAuthMode: x509`). A placeholder or a redaction mask on either side cannot be compared: an information says so. ' +
        'The rolling rotation has a prerequisite: "All clusters in the project must be running MongoDB version 4.2 or higher" (Rotate Keyfile, and Rotate a Key File with the API). When a ' +
        'process runs an earlier release (in the base or in the new document), a replaced key gets that advice instead (upgrade first, then rotate), and an `auth.newKey` given for ' +
        'such a deployment is a warning of its own. ' +
        'Sources: https://www.mongodb.com/docs/ops-manager/current/tutorial/rotate-key-with-api/, https://www.mongodb.com/docs/ops-manager/current/tutorial/rotate-keyfile/, ' +
        'https://www.mongodb.com/docs/ops-manager/v5.0/tutorial/rotate-key-with-api/, https://www.mongodb.com/docs/manual/tutorial/rotate-key-replica-set/, https://github.com/mongodb/mongodb-kubernetes/pull/1377.',
      alsoReports: ['plaintext-secret'],
      base: replicaSetExample(threeMembers('7.0.12', '7.0'), undefined, authHead(OLD_KEY)),
      bad: replicaSetExample(threeMembers('7.0.12', '7.0'), undefined, authHead(NEW_KEY)),
      good: replicaSetExample(threeMembers('7.0.12', '7.0'), undefined, authHead(OLD_KEY, `  newKey: ${NEW_KEY}\n`)),
    },
  },
  check(ctx) {
    if (!authOn(ctx.base) || !authOn(ctx.value) || x509Membership(ctx.base)) return;
    const transition = transitionOf(ctx);
    const processes = transition.base.processes.length;
    if (processes === 0) return;
    const change = keyChange(ctx.base, ctx.value, (v) => ctx.isTemplate(v));
    const old = change === 'replaced' || change === 'new-key-set' ? processesBeforeKeyRotation(transition.base, transition.now) : [];
    const names = namesOf(old);
    if (change === 'replaced' && old.length > 0) ctx.report({ pointer: '/auth/key', messageId: 'replacedBefore42', data: { baseLabel: ctx.baseLabel, processes, old: old.length, names }, basePointer: '/auth/key' });
    else if (change === 'replaced') ctx.report({ pointer: '/auth/key', messageId: 'replaced', data: { baseLabel: ctx.baseLabel, processes }, basePointer: '/auth/key' });
    else if (change === 'new-key-set' && old.length > 0) ctx.report({ pointer: '/auth/newKey', messageId: 'newKeyBefore42', data: { old: old.length, names } });
    else if (change === 'not-comparable') ctx.report({ pointer: '/auth/key', target: 'key', severity: 'info', messageId: 'notComparable', data: { baseLabel: ctx.baseLabel }, basePointer: '/auth/key' });
  },
});
