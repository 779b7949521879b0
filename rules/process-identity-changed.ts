// An existing process whose replica set name or process type changes in place (docs/versions.md,
// "Replica set changes").
import { defineTransitionRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { transitionOf, processLabel } from '../src/model/automation-transition';
import { replicaSetExample, threeMembers, withFirst } from '../src/model/example-deployments';

export default defineTransitionRule({
  meta: {
    id: 'process-identity-changed',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'error',
    description: 'The replSetName (error) or processType (warning) of an existing process changes.',
    messages: {
      replSetName:
        'Process {{name}} moves from replica set {{was}} to {{is}}; its data and its local database belong to {{was}}. Renaming a replica set needs every member shut down and its local database edited (MongoDB manual, Rename a Replica Set); to move a host to another set, remove the process and add a new one with an empty data directory.',
      processType:
        'Process {{name}} changes from {{was}} to {{is}}; a {{was}} and a {{is}} are different programs with different options. Remove the process and add a new one under another name instead.',
    },
    docs: {
      versions: 'Every MongoDB version.',
      why:
        'A member keeps its replica set name in its `local` database: renaming a replica set "requires downtime", all members shut down and the name rewritten in each member\'s `local.system.replset`, ' +
        'and with Ops Manager the set must first be removed from automation (MongoDB manual, Rename a Self-Managed Replica Set). Changing `args2_6.replication.replSetName` of an existing ' +
        'process in the automation configuration does none of this. A `processType` change (mongod ↔ mongos) turns one program into another under the same name; how the agent handles ' +
        'it is not documented, so that case is a warning. Source: https://www.mongodb.com/docs/manual/tutorial/rename-unsharded-replica-set/.',
      base: replicaSetExample(threeMembers('7.0.12', '7.0')),
      bad: replicaSetExample(withFirst(threeMembers('7.0.12', '7.0'), { replSetName: 'rs1' })),
      good: replicaSetExample(threeMembers('7.0.12', '7.0')),
      // The member's process no longer names its set: the document rule says so too.
      alsoReports: ['replica-set-members'],
    },
  },
  check(ctx) {
    for (const { base, now } of transitionOf(ctx).kept) {
      if (base.replSetName !== undefined && now.replSetName !== undefined && base.replSetName !== now.replSetName && !ctx.isTemplate(now.replSetName)) {
        ctx.report({
          pointer: joinPointer(now.pointer, 'args2_6', 'replication', 'replSetName'),
          messageId: 'replSetName',
          data: { name: processLabel(now), was: JSON.stringify(base.replSetName), is: JSON.stringify(now.replSetName) },
          basePointer: joinPointer(base.pointer, 'args2_6', 'replication', 'replSetName'),
        });
      }
      if (base.processType !== undefined && now.processType !== undefined && base.processType !== now.processType) {
        ctx.report({
          pointer: joinPointer(now.pointer, 'processType'),
          severity: 'warning',
          messageId: 'processType',
          data: { name: processLabel(now), was: base.processType, is: now.processType },
          basePointer: joinPointer(base.pointer, 'processType'),
        });
      }
    }
  },
});
