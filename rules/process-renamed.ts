// A process whose name changed: the automation configuration knows processes by name, so a new
// name at the same host and port is a removal and an addition (docs/versions.md, "Replica set changes").
import { defineTransitionRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { processAddress } from '../src/model/automation-topology';
import { transitionOf, processLabel } from '../src/model/automation-transition';
import { replicaSetExample, threeMembers, withFirst } from '../src/model/example-deployments';

export default defineTransitionRule({
  meta: {
    id: 'process-renamed',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'warning',
    description: 'A process of the base is gone and a process of another name takes its host and port: a rename, which automation carries out as a removal plus an addition.',
    messages: {
      renamed:
        'Process {{is}} takes the host and port of process {{was}} ({{address}}), which is gone from this configuration; processes are known by name, so this is a removal of {{was}} and an addition of {{is}}, not a rename. Keep the name {{was}} if the process is meant to stay.',
    },
    docs: {
      versions: 'Every Ops Manager version.',
      why:
        'In the automation configuration a process is known by `processes[].name`: replica set members and sharding entries refer to it by that name. A new name at the host and port of a ' +
        'removed process is a different process to Ops Manager: the old one is removed from automation and the new one added, with whatever that costs (a member removed from and added to ' +
        'its replica set, an initial sync). That the agent does not carry it out as a rename is inferred from the configuration\'s shape, not documented, hence a warning. ' +
        'Source: https://www.mongodb.com/docs/ops-manager/current/reference/api/automation-config/automation-config-parameters/ (processes[].name; replicaSets[].members[].host names a process).',
      base: replicaSetExample(threeMembers('7.0.12', '7.0')),
      bad: replicaSetExample(withFirst(threeMembers('7.0.12', '7.0'), { name: 'rs0-primary' }), [{ id: 3, host: 'rs0-primary' }, { id: 1, host: 'rs0-1' }, { id: 2, host: 'rs0-2' }]),
      good: replicaSetExample(threeMembers('7.0.12', '7.0')),
    },
  },
  check(ctx) {
    const t = transitionOf(ctx);
    if (t.removed.length === 0 || t.added.length === 0) return;
    const removedAt = new Map<string, (typeof t.removed)[number]>();
    for (const p of t.removed) {
      const address = processAddress(p);
      if (address !== undefined && !removedAt.has(address)) removedAt.set(address, p);
    }
    for (const p of t.added) {
      const address = processAddress(p);
      const was = address === undefined ? undefined : removedAt.get(address);
      if (!was) continue;
      ctx.report({
        pointer: joinPointer(p.pointer, 'name'),
        messageId: 'renamed',
        data: { is: processLabel(p), was: processLabel(was), address },
        basePointer: joinPointer(was.pointer, 'name'),
      });
    }
  },
});
