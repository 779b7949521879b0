// The pre-commit hook of .pre-commit-hooks.yaml, run by the real `pre-commit` in a throw-away git
// repository. The hook repository is a snapshot of the working tree as it is on disk (uncommitted
// changes included), committed into a temporary git repository that pre-commit clones and installs
// with `npm install` + `npm pack` (which runs the `prepare` build), as it would from GitHub.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_OMLINT_BROKEN } from './kinds/resemblance-fixtures';

const ROOT = path.resolve(__dirname, '..');
const GOOD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const BAD = GOOD.replace('eventTypeName: HOST_DOWN\n', ''); // required-field

function preCommitVersion(): string | undefined {
  const r = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}
const PRE_COMMIT = preCommitVersion();
if (!PRE_COMMIT) console.warn('SKIPPED test/precommit.test.ts: `pre-commit` is not installed (Debian: apt-get install pre-commit; or pip install pre-commit).');

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'omlint test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'omlint test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
};

function run(cmd: string, args: string[], opts: SpawnSyncOptions & { env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts, env: { ...process.env, ...GIT_ENV, ...opts.env } });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}`, error: r.error };
}

function mustRun(cmd: string, args: string[], opts: SpawnSyncOptions & { env?: NodeJS.ProcessEnv } = {}): string {
  const r = run(cmd, args, opts);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.code ?? r.error?.message}):\n${r.out}`);
  return r.out;
}

const NOT_SHIPPED = new Set(['.git', 'node_modules', 'dist', '.scratch', 'coverage', 'build', 'test-artifacts']);

/** The files a clone of the repository would have: git's view of the tree, or a walk without build output. */
function sourceFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (git.status === 0 && git.stdout.length > 0) {
    return git.stdout.split('\0').filter((f) => f && existsSync(path.join(ROOT, f)) && statSync(path.join(ROOT, f)).isFile());
  }
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      if (NOT_SHIPPED.has(e.name)) continue;
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk('');
  return out;
}

/** Commits a snapshot of the working tree into a new git repository; returns its commit. */
function snapshot(dest: string): string {
  for (const f of sourceFiles()) {
    mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
    copyFileSync(path.join(ROOT, f), path.join(dest, f));
  }
  mustRun('git', ['init', '-q'], { cwd: dest });
  mustRun('git', ['add', '-A'], { cwd: dest });
  mustRun('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'snapshot of the working tree'], { cwd: dest });
  return mustRun('git', ['rev-parse', 'HEAD'], { cwd: dest }).trim();
}

/** Says what to fix when the hook environment cannot be installed. */
function explainInstallFailure(out: string, home: string): string {
  const log = path.join(home, 'pre-commit.log');
  const details = existsSync(log) ? readFileSync(log, 'utf8').slice(-4000) : out;
  const hint = /seems to be corrupted|ENOENT: no such file or directory, open '.*> omlint@/s.test(details)
    ? '\nHint: pre-commit reads the tarball name from the stdout of `npm pack`, and the `prepare` build printed there too. ' +
      'The repository needs an .npmrc with `foreground-scripts=false` (npm then runs prepare with piped output during pack).'
    : '';
  return `pre-commit could not install the omlint hook:\n${details}${hint}`;
}

describe.skipIf(!PRE_COMMIT)(`pre-commit hook (${PRE_COMMIT ?? 'pre-commit missing'})`, () => {
  let tmp: string | undefined;
  let work: string;
  let env: NodeJS.ProcessEnv;

  // The hook environment weighs about 100 MB.
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  beforeAll(() => {
    const started = Date.now();
    tmp = mkdtempSync(path.join(os.tmpdir(), 'omlint-precommit-'));
    const hookRepo = path.join(tmp, 'omlint');
    work = path.join(tmp, 'work');
    mkdirSync(hookRepo);
    mkdirSync(work);
    const rev = snapshot(hookRepo);
    env = {
      PRE_COMMIT_HOME: path.join(tmp, 'pre-commit-home'),
      PRE_COMMIT_COLOR: 'never',
      NO_COLOR: '1',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
      npm_config_prefer_offline: 'true',
    };
    mustRun('git', ['init', '-q'], { cwd: work });
    writeFileSync(path.join(work, '.pre-commit-config.yaml'), `repos:\n  - repo: ${JSON.stringify(hookRepo)}\n    rev: ${rev}\n    hooks:\n      - id: omlint\n      - id: omlint-transitions\n        args: [--rule, 'base-unusable: error']\n`);
    // Committed before the hook is installed: the config itself is no omlint document.
    mustRun('git', ['add', '.pre-commit-config.yaml'], { cwd: work });
    mustRun('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'pre-commit config'], { cwd: work });
    // A hang guard, not a speed check: installing builds omlint (npm ci + prepare), 295 s once on a loaded 2-core machine.
    const install = run('pre-commit', ['install-hooks'], { cwd: work, env, timeout: 420_000 });
    if (install.code !== 0) throw new Error(explainInstallFailure(install.out, env.PRE_COMMIT_HOME!));
    mustRun('pre-commit', ['install'], { cwd: work, env });
    console.info(`pre-commit hook environment installed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }, 480_000);

  const commit = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    writeFileSync(path.join(work, file), text);
    mustRun('git', ['add', file], { cwd: work });
    const before = run('git', ['rev-parse', 'HEAD'], { cwd: work }).out.trim();
    const r = run('git', ['-c', 'commit.gpgsign=false', 'commit', '-m', `add ${file}`], { cwd: work, env, timeout: 120_000 });
    const after = run('git', ['rev-parse', 'HEAD'], { cwd: work }).out.trim();
    return { ...r, committed: before !== after };
  };

  it('lets a clean document through', () => {
    const r = commit('alerts/host-down.alert-config.yaml', GOOD);
    expect(r.out).toMatch(/omlint\.+Passed/);
    expect(r.code).toBe(0);
    expect(r.committed).toBe(true);
  }, 120_000);

  it('the omlint-transitions hook compares the staged text with HEAD', () => {
    // HEAD holds a version that does not parse (committed past the hooks); the staged one is fine.
    const file = 'alerts/disk.alert-config.yaml';
    mkdirSync(path.join(work, 'alerts'), { recursive: true });
    writeFileSync(path.join(work, file), '{"eventTypeName": "HOST_DOWN",\n');
    mustRun('git', ['add', file], { cwd: work });
    mustRun('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '--no-verify', '-m', 'broken'], { cwd: work });
    const r = commit(file, GOOD);
    expect(r.out).toMatch(/omlint\.+Passed/);
    // The base at HEAD was read, and said to be unusable (an error here, by the hook's args).
    expect(r.out).toMatch(/omlint \(against HEAD\)\.+Failed/);
    expect(r.out).toContain('base-unusable');
    expect(r.out).toContain(`HEAD:${file}`);
    expect(r.committed).toBe(false);
    mustRun('git', ['reset', '-q', 'HEAD', file], { cwd: work });
  }, 120_000);

  it('passes a tsconfig.json with a comment, VS Code settings and a Helm template untouched, and blocks the bad alert configuration beside them (issue 31)', () => {
    const others = ['app/tsconfig.json', '.vscode/settings.json', 'chart/templates/configmap.yaml'];
    const bad = 'alerts/disk.alert-config.yaml';
    for (const [file, text] of [...others.map((f) => [f, NOT_OMLINT_BROKEN[f]]), [bad, BAD]]) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), text);
    }
    mustRun('git', ['add', ...others, bad], { cwd: work });
    const blocked = run('git', ['-c', 'commit.gpgsign=false', 'commit', '-m', 'four files'], { cwd: work, env, timeout: 120_000 });
    expect(blocked.out).toMatch(/omlint\.+Failed/);
    expect(blocked.out).toContain(bad);
    expect(blocked.out).toContain('required-field');
    for (const f of others) expect(blocked.out).not.toContain(f);
    expect(blocked.out).not.toContain('syntax-error');
    expect(blocked.code).not.toBe(0);
    // Without the bad document, the three pass.
    mustRun('git', ['reset', '-q', 'HEAD', bad], { cwd: work });
    const before = run('git', ['rev-parse', 'HEAD'], { cwd: work }).out.trim();
    const passed = run('git', ['-c', 'commit.gpgsign=false', 'commit', '-m', 'three files'], { cwd: work, env, timeout: 120_000 });
    expect(passed.out).toMatch(/omlint\.+Passed/);
    expect(passed.code).toBe(0);
    expect(run('git', ['rev-parse', 'HEAD'], { cwd: work }).out.trim()).not.toBe(before);
  }, 240_000);

  it('blocks the commit of a bad document and names the rule', () => {
    const r = commit('alerts/cpu.alert-config.yaml', BAD);
    expect(r.out).toMatch(/omlint\.+Failed/);
    expect(r.out).toContain('alerts/cpu.alert-config.yaml');
    expect(r.out).toContain('required-field');
    expect(r.code).not.toBe(0);
    expect(r.committed).toBe(false);
  }, 120_000);
});
