import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'agent-versions-urls';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** Platforms of `urls` from line 6, keys at column 7. */
const agent = (key: string, urls: string) =>
  `${key}:\n  - name: 13.48.0.10348-1\n    hostname: db0.example.net\n    baseUrl: https://om.example.net\n    urls:\n${urls}`;

describe(RULE, () => {
  it.each([
    ['a platform with default', agent('monitoringVersions', '      linux:\n        default: https://om.example.net/a.tgz\n        rhel8: https://om.example.net/b.tgz\n')],
    ['entries without urls (every real document)', 'monitoringVersions:\n  - {name: 13.48.0.10348-1, hostname: db0.example.net}\nbackupVersions: []\n'],
    ['a platform of the wrong type (the schema reports it)', agent('backupVersions', '      linux: https://om.example.net/a.tgz\n')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['monitoringVersions without default', agent('monitoringVersions', '      linux:\n        rhel8: https://om.example.net/b.tgz\n'), [[6, 7, 'error']]],
    [
      'backupVersions platforms without default',
      agent('backupVersions', '      linux:\n        default: https://om.example.net/a.tgz\n      windows: {}\n      osx:\n        x86: https://om.example.net/c.tgz\n'),
      [[8, 7, 'error'], [9, 7, 'error']],
    ],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('names the builds that are there', async () => {
    const [d] = await diagnostics(agent('monitoringVersions', '      linux:\n        rhel8: https://om.example.net/b.tgz\n'));
    expect(d.pointer).toBe('/monitoringVersions/0/urls/linux');
    expect(d.message).toContain('monitoringVersions[0].urls.linux has no "default" entry (it has "rhel8")');
  });
});
