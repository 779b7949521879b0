// Bulk suppressions (omlint-suppressions.json), through the built CLI as a real process: exit
// codes and the file on disk are the contract.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../files';
import { cliProcess } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const FILE = 'omlint-suppressions.json';

const tree = (files: Record<string, string>) => tempTree(files, 'omlint-baseline-');
const run = (dir: string, ...args: string[]) => cliProcess(['check', ...NOW, ...args], { cwd: dir });
const baseline = (dir: string, file = FILE) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

const GOOD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
/** n invalid-type errors (0 to 2). */
const errors = (n: number) => GOOD.replace('intervalMin: 60', n >= 1 ? 'intervalMin: "sixty"' : 'intervalMin: 60').replace('delayMin: 0', n >= 2 ? 'delayMin: "zero"' : 'delayMin: 0');
/** One warning (enabled-omitted), no error. */
const WARNING = GOOD.replace('enabled: true\n', '');
/** A fixable error (metric-name) and an invalid-type error. */
const FIXABLE = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: ASSERTS_REGULAR\n  mode: AVERAGE\n  operator: GREATER_THAN\n  threshold: 10\n  units: RAW\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: "sixty"\n';

describe('baseline: adopting omlint on a repository with findings', () => {
  it('--suppress-all records error counts per file and rule; later runs fail only on new ones, reporting all of that rule', () => {
    const dir = tree({ 'a.yaml': errors(1), 'sub/b.yaml': errors(2), 'ok.yaml': GOOD });
    expect(run(dir, '.').code).toBe(1);
    const first = run(dir, '--suppress-all', '.');
    expect(first.code).toBe(0);
    expect(first.stdout).not.toMatch(/invalid-type/);
    expect(baseline(dir)).toEqual({ 'a.yaml': { 'invalid-type': { count: 1 } }, 'sub/b.yaml': { 'invalid-type': { count: 2 } } });
    const again = run(dir, '.');
    expect([again.code, again.stderr]).toEqual([0, '']);
    // One more error in a.yaml: both of its invalid-type errors are reported (counts cannot tell which one is new).
    writeFileSync(path.join(dir, 'a.yaml'), errors(2));
    const more = run(dir, '-f', 'json', '.');
    expect(more.code).toBe(1);
    const out = JSON.parse(more.stdout) as { filePath: string; errorCount: number }[];
    expect(out.map((r) => [r.filePath, r.errorCount])).toEqual([['a.yaml', 2], ['ok.yaml', 0], ['sub/b.yaml', 0]]);
  });

  it('a finding repeated over array items counts each place: one more place is a new error', () => {
    const notification = (n: number) => `  - typeName: EMAIL\n    emailAddress: dba${n}@example.com\n    delayMin: 0\n    intervalMin: "sixty"\n`;
    const doc = (n: number) => `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n${Array.from({ length: n }, (_, i) => notification(i)).join('')}`;
    const dir = tree({ 'a.yaml': doc(2) });
    const [before] = JSON.parse(run(dir, '-f', 'json', '.').stdout);
    expect(before.diagnostics.filter((d: any) => d.ruleId === 'invalid-type').map((d: any) => d.occurrences)).toEqual([2]);
    expect(run(dir, '--suppress-all', '.').code).toBe(0);
    expect(baseline(dir)).toEqual({ 'a.yaml': { 'invalid-type': { count: 2 } } });
    expect(run(dir, '.').code).toBe(0);
    writeFileSync(path.join(dir, 'a.yaml'), doc(3));
    const more = run(dir, '-f', 'json', '.');
    expect(more.code).toBe(1);
    expect(JSON.parse(more.stdout)[0].errorCount).toBe(3);
  });

  it('fewer errors than recorded: a notice and exit 2 (as ESLint); --pass-on-unpruned-suppressions; --prune-suppressions lowers the counts', () => {
    const dir = tree({ 'a.yaml': errors(2), 'b.yaml': errors(1) });
    expect(run(dir, '--suppress-all', '.').code).toBe(0);
    writeFileSync(path.join(dir, 'b.yaml'), GOOD);
    const stale = run(dir, '.');
    expect(stale.code).toBe(2);
    expect(stale.stderr).toMatch(/There are suppressions left that do not occur anymore.*--prune-suppressions/);
    expect(run(dir, '--pass-on-unpruned-suppressions', '.').code).toBe(0);
    // A run over other files does not call b.yaml's entry stale.
    expect(run(dir, 'a.yaml')).toMatchObject({ code: 0, stderr: '' });
    writeFileSync(path.join(dir, 'a.yaml'), errors(1));
    expect(run(dir, 'a.yaml').code).toBe(2);
    const pruned = run(dir, '--prune-suppressions', '.');
    expect(pruned.code).toBe(0);
    expect(baseline(dir)).toEqual({ 'a.yaml': { 'invalid-type': { count: 1 } } });
    expect(run(dir, '.')).toMatchObject({ code: 0, stderr: '' });
  });

  it('a run that exits 2 for unpruned suppressions prints no green "no problems" (nor --quiet\'s "no errors")', () => {
    const dir = tree({ 'a.yaml': errors(1) });
    expect(run(dir, '--suppress-all', '.').code).toBe(0);
    writeFileSync(path.join(dir, 'a.yaml'), GOOD);
    const stale = run(dir, '.');
    expect(stale.code).toBe(2);
    expect(stale.stdout).toMatch(/^✖ 1 file checked: suppressions are left that do not occur anymore \(exit 2\)\.\n/);
    const quiet = run(dir, '--quiet', '.');
    expect([quiet.code, quiet.stdout]).toEqual([2, stale.stdout]);
    for (const out of [stale.stdout, quiet.stdout]) expect(out).not.toMatch(/✔|no errors|no problems/);
    // Passed on purpose: all is well, and said so.
    expect(run(dir, '--pass-on-unpruned-suppressions', '.').stdout).toMatch(/^✔ 1 file checked, no problems\.\n/);
  });

  it('warnings are never recorded (ESLint suppresses errors only)', () => {
    const dir = tree({ 'w.yaml': WARNING, 'e.yaml': errors(1) });
    expect(run(dir, '--suppress-all', '.').code).toBe(0);
    expect(Object.keys(baseline(dir))).toEqual(['e.yaml']);
    expect(run(dir, '.').stdout).toMatch(/enabled-omitted/);
  });

  it('the file holds paths, rule ids and counts only: never a message or a secret', () => {
    const token = 'xoxb-2291837465-5521937465123-kq8Zt3YhVbN2mXwP7cLd9FsR';
    const slack = GOOD.replace('typeName: EMAIL\n    emailAddress: dba@example.com', `typeName: SLACK\n    apiToken: ${token}\n    channelName: "#db-alerts"`);
    const dir = tree({ 's.yaml': slack, 'omlint.config.yaml': 'rules:\n  plaintext-secret: error\n' });
    expect(run(dir, 's.yaml').code).toBe(1);
    expect(run(dir, '--suppress-all', 's.yaml').code).toBe(0);
    const text = readFileSync(path.join(dir, FILE), 'utf8');
    expect(text).not.toContain('xoxb');
    expect(JSON.parse(text)).toEqual({ 's.yaml': { 'plaintext-secret': { count: 1 } } });
    // Written atomically: no temporary file left beside it.
    expect(readdirSync(dir).filter((f) => f.includes('tmp'))).toEqual([]);
  });

  it('--suppress-rule records only the rules named (repeatable); an unknown id is a usage error with did-you-mean', () => {
    const dir = tree({ 'a.yaml': FIXABLE });
    expect(run(dir, '--suppress-rule', 'metric-name', 'a.yaml').code).toBe(1);
    expect(baseline(dir)).toEqual({ 'a.yaml': { 'metric-name': { count: 1 } } });
    expect(run(dir, '--suppress-rule', 'metric-name', '--suppress-rule', 'invalid-type', 'a.yaml').code).toBe(0);
    expect(baseline(dir)).toEqual({ 'a.yaml': { 'invalid-type': { count: 1 }, 'metric-name': { count: 1 } } });
    const typo = run(dir, '--suppress-rule', 'invalid-tpye', 'a.yaml');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/--suppress-rule invalid-tpye: no such rule\. Did you mean "invalid-type"\?/);
  });

  it('--fix first: what is fixed is not recorded', () => {
    const dir = tree({ 'a.yaml': FIXABLE });
    expect(run(dir, '--fix', '--suppress-all', 'a.yaml').code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.yaml'), 'utf8')).toMatch(/metricName: ASSERT_REGULAR/);
    expect(baseline(dir)).toEqual({ 'a.yaml': { 'invalid-type': { count: 1 } } });
  });
});

describe('baseline: flags and the file', () => {
  it('conflicting flags, --stdin, a missing --suppressions-location, a broken file: exit 2 with one line', () => {
    const dir = tree({ 'a.yaml': errors(1) });
    const lines = (r: { stderr: string }) => r.stderr.trim().split('\n').length;
    for (const args of [['--suppress-all', '--suppress-rule', 'invalid-type'], ['--suppress-all', '--prune-suppressions'], ['--suppress-rule', 'invalid-type', '--prune-suppressions']]) {
      const r = run(dir, ...args, 'a.yaml');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/cannot be used together/);
      expect(lines(r)).toBe(1);
    }
    const stdin = cliProcess(['check', '--stdin', '--suppress-all'], { cwd: dir, input: errors(1) });
    expect([stdin.code, stdin.stderr]).toEqual([2, expect.stringMatching(/cannot be used with --stdin/)]);
    const missing = run(dir, '--suppressions-location', 'nope.json', 'a.yaml');
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/nope\.json does not exist.*--suppress-all/)]);
    writeFileSync(path.join(dir, FILE), '{"a.yaml": {"invalid-type": {"count": "one"}}}');
    const broken = run(dir, 'a.yaml');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/is not \{ "<file>"/);
    expect(lines(broken)).toBe(1);
    writeFileSync(path.join(dir, FILE), '{oops');
    expect(run(dir, 'a.yaml').stderr).toMatch(/is not valid JSON/);
  });

  it('--suppressions-location: a file (directories created), or a directory; an unwritable one exits 2', () => {
    const dir = tree({ 'a.yaml': errors(1), 'conf/.keep': '' });
    expect(run(dir, '--suppress-all', '--suppressions-location', 'ci/baseline.json', 'a.yaml').code).toBe(0);
    expect(baseline(dir, 'ci/baseline.json')).toEqual({ 'a.yaml': { 'invalid-type': { count: 1 } } });
    expect(existsSync(path.join(dir, FILE))).toBe(false);
    expect(run(dir, '--suppressions-location', 'ci/baseline.json', 'a.yaml').code).toBe(0);
    expect(run(dir, '--suppress-all', '--suppressions-location', 'conf', 'a.yaml').code).toBe(0);
    expect(existsSync(path.join(dir, 'conf', FILE))).toBe(true);
    const bad = run(dir, '--suppress-all', '--suppressions-location', 'a.yaml/x.json', 'a.yaml');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^omlint: cannot write the suppressions file .*x\.json: .*(ENOTDIR|EEXIST)\n$/);
  });

  it('--cache: results taken from the cache still count against the baseline', () => {
    const dir = tree({ 'a.yaml': errors(1) });
    expect(run(dir, '--cache', '--suppress-all', 'a.yaml').code).toBe(0);
    expect(existsSync(path.join(dir, '.omlintcache'))).toBe(true);
    expect(run(dir, '--cache', 'a.yaml').code).toBe(0);
    writeFileSync(path.join(dir, FILE), '{}');
    const r = run(dir, '--cache', 'a.yaml');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/invalid-type/);
  });

  it('worker threads (--jobs 2 over 70 files) and every format: suppressed errors appear nowhere', () => {
    const files: Record<string, string> = {};
    // One directory each: one project scope each, so no cross-file duplicate findings.
    for (let i = 0; i < 70; i++) files[`d${String(i).padStart(2, '0')}/f.yaml`] = errors(1 + (i % 2));
    const dir = tree(files);
    expect(run(dir, '--jobs', '2', '--suppress-all', '.').code).toBe(0);
    expect(Object.keys(baseline(dir))).toHaveLength(70);
    for (const format of ['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab']) {
      const r = run(dir, '--jobs', '2', '-f', format, '.');
      expect([format, r.code]).toEqual([format, 0]);
      expect(r.stdout).not.toMatch(/must be a number/);
      if (format === 'sarif') expect(JSON.parse(r.stdout).runs[0].results).toEqual([]);
    }
    writeFileSync(path.join(dir, 'd00/f.yaml'), errors(2));
    const r = run(dir, '--jobs', '2', '-f', 'sarif', '.');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).runs[0].results).toHaveLength(2);
  });
});

describe('inline directives through the CLI', () => {
  it('--no-inline-config reaches the cache key and the worker threads', () => {
    const suppressed = errors(1).replace('    intervalMin', '    # omlint-disable-next-line invalid-type\n    intervalMin');
    const one = tree({ 'a.yaml': suppressed });
    expect(run(one, '--cache', 'a.yaml').code).toBe(0);
    expect(run(one, '--cache', '--no-inline-config', 'a.yaml').code).toBe(1);
    const files: Record<string, string> = {};
    for (let i = 0; i < 70; i++) files[`d${String(i).padStart(2, '0')}/f.yaml`] = suppressed;
    const many = tree(files);
    expect(run(many, '--jobs', '2', '.').code).toBe(0);
    const r = run(many, '--jobs', '2', '--no-inline-config', '-f', 'json', '.');
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { errorCount: number }[]).reduce((n, x) => n + x.errorCount, 0)).toBe(70);
  });


  it('--no-inline-config ignores directives; --fix removes an unused one from the file', () => {
    const dir = tree({ 'a.yaml': `# omlint-disable-next-line invalid-type -- legacy\n${errors(1).replace('    intervalMin', '    # omlint-disable-next-line invalid-type\n    intervalMin')}` });
    // The first directive covers line 2 (no invalid-type there): unused, a warning; the second is used.
    const plain = run(dir, 'a.yaml');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/1:1 +warning .*reports nothing here.*unused-disable-directive/);
    expect(run(dir, '--no-inline-config', 'a.yaml').code).toBe(1);
    expect(run(dir, '--fix', 'a.yaml').code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.yaml'), 'utf8')).toBe(errors(1).replace('    intervalMin', '    # omlint-disable-next-line invalid-type\n    intervalMin'));
  });
});
