import { describe, expect, it } from 'vitest';
import rule from '../../rules/process-identity-changed';
import { replicaSetExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { runTransition } from '../transition-tester';

const procs = threeMembers('7.0.12', '7.0');
const run = (value: string) => runTransition(rule, { base: replicaSetExample(procs), value }).map((f) => [f.messageId, f.severity, f.pointer, f.basePointer]);

describe('process-identity-changed', () => {
  it('accepts processes that keep their set and type', () => {
    expect(run(replicaSetExample(withFirst(procs, { version: '7.0.14' })))).toEqual([]);
  });
  it('reports a replSetName changed in place (error)', () => {
    expect(run(replicaSetExample(withFirst(procs, { replSetName: 'rs1' })))).toEqual([['replSetName', 'error', '/processes/0/args2_6/replication/replSetName', '/processes/0/args2_6/replication/replSetName']]);
  });
  it('reports a processType changed in place (warning: the agent\'s handling is not documented)', () => {
    expect(run(replicaSetExample(withFirst(procs, { processType: 'mongos' })))).toEqual([['processType', 'warning', '/processes/0/processType', '/processes/0/processType']]);
  });
  it('does not read a template as a new name', () => {
    expect(run(replicaSetExample(withFirst(procs, { replSetName: '${RS_NAME}' })))).toEqual([]);
  });
});
