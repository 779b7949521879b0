import { defineWorkspaceRule } from '../src/core/rule';
import { isObject } from '../src/core/is-object';

interface WebhookDigest {
  integration?: true;
  withoutUrl?: number[];
}

function hasWebhookUrl(notification: Record<string, unknown>): boolean {
  const url = notification.webhookUrl;
  return url !== undefined && url !== null && url !== '';
}

export default defineWorkspaceRule<WebhookDigest>({
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
  // The digest: a WEBHOOK integration, or the WEBHOOK notifications of an alert configuration
  // that have no webhookUrl (by index); other documents take no part.
  digest: (doc): WebhookDigest | undefined => {
    if (doc.kind === 'integration') return (doc.value as any)?.type === 'WEBHOOK' ? { integration: true } : undefined;
    const notifications = (doc.value as any)?.notifications;
    if (!Array.isArray(notifications)) return undefined;
    // Every alert configuration of a run comes here; few have a WEBHOOK without its URL: no array until one.
    let withoutUrl: number[] | undefined;
    for (let i = 0; i < notifications.length; i++) {
      const n: unknown = notifications[i];
      if (!isObject(n)) continue;
      const notification = n as Record<string, unknown>;
      if (notification.typeName === 'WEBHOOK' && !hasWebhookUrl(notification)) (withoutUrl ??= []).push(i);
    }
    return withoutUrl ? { withoutUrl } : undefined;
  },
  check(ctx) {
    if (ctx.documents.some((d) => d.digest!.integration)) return;
    for (const doc of ctx.documents) {
      for (const i of doc.digest!.withoutUrl ?? []) ctx.report(doc, { pointer: `/notifications/${i}/typeName`, messageId: 'noUrl' });
    }
  },
});
