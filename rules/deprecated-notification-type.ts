import { defineRule } from '../src/core/rule';
import { compareVersions, eachNotificationInScope } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'deprecated-notification-type',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'warning',
    description: 'SNMP (removed in 7.0), HIPCHAT and FLOWDOCK notifications should be replaced.',
    messages: {
      removed: '{{typeName}} notifications were removed in Ops Manager {{removedIn}}.0, so the target version, {{target}}, has none; replace this notification with another type such as EMAIL or WEBHOOK.',
      deprecated: '{{reason}}{{removal}}; replace this notification with another type such as EMAIL, WEBHOOK or MICROSOFT_TEAMS.',
    },
    docs: {
      versions: 'SNMP: deprecated from Ops Manager 6.0.0, removed in 7.0.0 (an error when `targetVersion` is 7.0 or later, else a warning); HipChat and Flowdock: every version.',
      why:
        'SNMP notifications are deprecated since Ops Manager 6.0.0 and absent from 7.0.0: with ' +
        '`targetVersion` 7.0 or later this is an error. HipChat and Flowdock no longer exist, so ' +
        'their notifications reach nobody. Use EMAIL, WEBHOOK, SLACK, MICROSOFT_TEAMS or another ' +
        'notification type instead.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SNMP
    snmpAddress: snmp.example.com:162
    delayMin: 5
    intervalMin: 60
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    const target = ctx.options.targetVersion;
    eachNotificationInScope(ctx.value, ctx.kind, (n, { deprecation }, base) => {
      if (!deprecation) return;
      const removed =
        deprecation.removedIn !== undefined && typeof target === 'string'
          ? (compareVersions(target, deprecation.removedIn) ?? -1) >= 0
          : false;
      ctx.report({
        pointer: `${base}/typeName`,
        severity: removed ? 'error' : undefined,
        messageId: removed ? 'removed' : 'deprecated',
        data: removed ? { typeName: n.typeName, removedIn: deprecation.removedIn, target } : { reason: deprecation.reason, removal: deprecation.removedIn ? ` and removed in ${deprecation.removedIn}.0` : '' },
      });
    }, ctx.facts);
  },
});
