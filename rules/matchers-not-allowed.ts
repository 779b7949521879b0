import { defineRule } from '../src/core/rule';
import { ignoredFieldReport, isObject, knownEvent } from '../src/model/alerts';

export default defineRule({
  meta: {
    id: 'matchers-not-allowed',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'error',
    description: 'matchers are only for host, replica set and sharded cluster events.',
    hasSuggestions: true,
    messages: {
      notAllowed: '{{name}} is not a host, replica set or sharded cluster event, so it takes no matchers; remove matchers (or choose an event of one of those targets).',
    },
    docs: {
      why:
        'Matchers narrow a configuration to some hosts, replica sets or clusters. Events about ' +
        'anything else (agents, backup, users, teams…) have no such target, and the API accepts ' +
        '`matchers` only when `eventTypeName` is a host, replica set or sharded cluster event.',
      bad: `eventTypeName: MONITORING_AGENT_DOWN
enabled: true
matchers:
  - fieldName: HOSTNAME
    operator: STARTS_WITH
    value: db-prod-
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
      good: `eventTypeName: MONITORING_AGENT_DOWN
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
    if (!isObject(doc) || !Array.isArray(doc.matchers) || doc.matchers.length === 0) return;
    const event = knownEvent(doc);
    if (!event || event.info.target !== 'other') return;
    ctx.report(ignoredFieldReport('matchers', 'notAllowed', { name: event.name }));
  },
});
