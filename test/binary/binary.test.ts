// The single executable for Linux x64 (`npm run binary`, scripts/binary.ts), built once here and
// run as an administrator of an air-gapped host would: its SHA-256 file checked, then from an
// empty directory with a PATH that holds no node, on the examples (the same JSON as the npm
// package's CLI), with worker threads, and as a language server (initialize, one diagnostic).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstDiagnostics } from '../package/lsp-smoke';
import { cliProcess } from '../cli/run';

const ROOT = path.resolve(__dirname, '../..');
const EXE = path.join(ROOT, 'build', 'omlint-linux-x64');
const linuxX64 = process.platform === 'linux' && process.arch === 'x64';

let empty: string;
let env: NodeJS.ProcessEnv;
beforeAll(() => {
  if (!linuxX64) return;
  // Built here, as a release does (about a minute: most of it postject writing 90 MB).
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/binary.ts')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
  empty = mkdtempSync(path.join(os.tmpdir(), 'omlint-bin-'));
  const noNode = path.join(empty, 'bin');
  mkdirSync(noNode);
  // Nothing but the executable's own: an empty PATH directory, a fresh cache home.
  env = { PATH: noNode, XDG_CACHE_HOME: path.join(empty, 'cache') };
  mkdirSync(path.join(empty, 'work'));
}, 320_000);

const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => spawnSync(EXE, args, { cwd: path.join(empty, 'work'), env: { ...env, ...extra }, encoding: 'utf8', timeout: 60_000 });

describe.runIf(linuxX64)('the single executable (Linux x64)', () => {
  it('is one file with its SHA-256 beside it', () => {
    const [sum, name] = readFileSync(`${EXE}.sha256`, 'utf8').trim().split(/\s+/);
    expect(name).toBe('omlint-linux-x64');
    expect(createHash('sha256').update(readFileSync(EXE)).digest('hex')).toBe(sum);
  });

  it('runs with no node on PATH: --version, the examples as the npm CLI reports them, worker threads', () => {
    expect(spawnSync('sh', ['-c', 'command -v node'], { env }).status).not.toBe(0);
    const version = run(['--version']);
    expect(version.stderr).toBe('');
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    const now = '2026-11-21T00:00:00Z';
    for (const dir of ['problems', 'clean', 'scoped']) {
      const example = path.join(ROOT, 'examples', dir);
      const bin = run(['check', '--format', 'json', '--now', now, example]);
      const npmCli = cliProcess(['check', '--format', 'json', '--now', now, example], { cwd: path.join(empty, 'work') });
      expect(bin.stderr).toBe('');
      expect(bin.status).toBe(npmCli.code);
      expect(JSON.parse(bin.stdout)).toEqual(JSON.parse(npmCli.stdout));
    }
    // Workers at once with --jobs (dist/worker.js of the unpacked package, in the executable's Node).
    const many = path.join(empty, 'work', 'many');
    mkdirSync(many);
    for (let i = 0; i < 150; i++) copyFileSync(path.join(ROOT, 'examples/clean/cpu-high.alert-config.yaml'), path.join(many, `a${i}.alert-config.yaml`));
    const jobs = run(['check', '--jobs', '2', many], { OMLINT_DEBUG_WORKERS: '1' });
    expect(jobs.status).toBe(0);
    expect(jobs.stderr).toMatch(/worker 1\b.*: \d+ files linted/);
    // Unpacked once, into the cache home it was given.
    expect(readdirSync(path.join(empty, 'cache', 'omlint', 'sea'))).toHaveLength(1);
  });

  it('is a language server: omlint lsp --stdio, initialize, one diagnostic', async () => {
    const published = await firstDiagnostics(path.join(empty, 'work'), ['lsp', '--stdio'], EXE, env);
    expect(published.diagnostics.some((d) => d.source === 'omlint')).toBe(true);
  }, 30_000);

  it('unpacks never through a link, and says where to when it cannot', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'omlint-bin-link-'));
    const [id] = readdirSync(path.join(empty, 'cache', 'omlint', 'sea'));
    mkdirSync(path.join(home, 'omlint', 'sea'), { recursive: true });
    symlinkSync(path.join(empty, 'cache', 'omlint', 'sea', id), path.join(home, 'omlint', 'sea', id));
    const linked = run(['--version'], { XDG_CACHE_HOME: home });
    expect(linked.status).toBe(2);
    expect(linked.stderr).toMatch(/is a symbolic link/);
    rmSync(path.join(home, 'omlint'), { recursive: true });
    // A cache home that cannot be written: exit 2 with the way out, no crash.
    const readOnly = run(['--version'], { XDG_CACHE_HOME: '/dev/null/omlint' });
    expect(readOnly.status).toBe(2);
    expect(readOnly.stderr).toMatch(/cannot unpack omlint into .*XDG_CACHE_HOME/);
    // A cache folder others can write to (as one made by another user in /tmp could be): no code is run from it.
    const shared = mkdtempSync(path.join(os.tmpdir(), 'omlint-bin-shared-'));
    mkdirSync(path.join(shared, 'omlint', 'sea'), { recursive: true });
    chmodSync(path.join(shared, 'omlint', 'sea'), 0o777);
    const open = run(['--version'], { XDG_CACHE_HOME: shared });
    expect(open.status).toBe(2);
    expect(open.stderr).toMatch(/only this user can write to/);
    expect(readdirSync(path.join(shared, 'omlint', 'sea'))).toEqual([]);
    expect(existsSync(EXE)).toBe(true);
  });
});
