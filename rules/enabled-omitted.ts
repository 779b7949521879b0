import { defineRule } from '../src/core/rule';
import { has, isObject } from '../src/model/alerts';
import type { Fix, FixOp } from '../src/core/types';

/** Where `enabled` stands in the schema's order (id, groupId, typeName, created, updated, enabled, eventTypeName), nearest first. */
const ENABLED_AFTER: readonly string[] = Object.freeze(['updated', 'created', 'typeName', 'groupId', 'id', 'eventTypeName']);

/**
 * A suggestion, not a safe fix: the message offers true or false, and only the author knows which
 * was meant. Beside its kin: after `updated` in a GET's order, after eventTypeName in a written one.
 * The same for every report (frozen: nothing downstream may change a report's fixes), not made anew each time.
 */
const ADD_ENABLED: FixOp = Object.freeze({ op: 'add', pointer: '', key: 'enabled', value: true, after: ENABLED_AFTER });
const SUGGESTIONS = Object.freeze([Object.freeze({ title: 'Add enabled: true', ops: Object.freeze([ADD_ENABLED]) as FixOp[] })]) as Fix[];

export default defineRule({
  meta: {
    id: 'enabled-omitted',
    kinds: ['alert-config'],
    defaultSeverity: 'warning',
    description: 'An alert configuration without enabled is disabled on update.',
    hasSuggestions: true,
    messages: {
      omitted: 'enabled is omitted, and on update an omitted enabled disables the configuration; add enabled: true (or enabled: false to disable it on purpose).',
    },
    docs: {
      fixes: 'Suggestion: adding `enabled: true` after `eventTypeName` (after `updated` in a GET), since `false` is as valid: only the author knows which was meant.',
      why:
        'On update (PUT), an alert configuration whose `enabled` is omitted is saved as disabled, ' +
        'so a configuration written to watch something silently stops alerting. Say ' +
        '`enabled: true` (or `false`) explicitly.',
      bad: `eventTypeName: HOST_DOWN
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
    if (!isObject(doc) || has(doc, 'enabled')) return;
    ctx.report({ pointer: '', messageId: 'omitted', suggestions: SUGGESTIONS });
  },
});
