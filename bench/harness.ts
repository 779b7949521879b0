// What the interleaved benches (workers.ts, findings.ts) share: a build copied out of its tree, one
// command measured around its child process (wall, CPU of all threads, peak RSS), busy loops for
// the loaded mode, a seeded shuffle and medians.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Rng } from './generate';

/** The options of a bench's command line: `--name value` pairs and flags; `fail` exits 2 with the message. */
export function commandLine(name: string, argv = process.argv.slice(2)) {
  const option = (o: string): string | undefined => {
    const i = argv.indexOf(o);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const fail = (message: string): never => {
    console.error(`${name}: ${message}`);
    process.exit(2);
  };
  const count = (o: string, fallback: string) => {
    const n = Number(option(o) ?? fallback);
    if (!Number.isInteger(n) || n < 0) fail(`${o} wants a whole number`);
    return n;
  };
  return { option, flag: (o: string) => argv.includes(o), fail, count };
}

/** A build copied out of its tree (dist/, schemas/, package.json), so that a rebuild cannot change what is measured. */
export function snapshot(root: string, to: string, fail: (message: string) => never): string {
  const from = path.resolve(root);
  if (!existsSync(path.join(from, 'dist/omlint.js'))) fail(`${from}/dist/omlint.js not found (npm run build there first)`);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  cpSync(path.join(from, 'dist'), path.join(to, 'dist'), { recursive: true });
  cpSync(path.join(from, 'schemas'), path.join(to, 'schemas'), { recursive: true });
  copyFileSync(path.join(from, 'package.json'), path.join(to, 'package.json'));
  return to;
}

export interface Measured {
  ms: number;
  /** User + system CPU time of the process, all its threads (ms): what load changes least. */
  cpuMs?: number;
  rssKB?: number;
  error?: string;
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/**
 * Runs `node <args>` in `cwd`, its stdout to `out` (a file, not a pipe: a tool that exits right
 * after printing loses nothing), timed around the child; `check` judges whether it did the work.
 */
export function measure(args: string[], opts: { cwd: string; out: string; scratch: string; timeoutMs: number; check: (status: number | null, stdout: string, stderr: string) => string | undefined }): Measured {
  const rssFile = path.join(opts.scratch, 'harness-time.out');
  const errFile = path.join(opts.scratch, 'harness-child.stderr');
  rmSync(rssFile, { force: true });
  const fds = [openSync(opts.out, 'w'), openSync(errFile, 'w')];
  const [cmd, argv] = TIME ? [TIME, ['-f', '%M %U %S', '-o', rssFile, process.execPath, ...args]] : [process.execPath, args];
  const t0 = performance.now();
  let r;
  try {
    r = spawnSync(cmd, argv, { cwd: opts.cwd, stdio: ['ignore', fds[0], fds[1]], env: { ...process.env, NO_COLOR: '1' }, timeout: opts.timeoutMs });
  } finally {
    fds.forEach(closeSync);
  }
  const ms = performance.now() - t0;
  // With -o, GNU time writes "Command exited with non-zero status N" first, then the format.
  const [rssKB, user, sys] = TIME && existsSync(rssFile) ? readFileSync(rssFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number) : [];
  const error = r.error ? String(r.error) : opts.check(r.status, readFileSync(opts.out, 'utf8'), readFileSync(errFile, 'utf8'));
  const cpuMs = (user + sys) * 1000;
  return { ms, cpuMs: Number.isFinite(cpuMs) ? cpuMs : undefined, rssKB: Number.isFinite(rssKB) ? rssKB : undefined, error };
}

/** Busy loops on `n` cores, for the loaded mode; stopped by their pid (stopBusy, or at exit). */
const live = new Set<ChildProcess>();
export function busy(n: number): ChildProcess[] {
  const loops = Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for(;;);'], { stdio: 'ignore' }));
  loops.forEach((p) => live.add(p));
  return loops;
}
export function stopBusy(loops: ChildProcess[]): void {
  for (const p of loops) {
    p.kill('SIGKILL');
    live.delete(p);
  }
}
process.on('exit', () => live.forEach((p) => p.kill('SIGKILL')));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const secs = (ms: number) => (ms / 1000).toFixed(2);
export const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '—');

/** A seeded shuffle (a new order each round, the same orders for the same seed). */
export function shuffler(rng: Rng): <T>(xs: readonly T[]) => T[] {
  return (xs) => {
    const a = [...xs];
    for (let j = a.length - 1; j > 0; j--) {
      const k = rng.int(0, j);
      [a[j], a[k]] = [a[k], a[j]];
    }
    return a;
  };
}

/** Median (min – max) of the samples' wall, then CPU and peak RSS medians where known. */
export function cell(xs: readonly Measured[]): string {
  if (!xs.length) return '—';
  const ms = xs.map((s) => s.ms);
  const rss = xs.flatMap((s) => (s.rssKB ? [s.rssKB] : []));
  const cpu = xs.flatMap((s) => (s.cpuMs !== undefined ? [s.cpuMs] : []));
  return `${secs(median(ms))} s (${secs(Math.min(...ms))} – ${secs(Math.max(...ms))})${cpu.length ? `; ${secs(median(cpu))} s` : ''}${rss.length ? `; ${(median(rss) / 1024).toFixed(0)} MB` : ''}`;
}

