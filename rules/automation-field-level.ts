// A field of processes, replica sets or members written at the top of an automation configuration.
import { defineRule } from '../src/core/rule';
import { escapeToken } from '../src/core/pointer';
import { levelsOfTopLevelKey } from '../src/model/automation-fields';
import { isObject } from '../src/core/is-object';

export default defineRule({
  meta: {
    id: 'automation-field-level',
    kinds: ['automation-config'],
    defaultSeverity: 'warning',
    description: 'A top-level key of an automation configuration that is a field of each process, replica set or member.',
    messages: {
      wrongLevel: '`{{key}}` is a field of {{levels}} ({{paths}}), not of the automation configuration: Ops Manager is assumed to reject it as a top-level attribute it does not know (INVALID_ATTRIBUTE, as it rejected `onlineArchiveModules`: mongodb/mongodb-atlas-cli #813), and no {{what}} would get it here. Move it into {{levels}}.',
    },
    docs: {
      versions: 'every version: the rule reads no version.',
      why:
        'In a hand-written automation configuration a field is easily written one level too high: ' +
        '`authSchemaVersion`, `featureCompatibilityVersion` or `disabled` belong to each process, ' +
        '`protocolVersion` to each replica set, `votes` and `priority` to each member. Ops Manager rejects ' +
        'a PUT with a top-level attribute it does not know ("400 (request \"INVALID_ATTRIBUTE\") Invalid ' +
        'attribute onlineArchiveModules specified", mongodb/mongodb-atlas-cli issue #813, as rule `unknown-field` ' +
        'says), and even where it took one the processes would run without the setting. ' +
        'Only keys that are fields of another level are reported; the schema\'s own top-level keys and ' +
        'undocumented keys (a GET carries keys the schema does not list) are not. A warning: that Ops Manager ' +
        'rejects these keys as it rejected `onlineArchiveModules` is assumed, not observed for each key.',
      bad: `authSchemaVersion: 5
version: 3
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
    const doc = ctx.value;
    if (!isObject(doc)) return;
    for (const key of Object.keys(doc)) {
      const levels = levelsOfTopLevelKey(key);
      if (!levels) continue;
      const what = levels.map((l) => l.label.replace(/^each /, '')).join(' or ');
      ctx.report({
        pointer: `/${escapeToken(key)}`,
        target: 'key',
        messageId: 'wrongLevel',
        data: {
          key,
          levels: levels.map((l) => l.label).join(' and '),
          paths: levels.map((l) => `\`${l.path}.${key}\``).join(', '),
          what,
        },
      });
    }
  },
});
