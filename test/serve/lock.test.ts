// The lock of --state-dir: a dead owner's lock is taken over by one process only. A second process
// started at the worst moment (after this one judged the lock stale, before it took it over: the
// `stale` seam) must win or lose cleanly, never share the directory; real servers started together
// on a stale lock: one listens, the others exit 2 naming it; a claim a killed process left does not
// block the take-over.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateStore } from '../../src/serve/persist';
import { BIN } from './support';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'omlint-lock-'));
/** The id of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const lockOf = (dir: string) => Number.parseInt(readFileSync(path.join(dir, 'state.lock'), 'utf8'), 10);

interface Started {
  child: ChildProcess;
  /** Resolves with 'listening' or the exit code and stderr. */
  outcome: Promise<{ listening: true } | { listening: false; code: number | null; stderr: string }>;
}

function serve(dir: string): Started {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--state-dir', dir, '--user', 'ci:lock-test-private-key'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const outcome = new Promise<{ listening: true } | { listening: false; code: number | null; stderr: string }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout!.on('data', (c) => {
      out += String(c);
      if (/listening on/.test(out)) {
        clearTimeout(timer);
        resolve({ listening: true });
      }
    });
    child.stderr!.on('data', (c) => (err += String(c)));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ listening: false, code, stderr: err });
    });
  });
  return { child, outcome };
}

const stop = (c: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((done) => {
    if (c.exitCode !== null || c.signalCode !== null) return done();
    c.once('exit', () => done());
    c.kill(signal);
  });

describe('the --state-dir lock', () => {
  it('a process that judged a lock stale and finds another took it over meanwhile refuses, naming the new owner', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'state.lock'), `${deadPid()}\n`);
    let rival: Started | undefined;
    let error: unknown;
    try {
      new StateStore(dir, {
        stale: () => {
          // The worst moment: a real server starts now, finds the same stale lock and takes it over.
          rival = serve(dir);
          const until = Date.now() + 30_000;
          while (Date.now() < until && !(existsSync(path.join(dir, 'state.lock')) && lockOf(dir) === rival.child.pid)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        },
      });
    } catch (e) {
      error = e;
    }
    expect(rival).toBeDefined();
    expect(await rival!.outcome).toEqual({ listening: true });
    expect(lockOf(dir)).toBe(rival!.child.pid);
    expect((error as Error | undefined)?.message).toBe(`--state-dir ${dir} is in use by process ${rival!.child.pid} (${path.join(dir, 'state.lock')}).`);
    await stop(rival!.child);
    expect(readdirSync(dir).filter((n) => n.startsWith('state.lock'))).toEqual([]);
  }, 60_000);

  it('servers started together on a stale lock: one listens, the others exit 2 naming it (3 rounds, each after a kill -9)', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'state.lock'), `${deadPid()}\n`);
    for (let round = 0; round < 3; round++) {
      const started = [serve(dir), serve(dir), serve(dir)];
      const outcomes = await Promise.all(started.map((s) => s.outcome));
      const winners = started.filter((_, i) => outcomes[i].listening);
      expect(winners, `round ${round}`).toHaveLength(1);
      const winner = winners[0].child.pid!;
      expect(lockOf(dir)).toBe(winner);
      for (const o of outcomes) {
        if (o.listening) continue;
        expect(o.code).toBe(2);
        expect(o.stderr).toBe(`omlint: --state-dir ${dir} is in use by process ${winner} (${path.join(dir, 'state.lock')}).\n`);
      }
      // Killed: its lock is stale for the next round.
      await stop(winners[0].child, 'SIGKILL');
    }
    expect(readdirSync(dir).filter((n) => n.startsWith('state.lock.'))).toEqual([]);
  }, 120_000);

  it("a claim left by a process killed while taking over does not block the take-over, and is cleared", () => {
    const dir = tmp();
    const lock = path.join(dir, 'state.lock');
    writeFileSync(lock, `${deadPid()}\n`);
    const st = lstatSync(lock, { bigint: true });
    const claim = `${lock}.${st.dev}-${st.ino}-${st.ctimeNs}.claim`;
    writeFileSync(claim, `${deadPid()}\n`);
    const store = new StateStore(dir);
    expect(lockOf(dir)).toBe(process.pid);
    expect(readdirSync(dir).filter((n) => n.startsWith('state.lock'))).toEqual(['state.lock']);
    store.release();
    expect(existsSync(lock)).toBe(false);
  });
});
