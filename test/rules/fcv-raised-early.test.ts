import { describe, expect, it } from 'vitest';
import rule from '../../rules/fcv-raised-early';
import { replicaSetExample, standaloneExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const run = (base: string, value: string) => runTransition(rule, { base, value });

describe('fcv-raised-early', () => {
  it('accepts the FCV raised once every process runs the new binary (the second step)', () => {
    expect(run(replicaSetExample(threeMembers('7.0.12', '6.0')), replicaSetExample(threeMembers('7.0.12', '7.0')))).toEqual([]);
  });
  it('accepts an unchanged or lowered FCV, and a binary upgrade alone', () => {
    expect(run(replicaSetExample(threeMembers('6.0.15', '6.0')), replicaSetExample(threeMembers('7.0.12', '6.0')))).toEqual([]);
    expect(run(replicaSetExample(threeMembers('7.0.12', '7.0')), replicaSetExample(threeMembers('7.0.12', '6.0')))).toEqual([]);
  });
  it('reports binaries and FCV raised in one change, on every process, naming the set', () => {
    const found = run(replicaSetExample(threeMembers('6.0.15', '6.0')), replicaSetExample(threeMembers('7.0.12', '7.0')));
    expect(found.map((f) => [f.pointer, f.line, f.column])).toEqual([
      ['/processes/0/featureCompatibilityVersion', 17, 34],
      ['/processes/1/featureCompatibilityVersion', 30, 34],
      ['/processes/2/featureCompatibilityVersion', 43, 34],
    ]);
    expect(found[0].message).toBe(
      'featureCompatibilityVersion of process "rs0-0" is raised from "6.0" to "7.0" while processes "rs0-0" (6.0.15), "rs0-1" (6.0.15), "rs0-2" (6.0.15) of replica set "rs0" run older binaries in the base; raise the FCV only after every process runs a 7.0 binary, in a later change than the binary upgrade.',
    );
  });
  it('reports an FCV raised while one member still runs the old binary (FCV ahead of binaries)', () => {
    const base = replicaSetExample(withFirst(threeMembers('7.0.12', '6.0'), { version: '6.0.15' }));
    const found = run(base, replicaSetExample(withFirst(threeMembers('7.0.12', '7.0'), { version: '6.0.15' })));
    expect(found).toHaveLength(3);
    expect(found[1].message).toContain('while process "rs0-0" (6.0.15) of replica set "rs0" runs an older binary in the base');
  });
  it('reports an FCV raised on a standalone whose binary is still older', () => {
    expect(run(standaloneExample('6.0.15', '6.0'), standaloneExample('6.0.15', '7.0')).map((f) => f.messageId)).toEqual(['raisedEarly']);
  });
  it('reads a rapid release as its series', () => {
    expect(run(standaloneExample('7.3.1', '6.0'), standaloneExample('7.3.1', '7.0'))).toEqual([]);
  });
});
