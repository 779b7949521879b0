import { defineRule } from '../src/core/rule';
import { configScope, didYouMean, eachNotification, nearNames } from '../src/model/alerts';
import { notificationTypeInfo, notificationTypesFor } from '../src/model/notifications';
import { withArticle } from '../src/core/article';

export default defineRule({
  meta: {
    id: 'notification-type',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'notifications[].typeName must be a notification type of this scope.',
    hasSuggestions: true,
    messages: {
      otherScope: '{{type}} notifications are accepted only in {{other}} alert configurations; in {{aScope}} configuration use one of {{shown}}.',
      unknown: '{{type}} is not a notification type of {{scope}} alert configurations; use one of {{shown}}.{{didYouMean}}',
    },
    docs: {
      why:
        'Project configurations accept DATADOG, EMAIL, GROUP, HIPCHAT (also HIP_CHAT), ORG, ' +
        'PAGER_DUTY, SLACK, SMS, SNMP, USER, WEBHOOK, MICROSOFT_TEAMS, OPS_GENIE, VICTOR_OPS and ' +
        'TEAM; global configurations ADMIN, GROUP, USER, SNMP, EMAIL, SMS, HIPCHAT, SLACK, ' +
        'PAGER_DUTY, WEBHOOK and MICROSOFT_TEAMS. Any other type is rejected.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: MAIL
    emailAddress: dba-oncall@example.com
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
    const scope = configScope(ctx.kind);
    const accepted = notificationTypesFor(scope);
    // Recommend only the types still in service (a message's words: built only for a report).
    const shown = () => accepted.filter((t) => !notificationTypeInfo(t)?.deprecation).join(', ');
    eachNotification(ctx.value, (n, _i, base) => {
      const type = n.typeName;
      if (typeof type !== 'string' || accepted.includes(type)) return;
      const pointer = `${base}/typeName`;
      const known = notificationTypeInfo(type);
      const other = scope === 'global' ? 'project' : 'global';
      const near = known ? [] : nearNames(type, accepted);
      ctx.report({
        pointer,
        messageId: known ? 'otherScope' : 'unknown',
        data: known ? { type, other, aScope: withArticle(scope), shown: shown() } : { type, scope, shown: shown(), didYouMean: didYouMean(near) },
        suggestions: near.map((t) => ({ title: `Replace with ${t}`, ops: [{ op: 'replace' as const, pointer, value: t }] })),
      });
    }, ctx.facts);
  },
});
