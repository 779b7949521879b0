import { describe, expect, it } from 'vitest';
import rule from '../../rules/voting-majority-removed';
import { replicaSetExample, threeMembers } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const five = [0, 1, 2, 3, 4].map((i) => ({ name: `rs0-${i}`, version: '7.0.12', fcv: '7.0' }));
const run = (base: string, value: string) => runTransition(rule, { base, value });

describe('voting-majority-removed', () => {
  it('accepts removing one voting member of three, or a minority of five', () => {
    expect(run(replicaSetExample(threeMembers('7.0.12', '7.0')), replicaSetExample(threeMembers('7.0.12', '7.0').slice(0, 2)))).toEqual([]);
    expect(run(replicaSetExample(five), replicaSetExample(five.slice(0, 3)))).toEqual([]);
  });
  it('accepts removing a whole replica set (no set is left to lose its majority)', () => {
    expect(run(replicaSetExample(threeMembers('7.0.12', '7.0')), 'version: 12\nprocesses: []\nreplicaSets: []\n')).toEqual([]);
  });
  it('reports two of three members removed at once, at the members key', () => {
    const [f, ...rest] = run(replicaSetExample(threeMembers('7.0.12', '7.0')), replicaSetExample(threeMembers('7.0.12', '7.0').slice(0, 1)));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ messageId: 'majorityGone', severity: 'error', pointer: '/replicaSets/0/members', line: 29, column: 5 });
    expect(f.message).toBe(
      'Replica set "rs0" loses 2 of its 3 voting members in this change ("rs0-1", "rs0-2"); only 1 of the 3 remain, no majority of the old configuration, so the set cannot elect a primary while the change is applied. Remove or un-vote one voting member per change and let each reach goal state.',
    );
  });
  it('counts members made non-voting like removed ones, and an even split as no majority', () => {
    const members = [0, 1, 2, 3].map((id) => ({ id, host: `rs0-${id}`, votes: id >= 2 ? 0 : 1 }));
    const four = five.slice(0, 4);
    expect(run(replicaSetExample(four), replicaSetExample(four, members)).map((f) => f.message)).toEqual([expect.stringContaining('loses 2 of its 4 voting members in this change ("rs0-2", "rs0-3"); only 2 of the 4 remain')]);
  });
});
