// MongoDB release series and the on-premises upgrade path between them (docs/versions.md,
// "Upgrade path"). Up to 4.4 the annual releases are the even minors (4.0, 4.2, 4.4); from 5.0 on
// every x.0 is a major release and x.1, x.2… are rapid releases, supported on Atlas only, so an
// Ops Manager deployment upgrades 4.4 → 5.0 → 6.0 → 7.0 → 8.0, one major release at a time.
import { compareMajorMinor, formatMajorMinor, parseMajorMinor, type MajorMinor } from './automation';

/** The major releases before 5.0 that are upgrade steps, oldest first. */
const MAJORS_BEFORE_5: readonly MajorMinor[] = [
  { major: 2, minor: 6 }, { major: 3, minor: 0 }, { major: 3, minor: 2 }, { major: 3, minor: 4 }, { major: 3, minor: 6 },
  { major: 4, minor: 0 }, { major: 4, minor: 2 }, { major: 4, minor: 4 },
];

/** From this release on a binary downgrade is not supported for Community and needs MongoDB support for Enterprise. */
export const BINARY_DOWNGRADE_NEEDS_SUPPORT_SINCE: MajorMinor = { major: 7, minor: 0 };

export function isRapidRelease(v: MajorMinor): boolean {
  return v.major >= 5 && v.minor > 0;
}

/** The major release a version belongs to: 7.0.12 → 7.0; 7.3.1 (rapid) → 7.0; 4.2.8 → 4.2. */
export function releaseSeries(v: MajorMinor): MajorMinor {
  return v.major >= 5 ? { major: v.major, minor: 0 } : v;
}

/** The position of a major release on the upgrade path, or undefined for a release not on it (4.1, 1.8). */
function stepIndex(series: MajorMinor): number | undefined {
  if (series.major >= 5) return MAJORS_BEFORE_5.length + (series.major - 5);
  const i = MAJORS_BEFORE_5.findIndex((r) => compareMajorMinor(r, series) === 0);
  return i < 0 ? undefined : i;
}

/** The major release series of a version text, or undefined when it does not start with major.minor. */
export function seriesOf(version: unknown): MajorMinor | undefined {
  const mm = typeof version === 'string' ? parseMajorMinor(version) : undefined;
  return mm && releaseSeries(mm);
}

/**
 * How many major releases lie between two versions on the upgrade path: 1 for 6.0 → 7.0, 2 for
 * 4.4 → 6.0, 0 within a series (patch or rapid releases), negative for a downgrade; undefined
 * when either is not on the path.
 */
export function upgradeSteps(from: MajorMinor, to: MajorMinor): number | undefined {
  const a = stepIndex(releaseSeries(from));
  const b = stepIndex(releaseSeries(to));
  return a === undefined || b === undefined ? undefined : b - a;
}

/** The major releases strictly between two series on the upgrade path (the ones a jump skips), as text. */
export function skippedReleases(from: MajorMinor, to: MajorMinor): string[] {
  const a = stepIndex(releaseSeries(from));
  const b = stepIndex(releaseSeries(to));
  if (a === undefined || b === undefined) return [];
  const out: string[] = [];
  for (let i = Math.min(a, b) + 1; i < Math.max(a, b); i++) out.push(formatMajorMinor(releaseAt(i)));
  return a < b ? out : out.reverse();
}

function releaseAt(index: number): MajorMinor {
  return index < MAJORS_BEFORE_5.length ? MAJORS_BEFORE_5[index] : { major: 5 + index - MAJORS_BEFORE_5.length, minor: 0 };
}

/** The next major release after a version's series (6.0.3 → 7.0, 4.2 → 4.4). */
export function nextMajorRelease(v: MajorMinor): MajorMinor | undefined {
  const i = stepIndex(releaseSeries(v));
  return i === undefined ? undefined : releaseAt(i + 1);
}

/** Enterprise builds carry "-ent" in the version name (7.0.12-ent). */
export function isEnterpriseVersion(version: string): boolean {
  return /-ent\b/.test(version);
}
