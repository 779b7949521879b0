import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliProcess, tree, BIN } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];

const GOOD_ALERT = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const BAD_ALERT = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n';
const WARN_ALERT = GOOD_ALERT.replace('enabled: true\n', '');

describe('omlint check', () => {
  it('prints exactly the JSON contract of DESIGN.md', async () => {
    const dir = tree({ 'alerts/cpu.yaml': BAD_ALERT });
    const r = await cli(['check', '--format', 'json', ...NOW, 'alerts'], { cwd: dir });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toHaveLength(1);
    expect(Object.keys(out[0])).toEqual(['filePath', 'kinds', 'documents', 'errorCount', 'warningCount', 'infoCount', 'diagnostics']);
    expect(out[0]).toMatchObject({ filePath: 'alerts/cpu.yaml', kinds: ['alert-config'], documents: 1, errorCount: 1, warningCount: 0, infoCount: 0 });
    const d = out[0].diagnostics[0];
    expect(Object.keys(d)).toEqual(['ruleId', 'severity', 'message', 'pointer', 'range', 'kind', 'documentIndex', 'fixable']);
    expect(d).toMatchObject({ ruleId: 'metric-threshold-required', severity: 'error', kind: 'alert-config', documentIndex: 0, fixable: false });
    expect(d.range).toEqual({ start: { line: 1, column: 16 }, end: { line: 1, column: 40 } });
  });

  it('exit codes: 0 clean, 1 errors, 2 usage and config problems', async () => {
    const dir = tree({ 'good.yaml': GOOD_ALERT, 'bad.yaml': BAD_ALERT });
    expect((await cli(['check', ...NOW, 'good.yaml'], { cwd: dir })).code).toBe(0);
    expect((await cli(['check', ...NOW, 'bad.yaml'], { cwd: dir })).code).toBe(1);
    expect((await cli(['check', 'missing.yaml'], { cwd: dir })).code).toBe(2);
    expect((await cli(['check', '--format', 'nope', 'good.yaml'], { cwd: dir })).code).toBe(2);
    expect((await cli(['check', '--now', 'yesterday', 'good.yaml'], { cwd: dir })).code).toBe(2);
    const bad = tree({ 'omlint.config.yaml': 'rules:\n  no-such-rule: off\n', 'a.yaml': GOOD_ALERT });
    const r = await cli(['check', 'a.yaml'], { cwd: bad });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/omlint\.config\.yaml:2:3: unknown rule id "no-such-rule"/);
  });

  it('--max-warnings and --quiet', async () => {
    const dir = tree({ 'w.yaml': WARN_ALERT });
    expect((await cli(['check', ...NOW, 'w.yaml'], { cwd: dir })).code).toBe(0);
    const over = await cli(['check', ...NOW, '--max-warnings', '0', 'w.yaml'], { cwd: dir });
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/too many warnings/);
    const quiet = await cli(['check', ...NOW, '--quiet', '--format', 'json', 'w.yaml'], { cwd: dir });
    expect(JSON.parse(quiet.stdout)[0].diagnostics).toEqual([]);
    // --quiet keeps the code frames of the errors it shows.
    writeFileSync(path.join(dir, 'e.yaml'), BAD_ALERT);
    expect((await cli(['check', ...NOW, '--quiet', 'e.yaml', 'w.yaml'], { cwd: dir })).stdout).toContain('  > 1 | eventTypeName');
  });

  it('reads stdin, with a file name for kind and format', async () => {
    const r = await cli(['check', ...NOW, '--stdin', '--stdin-filename', 'x.alert-config.yaml', '--format', 'json'], { stdin: BAD_ALERT });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)[0].kinds).toEqual(['alert-config']);
    const plain = await cli(['check', ...NOW, '--stdin', '--format', 'json'], { stdin: BAD_ALERT });
    expect(JSON.parse(plain.stdout)[0].filePath).toBe('<stdin>');
  });

  it('--kind forces the kind', async () => {
    const r = await cli(['check', ...NOW, '--stdin', '--kind', 'maintenance-window-update', '--format', 'json'], { stdin: 'description: only a description\n' });
    expect(JSON.parse(r.stdout)[0].kinds).toEqual(['maintenance-window-update']);
  });

  it('walks directories: skips node_modules, ignored paths and files of no kind', async () => {
    const dir = tree({
      'omlint.config.yaml': 'ignore: ["vendor/**"]\n',
      'a/alert.yaml': GOOD_ALERT,
      'a/package.json': '{"name": "x", "version": "1.0.0"}',
      'node_modules/x/bad.yaml': BAD_ALERT,
      'vendor/bad.yaml': BAD_ALERT,
      'b/notes.txt': 'hello',
    });
    const r = await cli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    expect(JSON.parse(r.stdout).map((f: { filePath: string }) => f.filePath)).toEqual(['a/alert.yaml']);
    expect(r.code).toBe(0);
    // A file named on the command line always gets a verdict.
    const named = await cli(['check', '--format', 'json', 'a/package.json'], { cwd: dir });
    expect(JSON.parse(named.stdout)[0].diagnostics[0].ruleId).toBe('unknown-kind');
    // ...unless --skip-unknown (the pre-commit hook) says to treat it as a walked file.
    const skipped = await cli(['check', '--skip-unknown', '--format', 'json', 'a/package.json', 'a/alert.yaml'], { cwd: dir });
    expect(JSON.parse(skipped.stdout).map((f: { filePath: string }) => f.filePath)).toEqual(['a/alert.yaml']);
    expect(skipped.code).toBe(0);
  });

  it('--fix-suggestions writes fixed files; --fix-dry-run prints the fixed text and writes nothing', async () => {
    const dir = tree({ 'w.yaml': WARN_ALERT });
    const dry = await cli(['check', ...NOW, '--fix-dry-run', '--fix-suggestions', '--format', 'json', 'w.yaml'], { cwd: dir });
    expect(JSON.parse(dry.stdout)[0].output).toBe(GOOD_ALERT);
    expect(readFileSync(path.join(dir, 'w.yaml'), 'utf8')).toBe(WARN_ALERT);
    const fix = await cli(['check', ...NOW, '--fix-suggestions', 'w.yaml'], { cwd: dir });
    expect(fix.code).toBe(0);
    expect(fix.stdout).toMatch(/Fixed 1 problem in 1 file/);
    expect(readFileSync(path.join(dir, 'w.yaml'), 'utf8')).toBe(GOOD_ALERT);
  });

  it('stylish output: code frame, summary, colours only when asked', async () => {
    const dir = tree({ 'bad.yaml': BAD_ALERT });
    const plain = await cli(['check', ...NOW, 'bad.yaml'], { cwd: dir, tty: true, env: { NO_COLOR: '1' } });
    expect(plain.stdout).toContain('bad.yaml\n  1:16  error');
    expect(plain.stdout).toContain('  > 1 | eventTypeName: OUTSIDE_METRIC_THRESHOLD');
    expect(plain.stdout).toMatch(/\n +\| +\^{24}/);
    expect(plain.stdout).toMatch(/✖ 1 problem \(1 error, 0 warnings, 0 infos\)/);
    expect(plain.stdout).not.toContain('\u001b[');
    expect((await cli(['check', ...NOW, 'bad.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } })).stdout).toContain('\u001b[');
    expect((await cli(['check', ...NOW, '--no-color', 'bad.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });

  it('-o writes the report to a file', async () => {
    const dir = tree({ 'bad.yaml': BAD_ALERT });
    const r = await cli(['check', ...NOW, '--format', 'json', '-o', 'report.json', 'bad.yaml'], { cwd: dir });
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8'))[0].errorCount).toBe(1);
  });

  it('an unreadable or binary file gets one clear message and the run goes on', async () => {
    const dir = tree({ 'good.yaml': GOOD_ALERT });
    writeFileSync(path.join(dir, 'bin.yaml'), Buffer.from([0x00, 0xff, 0xfe, 0x01]));
    writeFileSync(path.join(dir, 'latin1.yaml'), Buffer.from('desc: caf\xe9\n', 'latin1'));
    const r = await cli(['check', ...NOW, '--format', 'json', 'bin.yaml', 'latin1.yaml', 'good.yaml'], { cwd: dir });
    const out = JSON.parse(r.stdout);
    expect(out.map((f: { filePath: string; diagnostics: { ruleId: string; message: string }[] }) => [f.filePath, f.diagnostics.map((d) => d.ruleId)])).toEqual([
      ['bin.yaml', ['syntax-error']],
      ['latin1.yaml', ['syntax-error']],
      ['good.yaml', []],
    ]);
    expect(out[1].diagnostics[0].message).toMatch(/UTF-8/);
    expect(r.code).toBe(1);
  });
});

describe('omlint rules, explain, schema, init', () => {
  it('rules --format json lists the catalogue in the contract shape', async () => {
    const r = await cli(['rules', '--format', 'json']);
    const rules = JSON.parse(r.stdout);
    expect(rules.length).toBeGreaterThan(50);
    for (const x of rules) expect(Object.keys(x)).toEqual(['id', 'kinds', 'defaultSeverity', 'fixable', 'description']);
    expect(rules.find((x: { id: string }) => x.id === 'metric-name')).toMatchObject({ fixable: true, defaultSeverity: 'error' });
  });
  it('explain prints the docs page; unknown ids exit 2', async () => {
    const r = await cli(['explain', 'metric-name']);
    expect(r.stdout).toMatch(/^# metric-name\n/);
    expect(r.stdout).toContain('## Bad');
    expect((await cli(['explain', 'nope'])).code).toBe(2);
  });
  it('schema prints a kind schema', async () => {
    const r = await cli(['schema', 'alert-config']);
    expect(JSON.parse(r.stdout).title).toBeTruthy();
    expect((await cli(['schema', 'nope'])).code).toBe(2);
  });
  it('init writes a starter config that omlint accepts, and never overwrites', async () => {
    const dir = tree({ 'a.yaml': GOOD_ALERT });
    expect((await cli(['init'], { cwd: dir })).code).toBe(0);
    expect(existsSync(path.join(dir, 'omlint.config.yaml'))).toBe(true);
    expect((await cli(['check', ...NOW, 'a.yaml'], { cwd: dir })).code).toBe(0);
    expect((await cli(['init'], { cwd: dir })).code).toBe(2);
  });
});

describe.skipIf(!existsSync(BIN))('the built omlint binary', () => {
  it('runs as a process with the documented exit codes', () => {
    const dir = tree({ 'good.yaml': GOOD_ALERT, 'bad.yaml': BAD_ALERT });
    expect(cliProcess(['check', ...NOW, 'good.yaml'], { cwd: dir }).code).toBe(0);
    const bad = cliProcess(['check', ...NOW, 'bad.yaml'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('metric-threshold-required');
    expect(cliProcess(['check', '--bogus'], { cwd: dir }).code).toBe(2);
    expect(cliProcess(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
