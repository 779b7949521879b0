import { describe, expect, it } from 'vitest';
import rule from '../../rules/process-renamed';
import { replicaSetExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const procs = threeMembers('7.0.12', '7.0');
const base = replicaSetExample(procs);

describe('process-renamed', () => {
  it('accepts a new process on a new host next to a removed one', () => {
    expect(runTransition(rule, { base, value: replicaSetExample(withFirst(procs, { name: 'rs0-9', hostname: 'db9.example.net' })) })).toEqual([]);
  });
  it('warns about a new name at the host and port of a removed process', () => {
    const found = runTransition(rule, { base, value: replicaSetExample(withFirst(procs, { name: 'rs0-primary' })) });
    expect(found.map((f) => [f.severity, f.pointer, f.basePointer, f.message])).toEqual([
      ['warning', '/processes/0/name', '/processes/0/name', 'Process "rs0-primary" takes the host and port of process "rs0-0" (db0.example.net:27017), which is gone from this configuration; processes are known by name, so this is a removal of "rs0-0" and an addition of "rs0-primary", not a rename. Keep the name "rs0-0" if the process is meant to stay.'],
    ]);
  });
  it('compares host names without case', () => {
    expect(runTransition(rule, { base, value: replicaSetExample(withFirst(procs, { name: 'rs0-primary', hostname: 'DB0.example.net' })) })).toHaveLength(1);
  });
});
