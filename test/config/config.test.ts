import { mkdtempSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { POLICY_LIMITS } from '../../src/policy/limits';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/load';
import { ConfigResolver, loadConfigFile } from '../../src/config/discover';
import { cli } from '../cli/run';

const KNOWN = new Set(['enabled-omitted', 'read-only-field', 'metric-name']);

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-config-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('config', () => {
  it('without a config, the files of one directory share one settings object (a 50,000-file run held 50,000 copies)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-noconfig-'));
    const r = new ConfigResolver(KNOWN);
    const a = r.settingsFor(path.join(dir, 'p', 'a.yaml'));
    expect(r.settingsFor(path.join(dir, 'p', 'b.yaml'))).toBe(a);
    expect(a.scope).toBe(path.join(dir, 'p'));
    const other = r.settingsFor(path.join(dir, 'q', 'a.yaml'));
    expect(other).not.toBe(a);
    expect(other.scope).toBe(path.join(dir, 'q'));
  });

  it('is found upward from the linted file and resolves overrides, ignore and scope', () => {
    const dir = tree({
      'omlint.config.yaml': [
        'rules:',
        '  read-only-field: off',
        'overrides:',
        '  - files: ["alerts/**"]',
        '    kind: alert-config',
        '    rules: { enabled-omitted: error }',
        '  - files: ["prod/**", "stage/**"]',
        '    scope: live',
        'ignore: ["vendor/**", "*.tmp.yaml"]',
        'targetVersion: "7.0"',
        'secretPlaceholders: ["^vault:"]',
        '',
      ].join('\n'),
    });
    const r = new ConfigResolver(KNOWN);
    const a = r.settingsFor(path.join(dir, 'alerts/team/cpu.yaml'));
    expect(a.kind).toBe('alert-config');
    expect(a.rules).toEqual({ 'read-only-field': 'off', 'enabled-omitted': 'error' });
    expect(a.targetVersion).toBe('7.0');
    expect(a.secretPlaceholders[0].test('vault:db/pass')).toBe(true);
    expect(r.settingsFor(path.join(dir, 'vendor/x.yaml')).ignored).toBe(true);
    expect(r.settingsFor(path.join(dir, 'deep/dir/a.tmp.yaml')).ignored).toBe(true);
    const p = r.settingsFor(path.join(dir, 'prod/a.yaml'));
    const s = r.settingsFor(path.join(dir, 'stage/b.yaml'));
    expect(p.scope).toBe(s.scope);
    expect(r.settingsFor(path.join(dir, 'other/c.yaml')).scope).toBe(path.join(dir, 'other'));
  });

  it('rejects a bad config with the exact spot', () => {
    const cases: [string, RegExp][] = [
      ['rules:\n  read-only-feld: off\n', /omlint\.config\.yaml:2:3: unknown rule id "read-only-feld"/],
      ['rules:\n  metric-name: fatal\n', /:2:3: severity of "metric-name" must be one of off, info, warning, error/],
      ['overrides:\n  - kind: alert-config\n', /:2:5: an override needs "files"/],
      ['overrides:\n  - files: [x]\n    kind: alerts\n', /:3:5: unknown kind "alerts"/],
      ['targetVersion: 7\n', /:1:1: must be a version string/],
      ['secretPlaceholders: ["(unclosed"]\n', /:1:22: invalid regular expression/],
      ['rulez: {}\n', /:1:1: unknown setting "rulez"/],
      ['rules: [\n', /YAML syntax error/],
    ];
    for (const [text, expected] of cases) {
      const dir = tree({ 'omlint.config.yaml': text });
      expect(() => loadConfigFile(path.join(dir, 'omlint.config.yaml'), KNOWN), text).toThrow(ConfigError);
      try {
        loadConfigFile(path.join(dir, 'omlint.config.yaml'), KNOWN);
      } catch (e) {
        expect((e as Error).message).toMatch(expected);
      }
    }
  });

  it('an extended file, and the config itself, over the size limit are refused by their size, unread', () => {
    const dir = tree({ 'omlint.config.yaml': '# the config\nextends: [./big.yaml]\n', 'big.yaml': '' });
    // Sparse: 190 MB on paper, no disk. Read whole, it took 638 MB of memory.
    truncateSync(path.join(dir, 'big.yaml'), 190 * 1024 * 1024);
    const heap = process.memoryUsage().rss;
    expect(() => loadConfigFile(path.join(dir, 'omlint.config.yaml'), KNOWN)).toThrow(/omlint\.config\.yaml:2:11: cannot read .*big\.yaml \(the file is 190 MB, over the 4 MB limit; it was not read\)/);
    expect(process.memoryUsage().rss - heap).toBeLessThan(64 * 1024 * 1024);
    const big = tree({ 'omlint.config.yaml': '' });
    truncateSync(path.join(big, 'omlint.config.yaml'), POLICY_LIMITS.maxFileBytes + 1);
    expect(() => loadConfigFile(path.join(big, 'omlint.config.yaml'), KNOWN)).toThrow(/omlint\.config\.yaml: cannot read the configuration \(the file is 4\.0 MB, over the 4 MB limit; it was not read\)/);
  });

  it('reports every problem of a config at once, each at file:line:column', async () => {
    const text = ['rules:', '  read-only-feld: off', 'overrides:', '  - files: [x]', '    kind: alerts', 'targetVersion: 7', ''].join('\n');
    const dir = tree({ 'omlint.config.yaml': text, 'a.yaml': 'eventTypeName: HOST_DOWN\n' });
    const file = path.join(dir, 'omlint.config.yaml');
    let error: ConfigError | undefined;
    try {
      loadConfigFile(file, KNOWN);
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems.map((p) => p.slice(file.length).replace(/;.*|\..*/, ''))).toEqual([
      ':2:3: unknown rule id "read-only-feld"',
      ':6:1: must be a version string such as "7',
      ':5:5: unknown kind "alerts"',
    ]);
    // The CLI prints them all in one run.
    const r = await cli(['check', 'a.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`omlint: configuration error: 3 problems\n${error!.problems.join('\n')}\n`);
    // A policy that does not compile is one of them, and the other problems still come.
    const withPolicy = tree({ 'omlint.config.yaml': 'policies:\n  - id: acme/x\n    kinds: [nothing]\n' + text });
    const problems = (() => {
      try {
        loadConfigFile(path.join(withPolicy, 'omlint.config.yaml'), KNOWN);
      } catch (e) {
        return (e as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/omlint\.config\.yaml:\d+:\d+: /);
    // The rule ids are not judged (the policy's own id would be unknown): targetVersion, the override's kind.
    expect(problems.slice(1).map((p) => /:(\d+):\d+: /.exec(p)?.[1])).toEqual(['9', '8']);
  });

  it('reads JSON configs too', () => {
    const dir = tree({ 'omlint.config.json': '{"rules": {"metric-name": "warning"}}' });
    expect(new ConfigResolver(KNOWN).settingsFor(path.join(dir, 'a.yaml')).rules).toEqual({ 'metric-name': 'warning' });
  });
});
