import { defineRule } from '../src/core/rule';
import { formatInstant, isNotAfter } from '../src/model/timestamps';
import { isObject } from '../src/core/is-object';

export default defineRule({
  meta: {
    id: 'window-in-past',
    kinds: ['maintenance-window', 'maintenance-window-update'],
    defaultSeverity: 'warning',
    description: 'A maintenance window whose end date has passed silences nothing.',
    messages: {
      inPast: 'endDate {{endDate}} is not after now ({{now}}): the window has ended, silences nothing and can no longer be updated or deleted; set a future endDate.',
    },
    docs: {
      why:
        'Alerts are silenced only between `startDate` and `endDate`. A window that has already ' +
        'ended silences nothing, and the server refuses to update or delete it (only windows ' +
        'ending in the future can be changed). The check uses `--now` (default: the clock), so ' +
        'CI runs stay reproducible.',
      bad: `alertTypeNames:
  - AGENT
  - BACKUP
startDate: "2015-10-23T22:00:00Z"
endDate: "2015-10-23T23:30:00Z"
description: Backup daemon migration
`,
      good: `alertTypeNames:
  - AGENT
  - BACKUP
startDate: "2099-10-23T22:00:00Z"
endDate: "2099-10-23T23:30:00Z"
description: Backup daemon migration
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    if (!isNotAfter(doc.endDate, ctx.options.now)) return;
    ctx.report({
      pointer: '/endDate',
      messageId: 'inPast',
      data: { endDate: doc.endDate, now: formatInstant(ctx.options.now) },
    });
  },
});
