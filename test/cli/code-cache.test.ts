// dist/ loads its core bundle through a V8 code cache (src/bin/load-core.ts). The cache must be
// written by the build, accepted by the next run, replaced when V8 rejects it, and never be
// needed: a run without it, or with a broken one, or in a read-only installation, is the same run.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../robustness/support';

const EXAMPLE = path.join(ROOT, 'examples/problems');
let pkg: string;
let expected: string;

/** A private copy of the built package: dist/, schemas/ and package.json. */
function copyPackage(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-codecache-'));
  cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  cpSync(path.join(ROOT, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  // Only the build's cache: other tests' runs with Node options may have added theirs.
  for (const f of cacheFiles(dir)) if (path.join(dir, 'dist', 'cache', f) !== plainCache(dir)) rmSync(path.join(dir, 'dist', 'cache', f));
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
  it('is written by the build, for this Node, and named after the core bundle it belongs to', () => {
    expect(statSync(plainCache(ROOT)).size).toBeGreaterThan(10_000);
  });

  it('is accepted by the next run (a rejected cache would be rewritten)', () => {
    const file = plainCache(pkg);
    const before = statSync(file);
    const r = run(pkg, { OMLINT_DEBUG_CODE_CACHE: '1' });
    expect(r.stdout).toBe(expected);
    expect(r.stderr).toBe(`omlint: code cache accepted: ${file}\n`);
    // Rewriting renames a new file into place: another inode.
    expect(statSync(file).ino).toBe(before.ino);
  });

  it('is written by the first run when it is missing, and the run is the same', () => {
    const dir = copyPackage();
    try {
      rmSync(path.join(dir, 'dist', 'cache'), { recursive: true });
      const r = run(dir);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(expected);
      expect(cacheFiles(dir)).toEqual([path.basename(plainCache(dir))]);
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
      expect(r.stderr).toBe(`omlint: code cache rejected: ${file}\n`);
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
      expect(first.stderr).toBe(`omlint: code cache missing: ${userCache}\n`);
      expect(statSync(userCache).size).toBeGreaterThan(10_000);
      const second = run(dir, env);
      expect(second.stdout).toBe(expected);
      expect(second.stderr).toBe(`omlint: code cache accepted: ${userCache}\n`);
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
      expect(r.stderr).toMatch(/^omlint: code cache missing: .*-[0-9a-f]{8}\.v8cache\n$/);
      expect(cacheFiles(dir)).toHaveLength(2);
      expect(statSync(plain).ino).toBe(before);
      expect(run(dir, { OMLINT_DEBUG_CODE_CACHE: '1' }).stderr).toBe(`omlint: code cache accepted: ${plain}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the language server too', () => {
    const server = spawnSync(process.execPath, [path.join(pkg, 'dist', 'omlint-language-server.js'), '--version'], { encoding: 'utf8' });
    expect(server.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
