// Issue 17 "Honest exits" and "ESLint's everyday flags", issue 15 item 5 (silent skips): exit
// codes are checked on the built binary (a real process), the rest in-process.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliProcess, tree, BIN } from './run';
import { MISSPELT, NOT_OMLINT } from '../kinds/resemblance-fixtures';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const GOOD_ALERT = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const WARN_ALERT = GOOD_ALERT.replace('enabled: true\n', '');

describe.skipIf(!existsSync(BIN))('a path that yields no file to lint exits 2 (process)', () => {
  const dir = tree({
    'omlint.config.yaml': 'ignore: ["alerts/ignored.yaml"]\n',
    'alerts/good.yaml': GOOD_ALERT,
    'alerts/ignored.yaml': GOOD_ALERT,
    'docs/README.md': '# docs\n',
    'empty/.keep': '',
  });

  it.each([
    ['an empty directory', ['empty']],
    ['a directory of Markdown only', ['docs']],
    ['a file the configuration ignores', ['alerts/ignored.yaml']],
    ['one unmatched path among good ones', ['alerts/good.yaml', 'docs']],
    ['a quoted glob that matches nothing', ['alerts/**/*.json']],
  ])('%s', (_what, args) => {
    const r = cliProcess(['check', ...NOW, ...args], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^omlint: No files matching "[^"]+" were found/m);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(r.stdout).toBe('');
  });

  it('names why an ignored file or directory matched nothing', () => {
    expect(cliProcess(['check', 'alerts/ignored.yaml'], { cwd: dir }).stderr).toContain('"alerts/ignored.yaml" is ignored by an ignore pattern');
    const vendored = tree({ 'omlint.config.yaml': 'ignore: ["vendor/**", "vendor"]\n', 'vendor/a.yaml': GOOD_ALERT });
    const r = cliProcess(['check', 'vendor'], { cwd: vendored });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"vendor" is ignored by an ignore pattern');
  });

  it('a mistyped path still says there is no such file (exit 2)', () => {
    const r = cliProcess(['check', 'alert/good.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/No such file or directory/);
  });

  it('--no-error-on-unmatched-pattern turns it off', () => {
    const r = cliProcess(['check', ...NOW, '--no-error-on-unmatched-pattern', 'empty', 'docs', 'alerts/good.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('✔ 1 file checked, no problems.');
  });

  it('a named file the config ignores next to one that is checked gets a note, not an error (as ESLint warns)', () => {
    const r = cliProcess(['check', ...NOW, 'alerts/ignored.yaml', 'alerts/good.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('alerts/ignored.yaml: File ignored because of a matching ignore pattern');
  });

  it('the pre-commit hook (--skip-unknown, files by name) lets a file the config ignores pass', () => {
    expect(cliProcess(['check', ...NOW, '--skip-unknown', 'alerts/ignored.yaml'], { cwd: dir }).code).toBe(0);
  });
});

describe.skipIf(!existsSync(BIN))('--quiet and --max-warnings (process)', () => {
  const dir = tree({ 'w.yaml': WARN_ALERT });

  it('--quiet does not claim "no problems" while it hides warnings', () => {
    const r = cliProcess(['check', ...NOW, '--quiet', 'w.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('no problems');
    expect(r.stdout).toContain('✔ 1 file checked, no errors (1 warning not shown: --quiet).');
  });

  it('--max-warnings -1 means no limit; 0 still fails on one warning', () => {
    expect(cliProcess(['check', ...NOW, '--max-warnings', '-1', 'w.yaml'], { cwd: dir }).code).toBe(0);
    expect(cliProcess(['check', ...NOW, '--max-warnings', '0', 'w.yaml'], { cwd: dir }).code).toBe(1);
    expect(cliProcess(['check', ...NOW, '--max-warnings', '-2', 'w.yaml'], { cwd: dir }).code).toBe(2);
  });
});

describe.skipIf(!existsSync(BIN))('did you mean (process)', () => {
  const dir = tree({ 'a.yaml': GOOD_ALERT, 'omlint.config.yaml': 'rules:\n  enabled-omited: off\n' });
  const clean = tree({ 'a.yaml': GOOD_ALERT });

  it('a mistyped command', () => {
    const r = cliProcess(['chek', '.'], { cwd: clean });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("omlint: Unknown command 'chek'. Did you mean 'check'?\n");
    expect(cliProcess(['rule'], { cwd: clean }).stderr).toContain("Did you mean 'rules'?");
    // A file named like nothing else is still a file: `omlint a.yaml` lints it.
    expect(cliProcess(['a.yaml', ...NOW], { cwd: clean }).code).toBe(0);
  });

  it('a rule id in the config, in explain and in --rule', () => {
    const config = cliProcess(['check', 'a.yaml'], { cwd: dir });
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/unknown rule id "enabled-omited"\. Did you mean "enabled-omitted"\?/);
    const explain = cliProcess(['explain', 'metric-nme'], { cwd: clean });
    expect(explain.code).toBe(2);
    expect(explain.stderr).toContain('Did you mean "metric-name"?');
    const rule = cliProcess(['check', '--rule', 'enabled-omited: off', 'a.yaml'], { cwd: clean });
    expect(rule.code).toBe(2);
    expect(rule.stderr).toContain('Did you mean "enabled-omitted"?');
  });
});

describe('did you mean, in the configuration', () => {
  it('a mistyped setting, override setting or kind names the one meant', async () => {
    const run = async (config: string) => (await cli(['check', 'a.yaml'], { cwd: tree({ 'omlint.config.yaml': config, 'a.yaml': GOOD_ALERT }) })).stderr;
    expect(await run('rulez: {}\n')).toContain('unknown setting "rulez"; Did you mean "rules"?');
    expect(await run('overrides:\n  - files: ["*"]\n    knd: integration\n')).toContain('Did you mean "kind"?');
    expect(await run('overrides:\n  - files: ["*"]\n    kind: alert-configs\n')).toContain('unknown kind "alert-configs"; Did you mean "alert-config"?');
  });
});

describe('--rule', () => {
  it('sets severities over the configuration, repeatable, ESLint spellings too', async () => {
    const dir = tree({ 'omlint.config.yaml': 'rules:\n  enabled-omitted: off\n', 'w.yaml': WARN_ALERT });
    expect((await cli(['check', ...NOW, 'w.yaml'], { cwd: dir })).code).toBe(0);
    const r = await cli(['check', ...NOW, '--format', 'json', '--rule', 'enabled-omitted: error', '--rule', 'empty-document:warn', 'w.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)[0].diagnostics.map((d: { ruleId: string; severity: string }) => [d.ruleId, d.severity])).toEqual([['enabled-omitted', 'error']]);
    expect((await cli(['check', '--rule', 'enabled-omitted: loud', 'w.yaml'], { cwd: dir })).code).toBe(2);
    expect((await cli(['check', '--rule', 'enabled-omitted', 'w.yaml'], { cwd: dir })).stderr).toMatch(/expected "<rule-id>: <severity>"/);
  });

  it('reaches worker threads and keys the cache', async () => {
    // Two directories: two project scopes, so that a worker gets one of them.
    const files = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`d${i % 2}/w${i}.yaml`, WARN_ALERT]));
    const dir = tree(files);
    const ruleIds = (stdout: string) => new Set(JSON.parse(stdout).flatMap((f: { diagnostics: { ruleId: string }[] }) => f.diagnostics.map((d) => d.ruleId)));
    const args = [...NOW, '--format', 'json', '--rule', 'enabled-omitted: off', '.'];
    expect(ruleIds((await cli(['check', ...NOW, '--format', 'json', '.'], { cwd: dir })).stdout).has('enabled-omitted')).toBe(true);
    if (existsSync(BIN)) expect(ruleIds(cliProcess(['check', '--jobs', '2', ...args], { cwd: dir }).stdout).has('enabled-omitted')).toBe(false);
    await cli(['check', ...NOW, '--cache', '.'], { cwd: dir });
    expect(ruleIds((await cli(['check', '--cache', ...args], { cwd: dir })).stdout).has('enabled-omitted')).toBe(false);
  });
});

describe('--print-config', () => {
  it('prints the kinds with their source, the rules that apply with severities, scope and target version', async () => {
    const dir = tree({
      'omlint.config.yaml': 'targetVersion: "7.0"\nrules:\n  enabled-omitted: error\noverrides:\n  - files: ["prod/**"]\n    scope: production\n',
      'prod/a.yaml': '# omlint: kind=alert-config\n' + GOOD_ALERT,
      'plain.json': '{"type": "SLACK", "apiToken": "x", "teamName": "t"}',
    });
    const r = await cli(['check', '--print-config', 'prod/a.yaml', '--rule', 'event-type-name: off'], { cwd: dir });
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c).toMatchObject({ filePath: 'prod/a.yaml', configFile: 'omlint.config.yaml', ignored: false, kinds: ['alert-config'], targetVersion: '7.0', scope: { name: 'production' } });
    expect(c.documents).toEqual([{ index: 0, pointer: '', kind: 'alert-config', kindSource: 'modeline' }]);
    expect(c.rules['enabled-omitted']).toBe('error');
    expect(c.rules['event-type-name']).toBe('off');
    expect(c.rules['metric-name']).toBe('error');
    // Only the rules of the file's kinds.
    expect(c.rules['integration-fields'] ?? c.rules['log-rotate']).toBeUndefined();
    const plain = JSON.parse((await cli(['--print-config', 'plain.json', '--target-version', '6.0'], { cwd: dir })).stdout);
    expect(plain).toMatchObject({ kinds: ['integration'], targetVersion: '6.0', scope: { directory: '.' }, documents: [{ kindSource: 'content' }] });
  });
});

describe('--stats / --statistics', () => {
  it('counts problems per rule, most frequent first (Ruff style), text and json', async () => {
    const dir = tree({ 'a.yaml': WARN_ALERT, 'b.yaml': WARN_ALERT, 'c.yaml': 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\n' });
    const text = await cli(['check', ...NOW, '--stats', '.'], { cwd: dir });
    expect(text.code).toBe(1);
    const lines = text.stdout.trim().split('\n');
    // enabled-omitted offers a suggestion, not a safe fix (issue 31): not marked fixable.
    expect(lines[0]).toMatch(/^2\tenabled-omitted\s*\twarning\s*\t\[ \] /);
    expect(lines.at(-1)).toMatch(/^Found \d+ problems/);
    expect(text.stdout).not.toContain('a.yaml');
    const json = JSON.parse((await cli(['check', ...NOW, '--statistics', '--format', 'json', '.'], { cwd: dir })).stdout);
    expect(json[0]).toMatchObject({ ruleId: 'enabled-omitted', count: 2, severity: 'warning', fixable: 0 });
    expect(json.find((s: { ruleId: string }) => s.ruleId === 'metric-threshold-required')).toMatchObject({ count: 1, severity: 'error' });
  });
});

describe('--debug', () => {
  it('tells on stderr the files found and skipped and why, each kind and its source, and phase timings', async () => {
    const dir = tree({
      'omlint.config.yaml': 'ignore: ["vendor/**"]\noverrides:\n  - files: ["forced/**"]\n    kind: integration\n',
      'a/alert.yaml': GOOD_ALERT,
      'a/m.yaml': '# omlint: kind=alert-config\n' + GOOD_ALERT,
      'a/x.integration.json': '{"type": "SLACK", "apiToken": "x", "teamName": "t"}',
      'forced/i.json': '{"type": "SLACK", "apiToken": "x", "teamName": "t"}',
      'a/package.json': '{"name": "x"}',
      'vendor/v.yaml': GOOD_ALERT,
    });
    const r = await cli(['check', ...NOW, '--debug', '.'], { cwd: dir });
    expect(r.code).toBe(0);
    const log = r.stderr;
    expect(log).toContain("omlint:debug skip vendor: ignored by the configuration's ignore list");
    expect(log).toContain('omlint:debug   a/alert.yaml (directory walk or glob)');
    expect(log).toContain('a/alert.yaml: document 0 alert-config (from content)');
    expect(log).toContain('a/m.yaml: document 0 alert-config (from modeline)');
    expect(log).toContain('a/x.integration.json: document 0 integration (from file name)');
    expect(log).toContain('forced/i.json: document 0 integration (from config override)');
    expect(log).toContain('skip a/package.json: no document of a known kind');
    expect(log).toMatch(/timings: find files [\d.]+ ms, configuration [\d.]+ ms, lint [\d.]+ ms, report [\d.]+ ms/);
    expect(r.stdout).not.toContain('omlint:debug');
    expect((await cli(['check', ...NOW, '--debug', '--kind', 'alert-config', 'a/alert.yaml'], { cwd: dir })).stderr).toContain('(from --kind)');
    await cli(['check', ...NOW, '--cache', 'a/alert.yaml'], { cwd: dir });
    expect((await cli(['check', ...NOW, '--cache', '--debug', 'a/alert.yaml'], { cwd: dir })).stderr).toContain('a/alert.yaml: result from the cache (kinds: alert-config)');
  });
});

describe.skipIf(!existsSync(BIN))('silent skips in a directory walk and the pre-commit hook (process)', () => {
  const dir = tree({ ...MISSPELT, ...NOT_OMLINT, 'good.yaml': GOOD_ALERT });
  const hook = readFileSync(path.join(__dirname, '..', '..', '.pre-commit-hooks.yaml'), 'utf8');

  it('a walk reports each misspelt form and counts the skipped files', () => {
    const r = cliProcess(['check', ...NOW, '.'], { cwd: dir });
    expect(r.code).toBe(1);
    for (const name of Object.keys(MISSPELT)) expect(r.stdout).toContain(`${name}\n`);
    for (const name of Object.keys(NOT_OMLINT)) expect(r.stdout).not.toContain(name);
    expect(r.stdout).toContain(`${Object.keys(NOT_OMLINT).length} files skipped: not Ops Manager documents; --debug lists them.`);
  });

  it('so does the pre-commit hook, which names staged files with --skip-unknown', () => {
    expect(hook).toMatch(/entry: omlint check --skip-unknown/);
    const staged = [...Object.keys(MISSPELT), ...Object.keys(NOT_OMLINT)];
    const r = cliProcess(['check', ...NOW, '--skip-unknown', ...staged], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('did you mean `eventTypeName`?');
    const clean = cliProcess(['check', ...NOW, '--skip-unknown', 'good.yaml', ...Object.keys(NOT_OMLINT)], { cwd: dir });
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain(`✔ 1 file checked, no problems.\n${Object.keys(NOT_OMLINT).length} files skipped`);
  });

  it('--fix renames the misspelt key, and the document is then linted as its kind', () => {
    const fixDir = tree({ 'alert.yaml': MISSPELT['alert-case.yaml'] });
    expect(cliProcess(['check', ...NOW, '--fix', '.'], { cwd: fixDir }).code).toBe(0);
    expect(readFileSync(path.join(fixDir, 'alert.yaml'), 'utf8')).toMatch(/^eventTypeName: HOST_DOWN\n/);
  });
});
