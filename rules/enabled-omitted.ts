import { defineRule } from '../src/core/rule';
import { has, isObject } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'enabled-omitted',
    kinds: ['alert-config'],
    defaultSeverity: 'warning',
    description: 'An alert configuration without enabled is disabled on update.',
    fixable: true,
    messages: {
      omitted: 'enabled is omitted, and on update an omitted enabled disables the configuration; add enabled: true (or enabled: false to disable it on purpose).',
    },
    docs: {
      why:
        'On update (PUT), an alert configuration whose `enabled` is omitted is saved as disabled, ' +
        'so a configuration written to watch something silently stops alerting. Say ' +
        '`enabled: true` (or `false`) explicitly.',
      bad: { base: 'alert-config/host-down', replace: [['enabled: true\n', '']] },
      good: { base: 'alert-config/host-down' },
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || has(doc, 'enabled')) return;
    ctx.report({
      pointer: '',
      messageId: 'omitted',
      fix: { title: 'Add enabled: true', ops: [{ op: 'add', pointer: '', key: 'enabled', value: true }] },
    });
  },
});
