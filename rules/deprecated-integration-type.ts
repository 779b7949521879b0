import { defineRule } from '../src/core/rule';
import { INTEGRATION_FIELDS, INTEGRATION_TYPES, type IntegrationType } from '../src/model/integrations';

export default defineRule({
  meta: {
    id: 'deprecated-integration-type',
    kinds: ['integration'],
    defaultSeverity: 'warning',
    description: 'HipChat, Flowdock and New Relic integrations are at end of life.',
    messages: {
      endOfLife: '{{type}} integrations are at end of life (the service is discontinued or no longer supported); move these notifications to a supported service (e.g. SLACK, MICROSOFT_TEAMS, WEBHOOK).',
    },
    docs: {
      why:
        'HipChat and Flowdock have been discontinued, and the New Relic integration is at end of ' +
        'life: notifications configured through them stop arriving. Move the alerts to a service ' +
        'that is still supported (Slack, Microsoft Teams, a webhook, Prometheus…).',
      bad: `type: FLOWDOCK
flowName: myFlowName
apiToken: \${FLOWDOCK_API_TOKEN}
orgName: myOrg
`,
      good: `type: MICROSOFT_TEAMS
microsoftTeamsWebhookUrl: \${TEAMS_WEBHOOK_URL}
`,
    },
  },
  check(ctx) {
    const type = ctx.value?.type;
    if (typeof type !== 'string' || !(INTEGRATION_TYPES as readonly string[]).includes(type)) return;
    if (!INTEGRATION_FIELDS[type as IntegrationType].endOfLife) return;
    ctx.report({
      pointer: '/type',
      messageId: 'endOfLife',
      data: { type },
    });
  },
});
