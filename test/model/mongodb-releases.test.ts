import { describe, expect, it } from 'vitest';
import { isEnterpriseVersion, isRapidRelease, nextMajorRelease, releaseSeries, seriesOf, skippedReleases, upgradeSteps } from '../../src/model/mongodb-releases';

const mm = (s: string) => {
  const [major, minor] = s.split('.').map(Number);
  return { major, minor };
};

describe('MongoDB release series and the upgrade path', () => {
  it.each([
    ['4.0', '4.2', 1], ['4.2', '4.4', 1], ['4.4', '5.0', 1], ['5.0', '6.0', 1], ['6.0', '7.0', 1], ['7.0', '8.0', 1],
    ['4.4', '6.0', 2], ['4.2', '6.0', 3], ['6.0', '8.0', 2], ['3.6', '4.0', 1],
    ['7.0', '7.3', 0], ['7.3', '8.0', 1], ['5.1', '6.0', 1], ['6.0', '6.0', 0],
    ['7.0', '6.0', -1], ['8.0', '6.0', -2], ['8.0', '9.0', 1],
  ])('%s → %s is %i step(s)', (from, to, steps) => {
    expect(upgradeSteps(mm(from), mm(to))).toBe(steps);
  });
  it('has no path for a development release before 5.0', () => {
    expect(upgradeSteps(mm('4.1'), mm('4.2'))).toBeUndefined();
  });
  it('names the skipped releases, in the direction of the change', () => {
    expect(skippedReleases(mm('4.4'), mm('6.0'))).toEqual(['5.0']);
    expect(skippedReleases(mm('4.2'), mm('7.0'))).toEqual(['4.4', '5.0', '6.0']);
    expect(skippedReleases(mm('8.0'), mm('6.0'))).toEqual(['7.0']);
    expect(skippedReleases(mm('6.0'), mm('7.0'))).toEqual([]);
  });
  it('reads rapid releases as their series (Atlas-only releases are no upgrade steps)', () => {
    expect(isRapidRelease(mm('7.3'))).toBe(true);
    expect(isRapidRelease(mm('7.0'))).toBe(false);
    expect(isRapidRelease(mm('4.1'))).toBe(false);
    expect(releaseSeries(mm('7.3'))).toEqual(mm('7.0'));
    expect(releaseSeries(mm('4.2'))).toEqual(mm('4.2'));
    expect(seriesOf('6.3.1')).toEqual(mm('6.0'));
    expect(seriesOf('4.4.29-ent')).toEqual(mm('4.4'));
    expect(seriesOf('latest')).toBeUndefined();
    expect(seriesOf(7)).toBeUndefined();
  });
  it('knows the next major release and enterprise builds', () => {
    expect(nextMajorRelease(mm('4.4'))).toEqual(mm('5.0'));
    expect(nextMajorRelease(mm('6.2'))).toEqual(mm('7.0'));
    expect(nextMajorRelease(mm('4.0'))).toEqual(mm('4.2'));
    expect(isEnterpriseVersion('7.0.12-ent')).toBe(true);
    expect(isEnterpriseVersion('7.0.12')).toBe(false);
  });
});
