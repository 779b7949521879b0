// A run split between threads: how many workers (a pure rule of the file count and the core
// count), batches from one shared queue, and a worker that dies leaving its files to this thread.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { discoveredList, FILES_PER_THREAD, ThreadSplit, workerCountFor, type SplitOptions, type WorkerLike } from '../../src/cli/thread-split';
import type { WorkerJob, WorkerMessage } from '../../src/cli/worker';
import { queueCounter, sharedQueue } from '../../src/engine/target-queue';
import { lintEach, lintPass, projectOf, type FilePass } from '../../src/engine/lint';
import { portablePass } from '../../src/engine/posted-pass';

describe('workerCountFor: workers from the file count and the core count', () => {
  const cores = (n: number) => () => n;

  it('default: a thread per 20,000 files begun, at most half the cores, this thread one of them', () => {
    expect(FILES_PER_THREAD).toBe(20_000);
    const table: [files: number, cores: number, workers: number][] = [
      [0, 8, 0],
      [63, 8, 0],
      [2_000, 8, 0],
      [10_000, 8, 0],
      [20_000, 8, 0],
      [20_001, 8, 1],
      [40_001, 8, 2],
      [60_001, 8, 3],
      [1_000_000, 8, 3],
      [1_000_000, 4, 1],
      [50_000, 4, 1],
      [1_000_000, 16, 7],
      [1_000_000, 3, 0],
    ];
    expect(table.map(([files, n]) => [files, n, workerCountFor(files, cores(n))])).toEqual(table);
  });

  it('never a worker on 1 or 2 cores by default, whatever the run (a loaded machine is not made slower)', () => {
    for (const files of [64, 10_000, 50_000, 1_000_000]) {
      expect(workerCountFor(files, cores(1))).toBe(0);
      expect(workerCountFor(files, cores(2))).toBe(0);
    }
  });

  it('the cores are asked only where they can change the answer', () => {
    let asked = 0;
    const counted = () => (asked++, 8);
    workerCountFor(20_000, counted);
    workerCountFor(10, counted, 4);
    workerCountFor(5_000, counted, 1);
    expect(asked).toBe(0);
    expect(workerCountFor(20_001, counted)).toBe(1);
    expect(asked).toBe(1);
  });

  it('--jobs 1: none; --jobs n: n - 1 from 64 files on, at most one thread per 32 files, whatever the cores', () => {
    expect(workerCountFor(1_000_000, cores(8), 1)).toBe(0);
    expect(workerCountFor(63, cores(8), 4)).toBe(0);
    expect(workerCountFor(64, cores(8), 4)).toBe(1);
    expect(workerCountFor(96, cores(8), 4)).toBe(2);
    expect(workerCountFor(160, cores(2), 2)).toBe(1);
    expect(workerCountFor(10_000, cores(2), 3)).toBe(2);
    expect(workerCountFor(10_000, cores(1), 2)).toBe(1);
  });
});

describe('the shared queue', () => {
  it('hands out every target once, in batches, across takers', () => {
    const counter = queueCounter();
    const a = sharedQueue(counter, 10, 4);
    const b = sharedQueue(new Int32Array(counter.buffer), 10, 4);
    expect([a.take(), b.take(), a.take(), b.take(), a.take()]).toEqual([[0, 4], [4, 8], [8, 10], undefined, undefined]);
  });
});

/** A worker thread stand-in: records how it was started; the test posts its messages. */
class FakeWorker extends EventEmitter implements WorkerLike {
  terminated = false;
  constructor(readonly script: string, readonly options: Parameters<SplitOptions['spawn']>[1]) {
    super();
  }
  post(m: WorkerMessage): void {
    this.emit('message', m);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function split(o: Partial<SplitOptions> = {}): { s: ThreadSplit; spawned: FakeWorker[]; counted: number[] } {
  const spawned: FakeWorker[] = [];
  const counted: number[] = [];
  const s = new ThreadSplit({
    files: Array.from({ length: 5_000 }, (_, i) => `/r/f${i}.yaml`),
    job: { ids: { known: [], workspace: [] }, discovered: { all: true, except: [] }, unread: [], now: '2026-11-24T00:00:00.000Z', limits: { maxBytes: 1, maxDepth: 1, maxAliases: 1, maxNodes: 1, maxMemoryMB: 1, maxDocuments: 1 }, cwd: '/r' },
    script: 'worker.js',
    batch: 64,
    workers: 1,
    youngGenerationMb: 8,
    counted: (n) => counted.push(n),
    spawn: (script, options) => {
      const w = new FakeWorker(script, options);
      spawned.push(w);
      return w;
    },
    ...o,
  });
  return { s, spawned, counted };
}

describe('ThreadSplit: the workers start with the run', () => {
  it('as many as asked, at once, each with the whole run\'s files, the queue\'s counter and a small young generation', () => {
    const { s, spawned } = split({ workers: 2 });
    expect(spawned).toHaveLength(2);
    expect(s.workers).toBe(2);
    for (const w of spawned) {
      expect(w.script).toBe('worker.js');
      expect(w.options.workerData.files).toHaveLength(5_000);
      expect(w.options.workerData.batch).toBe(64);
      expect(w.options.resourceLimits.maxYoungGenerationSizeMb).toBe(8);
    }
    // One counter for all: what this thread takes, the workers do not.
    expect(spawned[0].options.workerData.counter).toBe(spawned[1].options.workerData.counter);
    expect(s.queue.take()).toEqual([0, 64]);
    expect(new Int32Array(spawned[0].options.workerData.counter)[0]).toBe(64);
  });

  it('a turn of the event loop after each batch only while workers run', () => {
    expect(split({ workers: 0 }).s.onBatch()).toBeUndefined();
    expect(split({ workers: 1 }).s.onBatch()).toBeInstanceOf(Promise);
  });
});

describe('ThreadSplit: the workers\' passes', () => {
  const pass = (targets: number[]): FilePass => ({ targets, done: targets.map(() => null), digests: [], elsewhere: [], kinds: [] });

  it('collects each batch a worker posts, counts its files, and ends with its `done`', async () => {
    const { s, spawned, counted } = split();
    spawned[0].post({ pass: pass([64, 65]) });
    spawned[0].post({ pass: pass([66]) });
    spawned[0].post({ done: true });
    expect((await s.passes()).map((p) => p.targets)).toEqual([[64, 65], [66]]);
    expect(counted).toEqual([2, 1]);
    expect(spawned[0].terminated).toBe(true);
  });

  it('a worker that dies leaves what it posted; an error in its lint fails the run', async () => {
    const dead = split();
    dead.spawned[0].post({ pass: pass([3]) });
    dead.spawned[0].emit('error', new Error('ERR_WORKER_OUT_OF_MEMORY'));
    expect((await dead.s.passes()).map((p) => p.targets)).toEqual([[3]]);
    const failed = split();
    failed.spawned[0].post({ error: 'TypeError: boom' });
    await expect(failed.s.passes()).rejects.toThrow('worker failed: TypeError: boom');
  });
});

describe('lintEach over a shared queue', () => {
  const NOW = new Date('2026-11-24T00:00:00Z');
  const alert = (i: number) => `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: CONNECTIONS\n  mode: AVERAGE\n  operator: GREATER_THAN\n  threshold: ${i % 7 === 3 ? 1003 : 1000 + i}\n  units: RAW\nnotifications:\n  - typeName: GROUP\n    roles: [GROUP_OWNER]\n    intervalMin: 60\n`;
  const inputs = Array.from({ length: 40 }, (_, i) => ({ filePath: `/r/a-${String(i).padStart(2, '0')}.alert-config.yaml`, text: i === 17 ? 'eventTypeName: [' : alert(i) }));
  const targets = { paths: inputs.map((i) => i.filePath), read: (_: string, i: number) => inputs[i] };
  const opts = { now: NOW, cwd: '/r', release: true };

  it('batches taken in turn by this thread and a "worker" give the results of one thread, duplicates across batches found', async () => {
    const whole = await lintEach(projectOf(), targets, opts);
    expect(whole.results.some((r) => r.diagnostics.some((d) => d.ruleId === 'duplicate-alert-config'))).toBe(true);
    // Batches of 3, every other one the "worker"'s: its digests come back out of file order.
    const batches = Array.from({ length: Math.ceil(inputs.length / 3) }, (_, k) => [3 * k, Math.min(inputs.length, 3 * k + 3)] as [number, number]);
    const queueOf = (list: [number, number][]) => ({ take: () => list.shift() });
    const passes: FilePass[] = [];
    await lintPass(projectOf(), targets, opts, queueOf(batches.filter((_, k) => k % 2 === 1)), undefined, (p) => passes.push(structuredClone(p)));
    const queue = queueOf(batches.filter((_, k) => k % 2 === 0));
    const split = await lintEach(projectOf(), targets, opts, { queue, passes: async () => passes });
    expect(passes.length).toBeGreaterThan(0);
    expect(split.results).toEqual(whole.results);
  });

  it('a "worker" posting its passes through structured clone (portablePass): the results and printed sources of one thread', async () => {
    // Mostly clean files (the notifications complete), a repeat every 7th, a syntax error in file 17.
    const clean = inputs.map((i) => ({ ...i, text: i.text.replace('intervalMin: 60', 'intervalMin: 60\n    emailEnabled: true\n    smsEnabled: false') }));
    const targets = { paths: clean.map((i) => i.filePath), read: (_: string, i: number) => clean[i] };
    const whole = await lintEach(projectOf(), targets, opts);
    expect(whole.results.filter((r) => r.diagnostics.length === 0).length).toBeGreaterThan(20);
    const batches: [number, number][] = [[0, 10], [10, 20], [20, 30], [30, 40]];
    const passes: FilePass[] = [];
    // The worker's batches are 10..20 and 20..30 (the duplicates of 3 and the syntax error of 17 among them).
    await lintPass(projectOf(), targets, opts, { take: () => (batches.length > 2 ? batches.splice(1, 1)[0] : undefined) }, undefined, (p) => passes.push(structuredClone(portablePass(p))));
    expect(passes.flatMap((p) => p.targets)).toContain(17);
    expect(passes.flatMap((p) => p.digests).length).toBeGreaterThan(0);
    const split = await lintEach(projectOf(), targets, opts, { queue: { take: () => batches.shift() }, passes: async () => passes });
    expect(split.results).toEqual(whole.results);
    // What printing needs of each source (a worker's carries no line index, which the formatter makes again).
    const printed = (run: typeof whole) => [...run.sources].map(([p, { text, bom, secrets }]) => [p, text, bom, secrets]);
    expect(printed(split)).toEqual(printed(whole));
  });

  it('files a thread took but never posted (it died) are linted here', async () => {
    const whole = await lintEach(projectOf(), targets, opts);
    const counter = queueCounter();
    const mine = sharedQueue(counter, inputs.length, 8);
    const lost = sharedQueue(new Int32Array(counter.buffer), inputs.length, 8);
    lost.take(); // files 0..7: taken by a worker that died before it posted them
    const run = await lintEach(projectOf(), targets, opts, { queue: mine, passes: async () => [] });
    expect(run.results).toEqual(whole.results);
  });
});

describe('which files a worker drops when they hold no known kind', () => {
  it('the shorter list: all but the named ones, or only the walked ones', () => {
    const files = ['/a', '/b', '/c', '/d'];
    expect(discoveredList(files, new Set(['/a', '/b', '/c']))).toEqual({ all: true, except: ['/d'] });
    expect(discoveredList(files, new Set(['/b']))).toEqual({ all: false, except: ['/b'] });
  });
});
