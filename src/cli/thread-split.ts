// A `check` run split between this thread and worker threads: how many workers (workerCountFor, a
// rule of the file count and the core count, as ESLint's getWorkerCountFor), started at once,
// every thread then taking batches of files from one shared queue (engine/target-queue.ts) until
// none is left, so that no thread idles at the end.
import type { FilePass, FileShares } from '../engine/lint';
import { queueCounter, sharedQueue, type TargetQueue } from '../engine/target-queue';
// Types only: the worker's module (and node:worker_threads) is loaded in worker threads alone.
import type { WorkerJob, WorkerMessage } from './worker';

/** Below this many files no worker is started, even for --jobs: its start costs more than it saves. */
export const MIN_FILES_FOR_WORKERS = 64;
/**
 * Files a thread is given before the default adds another: a worker's start and its own warm-up
 * (its isolate compiles the same hot code again) cost about what one thread spends linting this
 * many small files (bench/README.md, "The worker policy").
 */
export const FILES_PER_THREAD = 20_000;

/**
 * Workers a run starts besides this thread. `--jobs 1`: none; `--jobs n`: n − 1, fewer where
 * the files are few (one thread per 32 files at most). Default: a thread per FILES_PER_THREAD
 * files begun, at most half the cores (ESLint's cap: the other half is left to V8's compiler and
 * collector threads, and to whatever else the machine runs, so that a loaded machine is not made
 * slower); so never a worker on 2 cores. `cores` is asked only where it can matter.
 */
export function workerCountFor(files: number, cores: () => number, jobs?: number): number {
  if (files < MIN_FILES_FOR_WORKERS || jobs === 1) return 0;
  if (jobs !== undefined) return Math.min(jobs, Math.ceil(files / (MIN_FILES_FOR_WORKERS / 2))) - 1;
  const threads = Math.ceil(files / FILES_PER_THREAD);
  return threads < 2 ? 0 : Math.max(0, Math.min(threads, cores() >> 1) - 1);
}

export interface SplitOptions {
  files: string[];
  /** The job of each worker, less the files and the queue. */
  job: Omit<WorkerJob, 'files' | 'counter' | 'batch'>;
  script: string;
  batch: number;
  /** Workers to start (workerCountFor). */
  workers: number;
  /** Young generation of each worker (MB). */
  youngGenerationMb: number;
  /** Told the files of each batch a worker posts (the progress line). */
  counted: (files: number) => void;
  /** Starts a worker thread (node:worker_threads' Worker, lazily loaded). */
  spawn: Spawn;
  /** Lines for OMLINT_DEBUG_WORKERS (how many workers, what each linted). */
  debug?: (line: string) => void;
}

/** What the split needs of a worker thread. */
export interface WorkerLike {
  on(event: 'message', listener: (m: WorkerMessage) => void): unknown;
  on(event: 'error', listener: (e: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): unknown;
}

export type Spawn = (script: string, options: { workerData: WorkerJob; resourceLimits: { maxYoungGenerationSizeMb?: number } }) => WorkerLike;

/** The shares of a run split between threads, for lintEach: the workers start with it. */
export class ThreadSplit implements FileShares {
  readonly queue: TargetQueue;
  private readonly running: Promise<FilePass[]>[] = [];

  constructor(private readonly o: SplitOptions) {
    const counter = queueCounter();
    this.queue = sharedQueue(counter, o.files.length, o.batch);
    o.debug?.(`${o.files.length} files: ${o.workers} worker${o.workers === 1 ? '' : 's'}`);
    const job: WorkerJob = { ...o.job, files: o.files, counter: counter.buffer as SharedArrayBuffer, batch: o.batch };
    for (let k = 1; k <= o.workers; k++) this.running.push(this.start(k, job));
  }

  private start(k: number, job: WorkerJob): Promise<FilePass[]> {
    const w = this.o.spawn(this.o.script, { workerData: job, resourceLimits: { maxYoungGenerationSizeMb: this.o.youngGenerationMb } });
    const pass = new Promise<FilePass[]>((resolve, reject) => {
      const passes: FilePass[] = [];
      let files = 0;
      w.on('message', (m: WorkerMessage) => {
        if ('pass' in m) {
          files += m.pass.targets.length;
          passes.push(m.pass);
          this.o.counted(m.pass.targets.length);
        } else if ('done' in m) {
          this.o.debug?.(`worker ${k}: ${files} files linted`);
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
        this.o.debug?.(`worker ${k} stopped: ${e.message}; this thread lints the files it took`);
        resolve(passes);
      });
      w.on('exit', () => resolve(passes));
    });
    // Never an unhandled rejection while this thread lints: passes() awaits it after.
    pass.catch(() => undefined);
    return pass;
  }

  /** Workers started. */
  get workers(): number {
    return this.running.length;
  }

  onBatch(): Promise<void> | void {
    // A turn of the event loop after each batch: the workers' passes are taken in as they come
    // (progress, and no backlog of messages to read at the end).
    if (this.running.length) return new Promise((resolve) => setImmediate(resolve));
  }

  async passes(): Promise<FilePass[]> {
    return (await Promise.all(this.running)).flat();
  }
}

/** Which files a worker drops when they hold no known kind: the smaller list of the two. */
export function discoveredList(files: readonly string[], discovered: ReadonlySet<string>): WorkerJob['discovered'] {
  const all = discovered.size * 2 > files.length;
  return { all, except: files.filter((f) => discovered.has(f) !== all) };
}
