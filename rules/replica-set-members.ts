// Replica set membership must be consistent: members name existing processes, a process belongs
// to at most one replica set, ids are unique, and the process's replSetName agrees with its set.
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { describeExisting, topologyOf, nearestNames, processAt, type MemberInfo, type ProcessInfo } from '../src/model/automation-topology';

const quote = (s: string) => JSON.stringify(s);
const setName = (m: MemberInfo) => (m.replicaSet.id === undefined ? `replicaSets[${m.replicaSet.index}]` : quote(m.replicaSet.id));

export default defineRule({
  meta: {
    id: 'replica-set-members',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description:
      'A member host naming no process, a process in two replica sets, a duplicate member or replica set _id, ' +
      "a member whose replSetName differs from its set's _id, or a replSetName that no replica set has.",
    messages: {
      listedTwice: 'Process {{host}} is listed twice in replica set {{setName}} (members[{{index}}]); remove one of the entries.',
      inTwoSets: 'Process {{host}} is already a member of replica set {{setName}}; a process belongs to at most one replica set. Remove it from one of them.',
      unknownHost: 'Member host {{host}} of replica set {{setName}} names no process; {{describeExisting}}.{{detail}}',
      duplicateMemberId: 'Member _id {{id}} is already used by members[{{index}}] of replica set {{setName}}; member _ids must be unique within a replica set. Give this member an unused _id.',
      replSetNameMismatch: 'Process {{detail}} is a member of replica set {{id}} but its replSetName is {{replSetName}}; the member would never join the set. Set replSetName to the replica set _id.',
      duplicateSetId: 'Replica set _id {{id}} is already used by replicaSets[{{index}}]; replica set names must be unique. Rename one of them (and its members\' replSetName).',
      replSetNameUnknown: 'Process {{process}} has replSetName {{replSetName}}, but no replicaSets entry has that _id{{near}}: the agent starts it for a replica set that is never initiated. Add the set to replicaSets with this process as a member, or correct the name.',
    },
    docs: {
      versions: 'every version: the rule reads no version.',
      why:
        '`replicaSets[].members[].host` is the `name` of a process in `processes` (not a hostname:port). ' +
        'The agent starts each member with `args2_6.replication.replSetName` and initiates the set from ' +
        '`replicaSets[]._id`: when they differ the member never joins, and a process whose replSetName ' +
        'no `replicaSets` entry has is started for a set nobody initiates (a warning: whether Ops Manager ' +
        'rejects such a configuration is unconfirmed). A process can belong to only one ' +
        'replica set, and `_id`s of sets and of members within a set must be unique, or OM rejects the configuration.',
      bad: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: b6513ce0781db6818e24619e8a461eae90bc94fc
        architecture: amd64
        modules: []
processes:
  - name: rs0-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      replication:
        replSetName: rs0
      storage:
        dbPath: /data/rs0
      systemLog:
        destination: file
        path: /data/rs0/mongod.log
replicaSets:
  - _id: rs0
    protocolVersion: "1"
    members:
      - _id: 0
        host: db0.example.net:27017
        priority: 1
        votes: 1
sharding: []
`,
      good: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: b6513ce0781db6818e24619e8a461eae90bc94fc
        architecture: amd64
        modules: []
processes:
  - name: rs0-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    args2_6:
      net:
        port: 27017
      replication:
        replSetName: rs0
      storage:
        dbPath: /data/rs0
      systemLog:
        destination: file
        path: /data/rs0/mongod.log
replicaSets:
  - _id: rs0
    protocolVersion: "1"
    members:
      - _id: 0
        host: rs0-0
        priority: 1
        votes: 1
sharding: []
`,
    },
  },
  check(ctx) {
    const t = topologyOf(ctx.facts);
    let processNames: string[] | undefined;
    const reportedProcesses = new Set<ProcessInfo>();

    for (const rs of t.replicaSets) {
      if (rs.id !== undefined) {
        const first = t.replicaSetsById.get(rs.id);
        if (first && first !== rs) {
          ctx.report({
            pointer: joinPointer(rs.pointer, '_id'),
            messageId: 'duplicateSetId',
            data: { id: quote(rs.id), index: first.index },
          });
        }
      }
      const memberIds = new Map<string, MemberInfo>();
      for (const m of rs.members) {
        const id = m.value._id;
        if (typeof id === 'number' || typeof id === 'string') {
          const key = `${typeof id}:${id}`;
          const first = memberIds.get(key);
          if (first) {
            ctx.report({
              pointer: joinPointer(m.pointer, '_id'),
              messageId: 'duplicateMemberId',
              data: { id: JSON.stringify(id), index: first.index, setName: setName(m) },
            });
          } else memberIds.set(key, m);
        }

        if (m.host === undefined) continue;
        if (!m.process) {
          if (!t.hasProcesses) continue; // a fragment without processes: nothing to resolve against
          processNames ??= [...t.processesByName.keys()];
          let hint = '';
          if (m.host.includes(':')) {
            const p = processAt(ctx.facts, m.host.toLowerCase());
            hint = p?.name !== undefined ? ` That address is process ${quote(p.name)}: use its name.` : ' A member host is a process name, not hostname:port.';
          }
          ctx.report({
            pointer: joinPointer(m.pointer, 'host'),
            messageId: 'unknownHost',
            data: { host: quote(m.host), setName: setName(m), describeExisting: describeExisting('processes', m.host, processNames), detail: hint || ' Use a processes[].name.' },
          });
          continue;
        }

        const memberships = t.membersByHost.get(m.host)!;
        const first = memberships[0];
        if (first !== m) {
          ctx.report({
            pointer: joinPointer(m.pointer, 'host'),
            messageId: first.replicaSet === m.replicaSet ? 'listedTwice' : 'inTwoSets',
            data: first.replicaSet === m.replicaSet ? { host: quote(m.host), setName: setName(m), index: first.index } : { host: quote(m.host), setName: setName(first) },
          });
          continue;
        }

        const p = m.process;
        if (rs.id !== undefined && p.replSetName !== undefined && p.replSetName !== rs.id && !reportedProcesses.has(p)) {
          reportedProcesses.add(p);
          ctx.report({
            pointer: joinPointer(p.pointer, 'args2_6', 'replication', 'replSetName'),
            messageId: 'replSetNameMismatch',
            data: { detail: quote(p.name ?? m.host), id: quote(rs.id), replSetName: quote(p.replSetName) },
            suggestions: [
              {
                title: `Set replSetName to ${quote(rs.id)}`,
                ops: [{ op: 'replace', pointer: joinPointer(p.pointer, 'args2_6', 'replication', 'replSetName'), value: rs.id }],
              },
            ],
          });
        }
      }
    }

    // A replSetName no set has (a member of another set is replSetNameMismatch's); fragments without replicaSets are not judged.
    if (!t.hasReplicaSets) return;
    let setIds: string[] | undefined;
    for (const p of t.processes) {
      const name = p.replSetName;
      if (name === undefined || t.replicaSetsById.has(name) || ctx.isTemplate(name)) continue;
      if (p.name !== undefined && t.membersByHost.has(p.name)) continue;
      setIds ??= [...t.replicaSetsById.keys()];
      const near = nearestNames(name, setIds, 1);
      ctx.report({
        pointer: joinPointer(p.pointer, 'args2_6', 'replication', 'replSetName'),
        severity: 'warning',
        messageId: 'replSetNameUnknown',
        data: { process: quote(p.name ?? `processes[${p.index}]`), replSetName: quote(name), near: near.length > 0 ? ` (did you mean ${quote(near[0])}?)` : '' },
      });
    }
  },
});
