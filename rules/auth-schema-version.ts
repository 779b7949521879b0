// All processes of one cluster (a replica set, or a sharded cluster with its shards, config
// servers and mongos) must share one authSchemaVersion (docs: "must match the other processes of
// the same cluster"): they share one user store. Arbiters hold no data, so no users: their value
// is not compared (issue 15: a set where only the arbiter differs is sound).
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { topologyOf, isArbiter, type ProcessInfo } from '../src/model/automation-topology';

export default defineRule({
  meta: {
    id: 'auth-schema-version',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description:
      'Processes of one cluster (a replica set, or a sharded cluster with its shards, config servers and mongos) ' +
      'with different authSchemaVersion.',
    messages: {
      mixedVersions: 'Process {{detail}} has authSchemaVersion {{v}}, but the other processes of {{what}} {{name}} use {{expected}}; all processes of one cluster share one authSchemaVersion. Set it to {{expected}}.',
    },
    docs: {
      versions: 'every MongoDB version; arbiters (which hold no data and no users) are not compared.',
      why:
        'The members of a replica set, and all parts of a sharded cluster, share one set of users, stored in one ' +
        'credential schema. OM requires every process of a cluster to carry the same `authSchemaVersion` ' +
        '(5 for SCRAM, which the operator always writes; 3 only for legacy MONGODB-CR deployments).',
      // The arbiter's value is never compared (it holds no users): the two data-bearing members differ.
      bad: { base: 'automation-config/replica-set-3', replace: [['db1.example.net\n    processType: mongod\n    version: 7.0.12\n    featureCompatibilityVersion: "7.0"\n    authSchemaVersion: 5\n', 'db1.example.net\n    processType: mongod\n    version: 7.0.12\n    featureCompatibilityVersion: "7.0"\n    authSchemaVersion: 3\n']] },
      good: { base: 'automation-config/replica-set-3' },
    },
  },
  check(ctx) {
    const reported = new Set<ProcessInfo>();
    const topology = topologyOf(ctx.facts);
    for (const group of topology.groups) {
      // Count the versions in use; an absent or non-numeric value is the schema's concern.
      const counts = new Map<number, number>();
      let first: number | undefined;
      const holders = group.processes.filter((p) => !isArbiter(topology, p));
      for (const p of holders) {
        const v = p.value.authSchemaVersion;
        if (typeof v !== 'number') continue;
        first ??= v;
        counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      if (counts.size < 2) continue;
      // The majority value is taken as intended (ties: the first process's value).
      let expected = first!;
      for (const [v, n] of counts) if (n > counts.get(expected)!) expected = v;
      const what = group.kind === 'replica-set' ? 'replica set' : 'sharded cluster';
      for (const p of holders) {
        const v = p.value.authSchemaVersion;
        if (typeof v !== 'number' || v === expected || reported.has(p)) continue;
        reported.add(p);
        const pointer = joinPointer(p.pointer, 'authSchemaVersion');
        ctx.report({
          pointer,
          messageId: 'mixedVersions',
          data: { detail: JSON.stringify(p.name ?? `processes[${p.index}]`), v, what, name: JSON.stringify(group.name), expected },
          suggestions: [{ title: `Set authSchemaVersion to ${expected}`, ops: [{ op: 'replace', pointer, value: expected }] }],
        });
      }
    }
  },
});
