import { defineRule } from '../src/core/rule';
import { configScope, isObject, nearNames } from '../src/model/alerts';
import { ALERT_CATEGORY_EXAMPLES, ATLAS_ONLY_EVENT_TYPES, eventInfo, eventTypeNamesFor } from '../src/model/events';

export default defineRule({
  meta: {
    id: 'event-type-name',
    kinds: ['alert-config', 'global-alert-config'],
    defaultSeverity: 'warning',
    description: 'eventTypeName must be an Ops Manager event type accepted in this scope.',
    hasSuggestions: true,
    fixable: true,
    messages: {
      atlasOnly: '{{name}} is an Atlas-only event type: Ops Manager never raises it, so this configuration never fires. Use an Ops Manager event type (Atlas configurations belong to the Atlas API).',
      wrongScope: '{{name}} is an event of {{where}} alert configurations, not of {{scope}} ones; configure it at the {{detail}} level instead.',
      nearMiss: '{{name}} is not an Ops Manager event type of {{scope}} alert configurations: the configuration is rejected or never fires. Did you mean {{near}}?',
      unknown: '{{name}} is not an Ops Manager event type of {{scope}} alert configurations in the documented list: unless a newer Ops Manager has it, the configuration is rejected or never fires.{{hint}}',
    },
    docs: {
      fixes: 'Safe: the one documented event type a near miss stands for. Suggestions: each of several near names (a choice).',
      why:
        'An alert configuration fires only for the event named in `eventTypeName`. A misspelt name, ' +
        'an Atlas-only event (`REPLICATION_OPLOG_WINDOW_RUNNING_OUT`, `CPS_*`, billing events) or an ' +
        'event of another scope (organization events in a project configuration) gives a ' +
        'configuration that never fires on Ops Manager, or is rejected. A name within two edits (or ' +
        'a case) of a documented one is an error with the near name as its fix (a suggestion when ' +
        'several are near); a name far from all stays a warning, since a newer Ops Manager may have it. ' +
        'Source of the names and their scopes: the Ops Manager alert list, ' +
        '`source/reference/alerts/ops-manager-list.rst` and `ops-manager-create-list.rst` of ' +
        'github.com/mongodb/docs (current and earlier versions).',
      bad: `eventTypeName: HOST_DOWNN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
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
    const doc = ctx.value;
    if (!isObject(doc)) return;
    const name = doc.eventTypeName;
    if (typeof name !== 'string') return; // absence and wrong type are the schema's
    const scope = configScope(ctx.kind);
    const pointer = '/eventTypeName';

    if (ATLAS_ONLY_EVENT_TYPES.has(name)) {
      ctx.report({
        pointer,
        messageId: 'atlasOnly',
        data: { name },
      });
      return;
    }

    const info = eventInfo(name);
    if (info) {
      if (info.scopes.includes(scope)) return;
      const where = info.scopes.join(' and ');
      ctx.report({
        pointer,
        messageId: 'wrongScope',
        data: { name, where, scope, detail: info.scopes.includes('global') ? 'global' : 'organization' },
      });
      return;
    }

    const example = ALERT_CATEGORY_EXAMPLES.get(name.toUpperCase());
    const near = example ? [] : nearNames(name, eventTypeNamesFor(scope));
    if (near.length > 0) {
      // A near miss of a documented name is surely wrong; the name is the fix only when it is the one candidate.
      const replace = (n: string) => ({ title: `Replace with ${n}`, ops: [{ op: 'replace' as const, pointer, value: n }] });
      ctx.report({
        pointer,
        severity: 'error',
        messageId: 'nearMiss',
        data: { name, scope, near: near.length === 1 ? near[0] : `one of ${near.join(', ')}` },
        fix: near.length === 1 ? replace(near[0]) : undefined,
        suggestions: near.length > 1 ? near.map(replace) : undefined,
      });
      return;
    }
    const hint = example
      ? ` ${name} is an alert category, not an event type; name the event, e.g. ${example}.`
      : ' See the Ops Manager alert list for the accepted names.';
    ctx.report({ pointer, messageId: 'unknown', data: { name, scope, hint } });
  },
});
