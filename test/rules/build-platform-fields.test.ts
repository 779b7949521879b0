import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'build-platform-fields';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** Build fields after platform start on line 5, keys at column 9 (architecture last, unless given). */
const build = (platform: string, ...fields: string[]) =>
  `mongoDbVersions:\n  - name: 7.0.12\n    builds:\n      - platform: ${platform}\n${fields.map((f) => `        ${f}\n`).join('')}` +
  (fields.some((f) => f.startsWith('architecture:')) ? '' : '        architecture: amd64\n');
/** A build of `version` without architecture, as 3.x-era GETs return them. */
const noArchitecture = (version: string) =>
  `mongoDbVersions:\n  - name: ${version}\n    builds:\n      - platform: linux\n        url: https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-${version}.tgz\n`;

describe(RULE, () => {
  it.each([
    ['a Windows build with every Windows field (operator fixture)', build('windows', 'win2008plus: true', 'winVCRedistUrl: https://download.microsoft.com/vc_redist.x64.exe', 'winVCRedistOptions: [/quiet, /norestart]', 'winVCRedistDll: vcruntime140.dll', 'winVCRedistVersion: 14.14.26405.0')],
    ['a Linux build without them', build('linux', 'architecture: amd64', 'bits: 64')],
    ['win2008plus: false on Linux (says nothing)', build('linux', 'win2008plus: false')],
    ['null Windows fields', build('osx', 'winVCRedistUrl: null')],
    ['a build without platform', 'mongoDbVersions:\n  - name: 7.0.12\n    builds:\n      - win2008plus: true\n        architecture: amd64\n'],
    // Real GET of OM 2.x/3.x (test/data/real/automation-config/vagrant-om-3x__get-put-roundtrip.json).
    ['a MongoDB 3.0 build without architecture', noArchitecture('3.0.9')],
    ['a MongoDB 3.2 build without architecture', noArchitecture('3.2.6')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['win2008plus on Linux', build('linux', 'win2008plus: true'), [[5, 9, 'warning']]],
    ['a MongoDB 3.4 build without architecture', noArchitecture('3.4.24'), [[4, 9, 'warning']]],
    ['a MongoDB 7.0 build without architecture', noArchitecture('7.0.12'), [[4, 9, 'warning']]],
    ['winVCRedist fields on macOS', build('osx', 'winVCRedistUrl: https://download.microsoft.com/vc_redist.x64.exe', 'winVCRedistOptions: []'), [[5, 9, 'warning'], [6, 9, 'warning']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('names the field and the platform', async () => {
    const [d] = await diagnostics(build('linux', 'win2008plus: true'));
    expect(d.pointer).toBe('/mongoDbVersions/0/builds/0/win2008plus');
    expect(d.message).toContain('win2008plus applies to Windows builds only, but this build\'s platform is "linux"');
    expect(d.suggestions?.[0].title).toBe('Remove win2008plus');
  });
});
