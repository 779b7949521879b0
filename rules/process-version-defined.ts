// Every processes[].version must name a mongoDbVersions[] entry: the agent downloads the build
// from there, and OM refuses a configuration whose process has no matching version.
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { describeExisting, topologyOf, isObject } from '../src/model/automation-topology';

export default defineRule({
  meta: {
    id: 'process-version-defined',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    description: 'A processes[].version with no mongoDbVersions[].name entry.',
    messages: {
      noVersions: 'Version {{version}} has no mongoDbVersions entry: mongoDbVersions is empty. Add an entry with this name and its builds (copy it from a GET of the automation configuration).',
      undefinedVersion: 'Version {{version}} has no mongoDbVersions entry; {{existing}}. Use a defined version, or add an entry with this name and its builds.',
    },
    docs: {
      versions: 'every version: the rule reads no version.',
      why:
        'The automation agent downloads each process binary from the builds of the `mongoDbVersions` entry ' +
        'whose `name` equals the process `version`. Without that entry OM rejects the configuration. ' +
        'Only checked when `mongoDbVersions` is present (its absence is `required-field`).',
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
        flavor: ubuntu
        minOsVersion: "22.04"
        maxOsVersion: "23.04"
        modules: []
processes:
  - name: standalone-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.14
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
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
        flavor: ubuntu
        minOsVersion: "22.04"
        maxOsVersion: "23.04"
        modules: []
processes:
  - name: standalone-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "7.0"
    authSchemaVersion: 5
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
    if (!isObject(doc) || !Array.isArray(doc.mongoDbVersions)) return;
    const defined = new Set<string>();
    for (const v of doc.mongoDbVersions) if (isObject(v) && typeof v.name === 'string') defined.add(v.name);
    const names = [...defined];
    // Listing the defined versions costs: once per missing version (a big project repeats the same version on many processes).
    const existing = new Map<string, string>();
    for (const p of topologyOf(ctx.facts).processes) {
      if (p.version === undefined || defined.has(p.version)) continue;
      const pointer = joinPointer(p.pointer, 'version');
      const version = JSON.stringify(p.version);
      if (names.length === 0) {
        ctx.report({ pointer, messageId: 'noVersions', data: { version } });
        continue;
      }
      let known = existing.get(p.version);
      if (known === undefined) existing.set(p.version, (known = describeExisting('defined', p.version, names)));
      ctx.report({ pointer, messageId: 'undefinedVersion', data: { version, existing: known } });
    }
  },
});
