// ESLint's and Ruff's habits (issue 31): --color, --exit-zero, the one-line format (compact, and
// Ruff's name concise), and ESLint's severities in the config, each through the whole CLI.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliProcess, tree } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const BAD_ALERT = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n';
const WARN_ALERT = 'eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const ESC = '\u001b[';

describe('--color and --no-color', () => {
  it('--color colours a report that goes to no terminal, over NO_COLOR and FORCE_COLOR=0; the last flag wins', async () => {
    const dir = tree({ 'bad.yaml': BAD_ALERT });
    expect((await cli(['check', ...NOW, 'bad.yaml'], { cwd: dir })).stdout).not.toContain(ESC);
    expect((await cli(['check', ...NOW, '--color', 'bad.yaml'], { cwd: dir })).stdout).toContain(ESC);
    expect((await cli(['check', ...NOW, '--color', 'bad.yaml'], { cwd: dir, env: { NO_COLOR: '1' } })).stdout).toContain(ESC);
    expect((await cli(['check', ...NOW, '--color', 'bad.yaml'], { cwd: dir, env: { FORCE_COLOR: '0' } })).stdout).toContain(ESC);
    expect((await cli(['check', ...NOW, '--color', '--no-color', 'bad.yaml'], { cwd: dir })).stdout).not.toContain(ESC);
    // Without a flag the environment still decides, as before.
    expect((await cli(['check', ...NOW, 'bad.yaml'], { cwd: dir, tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(ESC);
    expect((await cli(['check', ...NOW, 'bad.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } })).stdout).toContain(ESC);
    expect((await cli(['check', ...NOW, 'bad.yaml'], { cwd: dir, tty: true })).stdout).toContain(ESC);
  });

  it('a report written with -o is plain unless --color asks', async () => {
    const dir = tree({ 'bad.yaml': BAD_ALERT });
    await cli(['check', ...NOW, '-o', 'plain.txt', 'bad.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } });
    expect(readFileSync(path.join(dir, 'plain.txt'), 'utf8')).not.toContain(ESC);
    await cli(['check', ...NOW, '--color', '-o', 'colour.txt', 'bad.yaml'], { cwd: dir });
    expect(readFileSync(path.join(dir, 'colour.txt'), 'utf8')).toContain(ESC);
  });

  it('plan takes --color too', async () => {
    const dir = tree({ 'old.alert-config.yaml': BAD_ALERT, 'new.alert-config.yaml': BAD_ALERT });
    expect((await cli(['plan', ...NOW, '--color', '--base', 'old.alert-config.yaml', 'new.alert-config.yaml'], { cwd: dir })).stdout).toContain(ESC);
    expect((await cli(['plan', ...NOW, '--base', 'old.alert-config.yaml', 'new.alert-config.yaml'], { cwd: dir })).stdout).not.toContain(ESC);
  });
});

describe('--exit-zero', () => {
  it('exits 0 with errors and still prints them; usage, configuration and internal errors stay 2', async () => {
    const dir = tree({ 'bad.yaml': BAD_ALERT, 'broken/omlint.config.yaml': 'rules: { nope: error }\n', 'broken/a.yaml': BAD_ALERT });
    const plain = await cli(['check', ...NOW, 'bad.yaml'], { cwd: dir });
    expect(plain.code).toBe(1);
    const zero = await cli(['check', ...NOW, '--exit-zero', 'bad.yaml'], { cwd: dir });
    expect(zero.code).toBe(0);
    expect(zero.stdout).toBe(plain.stdout);
    expect((await cli(['check', ...NOW, '--exit-zero', 'missing.yaml'], { cwd: dir })).code).toBe(2);
    expect((await cli(['check', ...NOW, '--exit-zero', '--format', 'xml', 'bad.yaml'], { cwd: dir })).code).toBe(2);
    const config = await cli(['check', ...NOW, '--exit-zero', 'broken/a.yaml'], { cwd: dir });
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('configuration error');
  });

  it('with --max-warnings is a usage error: one never fails on findings, the other fails on warnings', async () => {
    const dir = tree({ 'warn.yaml': WARN_ALERT });
    const r = await cli(['check', ...NOW, '--exit-zero', '--max-warnings', '0', 'warn.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--exit-zero .* --max-warnings/);
    expect((await cli(['check', ...NOW, '--exit-zero', '--max-warnings', '-1', 'warn.yaml'], { cwd: dir })).code).toBe(0);
  });

  it('the built binary (a plain check, read without commander) exits 0 too', () => {
    const dir = tree({ 'bad.yaml': BAD_ALERT });
    const r = cliProcess(['check', '--exit-zero', 'bad.yaml'], { cwd: dir });
    expect(r.stdout).toContain('metric-threshold-required');
    expect(r.code).toBe(0);
  });
});

describe('--format compact / concise', () => {
  it('prints path:line:col: severity rule-id message, one finding a line, and exits as check does', async () => {
    const dir = tree({ 'alerts/bad.yaml': BAD_ALERT, 'alerts/warn.yaml': WARN_ALERT });
    const r = await cli(['check', ...NOW, '-f', 'compact', 'alerts'], { cwd: dir });
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    for (const l of lines) expect(l).toMatch(/^alerts\/(bad|warn)\.yaml:\d+:\d+: (error|warning|info) [a-z/-]+ \S/);
    expect(lines).toContain('alerts/bad.yaml:1:16: error metric-threshold-required ' + JSON.parse((await cli(['check', ...NOW, '-f', 'json', 'alerts/bad.yaml'], { cwd: dir })).stdout)[0].diagnostics[0].message);
    expect(lines.some((l) => l.startsWith('alerts/warn.yaml:') && l.includes(': warning enabled-omitted '))).toBe(true);
    expect((await cli(['check', ...NOW, '--format', 'concise', 'alerts'], { cwd: dir })).stdout).toBe(r.stdout);
  });

  it('masks a secret as every format does', async () => {
    const token = 'xoxb-2291837465-5521937465123-kq8Zt3YhVbN2mXwP7cLd9FsR';
    const dir = tree({ 'slack.integration.yaml': `type: SLACK\napiToken: ${token}\nchannelName: ops\nteamName: acme\n` });
    const r = await cli(['check', ...NOW, '-f', 'compact', 'slack.integration.yaml'], { cwd: dir });
    expect(r.stdout).toMatch(/^slack\.integration\.yaml:2:\d+: /);
    expect(r.stdout).not.toContain('kq8Zt3');
  });
});

describe("ESLint's severities in the config, through the CLI", () => {
  it('2 makes a warning rule fail the run, 0 turns a rule off, warn and 1 make an error a warning', async () => {
    const dir = tree({ 'warn.yaml': WARN_ALERT, 'bad.yaml': BAD_ALERT });
    const run = async (config: string, file: string) => {
      const d = tree({ 'omlint.config.yaml': config, [file]: file === 'warn.yaml' ? WARN_ALERT : BAD_ALERT });
      return cli(['check', ...NOW, '-f', 'compact', file], { cwd: d });
    };
    expect((await cli(['check', ...NOW, 'warn.yaml'], { cwd: dir })).code).toBe(0);
    const two = await run('rules:\n  enabled-omitted: 2\n', 'warn.yaml');
    expect(two.code).toBe(1);
    expect(two.stdout).toContain(': error enabled-omitted ');
    const zero = await run('overrides:\n  - files: ["*.yaml"]\n    rules: { enabled-omitted: 0 }\n', 'warn.yaml');
    expect(zero.stdout).not.toContain('enabled-omitted');
    for (const sev of ['warn', '1']) {
      const r = await run(`rules:\n  metric-threshold-required: ${sev}\n`, 'bad.yaml');
      expect(r.code, sev).toBe(0);
      expect(r.stdout).toContain(': warning metric-threshold-required ');
    }
  });
});
