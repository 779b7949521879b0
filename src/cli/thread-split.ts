// A `check` run split between this thread and worker threads (issue 22): every thread takes
// batches of files from one shared queue (engine/target-queue.ts) until none is left, so a worker
// can join a run that is already under way and no thread idles at the end. With --jobs the workers
// start at once; without it, this thread measures what a file costs over its first batches and
// starts workers only when the rest of the run would pay for their start (workersThatPay).
import { readFileSync } from 'node:fs';
import type { FilePass, FileShares, RunIds } from '../engine/lint';
import { postedFiles, receivedPass } from '../engine/posted-pass';
import { queueCounter, sharedQueue, takenSoFar, type TargetQueue } from '../engine/target-queue';
// Types only: the worker's module (and node:worker_threads) is loaded in worker threads alone.
import type { WorkerJob, WorkerMessage } from './worker';

/** Milliseconds since the epoch, to the fraction (threads share it; performance.now() is each thread's own). */
export const epochMs = (): number => performance.timeOrigin + performance.now();

/**
 * CPU time of the calling thread so far (ms), for OMLINT_DEBUG_WORKERS: Linux's schedstat of this
 * thread (process.cpuUsage() counts every thread of the process); undefined elsewhere.
 */
export function threadCpuMs(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** What the default decides from: the machine and the run as measured so far. */
export interface SplitMeasure {
  /** Cores of the machine (os.availableParallelism). */
  cores: number;
  /** Files not taken yet by any thread. */
  remaining: number;
  /** Milliseconds a file took in this thread, measured once its code is hot (SplitOptions.warmUp). */
  perFileMs: number;
  /**
   * Cores other processes keep busy (OtherLoad: measured over the run so far, this process's own
   * CPU time left out; the load average where the window is too short); 0 where nothing tells.
   */
  load: number;
}

/**
 * How many workers the rest of a run pays for: as many as the cores other processes leave idle
 * besides this thread, each only if the rest of the run here takes at least `factor` times what
 * a worker costs. On 2 cores a worker costs far more than its start: its isolate compiles the same
 * hot code again (V8's optimizing compiler, on the background threads that in a run of one
 * thread have the second core to themselves), collects its own garbage, and clones its passes:
 * +0.7 – 0.9 s of CPU on 10,000 small files (bench/README.md, "The second core on 2 cores").
 * With k workers the rest takes (rest + k·cost) / (k + 1): a worker gains wall time only where
 * the rest is longer than its cost, and clearly only at `factor` times it.
 */
export function workersThatPay(m: SplitMeasure, costMs: number, factor: number): number {
  if (m.cores < 2 || !(m.perFileMs > 0)) return 0;
  const idle = Math.floor(m.cores - 1 - Math.max(0, m.load) + 0.5);
  const restMs = m.remaining * m.perFileMs;
  return Math.max(0, Math.min(idle, Math.floor(restMs / (factor * costMs))));
}

/** CPU time so far (ms): of every core (busy, not idle), and of this process (all its threads). */
export interface CpuSample {
  busyMs: number;
  ownMs: number;
  /** Wall clock (ms). */
  at: number;
}

/**
 * The cores other processes keep busy, measured from the first sample of a run on: every core's
 * busy time less this process's own. The load average (the other measure a system gives) counts
 * the last minute and this process's own threads with the others', and a run that follows another
 * (a benchmark, a CI step) sees the one before it: the default then started a worker in one run and
 * not in the next (bench/README.md). Below `minWindowMs` of window, the fallback (the load average).
 */
export class OtherLoad {
  private first?: CpuSample;

  constructor(
    private readonly sample: () => CpuSample,
    private readonly fallback: () => number,
    private readonly minWindowMs = 100,
  ) {}

  /** Starts the window (the first call only). */
  start(): void {
    this.first ??= this.sample();
  }

  /** Cores busy with other processes since start(), and how that was found (for OMLINT_DEBUG_WORKERS). */
  cores(): { load: number; how: string } {
    return this.measured() ?? { load: this.fallback(), how: 'load average' };
  }

  /** The same, undefined while the window is too short (the caller may ask again later). */
  measured(): { load: number; how: string } | undefined {
    this.start();
    const a = this.first!;
    const b = this.sample();
    const window = b.at - a.at;
    if (window < this.minWindowMs) return undefined;
    return { load: Math.max(0, (b.busyMs - a.busyMs - (b.ownMs - a.ownMs)) / window), how: `other processes over ${window.toFixed(0)} ms` };
  }
}

export interface SplitOptions {
  files: string[];
  /** The job of each worker, less the files and the queue. */
  job: Omit<WorkerJob, 'files' | 'counter' | 'batch'>;
  script: string;
  batch: number;
  /** Workers to start now (--jobs n: n - 1); 0: the default decides after measuring. */
  workers: number;
  /** For the default: the machine's cores and the cores other processes keep busy, a worker's cost, the factor (workersThatPay). */
  cores: number;
  load: () => { load: number; how: string };
  costMs: number;
  factor: number;
  /** Files this thread lints after its first batch before it measures (the code is not hot yet). */
  warmUp: number;
  /** Files over which this thread then measures what a file costs, before the default decides. */
  measured: number;
  /** The least a file costs (ms): a run that pays for workers even at that cost starts them at once. */
  floorMs: number;
  /** Resource limits of each worker. */
  youngGenerationMb: number;
  /** Told the files of each batch a worker posts (the progress line). */
  counted: (files: number) => void;
  /** Starts a worker thread (node:worker_threads' Worker, lazily loaded). */
  spawn: Spawn;
  /** Workers started early (EarlyWorkers), used before any other is started; those left over are ended. */
  early?: { worker: WorkerLike; at: number }[];
  /** Clock in milliseconds (performance.now; tests pass their own). */
  now: () => number;
  /** Lines for OMLINT_DEBUG_WORKERS (when a worker started, what each linted). */
  debug?: (line: string) => void;
}

/** What the split needs of a worker thread. */
export interface WorkerLike {
  on(event: 'message', listener: (m: WorkerMessage) => void): unknown;
  on(event: 'error', listener: (e: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  /** A started worker's job (one started early waits for it). */
  postMessage(m: { job: WorkerJob }): void;
  ref(): void;
  unref(): void;
  terminate(): unknown;
}

/** How a worker is started: with its job, or (started early, while the walk goes on) without, waiting for it. */
export type Spawn = (script: string, options: { workerData?: WorkerJob; resourceLimits: { maxYoungGenerationSizeMb?: number } }) => WorkerLike;

/**
 * Workers started while the walk still runs (issue 22): their start (a thread, Node, omlint's core)
 * overlaps the walk, and they lint from the run's first batches on. Only as many as the run will
 * want whatever its files cost (`want`: --jobs, or workersThatPay at the least a file costs), a
 * number that only grows with the files found. Unreferenced until given a job: one never used
 * does not keep the process alive.
 */
export class EarlyWorkers {
  private readonly started: { worker: WorkerLike; at: number; dead?: boolean }[] = [];

  constructor(
    private readonly want: (found: number) => number,
    private readonly spawn: () => WorkerLike,
  ) {}

  /** The walk found its `count`th file. */
  readonly found = (count: number): void => {
    for (let n = this.want(count); this.started.length < n; ) {
      const worker = this.spawn();
      worker.unref();
      const early: { worker: WorkerLike; at: number; dead?: boolean } = { worker, at: epochMs() };
      // One that fails before it has a job (its start) is not given one: the run goes on without it.
      const dead = () => (early.dead = true);
      worker.on('error', dead);
      worker.on('exit', dead);
      this.started.push(early);
    }
  };

  /** The workers started so far, for the run to give their jobs (each taken once). */
  take(): { worker: WorkerLike; at: number }[] {
    return this.started.splice(0).filter((e) => !e.dead);
  }
}

/** The shares of a run split between threads, for lintEach. */
export class ThreadSplit implements FileShares {
  readonly queue: TargetQueue;
  private readonly counter = queueCounter();
  private readonly running: Promise<FilePass[]>[] = [];
  private decided = false;
  private firstBatch?: { at: number; linted: number };
  private warm?: { at: number; linted: number };
  /** CPU time (ms) this thread spent taking in the workers' passes between its batches (OMLINT_DEBUG_WORKERS). */
  private takingIn = 0;

  constructor(private readonly o: SplitOptions) {
    this.queue = sharedQueue(this.counter, o.files.length, o.batch);
    // --jobs; or so many files that even at the least a file costs (floorMs) the workers pay: at
    // once, without waiting for this thread's first batches.
    const sure = o.workers > 0 ? o.workers : this.sure();
    if (sure > 0) {
      if (o.debug) {
        const busy = o.workers > 0 ? undefined : o.load();
        o.debug(`${o.files.length} files${busy ? ` at ${o.floorMs} ms each at least, ${busy.load.toFixed(2)} cores busy with ${busy.how}` : ''}: ${sure} worker${sure === 1 ? '' : 's'} at once`);
      }
      this.start(sure, 0);
      this.decided = true;
    }
    // Started early for a run that then wants fewer (--shard left few files): ended.
    if (!this.o.early?.length) return;
    for (const e of this.o.early.splice(0)) void e.worker.terminate();
  }

  /** Workers that pay at once, even at the least a file costs (the load asked only where the run is big enough). */
  private sure(): number {
    const o = this.o;
    const at = (load: number) => workersThatPay({ cores: o.cores, remaining: o.files.length, perFileMs: o.floorMs, load }, o.costMs, o.factor);
    if (at(0) === 0) return 0;
    const { load, how } = o.load();
    const n = at(load);
    if (n === 0) o.debug?.(`${o.files.length} files, ${load.toFixed(2)} cores busy with ${how}: no worker at once`);
    return n;
  }

  /** Workers started so far. */
  get workers(): number {
    return this.running.length;
  }

  onBatch(linted: number): Promise<void> | void {
    // With workers at work, a turn of the event loop after each batch: their passes are taken in
    // as they come (progress, and no backlog of messages to read at the end).
    if (this.running.length) {
      if (!this.o.debug) return new Promise((resolve) => setImmediate(resolve));
      const before = threadCpuMs() ?? 0;
      return new Promise((resolve) => setImmediate(() => {
        this.takingIn += (threadCpuMs() ?? 0) - before;
        resolve();
      }));
    }
    if (this.decided) return;
    const now = this.o.now();
    // The first batch loads the rules and validators of its kinds, the files after it run before
    // V8 has optimised the hot code: measured from the end of the warm-up on.
    if (!this.firstBatch) {
      this.firstBatch = { at: now, linted };
      return;
    }
    if (!this.warm) {
      if (linted - this.firstBatch.linted >= this.o.warmUp) this.warm = { at: now, linted };
      return;
    }
    if (linted - this.warm.linted < this.o.measured) return;
    const perFileMs = (now - this.warm.at) / (linted - this.warm.linted);
    const remaining = this.o.files.length - takenSoFar(this.counter, this.o.files.length);
    const { load, how } = this.o.load();
    const n = workersThatPay({ cores: this.o.cores, remaining, perFileMs, load }, this.o.costMs, this.o.factor);
    // Decided once: the per-file time of the files after these is the same run's.
    this.decided = true;
    this.o.debug?.(`${linted} files linted here at ${perFileMs.toFixed(3)} ms each, ${remaining} left, ${this.o.cores} cores, ${load.toFixed(2)} busy with ${how}: ${n} worker${n === 1 ? '' : 's'}`);
    if (n > 0) this.start(n, linted);
  }

  private start(n: number, linted: number): void {
    for (let k = 0; k < n; k++) {
      const job: WorkerJob = { ...this.o.job, files: this.o.files, counter: this.counter.buffer as SharedArrayBuffer, batch: this.o.batch };
      const early = this.o.early?.shift();
      const started = early?.at ?? epochMs();
      let w: WorkerLike;
      if (early) {
        w = early.worker;
        w.ref();
        w.postMessage({ job });
      } else w = this.o.spawn(this.o.script, { workerData: job, resourceLimits: { maxYoungGenerationSizeMb: this.o.youngGenerationMb } });
      const pass = new Promise<FilePass[]>((resolve, reject) => {
          const passes: FilePass[] = [];
          let files = 0;
          let first: number | undefined;
          w.on('message', (m: WorkerMessage) => {
            if ('pass' in m) {
              first ??= m.at;
              const n = postedFiles(m.pass);
              files += n;
              passes.push(receivedPass(m.pass, this.o.files, this.o.job.cwd));
              this.o.counted(n);
            } else if ('done' in m) {
              const cpu = m.cpu ? `; CPU ${m.cpu.total.toFixed(0)} ms: start ${m.cpu.start.toFixed(0)}, first batch ${m.cpu.first.toFixed(0)}, posting ${m.cpu.posting.toFixed(0)}` : '';
              this.o.debug?.(`worker ${k + 1} (${early ? 'started during the walk' : `started after ${linted} files here`}): ${files} files linted, its first batch posted ${first === undefined ? '-' : (first - started).toFixed(0)} ms after its start${cpu}`);
              resolve(passes);
              void w.terminate();
            } else {
              reject(new Error(`worker failed: ${m.error}`));
              void w.terminate();
            }
          });
          // A worker that dies (out of memory, killed) leaves its batches to this thread: lintEach
          // lints every file no pass holds.
          w.on('error', (e) => {
            this.o.debug?.(`worker ${k + 1} stopped: ${e.message}; this thread lints the files it took`);
            resolve(passes);
          });
          w.on('exit', () => resolve(passes));
      });
      // Never an unhandled rejection while this thread lints: passes() awaits it after.
      pass.catch(() => undefined);
      this.running.push(pass);
    }
  }

  async passes(): Promise<FilePass[]> {
    const before = this.o.debug && this.running.length ? threadCpuMs() : undefined;
    const passes = (await Promise.all(this.running)).flat();
    if (before !== undefined) this.o.debug!(`this thread: CPU ${threadCpuMs()!.toFixed(0)} ms so far; taking in passes ${this.takingIn.toFixed(0)} ms between its batches, ${(threadCpuMs()! - before).toFixed(0)} ms at the end`);
    return passes;
  }
}

/** Which files a worker drops when they hold no known kind: the smaller list of the two. */
export function discoveredList(files: readonly string[], discovered: ReadonlySet<string>): WorkerJob['discovered'] {
  const all = discovered.size * 2 > files.length;
  return { all, except: files.filter((f) => discovered.has(f) !== all) };
}

export type { RunIds };
