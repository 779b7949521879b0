import rule from '../../rules/process-identity-changed';
import { replicaSetExample, threeMembers, withFirst } from '../../src/model/example-deployments';
import { ruleTester } from '../rule-tester';

const procs = threeMembers('7.0.12', '7.0');
const base = replicaSetExample(procs);
const first = (patch: Parameters<typeof withFirst>[1]) => replicaSetExample(withFirst(procs, patch));
/** A finding of the first process at `pointer`, with the same place in the base (the key there). */
const at = (messageId: string, severity: 'error' | 'warning', pointer: string, line: number, column: number, baseColumn: number) => ({
  messageId,
  severity,
  pointer,
  line,
  column,
  related: [{ file: 'base', pointer, line, column: baseColumn }],
});

ruleTester(rule, {
  valid: [
    { name: 'processes that keep their set and type', base, code: first({ version: '7.0.14' }) },
    { name: 'a template is not read as a new name', base, code: first({ replSetName: '${RS_NAME}' }) },
  ],
  invalid: [
    { name: 'a replSetName changed in place (error)', base, code: first({ replSetName: 'rs1' }), errors: [at('replSetName', 'error', '/processes/0/args2_6/replication/replSetName', 23, 22, 9)] },
    // A warning: the agent's handling is not documented.
    { name: 'a processType changed in place (warning)', base, code: first({ processType: 'mongos' }), errors: [at('processType', 'warning', '/processes/0/processType', 15, 18, 5)] },
  ],
});
