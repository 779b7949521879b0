// win2008plus and winVCRedist* describe Windows builds only; on a Linux or macOS build they are
// ignored, which usually means the fields were copied onto the wrong build. A build without
// `architecture` is what GETs of OM 2.x/3.x deployments return for MongoDB 3.0/3.2 builds (so no
// error); for 3.4+ builds the reference lists it, so its absence is worth a warning (unconfirmed
// whether the server rejects it: a warning, not an error).
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import { isObject } from '../src/model/automation-topology';
import { FCV_SINCE, WINDOWS_ONLY_BUILD_FIELDS, isBefore, isWindowsPlatform } from '../src/model/automation';

export default defineRule({
  meta: {
    id: 'build-platform-fields',
    kinds: ['automation-config'],
    defaultSeverity: 'warning',
    hasSuggestions: true,
    description: 'win2008plus or winVCRedist* on a build whose platform is not Windows; a build of MongoDB 3.4+ without architecture.',
    messages: {
      windowsOnlyField: '{{field}} applies to Windows builds only, but this build\'s platform is {{platform}}; the agent ignores it here. Move it to the Windows build or remove it.',
      noArchitecture: 'Build {{bi}} of {{detail}} has no architecture; the reference lists it for every build (amd64, aarch64, ppc64le or s390x) and the agent picks the build by it. Copy the build from a GET of the automation configuration. (Only GETs of MongoDB 3.0/3.2 builds omit it.)',
    },
    docs: {
      versions: 'every version for the Windows-only fields; `architecture` is expected on builds of MongoDB 3.4 and later (a warning: when OM began to require it is unconfirmed), and builds of MongoDB 3.0/3.2 may omit it, as GETs of OM 2.x/3.x do.',
      why:
        '`win2008plus` and the `winVCRedist*` fields (the Visual C++ redistributable to install first) only mean ' +
        'something for a Windows build. On a `linux` or `osx` build the agent ignores them, which usually means they ' +
        'were pasted into the wrong build entry. Every build of MongoDB 3.4 and later carries `architecture` in a GET; ' +
        'GETs of MongoDB 3.0/3.2 builds (OM 2.x/3.x) omit it, so only those builds may go without.',
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
        win2008plus: true
processes: []
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
      - platform: windows
        url: https://fastdl.mongodb.org/windows/mongodb-windows-x86_64-7.0.12.zip
        gitVersion: b6513ce0781db6818e24619e8a461eae90bc94fc
        architecture: amd64
        modules: []
        win2008plus: true
processes: []
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || !Array.isArray(doc.mongoDbVersions)) return;
    doc.mongoDbVersions.forEach((version, vi) => {
      if (!isObject(version) || !Array.isArray(version.builds)) return;
      const legacy = isBefore(version.name, FCV_SINCE) === true;
      version.builds.forEach((build, bi) => {
        if (isObject(build) && !('architecture' in build) && !legacy) {
          ctx.report({
            pointer: joinPointer('/mongoDbVersions', vi, 'builds', bi),
            target: 'key',
            messageId: 'noArchitecture',
            data: { bi, detail: JSON.stringify(version.name ?? `mongoDbVersions[${vi}]`) },
          });
        }
        if (!isObject(build) || typeof build.platform !== 'string' || isWindowsPlatform(build.platform)) return;
        for (const field of WINDOWS_ONLY_BUILD_FIELDS) {
          const v = build[field];
          // win2008plus: false and null values say nothing.
          if (v === undefined || v === null || v === false) continue;
          const pointer = joinPointer('/mongoDbVersions', vi, 'builds', bi, field);
          ctx.report({
            pointer,
            target: 'key',
            messageId: 'windowsOnlyField',
            data: { field, platform: JSON.stringify(build.platform) },
            suggestions: [{ title: `Remove ${field}`, ops: [{ op: 'remove', pointer }] }],
          });
        }
      });
    });
  },
});
