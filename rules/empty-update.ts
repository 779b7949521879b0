import { defineRule } from '../src/core/rule';
import type { Kind } from '../src/core/kinds';
import { isObject } from '../src/core/is-object';

/** The fields of each PATCH body of which at least one must be present (API-SPEC endpoints 1, 14). */
const UPDATABLE_FIELDS: Partial<Record<Kind, readonly string[]>> = {
  'maintenance-window-update': ['alertTypeNames', 'startDate', 'endDate', 'description'],
  'api-key-update': ['desc', 'roles'],
};

export default defineRule({
  meta: {
    id: 'empty-update',
    kinds: ['maintenance-window-update', 'api-key-update'],
    defaultSeverity: 'error',
    description: 'An update body must change at least one field.',
    messages: {
      empty: 'The update body sets none of {{list}}, and the server needs at least one; add the fields to change.',
    },
    docs: {
      why:
        'A maintenance-window PATCH needs at least one of `alertTypeNames`, `startDate`, ' +
        '`endDate`, `description`, and a global API key PATCH at least one of `desc`, `roles`. ' +
        'A body with none of them is rejected (or, with only response fields such as `id`, changes ' +
        'nothing).',
      bad: `# PATCH /groups/{PROJECT-ID}/maintenanceWindows/{MW-ID}
{}
`,
      good: `description: Extended for the index rebuild
endDate: "2099-10-24T02:00:00Z"
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    const fields = UPDATABLE_FIELDS[ctx.kind];
    if (!fields || !isObject(doc)) return;
    if (fields.some((f) => Object.hasOwn(doc, f))) return;
    const list = fields.slice(0, -1).join(', ') + ' or ' + fields[fields.length - 1];
    ctx.report({
      pointer: '',
      messageId: 'empty',
      data: { list },
    });
  },
});
