import { defineRule } from '../src/core/rule';
import { formatInstant, isNotAfter } from '../src/model/timestamps';
import { isObject } from '../src/core/is-object';

export default defineRule({
  meta: {
    id: 'acknowledgement-until',
    kinds: ['alert-acknowledgement'],
    defaultSeverity: 'warning',
    description: 'acknowledgedUntil in the past, or absent, removes the acknowledgement.',
    messages: {
      inPast: 'acknowledgedUntil {{acknowledgedUntil}} is not after now ({{formatInstant}}), which removes the acknowledgement instead of setting it; give a future time (about 100 years ahead for good).',
      missing: 'Without acknowledgedUntil this body removes the acknowledgement of the alert; add acknowledgedUntil (a future time) to acknowledge it instead.',
    },
    docs: {
      why:
        'An alert is acknowledged until `acknowledgedUntil`. A time in the past (checked against ' +
        '`--now`, default the clock) acknowledges nothing and acts as removing the ' +
        'acknowledgement; so does a body without the field. To acknowledge for good, give a time ' +
        'about 100 years ahead.',
      bad: `acknowledgedUntil: "2016-04-15T04:00:00Z"
acknowledgementComment: This is normal. Please ignore.
`,
      good: `acknowledgedUntil: "2099-04-15T04:00:00Z"
acknowledgementComment: This is normal. Please ignore.
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    if (!Object.hasOwn(doc, 'acknowledgedUntil')) {
      ctx.report({
        pointer: '',
        severity: 'info',
        messageId: 'missing',
      });
      return;
    }
    if (!isNotAfter(doc.acknowledgedUntil, ctx.options.now)) return;
    ctx.report({
      pointer: '/acknowledgedUntil',
      messageId: 'inPast',
      data: { acknowledgedUntil: doc.acknowledgedUntil, formatInstant: formatInstant(ctx.options.now) },
    });
  },
});
