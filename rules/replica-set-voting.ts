// MongoDB's replica set limits: at most 7 voting members and 50 members, and a member that can
// never become primary must have priority 0 ("must have priority 0 when not eligible to become
// primary", go-client-mongodb-ops-manager #60). Arbiters are the exception: up to 3.4 the manual
// documents priority 1 as their default and 3.6+ resets it to 0 itself, so a GET of an older
// deployment carries `priority: 1` on arbiters: a warning (3.6+) or information (before 3.6).
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { topologyOf, type MemberInfo } from '../src/model/automation-topology';
import { ARBITER_PRIORITY_ZERO_SINCE, NON_VOTING_PRIORITY_ZERO_SINCE, DEFAULT_MEMBER_VOTES, MAX_REPLICA_SET_MEMBERS, MAX_VOTING_MEMBERS, isBefore } from '../src/model/automation';
import type { Severity } from '../src/core/types';

const positive = (v: unknown) => typeof v === 'number' && v > 0;

/** Whether a member votes: `votes` absent means the default (1). */
function votes(m: MemberInfo): boolean {
  const v = m.value.votes;
  return v === undefined ? DEFAULT_MEMBER_VOTES > 0 : positive(v);
}

const NON_VOTING = 'non-voting (votes: 0)';

/** Why a member can never become primary, or undefined when it can. */
function notElectable(m: MemberInfo): string | undefined {
  const v = m.value;
  if (v.arbiterOnly === true) return 'an arbiter';
  if (v.hidden === true) return 'hidden';
  if (v.votes === 0) return NON_VOTING;
  if (positive(v.secondaryDelaySecs)) return `delayed (secondaryDelaySecs: ${v.secondaryDelaySecs})`;
  if (positive(v.slaveDelay)) return `delayed (slaveDelay: ${v.slaveDelay})`;
  return undefined;
}

/** An arbiter's priority > 0: information before 3.6 (the documented default), a warning from 3.6 on. */
function arbiterSeverity(m: MemberInfo): Severity {
  return isBefore(m.process?.version, ARBITER_PRIORITY_ZERO_SINCE) === true ? 'info' : 'warning';
}

function arbiterMessage(member: string, priority: unknown, version: unknown): string {
  const older = isBefore(version, ARBITER_PRIORITY_ZERO_SINCE) === true;
  return older
    ? `${member} is an arbiter with priority ${priority}, the default MongoDB ${version} documents for arbiters; from 3.6 on ` +
        'mongod resets it to 0. Set priority: 0 before upgrading, to keep the configuration and the running set alike.'
    : `${member} is an arbiter with priority ${priority}; an arbiter can never become primary and mongod 3.6+ silently ` +
        'resets its priority to 0. Set priority: 0 so the configuration says what runs.';
}

export default defineRule({
  meta: {
    id: 'replica-set-voting',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description:
      'More than 7 voting members or 50 members in a replica set; a member with priority > 0 that cannot be primary ' +
      '(hidden, votes: 0, delayed; an arbiter only as a warning, or information before MongoDB 3.6).',
    messages: {
      memberVotes: '{{member}} is {{why}} and can never become primary, yet has priority {{priority}}; mongod requires priority 0 for such members. Set priority: 0.',
      tooManyVoters: 'Replica set {{name}} has {{voters}} voting members; at most {{maxVotingMembers}} members may vote. Set votes: 0 and priority: 0 on the extra members.',
      tooManyMembers: 'Replica set {{name}} has {{length}} members; a replica set holds at most {{maxReplicaSetMembers}}. Split the data across shards or remove members.',
    },
    docs: {
      versions: 'MongoDB 3.0 and later for the limits of 7 voting members and 50 members (2.6 allowed 12 members: not checked). A non-voting member with priority > 0: an error from MongoDB 3.2 (no finding before). An arbiter with priority > 0: never an error; information before 3.6 (the 3.4 manual documents priority 1 as the arbiter default), a warning from 3.6 (mongod resets it to 0). Hidden and delayed members: every version. The version read is the member\'s process `version`; unknown versions count as current.',
      why:
        'mongod refuses a replica set configuration with more than 7 voting members or more than 50 members. ' +
        'Arbiters, hidden members, non-voting members and delayed members can never become primary, so mongod ' +
        'requires `priority: 0` for them; OM reports "must have priority 0 when not eligible to become primary". ' +
        'Arbiters are the exception: up to MongoDB 3.4 their documented default priority is 1, and 3.6+ resets it to 0 ' +
        'itself, so a GET of an older deployment carries `priority: 1` on arbiters; that is a warning (information ' +
        'before 3.6) asking to write 0, never an error.',
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
  - name: rs0-1
    hostname: db1.example.net
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
  - name: rs0-hidden
    hostname: db2.example.net
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
        dbPath: /data/hidden
      systemLog:
        destination: file
        path: /data/hidden/mongod.log
replicaSets:
  - _id: rs0
    protocolVersion: "1"
    members:
      - _id: 0
        host: rs0-0
        priority: 1
        votes: 1
      - _id: 1
        host: rs0-1
        priority: 1
        votes: 1
      - _id: 2
        host: rs0-hidden
        hidden: true
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
  - name: rs0-1
    hostname: db1.example.net
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
  - name: rs0-hidden
    hostname: db2.example.net
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
        dbPath: /data/hidden
      systemLog:
        destination: file
        path: /data/hidden/mongod.log
replicaSets:
  - _id: rs0
    protocolVersion: "1"
    members:
      - _id: 0
        host: rs0-0
        priority: 1
        votes: 1
      - _id: 1
        host: rs0-1
        priority: 1
        votes: 1
      - _id: 2
        host: rs0-hidden
        hidden: true
        priority: 0
        votes: 1
sharding: []
`,
    },
  },
  check(ctx) {
    for (const rs of topologyOf(ctx.facts).replicaSets) {
      const name = rs.id === undefined ? `replicaSets[${rs.index}]` : JSON.stringify(rs.id);
      const membersPointer = joinPointer(rs.pointer, 'members');
      if (rs.members.length > MAX_REPLICA_SET_MEMBERS) {
        ctx.report({
          pointer: membersPointer,
          target: 'key',
          messageId: 'tooManyMembers',
          data: { name, length: rs.members.length, maxReplicaSetMembers: MAX_REPLICA_SET_MEMBERS },
        });
      }
      let voters = 0;
      for (const m of rs.members) if (votes(m)) voters++;
      if (voters > MAX_VOTING_MEMBERS) {
        ctx.report({
          pointer: membersPointer,
          target: 'key',
          messageId: 'tooManyVoters',
          data: { name, voters, maxVotingMembers: MAX_VOTING_MEMBERS },
        });
      }
      for (const m of rs.members) {
        const priority = m.value.priority;
        if (!positive(priority)) continue;
        const why = notElectable(m);
        if (!why) continue;
        // Before 3.2 a non-voting member could keep a priority ("Changed in version 3.2: non-voting
        // members must have priority of 0"): a GET of such a deployment is no error.
        if (why === NON_VOTING && isBefore(m.process?.version, NON_VOTING_PRIORITY_ZERO_SINCE) === true) continue;
        const pointer = joinPointer(m.pointer, 'priority');
        const member = `Member ${JSON.stringify(m.host ?? `members[${m.index}]`)} of replica set ${name}`;
        const suggestions = [{ title: 'Set priority to 0', ops: [{ op: 'replace' as const, pointer, value: 0 }] }];
        if (m.value.arbiterOnly === true) {
          ctx.report({ pointer, severity: arbiterSeverity(m), message: arbiterMessage(member, priority, m.process?.version), suggestions });
          continue;
        }
        ctx.report({
          pointer,
          messageId: 'memberVotes',
          data: { member, why, priority },
          suggestions,
        });
      }
    }
  },
});
