// The automation configuration's `version` is a revision number that Ops Manager keeps: a PUT
// sends back the version of the GET it edits (docs/versions.md, "Round trips").
import { defineTransitionRule } from '../src/core/rule';

export default defineTransitionRule({
  meta: {
    id: 'config-version-changed',
    kinds: ['automation-config'],
    scope: 'transition',
    defaultSeverity: 'warning',
    description: 'The automation configuration\'s top-level `version` is lower than in the base: the edit started from an older configuration.',
    messages: {
      lowered: 'version is {{is}} here and {{was}} in the base ({{baseLabel}}): lowered. It is the revision of the configuration you edit, which Ops Manager keeps; an older number suggests the edit started from an older GET. Start again from the current GET.',
    },
    docs: {
      versions: 'Every Ops Manager version. What Ops Manager does with a `version` changed by hand is not documented, so this is a warning; a raised version is not reported: a base from git is the body of the previous PUT, and the next edit starts from the GET after it, which Ops Manager saved as a newer revision.',
      why:
        'The Automation Configuration Parameters describe `version` as the "revision of this automation configuration file", and a PUT is a modified copy of the current GET: "When you submit ' +
        'updates, Ops Manager makes internal modifications to the data and then saves your new configuration version". The Ops Manager 3.4 tutorial has you "confirm that the version field ' +
        'of the retrieved automation configuration matches" the agent\'s copy before editing. A lowered version means the edit started from a stale GET, which would undo later changes ' +
        '("the later modification wins": there is no concurrency protection). Ops Manager\'s handling of a version changed by hand is not documented. ' +
        'Sources: https://www.mongodb.com/docs/ops-manager/current/reference/api/automation-config/automation-config-parameters/, https://www.mongodb.com/docs/ops-manager/current/reference/api/automation-config/update-automation-config/.',
      base: `version: 12
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: "0000000000000000000000000000000000000000"
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
  - name: rs0-2
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
        dbPath: /data/rs0
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
        host: rs0-2
        priority: 1
        votes: 1
`,
      bad: `version: 11
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: "0000000000000000000000000000000000000000"
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
  - name: rs0-2
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
        dbPath: /data/rs0
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
        host: rs0-2
        priority: 1
        votes: 1
`,
      good: `version: 12
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions:
  - name: 7.0.12
    builds:
      - platform: linux
        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-ubuntu2204-7.0.12.tgz
        gitVersion: "0000000000000000000000000000000000000000"
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
  - name: rs0-2
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
        dbPath: /data/rs0
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
        host: rs0-2
        priority: 1
        votes: 1
`,
    },
  },
  check(ctx) {
    const was = (ctx.base as Record<string, unknown> | null)?.version;
    const is = (ctx.value as Record<string, unknown> | null)?.version;
    if (typeof was !== 'number' || typeof is !== 'number' || is >= was) return;
    ctx.report({ pointer: '/version', messageId: 'lowered', data: { is, was, baseLabel: ctx.baseLabel } });
  },
});
