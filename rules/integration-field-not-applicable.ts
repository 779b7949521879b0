import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import {
  INTEGRATION_COMMON_FIELDS,
  INTEGRATION_FIELDS,
  INTEGRATION_TYPES,
  type IntegrationType,
} from '../src/model/integrations';
import { isObject } from '../src/core/is-object';

/** The types that use a field, for fields some integration type knows. */
function typesUsing(field: string): IntegrationType[] {
  return INTEGRATION_TYPES.filter((t) => {
    const info = INTEGRATION_FIELDS[t];
    return info.required.includes(field) || info.optional.includes(field);
  });
}

export default defineRule({
  meta: {
    id: 'integration-field-not-applicable',
    kinds: ['integration'],
    defaultSeverity: 'warning',
    description: 'A field of another integration type has no effect on this one.',
    fixable: true,
    messages: {
      otherType: '{{field}} belongs to {{detail}} integrations, not {{type}}, and the server ignores it; remove it (or check the type).',
    },
    docs: {
      fixes: 'Safe: removing the field, which the API drops for this integration type anyway.',
      why:
        'Each integration type stores its own fields only. A field that belongs to another type ' +
        '(a Slack `channelName` on a WEBHOOK, a Prometheus `tlsPemPath` on DATADOG) is ignored, ' +
        'which usually means the document was copied from another integration or the wrong ' +
        '`type` was set. Fields no integration knows are reported by `unknown-field`.',
      bad: `type: WEBHOOK
url: \${OPS_WEBHOOK_URL}
channelName: ops-alerts
`,
      good: `type: WEBHOOK
url: \${OPS_WEBHOOK_URL}
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    const type = doc.type;
    if (typeof type !== 'string' || !(INTEGRATION_TYPES as readonly string[]).includes(type)) return;
    const own = INTEGRATION_FIELDS[type as IntegrationType];
    for (const field of Object.keys(doc)) {
      if ((INTEGRATION_COMMON_FIELDS as readonly string[]).includes(field)) continue;
      if (own.required.includes(field) || own.optional.includes(field)) continue;
      const owners = typesUsing(field);
      if (owners.length === 0) continue; // unknown to every type: unknown-field reports it
      const pointer = joinPointer('', field);
      ctx.report({
        pointer,
        target: 'key',
        messageId: 'otherType',
        data: { field, detail: owners.join(' and '), type },
        fix: { title: `Remove ${field}`, ops: [{ op: 'remove', pointer }] },
      });
    }
  },
});
