import { defineRule } from '../src/core/rule';
import { escapeToken } from '../src/core/pointer';
import { eachNotificationInScope } from '../src/model/alerts';
import {
  NOTIFICATION_FIELDS,
  NOTIFICATION_TYPES,
  notificationAcceptsField,
} from '../src/model/notifications';

/** The types that do use a field, for the message: "GROUP and ORG". */
function typesUsing(field: string): string {
  const types = Object.keys(NOTIFICATION_TYPES).filter(
    (t) => t !== 'HIP_CHAT' && notificationAcceptsField(NOTIFICATION_TYPES[t], field),
  );
  return types.length <= 1 ? types.join('') : `${types.slice(0, -1).join(', ')} and ${types[types.length - 1]}`;
}

export default defineRule({
  meta: {
    id: 'notification-field-not-applicable',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'warning',
    description: 'A notification field that its typeName does not use; the API drops it.',
    fixable: true,
    messages: {
      otherType: '{{reason}}; remove it.',
    },
    docs: {
      fixes: 'Safe: removing the field, which the API drops from this notification type anyway.',
      why:
        'The API keeps only the fields of a notification\'s own type and silently drops the rest, ' +
        'so a GET returns something other than what was written and tools that compare the two ' +
        'see endless drift. Examples: emailEnabled on EMAIL, channelName on WEBHOOK, roles on USER, ' +
        'intervalMin on PAGER_DUTY, OPS_GENIE or VICTOR_OPS (which neither store nor return it).',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    emailEnabled: true
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
    eachNotificationInScope(ctx.value, ctx.kind, (n, info, base) => {
      const type = n.typeName;
      for (const field of Object.keys(n)) {
        // Keys no notification type uses are the schema's unknown-field.
        if (!NOTIFICATION_FIELDS.has(field) || notificationAcceptsField(info, field)) continue;
        const pointer = `${base}/${escapeToken(field)}`;
        const reason =
          field === 'intervalMin'
            ? `${type} notifications have no intervalMin: the API neither stores nor returns it`
            : `${field} is used only by ${typesUsing(field)} notifications, so the API drops it from this ${type} notification`;
        ctx.report({
          pointer,
          target: 'key',
          messageId: 'otherType',
          data: { reason },
          fix: { title: `Remove ${field}`, ops: [{ op: 'remove', pointer }] },
        });
      }
    }, ctx.facts);
  },
});
