import { defineRule } from '../src/core/rule';
import { parseTimestamp } from '../src/model/timestamps';
import { isObject } from '../src/core/is-object';

export default defineRule({
  meta: {
    id: 'window-date-order',
    kinds: ['maintenance-window', 'maintenance-window-update'],
    defaultSeverity: 'error',
    description: 'A maintenance window must end after it starts.',
    messages: {
      endBeforeStart: 'endDate {{endDate}} {{relation}} startDate {{startDate}}, so the window covers no time; set endDate after startDate (swapped dates?).',
    },
    docs: {
      why:
        'A window whose `endDate` is not after its `startDate` covers no time at all: it silences ' +
        'nothing, and the request is not what was meant (often the dates are swapped, or an ' +
        'offset turned one of them into a different instant).',
      bad: `alertTypeNames:
  - HOST
  - REPLICA_SET
startDate: "2031-03-02T06:00:00Z"
endDate: "2031-03-01T22:00:00Z"
description: Kernel upgrade of the rs0 hosts
`,
      good: `alertTypeNames:
  - HOST
  - REPLICA_SET
startDate: "2031-03-01T22:00:00Z"
endDate: "2031-03-02T06:00:00Z"
description: Kernel upgrade of the rs0 hosts
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    // Unparseable dates are the schema's invalid-value; compare only real instants.
    const start = parseTimestamp(doc.startDate);
    const end = parseTimestamp(doc.endDate);
    if (!start || !end || end.epochMs > start.epochMs) return;
    const relation = end.epochMs === start.epochMs ? 'is the same instant as' : 'is before';
    ctx.report({
      pointer: '/endDate',
      messageId: 'endBeforeStart',
      data: { endDate: doc.endDate, relation, startDate: doc.startDate },
    });
  },
});
