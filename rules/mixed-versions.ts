// A replica set or sharded cluster whose processes run binaries of different release series is a
// state of a rolling upgrade, not a goal: information when a change starts it, a warning when
// the base was already mixed and the change leaves it so (docs/versions.md, "Upgrade path").
import { defineTransitionRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { compareMajorMinor, formatMajorMinor } from '../src/model/automation';
import type { ClusterGroup, ProcessInfo } from '../src/model/automation-topology';
import { transitionOf } from '../src/model/automation-transition';
import { seriesOf } from '../src/model/mongodb-releases';
import { replicaSetExample, threeMembers, withFirst } from '../src/model/example-deployments';

/** The release series the processes run, sorted, as text (["6.0", "7.0"]). */
function seriesList(processes: ProcessInfo[]): string[] {
  const seen = new Map<string, ReturnType<typeof seriesOf>>();
  for (const p of processes) {
    const s = seriesOf(p.version);
    if (s) seen.set(formatMajorMinor(s), s);
  }
  return [...seen.entries()].sort((a, b) => compareMajorMinor(a[1]!, b[1]!)).map(([k]) => k);
}

export default defineTransitionRule({
  meta: {
    id: 'mixed-versions',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'info',
    description: 'A change of versions leaves the processes of one replica set or sharded cluster on binaries of different release series.',
    messages: {
      nowMixed: '{{deployment}} runs {{series}} after this change; mixed release series are a transitional state of an upgrade or downgrade. Bring every process to one release before changing the featureCompatibilityVersion.',
      stillMixed: '{{deployment}} already ran {{baseSeries}} in the base and still runs {{series}} after this change of versions; a replica set or cluster should run mixed release series only while an upgrade is under way. Finish the upgrade (or the downgrade) on every process.',
    },
    docs: {
      versions: 'Every MongoDB version; rapid releases count as their series (7.3 is 7.0-series).',
      why:
        'The MongoDB upgrade procedures require every member of a replica set (and every component of a sharded cluster) to run the same release series before the next step: ' +
        '"All replica set members must be running version 6.0" before upgrading to 7.0, and the FCV is raised only once all of them run the new one. A mix is expected while a rolling ' +
        'upgrade runs; a goal state that keeps it blocks the next FCV change. Sources: https://www.mongodb.com/docs/manual/release-notes/7.0-upgrade-replica-set/, ' +
        'https://www.mongodb.com/docs/manual/release-notes/7.0-upgrade-sharded-cluster/.',
      base: replicaSetExample(threeMembers('6.0.15', '6.0')),
      bad: replicaSetExample(withFirst(threeMembers('6.0.15', '6.0'), { version: '7.0.12' })),
      good: replicaSetExample(threeMembers('7.0.12', '6.0')),
    },
  },
  check(ctx) {
    const t = transitionOf(ctx);
    const baseGroups = new Map<string, ClusterGroup>(t.base.groups.map((g) => [`${g.kind}:${g.name}`, g]));
    // Only a change of versions is this rule's business: an unchanged mix is the document's own state.
    const changed = new Set(t.kept.filter((k) => k.base.version !== k.now.version).map((k) => k.now));
    for (const p of t.added) changed.add(p);
    for (const g of t.now.groups) {
      if (!g.processes.some((p) => changed.has(p))) continue;
      const series = seriesList(g.processes);
      if (series.length < 2) continue;
      const deployment = `${g.kind === 'replica-set' ? 'Replica set' : 'Sharded cluster'} ${JSON.stringify(g.name)}`;
      const before = baseGroups.get(`${g.kind}:${g.name}`);
      const baseSeries = before ? seriesList(before.processes) : [];
      const pointer = g.kind === 'replica-set' ? joinPointer(g.pointer, '_id') : joinPointer(g.pointer, 'name');
      if (baseSeries.length >= 2) {
        ctx.report({ pointer, severity: 'warning', messageId: 'stillMixed', data: { deployment, series: series.join(' and '), baseSeries: baseSeries.join(' and ') } });
      } else {
        ctx.report({ pointer, messageId: 'nowMixed', data: { deployment, series: series.join(' and ') } });
      }
    }
  },
});
