import { describe, expect, it } from 'vitest';
import rule from '../../rules/mixed-versions';
import { replicaSetExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const run = (base: string, value: string) => runTransition(rule, { base, value }).map((f) => [f.messageId, f.severity, f.pointer, f.message]);

describe('mixed-versions', () => {
  it('accepts a set on one series, patch levels and rapid releases of a series included', () => {
    const base = replicaSetExample(threeMembers('7.0.11', '7.0'));
    expect(run(base, replicaSetExample(threeMembers('7.0.12', '7.0')))).toEqual([]);
    expect(run(base, replicaSetExample(withFirst(threeMembers('7.0.12', '7.0'), { version: '7.0.14' })))).toEqual([]);
  });
  it('says a change starts a mix (information)', () => {
    expect(run(replicaSetExample(threeMembers('6.0.15', '6.0')), replicaSetExample(withFirst(threeMembers('6.0.15', '6.0'), { version: '7.0.12' })))).toEqual([
      ['nowMixed', 'info', '/replicaSets/0/_id', 'Replica set "rs0" runs 6.0 and 7.0 after this change; mixed release series are a transitional state of an upgrade or downgrade. Bring every process to one release before changing the featureCompatibilityVersion.'],
    ]);
  });
  it('warns when the base was mixed already and a change of versions keeps it so', () => {
    const mixed = replicaSetExample(withFirst(threeMembers('6.0.15', '6.0'), { version: '7.0.12' }));
    const patched = replicaSetExample(withFirst(threeMembers('6.0.16', '6.0'), { version: '7.0.12' }));
    expect(run(mixed, patched).map((r) => r.slice(0, 2))).toEqual([['stillMixed', 'warning']]);
  });
  it('says nothing when the versions did not change (a mix is the document\'s own state then)', () => {
    const mixed = replicaSetExample(withFirst(threeMembers('6.0.15', '6.0'), { version: '7.0.12' }));
    expect(run(mixed, mixed)).toEqual([]);
    expect(run(mixed, replicaSetExample(withFirst(threeMembers('6.0.15', '5.0'), { version: '7.0.12', fcv: '5.0' })))).toEqual([]);
  });
  it('accepts the end of a mix', () => {
    expect(run(replicaSetExample(withFirst(threeMembers('6.0.15', '6.0'), { version: '7.0.12' })), replicaSetExample(threeMembers('7.0.12', '6.0')))).toEqual([]);
  });
});
