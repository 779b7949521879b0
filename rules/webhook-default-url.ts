import { defineWorkspaceRule } from '../src/core/rule';

function hasWebhookUrl(notification: Record<string, unknown>): boolean {
  const url = notification.webhookUrl;
  return url !== undefined && url !== null && url !== '';
}

export default defineWorkspaceRule({
  meta: {
    id: 'webhook-default-url',
    kinds: ['alert-config', 'integration'],
    defaultSeverity: 'warning',
    scope: 'workspace',
    description: 'A WEBHOOK notification without webhookUrl needs a WEBHOOK integration in the project.',
    messages: {
      noUrl: 'This WEBHOOK notification has no webhookUrl, and no WEBHOOK integration is in this project\'s documents to provide the default URL; add webhookUrl, or a WEBHOOK integration document.',
    },
    docs: {
      why:
        'A WEBHOOK notification without `webhookUrl` posts to the default URL of the project, ' +
        'which is the `url` of its WEBHOOK integration. When no WEBHOOK integration is among the ' +
        'documents of the project, there is no default URL to use and the notification goes ' +
        'nowhere. Give the notification a `webhookUrl`, or add the WEBHOOK integration.',
      kind: 'alert-config',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: WEBHOOK
    delayMin: 0
    intervalMin: 5
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: WEBHOOK
    webhookUrl: \${OPS_WEBHOOK_URL}
    delayMin: 0
    intervalMin: 5
`,
    },
  },
  check(ctx) {
    const hasWebhookIntegration = ctx.documents.some(
      (d) => d.kind === 'integration' && (d.value as any)?.type === 'WEBHOOK',
    );
    if (hasWebhookIntegration) return;
    for (const doc of ctx.documents) {
      if (doc.kind !== 'alert-config') continue;
      const notifications = (doc.value as any)?.notifications;
      if (!Array.isArray(notifications)) continue;
      notifications.forEach((n: unknown, i: number) => {
        if (n === null || typeof n !== 'object' || Array.isArray(n)) return;
        const notification = n as Record<string, unknown>;
        if (notification.typeName !== 'WEBHOOK' || hasWebhookUrl(notification)) return;
        ctx.report(doc, {
          pointer: `/notifications/${i}/typeName`,
          messageId: 'noUrl',
        });
      });
    }
  },
});
