// featureCompatibilityVersion is "major.minor", equal to the binary's release or one release
// older (DOMAIN §2). An invalid FCV (e.g. 4.2.4) leaves agents unable to reach goal state
// (mongodb-kubernetes-operator #1072).
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { topologyOf } from '../src/model/automation-topology';
import { checkFcv, formatMajorMinor, parseMajorMinor } from '../src/model/automation';

export default defineRule({
  meta: {
    id: 'feature-compatibility-version',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description: 'featureCompatibilityVersion not major.minor, newer than the process version, or more than one release older.',
    messages: {
      notMajorMinor: 'featureCompatibilityVersion {{fcv}} of process {{name}} is not "major.minor"; the server accepts only a release such as {{example}}. {{advice}}',
      tooOld: 'featureCompatibilityVersion {{fcv}} of process {{name}} is more than one release older than its version {{version}}; mongod {{own}} accepts FCV {{formatMajorMinor}} to {{own}}. Upgrade one release at a time, raising the FCV to {{formatMajorMinor}} before moving past it.',
      newerThanBinary: 'featureCompatibilityVersion {{fcv}} of process {{name}} is newer than its version {{version}}; mongod {{own}} runs with FCV {{own}} or the release before. Set the FCV to {{own2}} or upgrade the process first.',
    },
    docs: {
      versions: 'MongoDB 3.4 and later (FCV arrived in 3.4); for processes before 3.4 only an FCV newer than the process is reported. Rapid releases (x.1, x.2…) from 5.0 on are accepted as the previous major release\'s successors.',
      why:
        'mongod accepts a featureCompatibilityVersion written as `major.minor` (for example "7.0") that equals its own ' +
        'release or the release before it. A patch-level value such as "7.0.12", or an FCV the binary cannot run ' +
        'with, leaves the automation agent unable to reach goal state. OM does not raise the FCV on upgrade: raise ' +
        'it yourself once the upgrade is done, and lower it before a downgrade.',
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
    featureCompatibilityVersion: 7.0.12
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
        modules: []
processes:
  - name: standalone-0
    hostname: db0.example.net
    processType: mongod
    version: 7.0.12
    featureCompatibilityVersion: "6.0"
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
    for (const p of topologyOf(ctx.facts).processes) {
      const fcv = p.value.featureCompatibilityVersion;
      if (typeof fcv !== 'string') continue;
      const verdict = checkFcv(fcv, p.version);
      if (verdict.ok) continue;
      const pointer = joinPointer(p.pointer, 'featureCompatibilityVersion');
      const name = JSON.stringify(p.name ?? `processes[${p.index}]`);
      const binary = p.version === undefined ? undefined : parseMajorMinor(p.version);
      const own = binary ? formatMajorMinor(binary) : undefined;
      switch (verdict.reason) {
        case 'format': {
          const mm = parseMajorMinor(fcv);
          const proposal = mm ? formatMajorMinor(mm) : own;
          ctx.report({
            pointer,
            messageId: 'notMajorMinor',
            data: { fcv: JSON.stringify(fcv), name, example: JSON.stringify(own ?? '7.0'), advice: proposal ? `Write ${JSON.stringify(proposal)}.` : 'Write the release as major.minor.' },
            suggestions: proposal ? [{ title: `Set featureCompatibilityVersion to "${proposal}"`, ops: [{ op: 'replace', pointer, value: proposal }] }] : undefined,
          });
          break;
        }
        case 'newer':
          ctx.report({
            pointer,
            messageId: 'newerThanBinary',
            data: { fcv: JSON.stringify(fcv), name, version: JSON.stringify(p.version), own, own2: JSON.stringify(own) },
            suggestions: [{ title: `Set featureCompatibilityVersion to "${own}"`, ops: [{ op: 'replace', pointer, value: own }] }],
          });
          break;
        case 'too-old':
          ctx.report({
            pointer,
            messageId: 'tooOld',
            data: { fcv: JSON.stringify(fcv), name, version: JSON.stringify(p.version), own, formatMajorMinor: formatMajorMinor(verdict.oldest) },
          });
          break;
      }
    }
  },
});
