// dist/ loads its core bundle, and the chunks a run needs, each through a V8 code cache
// (src/bin/load-core.ts, scripts/build-chunks.ts). The caches must be written by the build,
// accepted by the next run, replaced when V8 rejects them, and never be needed: a run without
// them, or with a broken one, or in a read-only installation, is the same run.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../robustness/support';
import { automationConfig, automationJson } from '../../bench/generate';

const EXAMPLE = path.join(ROOT, 'examples/problems');
let pkg: string;
let expected: string;

/** A private copy of the built package: dist/, schemas/ and package.json. */
function copyPackage(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-codecache-'));
  cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  cpSync(path.join(ROOT, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  // Only the build's caches: other tests' runs with Node options may have added theirs.
  const plain = `.${process.versions.v8}-${process.arch}.v8cache`;
  for (const f of cacheFiles(dir)) if (!f.endsWith(plain)) rmSync(path.join(dir, 'dist', 'cache', f));
  return dir;
}

function run(root: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [path.join(root, 'dist', 'omlint.js'), 'check', '--no-color', '--now', '2026-01-01T00:00:00Z', '--format', 'json', EXAMPLE], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
  return { code: r.status, stdout: r.stdout.split(root).join('<root>'), stderr: r.stderr };
}

const cacheFiles = (root: string) => readdirSync(path.join(root, 'dist', 'cache')).filter((f) => f.endsWith('.v8cache'));
/** The scripts a run loaded and what became of each one's cache (OMLINT_DEBUG_CODE_CACHE lines). */
const loaded = (stderr: string) =>
  stderr
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^omlint: code cache (accepted|missing|rejected): (.*)$/.exec(line);
      expect(m, line).not.toBeNull();
      return { status: m![1], file: m![2] };
    });
/** The chunk names in cache file names: chunk-<name>-<hash>.js.<v8>… */
const chunkNames = (files: string[]) => files.map((f) => /(?:^|\/)(core|chunk-(.+))-[0-9A-F]{8}\.js\./.exec(f)).map((m) => m?.[2] ?? m?.[1]);
/** The cache of runs without Node options (other tests' runs with options may have added theirs). */
const plainCache = (root: string) => {
  const core = readdirSync(path.join(root, 'dist')).filter((f) => /^core-.*\.js$/.test(f));
  expect(core).toHaveLength(1);
  return path.join(root, 'dist', 'cache', `${core[0]}.${process.versions.v8}-${process.arch}.v8cache`);
};

beforeAll(() => {
  ensureBuilt();
  pkg = copyPackage();
  expected = run(pkg).stdout;
});
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

describe('the code cache of dist/', () => {
  it('is written by the build, for this Node, and named after the core bundle it belongs to; and one for each chunk', () => {
    expect(statSync(plainCache(ROOT)).size).toBeGreaterThan(10_000);
    const chunks = readdirSync(path.join(ROOT, 'dist')).filter((f) => /^chunk-.*\.js$/.test(f));
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(statSync(path.join(ROOT, 'dist', 'cache', `${c}.${process.versions.v8}-${process.arch}.v8cache`)).size).toBeGreaterThan(1_000);
  });

  it('is accepted by the next run (a rejected cache would be rewritten)', () => {
    const file = plainCache(pkg);
    const before = statSync(file);
    const r = run(pkg, { OMLINT_DEBUG_CODE_CACHE: '1' });
    expect(r.stdout).toBe(expected);
    const scripts = loaded(r.stderr);
    expect(scripts[0]).toEqual({ status: 'accepted', file });
    expect(scripts.filter((s) => s.status !== 'accepted')).toEqual([]);
    // Rewriting renames a new file into place: another inode.
    expect(statSync(file).ino).toBe(before.ino);
  });

  it('is written by the first run when it is missing, and the run is the same', () => {
    const dir = copyPackage();
    try {
      rmSync(path.join(dir, 'dist', 'cache'), { recursive: true });
      const r = run(dir, { OMLINT_DEBUG_CODE_CACHE: '1' });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(expected);
      const scripts = loaded(r.stderr);
      expect(scripts.map((s) => s.status)).toEqual(scripts.map(() => 'missing'));
      expect(cacheFiles(dir).sort()).toEqual(scripts.map((s) => path.basename(s.file)).sort());
      expect(cacheFiles(dir)).toContain(path.basename(plainCache(dir)));
      expect(readdirSync(path.join(dir, 'dist', 'cache')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is replaced when V8 rejects it (garbage, or another build of the same length)', () => {
    const dir = copyPackage();
    try {
      const file = plainCache(dir);
      const garbage = Buffer.alloc(statSync(file).size, 7);
      writeFileSync(file, garbage);
      const ino = statSync(file).ino;
      const r = run(dir, { OMLINT_DEBUG_CODE_CACHE: '1' });
      expect(r.stdout).toBe(expected);
      const scripts = loaded(r.stderr);
      expect(scripts[0]).toEqual({ status: 'rejected', file });
      expect(scripts.slice(1).filter((s) => s.status !== 'accepted')).toEqual([]);
      expect(readFileSync(file).equals(garbage)).toBe(false);
      const rewritten = statSync(file).ino;
      expect(rewritten).not.toBe(ino);
      expect(run(dir).stdout).toBe(expected);
      expect(statSync(file).ino).toBe(rewritten);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not needed: where it can be neither read nor written, the run is the same', () => {
    const dir = copyPackage();
    try {
      // A file where the cache directory should be: what a read-only installation looks like even
      // to root, who may write anywhere.
      rmSync(path.join(dir, 'dist', 'cache'), { recursive: true });
      writeFileSync(path.join(dir, 'dist', 'cache'), '');
      const r = run(dir);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(expected);
      expect(r.stderr).toBe('');
      expect(readdirSync(path.join(dir, 'dist')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lives in the user cache directory when dist/ cannot hold it: written by the first run, accepted by the next', () => {
    const dir = copyPackage();
    const home = mkdtempSync(path.join(os.tmpdir(), 'omlint-xdg-'));
    try {
      rmSync(path.join(dir, 'dist', 'cache'), { recursive: true });
      writeFileSync(path.join(dir, 'dist', 'cache'), ''); // dist/ cannot hold a cache (see above)
      const env = { XDG_CACHE_HOME: home, OMLINT_DEBUG_CODE_CACHE: '1' };
      const userCache = path.join(home, 'omlint', 'v8', path.basename(plainCache(ROOT)));
      const first = run(dir, env);
      expect(first.stdout).toBe(expected);
      const scripts = loaded(first.stderr);
      expect(scripts[0]).toEqual({ status: 'missing', file: userCache });
      for (const s of scripts) expect(s).toEqual({ status: 'missing', file: path.join(home, 'omlint', 'v8', path.basename(s.file)) });
      expect(statSync(userCache).size).toBeGreaterThan(10_000);
      // The chunks' caches too.
      expect(readdirSync(path.join(home, 'omlint', 'v8')).sort()).toEqual(scripts.map((s) => path.basename(s.file)).sort());
      const second = run(dir, env);
      expect(second.stdout).toBe(expected);
      expect(loaded(second.stderr)).toEqual(scripts.map((s) => ({ ...s, status: 'accepted' })));
      // A writable dist/ keeps its own: the user directory is not touched.
      const writable = copyPackage();
      const other = mkdtempSync(path.join(os.tmpdir(), 'omlint-xdg-'));
      try {
        expect(run(writable, { XDG_CACHE_HOME: other }).stdout).toBe(expected);
        expect(readdirSync(other)).toEqual([]);
      } finally {
        rmSync(writable, { recursive: true, force: true });
        rmSync(other, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('is kept apart for runs with Node options, which V8 would otherwise reject it for', () => {
    const dir = copyPackage();
    try {
      const plain = plainCache(dir);
      const before = statSync(plain).ino;
      const r = spawnSync(process.execPath, ['--max-semi-space-size=32', path.join(dir, 'dist', 'omlint.js'), 'check', '--no-color', '--now', '2026-01-01T00:00:00Z', '--format', 'json', EXAMPLE], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, OMLINT_DEBUG_CODE_CACHE: '1' },
      });
      expect(r.stdout.split(dir).join('<root>')).toBe(expected);
      const scripts = loaded(r.stderr);
      for (const s of scripts) expect(s.status === 'missing' && /-[0-9a-f]{8}\.v8cache$/.test(s.file), s.file).toBe(true);
      const chunks = readdirSync(path.join(dir, 'dist')).filter((f) => /^chunk-.*\.js$/.test(f)).length;
      expect(cacheFiles(dir)).toHaveLength(1 + chunks + scripts.length);
      expect(statSync(plain).ino).toBe(before);
      expect(loaded(run(dir, { OMLINT_DEBUG_CODE_CACHE: '1' }).stderr)[0]).toEqual({ status: 'accepted', file: plain });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is kept apart for the chunks a run loads after holding the optimizer (run-time V8 flags): neither run rejects the other\'s', () => {
    const dir = copyPackage();
    const work = mkdtempSync(path.join(os.tmpdir(), 'omlint-held-'));
    try {
      // 2 MB of automation config: a run that holds the optimizer (src/bin/optimizer-hold.ts); a small one that does not.
      writeFileSync(path.join(work, 'big.automation-config.json'), automationJson(automationConfig(100)));
      cpSync(path.join(ROOT, 'examples/clean/rs0.automation-config.json'), path.join(work, 'rs0.automation-config.json'));
      const check = (file: string) => {
        const r = spawnSync(process.execPath, [path.join(dir, 'dist', 'omlint.js'), 'check', '--no-color', file], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH, OMLINT_DEBUG_CODE_CACHE: '1' } });
        expect(r.status, r.stderr).toBeLessThan(2);
        return loaded(r.stderr).map((s) => ({ status: s.status, file: path.basename(s.file) }));
      };
      const plain = (f: string) => f.endsWith(`.${process.versions.v8}-${process.arch}.v8cache`);
      const first = check('big.automation-config.json');
      // The core, loaded before, reads the plain cache; the automation chunk (and the near-name one
      // its findings load) one of its own.
      expect(first.map((s) => path.basename(s.file).replace(/-[0-9A-F]{8}\.js.*/, ''))).toEqual(['core', 'chunk-schema-automation-config', 'chunk-levenshtein']);
      expect(first.map((s) => [s.status, plain(s.file)])).toEqual([['accepted', true], ['missing', false], ['missing', false]]);
      expect(check('rs0.automation-config.json').map((s) => [s.status, plain(s.file)])).toEqual([['accepted', true], ['accepted', true]]);
      expect(check('big.automation-config.json')).toEqual(first.map((s) => ({ ...s, status: 'accepted' })));
      expect(check('rs0.automation-config.json').map((s) => s.status)).toEqual(['accepted', 'accepted']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('serves the language server too', () => {
    const server = spawnSync(process.execPath, [path.join(pkg, 'dist', 'omlint-language-server.js'), '--version'], { encoding: 'utf8' });
    expect(server.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

// The cold path (issue 22): a run deserialises and evaluates only the chunks it needs, which the
// scripts it loaded show (OMLINT_DEBUG_CODE_CACHE): no policy libraries without policies, no plan
// code without plan or --base, no language server outside `lsp`, one validator per kind checked.
describe('the chunks a run loads', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'omlint-chunks-'));
    cpSync(path.join(ROOT, 'examples/clean/cpu-high.alert-config.yaml'), path.join(work, 'cpu-high.alert-config.yaml'));
    cpSync(path.join(ROOT, 'examples/clean/rs0.automation-config.json'), path.join(work, 'base', 'rs0.automation-config.json'));
    cpSync(path.join(ROOT, 'examples/clean/rs0.automation-config.json'), path.join(work, 'rs0.automation-config.json'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const chunksOf = (bin: string, args: string[], cwd = work) => {
    const r = spawnSync(process.execPath, [path.join(pkg, 'dist', bin), ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, OMLINT_DEBUG_CODE_CACHE: '1' } });
    expect(r.status, r.stderr).toBeLessThan(2);
    return { names: chunkNames(loaded(r.stderr.split('\n').filter((l) => l.startsWith('omlint: code cache')).join('\n')).map((s) => s.file)).sort(), stdout: r.stdout };
  };

  it('check of one alert file: the core and the alert validator, nothing else', () => {
    const r = chunksOf('omlint.js', ['check', '--no-color', 'cpu-high.alert-config.yaml']);
    expect(r.stdout).toMatch(/1 file checked, no problems/);
    expect(r.names).toEqual(['core', 'schema-alert-config']);
  });

  it('the libraries a plain check does not call load when a run does call them: a glob, an ignore pattern, YAML the block reader leaves to yaml, a typo\'s near names', () => {
    writeFileSync(path.join(work, 'anchors.alert-config.yaml'), 'eventTypeName: &e HOST_DOWN\nenabled: true\nnotifcations: []\n');
    const r = chunksOf('omlint.js', ['check', '--no-color', '*.alert-config.yaml', '--ignore-pattern', 'nothing-*']);
    expect(r.stdout).toMatch(/notifcations/);
    expect(r.stdout).toMatch(/Did you mean/);
    for (const c of ['picomatch', 'ignore', 'yaml', 'levenshtein', 'schema-alert-config']) expect(r.names).toContain(c);
    expect(r.names).not.toContain('commander'); // check is read without it, options with values too (cli/check-args.ts)
    rmSync(path.join(work, 'anchors.alert-config.yaml'));
  });

  it('check of one clean JSON automation config: the core and the automation validator (no JSON position library, no re2js, no other kind)', () => {
    const r = chunksOf('omlint.js', ['check', '--no-color', 'rs0.automation-config.json']);
    expect(r.stdout).toMatch(/1 file checked, no problems/);
    expect(r.names).toEqual(['core', 'schema-automation-config']);
  });

  it('check of one file loads none of the Node builtins it does not need (streams, child processes, worker threads, perf hooks, the module loader)', () => {
    const probe = path.join(work, 'probe.cjs');
    writeFileSync(probe, "process.on('exit', () => require('node:fs').writeSync(2, 'loaded: ' + process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join(' ') + '\\n'));\n");
    const r = spawnSync(process.execPath, ['-r', probe, path.join(pkg, 'dist', 'omlint.js'), 'check', '--no-color', 'cpu-high.alert-config.yaml'], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(r.stdout).toMatch(/1 file checked, no problems/);
    const modules = /^loaded: (.*)$/m.exec(r.stderr)![1].split(' ');
    expect(modules).toContain('vm'); // the probe sees the loader's modules
    // `module` brings Node's ES module loader with it; `v8` (the optimizer hold of runs of a few MB) Node's streams.
    for (const m of ['stream', 'net', 'tty', 'child_process', 'worker_threads', 'perf_hooks', 'crypto', 'module', 'v8', 'os', 'internal/fs/dir', 'internal/fs/promises']) expect(modules, m).not.toContain(m);
  });

  it('--version and rules: the core and the command line parser', () => {
    expect(chunksOf('omlint.js', ['--version']).names).toEqual(['commander', 'core']);
    expect(chunksOf('omlint.js', ['rules']).names).toEqual(['commander', 'core']);
  });

  it('a config with policies loads the policy chunk; with secretPlaceholders, re2js', () => {
    const policies = chunksOf('omlint.js', ['check', '--no-color', path.join(ROOT, 'examples/policies/fcv-floor')]);
    expect(policies.names).toContain('policy');
    expect(policies.names).not.toContain('plan');
    expect(policies.names).not.toContain('server');
    const placeholders = chunksOf('omlint.js', ['check', '--no-color', path.join(ROOT, 'examples/clean/cpu-high.alert-config.yaml')], ROOT);
    expect(placeholders.names).toEqual(['core', 're2', 'schema-alert-config']);
  });

  it('plan and --base load the plan chunk', () => {
    const plan = chunksOf('omlint.js', ['plan', '--no-color', 'rs0.automation-config.json', '--base', 'base/rs0.automation-config.json']);
    // The base's secrets are found by name too (issue 32: a removed secret is masked), whose near-miss test reads levenshtein.
    expect(plan.names).toEqual(['commander', 'core', 'levenshtein', 'plan', 'schema-automation-config']);
    expect(chunksOf('omlint.js', ['check', '--no-color', 'rs0.automation-config.json', '--base', 'base/rs0.automation-config.json']).names).toContain('plan');
  });

  it('the language server loads the server chunk', () => {
    const r = chunksOf('omlint-language-server.js', ['--version']);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.names).toEqual(['core', 'server']);
  });
});
