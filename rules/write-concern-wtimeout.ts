// wtimeout bounds the wait for acknowledgements from other members; with w 0 or 1 there is no
// such wait, so the setting does nothing (docs: "Set when w is greater than 1").
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { topologyOf, isObject } from '../src/model/automation-topology';
import { isSingleNodeWriteConcern } from '../src/model/automation';

export default defineRule({
  meta: {
    id: 'write-concern-wtimeout',
    kinds: ['automation-config'],
    defaultSeverity: 'warning',
    hasSuggestions: true,
    description: 'defaultWriteConcern.wtimeout set while w is 0 or 1: it applies only when w > 1 (or "majority"/a tag).',
    messages: {
      wtimeoutWithoutW: 'wtimeout is set while w is {{w}}: a write with w 0 or 1 waits for no other member, so the timeout never applies. Remove wtimeout, or set w to "majority" or a number above 1.',
    },
    docs: {
      versions: 'MongoDB 4.4 and later, where defaultRWConcern exists; the rule reads no version (w 0 or 1 never waits, on any version).',
      why:
        '`wtimeout` limits how long a write waits for other members to acknowledge it. With `w: 0` or `w: 1` no other ' +
        'member is waited for, so the timeout never applies; its presence usually means `w` was meant to be ' +
        '"majority" or a number above 1.',
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
  - name: standalone-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    defaultRWConcern:
      defaultWriteConcern:
        w: 1
        wtimeout: 5000
    args2_6:
      net:
        port: 27017
      storage:
        dbPath: /data/db
      systemLog:
        destination: file
        path: /data/db/mongod.log
replicaSets: []
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
  - name: standalone-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
    defaultRWConcern:
      defaultWriteConcern:
        w: 1
    args2_6:
      net:
        port: 27017
      storage:
        dbPath: /data/db
      systemLog:
        destination: file
        path: /data/db/mongod.log
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    for (const p of topologyOf(ctx.facts).processes) {
      const rw = p.value.defaultRWConcern;
      if (!isObject(rw) || !isObject(rw.defaultWriteConcern)) continue;
      const wc = rw.defaultWriteConcern;
      // wtimeout 0 means "no timeout", i.e. the same as leaving it out.
      if (wc.wtimeout === undefined || wc.wtimeout === 0 || wc.wtimeout === null || !isSingleNodeWriteConcern(wc.w)) continue;
      const pointer = joinPointer(p.pointer, 'defaultRWConcern', 'defaultWriteConcern', 'wtimeout');
      ctx.report({
        pointer,
        target: 'key',
        messageId: 'wtimeoutWithoutW',
        data: { w: JSON.stringify(wc.w) },
        suggestions: [{ title: 'Remove wtimeout', ops: [{ op: 'remove', pointer }] }],
      });
    }
  },
});
