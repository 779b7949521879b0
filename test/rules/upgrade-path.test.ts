import rule from '../../rules/upgrade-path';
import { replicaSetExample, standaloneExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

/** A standalone moving from one version to another, the FCV given on each side. */
const standalone = (name: string, from: string, fcv: string, to: string, toFcv = fcv) => ({ name, base: standaloneExample(from, fcv), code: standaloneExample(to, toFcv) });
/** The version of the standalone (line 16) or of process i of the replica set example. */
const atVersion = (messageId: string, severity: 'error' | 'warning' = 'error', i = 0) => ({ messageId, severity, pointer: `/processes/${i}/version`, line: 16 + 13 * i, column: 14 });

ruleTester(rule, {
  valid: [
    standalone('a patch release', '6.0.14', '6.0', '6.0.15'),
    standalone('one major release with the FCV at the current one', '6.0.15', '6.0', '7.0.12'),
    standalone('4.4 → 5.0', '4.4.29', '4.4', '5.0.28'),
    standalone('4.2 → 4.4', '4.2.25', '4.2', '4.4.29'),
    standalone('7.0 → 8.0 enterprise', '7.0.12-ent', '7.0', '8.0.4-ent'),
    standalone('a rapid release of the same series', '7.0.12', '7.0', '7.3.1'),
    standalone('a downgrade after the FCV was lowered, before 7.0', '6.0.15', '5.0', '5.0.28'),
    standalone('an unreadable version', '6.0.15', '6.0', 'custom-build'),
    standalone('a template version', '6.0.15', '6.0', '${MONGODB_VERSION}'),
    {
      name: 'processes compared by name: an added or removed process is no version change',
      base: replicaSetExample(threeMembers('6.0.15', '6.0')),
      code: replicaSetExample(withFirst(threeMembers('6.0.15', '6.0'), { name: 'rs0-new', version: '8.0.4' })),
    },
  ],
  invalid: [
    {
      ...standalone('a jump over a major release, naming it, at the version', '4.4.29', '4.4', '6.0.15'),
      errors: [
        {
          ...atVersion('skipsRelease'),
          message: 'Process "standalone-0" moves from 4.4.29 to 6.0.15, skipping 5.0; MongoDB upgrades one major release at a time. Upgrade to 5.0 first (binaries, then featureCompatibilityVersion "5.0"), then to 6.0.',
        },
      ],
    },
    { ...standalone('a jump of three releases, naming all of them', '4.2.25', '4.2', '7.0.12'), errors: [{ ...atVersion('skipsRelease'), message: /skipping 4\.4, 5\.0, 6\.0;/ }] },
    {
      name: 'each process of a set that jumps',
      base: replicaSetExample(threeMembers('4.4.29', '4.4')),
      code: replicaSetExample(threeMembers('6.0.15', '4.4')),
      errors: [0, 1, 2].map((i) => atVersion('skipsRelease', 'error', i)),
    },
    { ...standalone('an upgrade while the FCV in the base is not the current release', '6.0.15', '5.0', '7.0.12'), errors: [atVersion('fcvNotCurrent')] },
    // The FCV raised in the same change does not count: it must be current before.
    { ...standalone('an upgrade with the FCV raised in the same change', '6.0.15', '5.0', '7.0.12', '6.0'), errors: [atVersion('fcvNotCurrent')] },
    { ...standalone('a downgrade whose FCV was not lowered in an earlier change', '6.0.15', '6.0', '5.0.28', '5.0'), errors: [atVersion('downgradeFcvFirst')] },
    { ...standalone('a downgrade of more than one release', '6.0.15', '4.4', '4.4.29'), errors: [atVersion('downgradeSkips')] },
    { ...standalone('a downgrade from 7.0 on, Community (error)', '7.0.12', '6.0', '6.0.15'), errors: [atVersion('downgradeCommunity')] },
    { ...standalone('a downgrade from 8.0 on, Enterprise (warning)', '8.0.4-ent', '7.0', '7.0.12-ent'), errors: [atVersion('downgradeEnterprise', 'warning')] },
  ],
});
