import rule from '../../rules/build-platform-fields';
import { ruleTester } from '../rule-tester';

/** Build fields after platform start on line 5, keys at column 9 (architecture last, unless given). */
const build = (platform: string, ...fields: string[]) =>
  `mongoDbVersions:\n  - name: 7.0.12\n    builds:\n      - platform: ${platform}\n${fields.map((f) => `        ${f}\n`).join('')}` +
  (fields.some((f) => f.startsWith('architecture:')) ? '' : '        architecture: amd64\n');
/** A build of `version` without architecture, as 3.x-era GETs return them. */
const noArchitecture = (version: string) =>
  `mongoDbVersions:\n  - name: ${version}\n    builds:\n      - platform: linux\n        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-${version}.tgz\n`;
const windowsOnly = (line: number) => ({ messageId: 'windowsOnlyField', line, column: 9, severity: 'warning' as const });
const noArch = { messageId: 'noArchitecture', line: 4, column: 9, severity: 'warning' as const };

ruleTester(rule, {
  valid: [
    { name: 'a Windows build with every Windows field (operator fixture)', code: build('windows', 'win2008plus: true', 'winVCRedistUrl: https://download.microsoft.com/vc_redist.x64.exe', 'winVCRedistOptions: [/quiet, /norestart]', 'winVCRedistDll: vcruntime140.dll', 'winVCRedistVersion: 14.14.26405.0') },
    { name: 'a Linux build without them', code: build('linux', 'architecture: amd64', 'bits: 64') },
    { name: 'win2008plus: false on Linux (says nothing)', code: build('linux', 'win2008plus: false') },
    { name: 'null Windows fields', code: build('osx', 'winVCRedistUrl: null') },
    { name: 'a build without platform', code: 'mongoDbVersions:\n  - name: 7.0.12\n    builds:\n      - win2008plus: true\n        architecture: amd64\n' },
    // Real GET of OM 2.x/3.x (test/data/real/automation-config/vagrant-om-3x__get-put-roundtrip.json).
    { name: 'a MongoDB 3.0 build without architecture', code: noArchitecture('3.0.9') },
    { name: 'a MongoDB 3.2 build without architecture', code: noArchitecture('3.2.6') },
  ],
  invalid: [
    {
      name: 'win2008plus on Linux (names the field and the platform)',
      code: build('linux', 'win2008plus: true'),
      errors: [
        {
          ...windowsOnly(5),
          pointer: '/mongoDbVersions/0/builds/0/win2008plus',
          message: /win2008plus applies to Windows builds only, but this build's platform is "linux"/,
          suggestions: ['Remove win2008plus'],
        },
      ],
    },
    { name: 'a MongoDB 3.4 build without architecture', code: noArchitecture('3.4.24'), errors: [noArch] },
    { name: 'a MongoDB 7.0 build without architecture', code: noArchitecture('7.0.12'), errors: [noArch] },
    { name: 'winVCRedist fields on macOS', code: build('osx', 'winVCRedistUrl: https://download.microsoft.com/vc_redist.x64.exe', 'winVCRedistOptions: []'), errors: [windowsOnly(5), windowsOnly(6)] },
  ],
});
