import { defineRule } from '../src/core/rule';
import { INTEGRATION_FIELDS, INTEGRATION_TYPES, type IntegrationType } from '../src/model/integrations';
import { WithArticle } from '../src/core/article';
import { isObject } from '../src/core/is-object';

function isIntegrationType(t: unknown): t is IntegrationType {
  return typeof t === 'string' && (INTEGRATION_TYPES as readonly string[]).includes(t);
}

export default defineRule({
  meta: {
    id: 'integration-required-field',
    kinds: ['integration'],
    defaultSeverity: 'error',
    description: 'Each integration type has fields it cannot work without.',
    messages: {
      missing: '{{aType}} integration needs {{field}}{{hint}}; add it, or the server rejects the configuration.',
      missingInWriteBody: 'A {{type}} integration needs {{field}} in a write body{{hint}}; a GET response leaves it out, so add it before a PUT, or the server rejects the configuration.',
    },
    docs: {
      why:
        'An integration is a PUT of one object whose `type` decides which fields it needs: ' +
        'PAGER_DUTY serviceKey; SLACK apiToken and teamName; DATADOG apiKey; HIP_CHAT ' +
        'notificationToken and roomName; OPS_GENIE and VICTOR_OPS apiKey; WEBHOOK url; ' +
        'MICROSOFT_TEAMS microsoftTeamsWebhookUrl; PROMETHEUS username, password, listenAddress, ' +
        'serviceDiscovery, scheme and enabled; NEW_RELIC licenseKey, accountId, writeToken and ' +
        'readToken. Without them the server rejects the configuration. The PROMETHEUS password is ' +
        'a warning only: GET responses leave it out (API-SPEC "Third-party integration"), so an ' +
        'unchanged GET is no error, but a PUT must carry it.',
      bad: `type: SLACK
apiToken: \${SLACK_BOT_TOKEN}
channelName: ops-alerts
`,
      good: `type: SLACK
apiToken: \${SLACK_BOT_TOKEN}
teamName: Example Corp
channelName: ops-alerts
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    const type = doc.type;
    if (!isIntegrationType(type)) return; // a missing or unknown type is the schema's business
    const keys = Object.keys(doc);
    for (const field of INTEGRATION_FIELDS[type].required) {
      if (Object.hasOwn(doc, field)) continue;
      // A key differing only in case (MicrosoftTeamsWebhookURL) is a common slip worth naming.
      const miscased = keys.find((k) => k.toLowerCase() === field.toLowerCase());
      const hint = miscased ? ` (${miscased} is not it: key names are case-sensitive)` : '';
      if (INTEGRATION_FIELDS[type].omittedInResponses?.includes(field)) {
        // A GET returns this integration without the field: the unchanged GET is no error, but a PUT needs it.
        ctx.report({
          pointer: '/type',
          severity: 'warning',
          messageId: 'missingInWriteBody',
          data: { type, field, hint },
        });
        continue;
      }
      ctx.report({
        pointer: '/type',
        messageId: 'missing',
        data: { aType: WithArticle(String(type)), field, hint },
      });
    }
  },
});
