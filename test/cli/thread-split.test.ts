// A run split between threads (issue 22): the default decision from the core count and the
// measured per-file time (an injected clock, never a timed test), batches from one shared queue,
// and a worker that dies leaving its files to this thread.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { discoveredList, EarlyWorkers, OtherLoad, ThreadSplit, workersThatPay, type CpuSample, type SplitOptions, type WorkerLike } from '../../src/cli/thread-split';
import type { WorkerJob, WorkerMessage } from '../../src/cli/worker';
import { queueCounter, sharedQueue } from '../../src/engine/target-queue';
import { lintEach, lintPass, projectOf, type FilePass } from '../../src/engine/lint';
import { postPass, receivedPass, type CompactPass, type PostedPass } from '../../src/engine/posted-pass';

describe('workersThatPay: workers only where they pay', () => {
  // A worker costs 800 ms of CPU (its start and its isolate's compilation of the same hot code); it
  // must be paid twice over by the rest of the run.
  const COST = 800;
  it('none on one core, whatever the run', () => {
    expect(workersThatPay({ cores: 1, remaining: 1_000_000, perFileMs: 1, load: 0 }, COST, 2)).toBe(0);
  });

  it('on two idle cores, one worker once the rest takes twice its cost', () => {
    // 0.1 ms a file: 16,000 files are 1,600 ms, twice a cost of 800 ms.
    expect(workersThatPay({ cores: 2, remaining: 15_900, perFileMs: 0.1, load: 0 }, COST, 2)).toBe(0);
    expect(workersThatPay({ cores: 2, remaining: 16_000, perFileMs: 0.1, load: 0 }, COST, 2)).toBe(1);
    expect(workersThatPay({ cores: 2, remaining: 50_000, perFileMs: 0.1, load: 0 }, COST, 2)).toBe(1);
    // 10,000 small files at what they cost once the code is hot (0.06 ms): one thread.
    expect(workersThatPay({ cores: 2, remaining: 10_000, perFileMs: 0.06, load: 0 }, COST, 2)).toBe(0);
    // 50,000 at the least a file costs (0.05 ms): a worker.
    expect(workersThatPay({ cores: 2, remaining: 50_000, perFileMs: 0.05, load: 0 }, COST, 2)).toBe(1);
  });

  it('on many cores, as many as the rest pays for, one core left for this thread', () => {
    expect(workersThatPay({ cores: 8, remaining: 50_000, perFileMs: 0.1, load: 0 }, COST, 2)).toBe(3);
    expect(workersThatPay({ cores: 8, remaining: 200_000, perFileMs: 0.1, load: 0 }, COST, 2)).toBe(7);
  });

  it('only on cores other processes leave idle: a quiet machine yes, one other busy process on 2 cores no', () => {
    const run = { cores: 2, remaining: 50_000, perFileMs: 0.1 };
    expect(workersThatPay({ ...run, load: 0.2 }, COST, 2)).toBe(1);
    expect(workersThatPay({ ...run, load: 0.4 }, COST, 2)).toBe(1);
    expect(workersThatPay({ ...run, load: 0.6 }, COST, 2)).toBe(0);
    expect(workersThatPay({ ...run, load: 1.3 }, COST, 2)).toBe(0);
    expect(workersThatPay({ ...run, load: 4.5 }, COST, 2)).toBe(0);
    expect(workersThatPay({ ...run, cores: 8, load: 3 }, COST, 2)).toBe(3);
  });

  it('no measure, no worker', () => {
    expect(workersThatPay({ cores: 4, remaining: 100_000, perFileMs: 0, load: 0 }, COST, 2)).toBe(0);
    expect(workersThatPay({ cores: 4, remaining: 100_000, perFileMs: NaN, load: 0 }, COST, 2)).toBe(0);
  });
});

describe('OtherLoad: the cores other processes keep busy, this process left out', () => {
  const sampler = (samples: CpuSample[]) => () => samples.shift()!;

  it('every core\'s busy time less this process\'s own, over the window', () => {
    // 200 ms: the cores were busy 500 ms, 380 of them this process's (its threads): 0.6 core of others.
    const load = new OtherLoad(sampler([{ busyMs: 1_000, ownMs: 20, at: 0 }, { busyMs: 1_500, ownMs: 400, at: 200 }]), () => 9);
    load.start();
    expect(load.cores().load).toBeCloseTo(0.6);
  });

  it('a run that follows another (the load average still counts it) sees an idle machine', () => {
    // This process busy on one core, nothing else: no other load, whatever the load average says.
    const load = new OtherLoad(sampler([{ busyMs: 0, ownMs: 0, at: 0 }, { busyMs: 300, ownMs: 300, at: 300 }]), () => 1.4);
    load.start();
    expect(load.cores()).toEqual({ load: 0, how: 'other processes over 300 ms' });
  });

  it('the load average while the window is too short to tell', () => {
    const load = new OtherLoad(sampler([{ busyMs: 0, ownMs: 0, at: 0 }, { busyMs: 40, ownMs: 0, at: 40 }, { busyMs: 50, ownMs: 0, at: 50 }, { busyMs: 120, ownMs: 0, at: 120 }]), () => 1.4);
    load.start();
    // The walk's early workers wait for a measure; the run takes the load average.
    expect(load.measured()).toBeUndefined();
    expect(load.cores()).toEqual({ load: 1.4, how: 'load average' });
    expect(load.measured()).toEqual({ load: 1, how: 'other processes over 120 ms' });
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
  referenced = true;
  jobs: WorkerJob[] = [];
  constructor(readonly script = 'worker.js', readonly options: { workerData?: WorkerJob; resourceLimits: { maxYoungGenerationSizeMb?: number } } = { resourceLimits: {} }) {
    super();
  }
  postMessage(m: { job: WorkerJob }): void {
    this.jobs.push(m.job);
  }
  ref(): void {
    this.referenced = true;
  }
  unref(): void {
    this.referenced = false;
  }
  post(m: WorkerMessage): void {
    this.emit('message', m);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function split(o: Partial<SplitOptions> & { clock?: { t: number } } = {}): { s: ThreadSplit; spawned: FakeWorker[]; counted: number[] } {
  const spawned: FakeWorker[] = [];
  const counted: number[] = [];
  const clock = o.clock ?? { t: 0 };
  const s = new ThreadSplit({
    files: Array.from({ length: 5_000 }, (_, i) => `/r/f${i}.yaml`),
    job: { ids: { known: [], workspace: [] }, discovered: { all: true, except: [] }, unread: [], now: '2026-11-24T00:00:00.000Z', limits: { maxBytes: 1, maxDepth: 1, maxAliases: 1, maxNodes: 1, maxMemoryMB: 1, maxDocuments: 1 }, cwd: '/r' },
    script: 'worker.js',
    batch: 64,
    workers: 0,
    cores: 2,
    load: () => ({ load: 0, how: 'test' }),
    costMs: 800,
    factor: 2,
    warmUp: 512,
    measured: 512,
    floorMs: 0.05,
    youngGenerationMb: 8,
    counted: (n) => counted.push(n),
    spawn: (script, options) => {
      const w = new FakeWorker(script, options);
      spawned.push(w);
      return w;
    },
    now: () => clock.t,
    ...o,
  });
  return { s, spawned, counted };
}

describe('ThreadSplit: when the default starts a worker', () => {
  const files = (n: number) => Array.from({ length: n }, (_, i) => `/r/f${i}.yaml`);
  /**
   * This thread lints its first batch (loading rules: not counted), then each phase's files at its
   * cost a file, a batch at a time; by default 512 files of warm-up at 0.3 ms (code not hot yet).
   */
  function lintHere(s: ThreadSplit, clock: { t: number }, ...phases: [files: number, ms: number][]): number {
    s.queue.take();
    clock.t = 500;
    s.onBatch(64);
    let linted = 64;
    for (const [n, ms] of phases) {
      for (let end = linted + n; linted < end; ) {
        s.queue.take();
        clock.t += 64 * ms;
        linted += 64;
        s.onBatch(linted);
      }
    }
    return linted;
  }
  const WARM_UP: [number, number] = [512, 0.3];

  it('measured over 512 files once the code is hot: 20,000 files at 0.1 ms → one worker', () => {
    const clock = { t: 0 };
    const { s, spawned } = split({ clock, files: files(20_000) });
    const linted = lintHere(s, clock, WARM_UP, [448, 0.1]);
    expect(spawned).toHaveLength(0); // not measured enough yet
    s.queue.take();
    clock.t += 6.4;
    s.onBatch(linted + 64);
    expect(spawned).toHaveLength(1);
    // Its job: the whole run's files and the queue's counter, a small young generation.
    expect(spawned[0].options.workerData!.files).toHaveLength(20_000);
    expect(new Int32Array(spawned[0].options.workerData!.counter)[0]).toBe(1_088);
    expect(spawned[0].options.resourceLimits.maxYoungGenerationSizeMb).toBe(8);
    // Decided once.
    s.onBatch(linted + 128);
    expect(spawned).toHaveLength(1);
  });

  it('10,000 small files: one thread; the slow files before the code is hot are not measured', () => {
    const clock = { t: 0 };
    const { s, spawned } = split({ clock, files: files(10_000) });
    lintHere(s, clock, WARM_UP, [512, 0.08], [2_048, 0.08]);
    expect(spawned).toHaveLength(0);
    // Even at twice what a file costs once hot.
    const again = split({ clock: { t: 0 }, files: files(10_000) });
    lintHere(again.s, { t: 0 }, WARM_UP, [512, 0.15]);
    expect(again.spawned).toHaveLength(0);
  });

  it('no worker when the files are cheap enough that the rest is done sooner than a worker pays', () => {
    const clock = { t: 0 };
    const { s, spawned } = split({ clock, files: files(20_000) });
    lintHere(s, clock, WARM_UP, [512, 0.05]);
    expect(spawned).toHaveLength(0);
  });

  it('no worker when the machine is busy (another process on one of 2 cores)', () => {
    const clock = { t: 0 };
    const { s, spawned } = split({ clock, files: files(50_000), load: () => ({ load: 1, how: 'test' }) });
    lintHere(s, clock, WARM_UP, [512, 0.1]);
    expect(spawned).toHaveLength(0);
  });

  it('no worker on one core', () => {
    const clock = { t: 0 };
    const { s, spawned } = split({ clock, cores: 1, files: files(50_000) });
    lintHere(s, clock, WARM_UP, [512, 10]);
    expect(spawned).toHaveLength(0);
  });

  it('so many files that a worker pays even at the least a file costs (0.05 ms): one at once', () => {
    expect(split({ files: files(32_000) }).spawned).toHaveLength(1);
    expect(split({ files: files(31_900) }).spawned).toHaveLength(0);
    expect(split({ files: files(50_000), load: () => ({ load: 1, how: 'test' }) }).spawned).toHaveLength(0);
  });

  it('the load is asked only of a run big enough to pay on an idle machine', () => {
    let asked = 0;
    const load = () => ({ load: (asked++, 0), how: 'test' });
    split({ files: files(10_000), load });
    expect(asked).toBe(0);
    split({ files: files(50_000), load });
    expect(asked).toBe(1);
  });

  it('--jobs 3: two workers at once, no measuring', () => {
    const { s, spawned } = split({ workers: 2 });
    expect(spawned).toHaveLength(2);
    s.onBatch(64);
    s.onBatch(128);
    expect(spawned).toHaveLength(2);
  });
});

describe('workers started while the walk goes on', () => {
  it('as many as the files found so far want, each once, unreferenced until the run gives it its job', () => {
    const made: FakeWorker[] = [];
    const early = new EarlyWorkers((found) => (found >= 32_000 ? 1 : 0), () => {
      const w = new FakeWorker();
      made.push(w);
      return w;
    });
    for (let n = 1; n <= 40_000; n++) early.found(n);
    expect(made).toHaveLength(1);
    expect(made[0].referenced).toBe(false);
    const { s, spawned } = split({ files: Array.from({ length: 40_000 }, (_, i) => `/r/f${i}.yaml`), early: early.take() });
    // The run wants one worker at once (40,000 files at 0.05 ms at least): the early one, no other.
    expect(spawned).toHaveLength(0);
    expect(s.workers).toBe(1);
    expect(made[0].referenced).toBe(true);
    expect(made[0].jobs.map((j) => j.files.length)).toEqual([40_000]);
    expect(early.take()).toEqual([]);
  });

  it('one that failed to start is not given the job', () => {
    const made: FakeWorker[] = [];
    const early = new EarlyWorkers(() => 1, () => {
      const w = new FakeWorker();
      made.push(w);
      return w;
    });
    early.found(1);
    made[0].emit('error', new Error('cannot load'));
    expect(early.take()).toEqual([]);
  });

  it('one the run does not want after all (--shard left few files) is ended', () => {
    const w = new FakeWorker();
    const { spawned } = split({ files: ['/r/a.yaml'], early: [{ worker: w, at: 0 }] });
    expect(spawned).toHaveLength(0);
    expect(w.terminated).toBe(true);
    expect(w.jobs).toEqual([]);
  });
});

describe('ThreadSplit: the workers\' passes', () => {
  const pass = (targets: number[]): PostedPass => ({ whole: { targets, done: targets.map(() => null), digests: [], elsewhere: [], kinds: [] } });

  it('collects each batch a worker posts, counts its files, and ends with its `done`', async () => {
    const { s, spawned, counted } = split({ workers: 1 });
    spawned[0].post({ pass: pass([64, 65]), at: 1 });
    spawned[0].post({ pass: pass([66]), at: 2 });
    spawned[0].post({ done: true });
    expect((await s.passes()).map((p) => p.targets)).toEqual([[64, 65], [66]]);
    expect(counted).toEqual([2, 1]);
    expect(spawned[0].terminated).toBe(true);
  });

  it('a worker that dies leaves what it posted; an error in its lint fails the run', async () => {
    const dead = split({ workers: 1 });
    dead.spawned[0].post({ pass: pass([3]), at: 1 });
    dead.spawned[0].emit('error', new Error('ERR_WORKER_OUT_OF_MEMORY'));
    expect((await dead.s.passes()).map((p) => p.targets)).toEqual([[3]]);
    const failed = split({ workers: 1 });
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

  it('a "worker" posting compact passes (clean files as numbers, digests without paths) through structured clone: the results of one thread', async () => {
    // Mostly clean files (the notifications complete), a repeat every 7th, a syntax error in file 17.
    const clean = inputs.map((i) => ({ ...i, text: i.text.replace('intervalMin: 60', 'intervalMin: 60\n    emailEnabled: true\n    smsEnabled: false') }));
    const targets = { paths: clean.map((i) => i.filePath), read: (_: string, i: number) => clean[i] };
    const whole = await lintEach(projectOf(), targets, opts);
    expect(whole.results.filter((r) => r.diagnostics.length === 0).length).toBeGreaterThan(20);
    const batches: [number, number][] = [[0, 10], [10, 20], [20, 30], [30, 40]];
    const posted: PostedPass[] = [];
    await lintPass(projectOf(), targets, opts, { take: () => (batches.length > 2 ? batches.splice(1, 1)[0] : undefined) }, undefined, (p) => posted.push(structuredClone(postPass(p, targets.paths, opts.cwd))));
    // The worker's batches were 10..20 and 20..30: their clean files are three numbers each, the
    // duplicates and the syntax error (file 17) whole results; digests carry no path.
    const compact = posted.filter((p): p is CompactPass => 'clean' in p);
    expect(compact).toHaveLength(2);
    const cleanTargets = compact.flatMap((p) => p.clean.filter((_, k) => k % 3 === 0));
    expect(cleanTargets.length).toBeGreaterThan(10);
    expect(compact.flatMap((p) => p.targets)).toContain(17);
    expect(cleanTargets).not.toContain(17);
    expect(JSON.stringify(compact)).not.toContain('/r/a-1');
    expect(compact.flatMap((p) => p.digests).length).toBeGreaterThan(0);
    const passes = posted.map((p) => receivedPass(p, targets.paths, opts.cwd));
    const split = await lintEach(projectOf(), targets, opts, { queue: { take: () => batches.shift() }, passes: async () => passes });
    expect(split.results).toEqual(whole.results);
    // What printing needs of each source (a worker's carries no line index, which the formatter makes again).
    const printed = (run: typeof whole) => [...run.sources].map(([p, { text, bom, secrets }]) => [p, text, bom, secrets]);
    expect(printed(split)).toEqual(printed(whole));
  });

  it('a result whose path is not its target\'s travels whole', () => {
    const pass: FilePass = { targets: [0], done: [{ result: { filePath: 'elsewhere.yaml', kinds: ['alert-config'], documents: 1, errorCount: 0, warningCount: 0, infoCount: 0, diagnostics: [] }, source: { text: '', bom: false, secrets: [] } }], digests: [], elsewhere: [], kinds: [] };
    const posted = postPass(pass, ['/r/a.yaml'], '/r');
    expect('whole' in posted).toBe(true);
    expect(receivedPass(posted, ['/r/a.yaml'], '/r').done[0]!.result.filePath).toBe('elsewhere.yaml');
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
