import { defineRule } from '../src/core/rule';
import { WINDOW_ALERT_TYPES } from '../src/model/windows';
import { nearMatches } from '../src/core/near';

export default defineRule({
  meta: {
    id: 'window-alert-type',
    kinds: ['maintenance-window', 'maintenance-window-update'],
    defaultSeverity: 'error',
    description: 'alertTypeNames values must be HOST, REPLICA_SET, CLUSTER, AGENT or BACKUP, each once.',
    fixable: true,
    hasSuggestions: true,
    messages: {
      duplicate: '{{name}} is already listed at alertTypeNames[{{first}}]; remove the repeat.',
      unknownType: '"{{name}}" is not a maintenance-window alert type; use one of {{accepted}}.{{hint}}',
    },
    docs: {
      fixes: 'Safe: the one near alert type. Suggestions: each of several near types, and removing a repeated type.',
      why:
        'A maintenance window silences alerts by alert type, and only HOST, REPLICA_SET, CLUSTER, ' +
        'AGENT and BACKUP exist. Any other name (`REPLICASET`, an event type name such as ' +
        '`HOST_DOWN`) is rejected, and the window does not silence what was meant. A repeated ' +
        'value is a harmless mistake, reported as a warning.',
      bad: `alertTypeNames:
  - HOST
  - REPLICASET
startDate: "2031-03-01T22:00:00Z"
endDate: "2031-03-02T06:00:00Z"
description: Rolling restart of rs0
`,
      good: `alertTypeNames:
  - HOST
  - REPLICA_SET
startDate: "2031-03-01T22:00:00Z"
endDate: "2031-03-02T06:00:00Z"
description: Rolling restart of rs0
`,
    },
  },
  check(ctx) {
    const names = ctx.value?.alertTypeNames;
    if (!Array.isArray(names)) return;
    const accepted = WINDOW_ALERT_TYPES.join(', ');
    const seen = new Map<string, number>();
    names.forEach((name: unknown, i: number) => {
      if (typeof name !== 'string') return; // wrong types are the schema's invalid-type
      const pointer = `/alertTypeNames/${i}`;
      if (!(WINDOW_ALERT_TYPES as readonly string[]).includes(name)) {
        const near = nearMatches(name, WINDOW_ALERT_TYPES);
        const hint =
          near.length === 0 ? '' : near.length === 1 ? ` Did you mean ${near[0]}?` : ` Did you mean one of ${near.join(', ')}?`;
        ctx.report({
          pointer,
          messageId: 'unknownType',
          data: { name, accepted, hint },
          fix: near.length === 1 ? { title: `Replace with ${near[0]}`, ops: [{ op: 'replace', pointer, value: near[0] }] } : undefined,
          suggestions:
            near.length > 1 ? near.map((n) => ({ title: `Replace with ${n}`, ops: [{ op: 'replace' as const, pointer, value: n }] })) : undefined,
        });
        return;
      }
      const first = seen.get(name);
      if (first === undefined) {
        seen.set(name, i);
        return;
      }
      ctx.report({
        pointer,
        severity: 'warning',
        messageId: 'duplicate',
        data: { name, first },
        suggestions: [{ title: `Remove the repeated ${name}`, ops: [{ op: 'remove', pointer }] }],
      });
    });
  },
});
