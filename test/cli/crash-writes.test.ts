// Process-level: `kill -9` in the middle of `--fix` leaves every file old or new, never cut (the
// issue saw 4 of 25 kills corrupt files with in-place O_TRUNC writes); concurrent runs sharing one
// --cache never leave it corrupt. Bounded: 5 kills, each right after the first fixed file lands.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, TEST_CACHE_HOME, cliProcess } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'omlint-crash-'));
  dirs.push(d);
  return d;
};

/** An alert without `enabled` (one suggestion, applied by --fix-suggestions: `enabled: true` after eventTypeName), padded with comments to 200 KB. */
function document(i: number): string {
  const pad = `# ${'p'.repeat(9997)}\n`.repeat(20);
  return `eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba${i}@example.com\n    delayMin: 0\n    intervalMin: 60\n${pad}`;
}

function runAndKill(dir: string, first: string, delayMs: number): Promise<{ killed: boolean }> {
  const oldSize = statSync(path.join(dir, first)).size;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'check', ...NOW, '--fix-suggestions', '.'], { cwd: dir, stdio: 'ignore', env: { PATH: process.env.PATH, XDG_CACHE_HOME: TEST_CACHE_HOME } });
    let killed = false;
    // The first file changing (or a temporary file) means the writes have begun: kill a little later.
    const poll = setInterval(() => {
      if (statSync(path.join(dir, first)).size !== oldSize || readdirSync(dir).some((f) => f.endsWith('.omlint-tmp'))) {
        clearInterval(poll);
        setTimeout(() => {
          killed = child.kill('SIGKILL');
        }, delayMs);
      }
    }, 2);
    child.on('exit', (_code, signal) => {
      clearInterval(poll);
      resolve({ killed: killed && signal === 'SIGKILL' });
    });
  });
}

describe('crash safety', () => {
  it('kill -9 during --fix on 500 files of 200 KB: every file old or new, never cut', async () => {
    const dir = tempDir();
    const old = Array.from({ length: 500 }, (_, i) => document(i));
    const fixed = old.map((t) => t.replace('HOST_DOWN\n', 'HOST_DOWN\nenabled: true\n'));
    const names = old.map((_, i) => `f${String(i).padStart(3, '0')}.yaml`);
    const tally: string[] = [];
    for (const delayMs of [0, 40, 120, 250, 500]) {
      names.forEach((n, i) => writeFileSync(path.join(dir, n), old[i]));
      const { killed } = await runAndKill(dir, names[0], delayMs);
      let oldCount = 0;
      let newCount = 0;
      const bad: string[] = [];
      names.forEach((n, i) => {
        const now = readFileSync(path.join(dir, n), 'utf8');
        if (now === old[i]) oldCount++;
        else if (now === fixed[i]) newCount++;
        else bad.push(`${n} (${now.length} chars)`);
      });
      expect(bad).toEqual([]);
      // A killed run may leave its temporary file (hidden, never linted); nothing else.
      const extra = readdirSync(dir).filter((f) => !names.includes(f));
      expect(extra.every((f) => /^\.f\d{3}\.yaml\.\d+\.[0-9a-f]{8}\.omlint-tmp$/.test(f))).toBe(true);
      extra.forEach((f) => rmSync(path.join(dir, f)));
      tally.push(`${killed ? 'killed' : 'finished'} after +${delayMs} ms: ${newCount} new, ${oldCount} old, ${extra.length} temp`);
    }
    console.log(`kill -9 during --fix (500 x 200 KB):\n  ${tally.join('\n  ')}`);
    expect(tally.some((t) => t.startsWith('killed'))).toBe(true);
  }, 120_000);

  it('concurrent runs sharing one --cache never corrupt it', async () => {
    const dir = tempDir();
    for (let i = 0; i < 40; i++) writeFileSync(path.join(dir, `a${i}.yaml`), document(i).slice(0, 300));
    const cache = path.join(dir, 'shared.cache');
    const one = (files: string[]) =>
      new Promise<number | null>((resolve) => {
        const c = spawn(process.execPath, [BIN, 'check', ...NOW, '--cache', '--cache-location', cache, ...files], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: process.env.PATH, XDG_CACHE_HOME: TEST_CACHE_HOME } });
        let err = '';
        c.stderr.on('data', (d) => (err += d));
        c.on('exit', (code) => {
          expect(err).toBe(''); // never a note about a corrupt cache, never an internal error
          resolve(code);
        });
      });
    for (let round = 0; round < 3; round++) {
      const codes = await Promise.all(Array.from({ length: 4 }, (_, k) => one(Array.from({ length: 10 }, (_, i) => `a${k * 10 + ((i + round) % 10)}.yaml`))));
      expect(codes).toEqual([0, 0, 0, 0]);
      expect(() => JSON.parse(readFileSync(cache, 'utf8'))).not.toThrow();
    }
    const after = cliProcess(['check', ...NOW, '--cache', '--cache-location', cache, '.'], { cwd: dir });
    expect([after.code, after.stderr]).toEqual([0, '']);
  }, 60_000);
});
