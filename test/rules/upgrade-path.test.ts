import { describe, expect, it } from 'vitest';
import rule from '../../rules/upgrade-path';
import { replicaSetExample, standaloneExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const ids = (base: string, value: string) => runTransition(rule, { base, value }).map((f) => [f.messageId, f.pointer, f.severity]);

describe('upgrade-path', () => {
  it.each([
    ['a patch release', '6.0.14', '6.0', '6.0.15'],
    ['one major release with the FCV at the current one', '6.0.15', '6.0', '7.0.12'],
    ['4.4 → 5.0', '4.4.29', '4.4', '5.0.28'],
    ['4.2 → 4.4', '4.2.25', '4.2', '4.4.29'],
    ['7.0 → 8.0 enterprise', '7.0.12-ent', '7.0', '8.0.4-ent'],
    ['a rapid release of the same series', '7.0.12', '7.0', '7.3.1'],
    ['a downgrade after the FCV was lowered, before 7.0', '6.0.15', '5.0', '5.0.28'],
    ['an unreadable version', '6.0.15', '6.0', 'custom-build'],
    ['a template version', '6.0.15', '6.0', '${MONGODB_VERSION}'],
  ])('accepts %s', (_n, from, fcv, to) => {
    expect(ids(standaloneExample(from, fcv), standaloneExample(to, fcv))).toEqual([]);
  });

  it('reports a jump over a major release, naming it, at the version', () => {
    const [f, ...rest] = runTransition(rule, { base: standaloneExample('4.4.29', '4.4'), value: standaloneExample('6.0.15', '4.4') });
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ messageId: 'skipsRelease', pointer: '/processes/0/version', severity: 'error', line: 16, column: 14 });
    expect(f.message).toBe('Process "standalone-0" moves from 4.4.29 to 6.0.15, skipping 5.0; MongoDB upgrades one major release at a time. Upgrade to 5.0 first (binaries, then featureCompatibilityVersion "5.0"), then to 6.0.');
  });
  it('reports a jump of three releases with all of them', () => {
    const [f] = runTransition(rule, { base: standaloneExample('4.2.25', '4.2'), value: standaloneExample('7.0.12', '4.2') });
    expect(f.message).toContain('skipping 4.4, 5.0, 6.0');
  });
  it('reports each process of a set that jumps', () => {
    expect(ids(replicaSetExample(threeMembers('4.4.29', '4.4')), replicaSetExample(threeMembers('6.0.15', '4.4')))).toEqual([0, 1, 2].map((i) => ['skipsRelease', `/processes/${i}/version`, 'error']));
  });
  it('reports an upgrade while the FCV in the base is not the current release', () => {
    expect(ids(standaloneExample('6.0.15', '5.0'), standaloneExample('7.0.12', '5.0'))).toEqual([['fcvNotCurrent', '/processes/0/version', 'error']]);
    // The FCV raised in the same change does not count: it must be current before.
    expect(ids(standaloneExample('6.0.15', '5.0'), standaloneExample('7.0.12', '6.0'))).toEqual([['fcvNotCurrent', '/processes/0/version', 'error']]);
  });
  it('reports a downgrade whose FCV was not lowered in an earlier change', () => {
    expect(ids(standaloneExample('6.0.15', '6.0'), standaloneExample('5.0.28', '5.0'))).toEqual([['downgradeFcvFirst', '/processes/0/version', 'error']]);
  });
  it('reports a downgrade of more than one release', () => {
    expect(ids(standaloneExample('6.0.15', '4.4'), standaloneExample('4.4.29', '4.4'))).toEqual([['downgradeSkips', '/processes/0/version', 'error']]);
  });
  it('reports a downgrade from 7.0 on: an error for Community, a warning for Enterprise', () => {
    expect(ids(standaloneExample('7.0.12', '6.0'), standaloneExample('6.0.15', '6.0'))).toEqual([['downgradeCommunity', '/processes/0/version', 'error']]);
    expect(ids(standaloneExample('8.0.4-ent', '7.0'), standaloneExample('7.0.12-ent', '7.0'))).toEqual([['downgradeEnterprise', '/processes/0/version', 'warning']]);
  });
  it('compares processes by name: an added or removed process is no version change', () => {
    const base = replicaSetExample(threeMembers('6.0.15', '6.0'));
    const value = replicaSetExample(withFirst(threeMembers('6.0.15', '6.0'), { name: 'rs0-new', version: '8.0.4' }));
    expect(ids(base, value)).toEqual([]);
  });
});
