import { defineRule } from '../src/core/rule';
import { eachNotification } from '../src/model/alerts';
import { MIN_INTERVAL_MIN, notificationTypeInfo } from '../src/model/notifications';

export default defineRule({
  meta: {
    id: 'notification-interval',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: `intervalMin must be an integer of at least ${MIN_INTERVAL_MIN}, delayMin a non-negative integer.`,
    messages: {
      badDelay: 'delayMin is {{delay}}, but it is a whole number of minutes, 0 or more; use e.g. 0 to notify at once.',
      intervalTooSmall: 'intervalMin is {{interval}}, below the minimum of {{minIntervalMin}} minutes; use {{minIntervalMin}} or more.',
      intervalNotInteger: 'intervalMin is {{interval}}, but it counts whole minutes; use an integer of at least {{minIntervalMin}}.',
    },
    docs: {
      versions: 'every Ops Manager version: intervalMin of at least 5 (DOCS-11735: the API and the UI refuse less).',
      why:
        '`intervalMin` is the number of minutes between repeated notifications of an unresolved ' +
        `alert; its minimum is ${MIN_INTERVAL_MIN}. \`delayMin\` is the number of minutes to wait before ` +
        'the first notification. Both are whole minutes; the API rejects fractions, negative delays ' +
        'and intervals below the minimum.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 1
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 0
    intervalMin: 5
`,
    },
  },
  check(ctx) {
    eachNotification(ctx.value, (n, _i, base) => {
      const interval = n.intervalMin;
      // Types without intervalMin are notification-field-not-applicable's; wrong types the schema's.
      if (typeof interval === 'number' && !notificationTypeInfo(n.typeName)?.noInterval) {
        if (!Number.isInteger(interval)) {
          ctx.report({
            pointer: `${base}/intervalMin`,
            messageId: 'intervalNotInteger',
            data: { interval, minIntervalMin: MIN_INTERVAL_MIN },
          });
        } else if (interval < MIN_INTERVAL_MIN) {
          ctx.report({
            pointer: `${base}/intervalMin`,
            messageId: 'intervalTooSmall',
            data: { interval, minIntervalMin: MIN_INTERVAL_MIN },
          });
        }
      }
      const delay = n.delayMin;
      if (typeof delay === 'number' && (!Number.isInteger(delay) || delay < 0)) {
        ctx.report({
          pointer: `${base}/delayMin`,
          messageId: 'badDelay',
          data: { delay },
        });
      }
    }, ctx.facts);
  },
});
