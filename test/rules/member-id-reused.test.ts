import { describe, expect, it } from 'vitest';
import rule from '../../rules/member-id-reused';
import { replicaSetExample, threeMembers } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const procs = threeMembers('7.0.12', '7.0');
const base = replicaSetExample(procs);

describe('member-id-reused', () => {
  it('accepts members in another order with their own _ids', () => {
    expect(runTransition(rule, { base, value: replicaSetExample(procs, [{ id: 2, host: 'rs0-2' }, { id: 0, host: 'rs0-0' }, { id: 1, host: 'rs0-1' }]) })).toEqual([]);
  });
  it('warns about an _id that now names another host, with the base place', () => {
    const replaced = [...procs.slice(0, 2), { name: 'rs0-3', hostname: 'db3.example.net', version: '7.0.12', fcv: '7.0' }];
    const found = runTransition(rule, { base, value: replicaSetExample(replaced, [{ id: 0, host: 'rs0-0' }, { id: 1, host: 'rs0-1' }, { id: 2, host: 'rs0-3' }]) });
    expect(found.map((f) => [f.severity, f.pointer, f.basePointer, f.message])).toEqual([
      ['warning', '/replicaSets/0/members/2/host', '/replicaSets/0/members/2/host', 'Member _id 2 of replica set "rs0" was "rs0-2" in the base and is "rs0-3" now; MongoDB reads the same _id as the same member moved to another host. If "rs0-3" is a new member, give it an _id no member used.'],
    ]);
  });
  it('says when two members swap _ids', () => {
    const found = runTransition(rule, { base, value: replicaSetExample(procs, [{ id: 0, host: 'rs0-0' }, { id: 1, host: 'rs0-2' }, { id: 2, host: 'rs0-1' }]) });
    expect(found).toHaveLength(2);
    expect(found[0].message).toContain('"rs0-1" is still a member under another _id: the two swap identities.');
  });
});
