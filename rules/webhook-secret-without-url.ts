import { defineRule } from '../src/core/rule';
import { eachNotification, has } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'webhook-secret-without-url',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'webhookSecret needs an explicit webhookUrl in the same notification.',
    messages: {
      secretWithoutUrl: 'webhookSecret is accepted only with an explicit webhookUrl in the same notification; add webhookUrl, or remove webhookSecret and set the default URL\'s secret in the WEBHOOK integration.',
    },
    docs: {
      why:
        'A WEBHOOK notification without `webhookUrl` posts to the default URL of the project\'s ' +
        'WEBHOOK integration, and that URL\'s secret is set only in the integration. The API ' +
        'accepts `webhookSecret` only beside an explicit `webhookUrl`.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: WEBHOOK
    webhookSecret: \${WEBHOOK_SECRET}
    delayMin: 5
    intervalMin: 60
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: WEBHOOK
    webhookUrl: \${WEBHOOK_URL}
    webhookSecret: \${WEBHOOK_SECRET}
    delayMin: 5
    intervalMin: 60
`,
      // The project's WEBHOOK integration, which holds the default URL and its secret.
      scope: ['type: WEBHOOK\nurl: ${WEBHOOK_URL}\nsecret: ${WEBHOOK_SECRET}\n'],
    },
  },
  check(ctx) {
    eachNotification(ctx.value, (n, _i, base) => {
      // webhookSecret on another type is notification-field-not-applicable's.
      if (n.typeName !== 'WEBHOOK' || !has(n, 'webhookSecret') || n.webhookSecret === null) return;
      const url = n.webhookUrl;
      if (typeof url === 'string' ? url.trim() !== '' : url !== undefined && url !== null) return;
      ctx.report({
        pointer: `${base}/webhookSecret`,
        target: 'key',
        messageId: 'secretWithoutUrl',
      });
    }, ctx.facts);
  },
});
