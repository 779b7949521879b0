import { defineRule } from '../src/core/rule';
import { isObject } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'notifications-required',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'An alert configuration needs at least one notification.',
    messages: {
      missing: 'The configuration has no notifications, which the API requires; add a notifications list with at least one entry (e.g. typeName: EMAIL with emailAddress).',
      empty: 'notifications is empty, so alerts would reach nobody and the API rejects it; add at least one notification (e.g. typeName: EMAIL with emailAddress).',
    },
    docs: {
      why:
        '`notifications` says who hears about an alert. The API requires it, and a configuration ' +
        'with an empty list would raise alerts that nobody is told about.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications: []
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
    const doc = ctx.value;
    if (!isObject(doc)) return;
    const notifications = doc.notifications;
    if (notifications === undefined) {
      ctx.report({
        pointer: '',
        messageId: 'missing',
      });
    } else if (Array.isArray(notifications) && notifications.length === 0) {
      ctx.report({
        pointer: '/notifications',
        messageId: 'empty',
      });
    }
  },
});
