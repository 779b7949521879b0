import { defineRule } from '../src/core/rule';
import { eachNotificationInScope, has } from '../src/model/alerts';
import { WithArticle } from '../src/core/article';

export default defineRule({
  meta: {
    id: 'notification-required-field',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'A notification must carry the fields its typeName requires.',
    messages: {
      missing: '{{aType}} notification needs {{list}}, which {{isAre}} missing; add {{itThem}} to this notification.',
    },
    docs: {
      why:
        'Each notification type needs its own fields: SLACK apiToken and channelName, DATADOG ' +
        'datadogApiKey, EMAIL emailAddress, GROUP emailEnabled and smsEnabled, USER username, ' +
        'emailEnabled and smsEnabled, SMS mobileNumber, HIPCHAT notificationToken and roomName, ' +
        'PAGER_DUTY serviceKey, MICROSOFT_TEAMS microsoftTeamsWebhookUrl, OPS_GENIE opsGenieApiKey, ' +
        'VICTOR_OPS victorOpsApiKey, TEAM teamId, SNMP snmpAddress. Without them the API rejects ' +
        'the configuration or has nowhere to send the alert. (GROUP `roles` is optional: without ' +
        'it every role of the project is notified.)',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: USER
    username: jane.doe@example.com
    delayMin: 5
    intervalMin: 60
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: USER
    username: jane.doe@example.com
    emailEnabled: true
    smsEnabled: false
    delayMin: 5
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    eachNotificationInScope(ctx.value, ctx.kind, (n, info, base) => {
      // Listed only once one is missing (most notifications have them all).
      let missing: string[] | undefined;
      for (const f of info.required) if (!has(n, f) || n[f] === null) (missing ??= []).push(f);
      if (!missing) return;
      const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
      ctx.report({
        pointer: `${base}/typeName`,
        messageId: 'missing',
        data: { aType: WithArticle(String(n.typeName)), list, isAre: missing.length === 1 ? 'is' : 'are', itThem: missing.length === 1 ? 'it' : 'them' },
      });
    }, ctx.facts);
  },
});
