// featureCompatibilityVersion is raised only once every process of the replica set or sharded
// cluster runs the new binary, in a later change than the binary upgrade (docs/versions.md).
import { defineTransitionRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { compareMajorMinor, FCV_PATTERN, formatMajorMinor, parseMajorMinor } from '../src/model/automation';
import { deploymentOf, transitionOf, processLabel } from '../src/model/automation-transition';
import { seriesOf } from '../src/model/mongodb-releases';
import { replicaSetExample, threeMembers } from '../src/model/example-deployments';

/** At most this many lagging processes are named in a message. */
const NAMED = 3;

export default defineTransitionRule({
  meta: {
    id: 'fcv-raised-early',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'error',
    description: 'featureCompatibilityVersion raised while a process of the replica set or cluster ran (in the base) or runs an older binary.',
    messages: {
      raisedEarly:
        'featureCompatibilityVersion of process {{name}} is raised from {{from}} to "{{to}}" while {{lagging}} of {{deployment}} {{verb}}; raise the FCV only after every process runs a {{to}} binary, in a later change than the binary upgrade.',
    },
    docs: {
      versions: 'MongoDB 3.4 and later (FCV exists since 3.4); rapid releases count as their series (a 7.3 binary runs a 7.0-series FCV).',
      why:
        'The upgrade pages of the MongoDB manual (4.2 to 8.0) upgrade every member\'s binary first (secondaries, then the stepped-down primary) and, as a separate last step once all members run ' +
        'the new release, run `setFeatureCompatibilityVersion` for it; the command\'s page recommends a burn-in period on the new binaries before raising the FCV. An FCV raised in the same change as the binaries reaches members that still run ' +
        'the old binary while the rolling upgrade is under way, and a member whose binary is older than the FCV cannot run with it: the MongoDB Community operator stopped raising the FCV ' +
        'with the binaries because "an upgrade such as 4.2.x -> 4.4.x would change the FCV to 4.4 and agents would never reach goal state" (mongodb/mongodb-kubernetes-operator PR #412). ' +
        'The automation configuration carries the FCV per process, next to its version. Make two changes: the binaries, then, once the deployment reached goal ' +
        'state, the FCV. Sources: https://www.mongodb.com/docs/manual/release-notes/7.0-upgrade-replica-set/, https://www.mongodb.com/docs/manual/reference/command/setFeatureCompatibilityVersion/, https://github.com/mongodb/mongodb-kubernetes-operator/pull/412.',
      base: replicaSetExample(threeMembers('6.0.15', '6.0')),
      bad: replicaSetExample([{ name: 'rs0-0', version: '7.0.12', fcv: '7.0' }, ...threeMembers('7.0.12', '6.0').slice(1)]),
      good: replicaSetExample(threeMembers('7.0.12', '6.0')),
    },
  },
  check(ctx) {
    const t = transitionOf(ctx);
    for (const { base, now } of t.kept) {
      const was = base.value.featureCompatibilityVersion;
      const is = now.value.featureCompatibilityVersion;
      if (typeof is !== 'string' || !FCV_PATTERN.test(is) || typeof was !== 'string') continue;
      const to = parseMajorMinor(is)!;
      const from = parseMajorMinor(was);
      if (from && compareMajorMinor(to, from) <= 0) continue;
      const deployment = deploymentOf(ctx.facts, now);
      const lagging: string[] = [];
      let inBase = false;
      for (const p of deployment.processes) {
        const before = p.name === undefined ? undefined : t.base.processesByName.get(p.name);
        const older = (v: unknown) => {
          const s = seriesOf(v);
          return s !== undefined && compareMajorMinor(s, to) < 0;
        };
        if (before && older(before.version)) {
          lagging.push(`${processLabel(p)} (${before.version})`);
          inBase = true;
        } else if (older(p.version)) lagging.push(`${processLabel(p)} (${p.version})`);
      }
      if (lagging.length === 0) continue;
      const named = lagging.length > NAMED ? `${lagging.slice(0, NAMED).join(', ')} and ${lagging.length - NAMED} more` : lagging.join(', ');
      ctx.report({
        pointer: joinPointer(now.pointer, 'featureCompatibilityVersion'),
        messageId: 'raisedEarly',
        data: {
          name: processLabel(now),
          from: JSON.stringify(was),
          to: formatMajorMinor(to),
          lagging: `${lagging.length === 1 ? 'process' : 'processes'} ${named}`,
          deployment: deployment.label,
          verb: inBase ? (lagging.length === 1 ? 'runs an older binary in the base' : 'run older binaries in the base') : lagging.length === 1 ? 'runs an older binary' : 'run older binaries',
        },
      });
    }
  },
});
