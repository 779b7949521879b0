// The binary side of a MongoDB version change between a base and a new automation configuration:
// one major release at a time, FCV at the current major release before the next binary upgrade,
// and a downgrade only after the FCV was lowered in an earlier change (docs/versions.md, "Upgrade path").
import { defineTransitionRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { compareMajorMinor, formatMajorMinor, parseMajorMinor } from '../src/model/automation';
import { transitionOf, processLabel } from '../src/model/automation-transition';
import { BINARY_DOWNGRADE_NEEDS_SUPPORT_SINCE, isEnterpriseVersion, releaseSeries, skippedReleases, upgradeSteps } from '../src/model/mongodb-releases';
import { standaloneExample } from '../src/model/example-deployments';

export default defineTransitionRule({
  meta: {
    id: 'upgrade-path',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'error',
    description: 'A process version change that skips a major release, upgrades before the FCV reached the current release, or downgrades before the FCV was lowered.',
    messages: {
      skipsRelease: 'Process {{name}} moves from {{from}} to {{to}}, skipping {{skipped}}; MongoDB upgrades one major release at a time. Upgrade to {{next}} first (binaries, then featureCompatibilityVersion "{{next}}"), then to {{toSeries}}.',
      fcvNotCurrent: 'Process {{name}} is upgraded from {{from}} to {{to}} while its featureCompatibilityVersion in the base is {{fcv}}; the upgrade to {{toSeries}} needs featureCompatibilityVersion "{{fromSeries}}" on every member first. Raise it to "{{fromSeries}}" in an earlier change.',
      downgradeFcvFirst: 'Process {{name}} is downgraded from {{from}} to {{to}} while its featureCompatibilityVersion in the base is {{fcv}}; lower the featureCompatibilityVersion to "{{toSeries}}" in an earlier change, and downgrade the binaries only once every member runs with it.',
      downgradeSkips: 'Process {{name}} is downgraded from {{from}} to {{to}}, more than one major release; MongoDB only supports single-version downgrades.',
      downgradeCommunity: 'Process {{name}} is downgraded from {{from}} to {{to}}; from MongoDB 7.0 on binary downgrades are not supported for the Community edition.',
      downgradeEnterprise: 'Process {{name}} is downgraded from {{from}} to {{to}}; from MongoDB 7.0 on an Enterprise binary downgrade needs the assistance of MongoDB support.',
    },
    docs: {
      versions:
        'MongoDB 2.6 to 8.0 and later major releases. Major releases are the annual ones: 4.0, 4.2, 4.4, then 5.0, 6.0, 7.0, 8.0; rapid releases (5.1, 6.1, 7.3…) are Atlas-only and count as their series (7.3 → 7.0). The FCV prerequisite is checked from 3.4 on (FCV exists since 3.4). Downgrades from 7.0 on: an error for Community builds, a warning for Enterprise builds (`-ent`).',
      why:
        'MongoDB upgrades one major release at a time: "To upgrade an existing MongoDB deployment to 7.0, you must be running a 6.0-series release", and from a release before that "you must successively upgrade major releases" ' +
        '(MongoDB manual, Upgrade a Replica Set to 7.0, and the same section of the 6.0 page). The same pages require the featureCompatibilityVersion of the old release ' +
        '(a 6.0 set must have FCV "6.0") before the binaries move on. A downgrade needs the FCV lowered first, and only one release at a time (Downgrade 7.0 to 6.0, Downgrade 8.0 to 7.0); ' +
        'from 7.0 on, binary downgrades are not supported for the Community edition and need MongoDB support for Enterprise, and lowering the FCV needs `confirm: true` ' +
        '(an agent that did not send it failed with "Please re-run this command with \'confirm: true\'", mongodb/mongodb-kubernetes-operator #1383). The ' +
        'automation configuration carries the FCV per process, next to its version. Rapid releases are "only supported for MongoDB Atlas" (manual, Release Notes), so they are no upgrade steps on premises. ' +
        'Sources: https://www.mongodb.com/docs/manual/release-notes/7.0-upgrade-replica-set/, https://www.mongodb.com/docs/manual/release-notes/6.0-upgrade-replica-set/, ' +
        'https://www.mongodb.com/docs/manual/release-notes/7.0-downgrade/, https://www.mongodb.com/docs/manual/release-notes/8.0-downgrade/.',
      base: standaloneExample('4.4.29', '4.4'),
      bad: standaloneExample('6.0.15', '4.4'),
      good: standaloneExample('5.0.28', '4.4'),
      // A 6.0 binary cannot run with FCV 4.4: the document rule says so too.
      alsoReports: ['feature-compatibility-version'],
    },
  },
  check(ctx) {
    for (const { base, now } of transitionOf(ctx).kept) {
      if (base.version === undefined || now.version === undefined || ctx.isTemplate(now.version) || ctx.isTemplate(base.version)) continue;
      const from = parseMajorMinor(base.version);
      const to = parseMajorMinor(now.version);
      if (!from || !to) continue;
      const steps = upgradeSteps(from, to);
      if (steps === undefined || steps === 0) continue;
      const pointer = joinPointer(now.pointer, 'version');
      const fromSeries = formatMajorMinor(releaseSeries(from));
      const toSeries = formatMajorMinor(releaseSeries(to));
      const data = { name: processLabel(now), from: base.version, to: now.version, fromSeries, toSeries };
      const baseFcv = base.value.featureCompatibilityVersion;
      const fcv = typeof baseFcv === 'string' ? parseMajorMinor(baseFcv) : undefined;
      if (steps > 1) {
        const skipped = skippedReleases(from, to);
        ctx.report({ pointer, messageId: 'skipsRelease', data: { ...data, skipped: skipped.join(', '), next: skipped[0] } });
      } else if (steps === 1) {
        if (fcv && compareMajorMinor(releaseSeries(from), { major: 3, minor: 4 }) >= 0 && compareMajorMinor(fcv, releaseSeries(from)) !== 0) {
          ctx.report({ pointer, messageId: 'fcvNotCurrent', data: { ...data, fcv: JSON.stringify(baseFcv) } });
        }
      } else if (steps < -1) {
        ctx.report({ pointer, messageId: 'downgradeSkips', data });
      } else if (fcv && compareMajorMinor(fcv, releaseSeries(to)) > 0) {
        ctx.report({ pointer, messageId: 'downgradeFcvFirst', data: { ...data, fcv: JSON.stringify(baseFcv) } });
      } else if (compareMajorMinor(releaseSeries(from), BINARY_DOWNGRADE_NEEDS_SUPPORT_SINCE) >= 0) {
        if (isEnterpriseVersion(now.version)) ctx.report({ pointer, severity: 'warning', messageId: 'downgradeEnterprise', data });
        else ctx.report({ pointer, messageId: 'downgradeCommunity', data });
      }
    }
  },
});
