// How a `check` run lints its files: from the cache where nothing changed, in this thread and in
// worker threads where they pay (thread-split.ts: batches of files from one queue), always file by
// file, each parse let go once its file is linted, the cross-document rules on digests (issue 22). The run
// (results and their sources) comes back in the order of the files. The project is the walk's files
// (Project.ofFiles): its scopes group them.
import { policyFingerprint } from '../policy/catalog';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FileSettings } from '../config/load';
import { lintEach, runIds, displayPath, type LintInput, type LintRunOptions } from '../engine/lint';
import type { FileResult, LintRun, RunSource, SeveritySetting } from '../core/types';
import type { Kind } from '../core/kinds';
import type { ParseLimits } from '../syntax/types';
import { Project } from '../project/project';
import { ResultCache, sha256 } from './cache';
import { readInput } from './files';
import { nodeOs, workerThreads } from '../core/lazy-builtins';
import { discoveredList, EarlyWorkers, OtherLoad, ThreadSplit, workersThatPay } from './thread-split';

/** Below this many files, starting workers costs more than it saves (asked for with --jobs). */
export const MIN_FILES_FOR_WORKERS = 64;
/** Files per batch a thread takes from the queue of a run split between threads. */
export const BATCH_FILES = 64;
/**
 * What a worker thread costs a run on this 2-core machine, in CPU time: its start (a thread, Node,
 * omlint's core from its code cache: 35 – 60 ms), the optimizing compiler's work on the same hot
 * code in its own isolate (V8's background threads took 0.55 – 0.65 s of CPU in a run of one
 * thread on 10,000 files and 0.95 – 1.1 s with a worker), its garbage, and the clone of its passes:
 * a run with a worker took 0.7 – 0.9 s more CPU than one without, on 10,000 small files
 * (`OMLINT_DEBUG_WORKERS=1`; bench/README.md, "The second core on 2 cores, eighth session").
 */
export const WORKER_COST_MS = 800;
/**
 * Without --jobs, a worker is started when the rest of the run, at the per-file time measured in
 * this thread, takes this many times WORKER_COST_MS: the run with it then takes at most 3/4 of
 * the wall time of one thread (the rest and the worker's cost shared by two cores).
 */
export const WORKER_PAYS_FACTOR = 2;
/**
 * The least a small file costs to lint (ms), below what was ever measured on a small alert
 * config once the code is hot (0.06 ms of CPU on this machine; ajv-cli alone takes 0.065 ms a
 * file): a run of so many files that even at this cost a worker pays starts it at once, while the
 * walk goes on (from 32,000 files on 2 idle cores).
 */
export const FLOOR_FILE_MS = 0.05;
/**
 * Files this thread lints after its first batch (which loads rules and validators) before it
 * measures what a file costs: the first thousands run before V8 has optimised the hot code. On
 * 10,000 small alert configs on an idle machine a file took 0.14 – 0.21 ms over files 576 – 1,088
 * against 0.06 – 0.09 ms from file ~2,500 on; a measure over the former started a worker in 2 runs
 * of 6 where it does not pay (bench/README.md, "The second core on 2 cores, eighth session").
 */
export const WARM_UP_FILES = 32 * BATCH_FILES;
/** Files over which this thread then measures, before the default decides. */
export const MEASURED_FILES = 8 * BATCH_FILES;
/**
 * Young generation of a worker thread (V8's default is 16 MB per semi-space): a worker of a run of
 * small files lets each file's garbage go young, and a smaller young generation keeps its peak
 * memory down (issue 22: 50,000 files in one scope within 250 MB, workers included).
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

export interface RunPlan {
  files: string[];
  discovered: Set<string>;
  settingsFor: (filePath: string) => FileSettings;
  explicitConfig?: string;
  now: Date;
  /** True when the clock came from --now (else the cache keys on the day). */
  fixedNow: boolean;
  targetVersion?: string;
  kind?: Kind;
  limits: ParseLimits;
  cwd: string;
  /** Threads from --jobs (1: this one only; n: n - 1 workers from MIN_FILES_FOR_WORKERS files on); default: workers when they pay. */
  jobs?: number;
  cache?: ResultCache;
  version: string;
  progress?: (done: number, total: number) => void;
  /** Files the walk could not read (an unreadable directory, a FIFO): their input with its problem. */
  unread?: Map<string, LintInput>;
  /** False: directive comments are ignored (--no-inline-config). */
  inlineConfig?: boolean;
  /** Severities from --rule (settingsFor has them already; workers need them to build theirs). */
  rules?: Record<string, SeveritySetting>;
  /** Told each file's kinds (--debug); only where files are linted in this thread. */
  onKinds?: LintRunOptions['onKinds'];
  /** Workers started while the walk went on (earlyWorkers). */
  early?: EarlyWorkers;
}

/** A file's input: the walk's problem if it had one, else the file read now. */
const read = (plan: RunPlan, f: string): LintInput => plan.unread?.get(f) ?? readInput(f, plan.limits);

function settingsKey(s: FileSettings): string {
  // A policy's definition is part of the key: editing a pack file must not reuse old results.
  return JSON.stringify([s.kind, s.rules, s.scope, s.targetVersion, s.secretPlaceholders.map((r) => r.source), s.ignored, s.policies?.map(policyFingerprint)]);
}

/** The files of each project scope, in the order of their first file. */
const byScope = (files: string[], project: Project): string[][] => project.scopes(files, (f) => f);

function workerScript(): string | undefined {
  // Exists next to the bundled CLI (dist/worker.js); from the TypeScript sources there is none.
  const p = fileURLToPath(new URL('./worker.js', import.meta.url));
  return existsSync(p) ? p : undefined;
}

/** Counts linted files for the progress line, file by file, across scopes and threads. */
type Counter = (files?: number) => void;
function fileCounter(plan: RunPlan, total: number): Counter {
  let done = 0;
  return (files = 1) => {
    done += files;
    plan.progress?.(done, total);
  };
}

/** The run split between this thread and workers (ThreadSplit): at once with --jobs, else when it pays. */
function splitRun(files: string[], plan: RunPlan, project: Project, script: string, counted: Counter): ThreadSplit {
  const cores = availableCores();
  const debug = process.env.OMLINT_DEBUG_WORKERS ? (line: string) => process.stderr.write(`omlint: workers: ${line}\n`) : undefined;
  return new ThreadSplit({
    files,
    job: {
      ids: runIds(project, files),
      discovered: discoveredList(files, plan.discovered),
      unread: files.flatMap((f) => (plan.unread?.has(f) ? [[f, plan.unread.get(f)!] as [string, LintInput]] : [])),
      explicitConfig: plan.explicitConfig,
      now: plan.now.toISOString(),
      targetVersion: plan.targetVersion,
      kind: plan.kind,
      limits: plan.limits,
      cwd: plan.cwd,
      inlineConfig: plan.inlineConfig,
      rules: plan.rules,
    },
    script,
    batch: BATCH_FILES,
    workers: plan.jobs === undefined ? 0 : Math.min(plan.jobs, Math.ceil(files.length / (MIN_FILES_FOR_WORKERS / 2))) - 1,
    cores,
    load: () => machineLoad().cores(),
    costMs: WORKER_COST_MS,
    factor: WORKER_PAYS_FACTOR,
    warmUp: WARM_UP_FILES,
    measured: MEASURED_FILES,
    floorMs: FLOOR_FILE_MS,
    youngGenerationMb: WORKER_YOUNG_GENERATION_MB,
    counted,
    spawn: (file, options) => new (workerThreads().Worker)(file, options),
    early: plan.early?.take(),
    now: () => performance.now(),
    debug,
  });
}

/**
 * Lints `files` in this thread, file by file: each is read when its turn comes and its parse let
 * go once it is linted (workspace rules keep their digests of its documents), so memory does not
 * grow with the number of files (issue 22: 50,000 files in one scope).
 */
function runOptions(plan: RunPlan, counted: Counter): LintRunOptions {
  return {
    now: plan.now,
    targetVersion: plan.targetVersion,
    kind: plan.kind,
    limits: plan.limits,
    skipUnknown: (p) => plan.discovered.has(p),
    cwd: plan.cwd,
    inlineConfig: plan.inlineConfig,
    onKinds: plan.onKinds,
    onFileChecked: () => counted(),
    release: true,
  };
}

/** Lints `files` in this thread, and in workers where `script` is given and they pay (or --jobs asks). */
async function lintHere(files: string[], plan: RunPlan, project: Project, counted: Counter, script: string | undefined, inputs?: Map<string, LintInput>): Promise<LintRun> {
  const shares = script ? splitRun(files, plan, project, script, counted) : undefined;
  return lintEach(project, { paths: files, read: (f) => inputs?.get(f) ?? read(plan, f) }, runOptions(plan, counted), shares);
}

/** Lints the files of a run, using the cache and workers where they help. */
export async function lintFiles(plan: RunPlan): Promise<LintRun> {
  const project = Project.ofFiles(plan.settingsFor);
  // Without workers started for it during the walk (--cache, --debug), a run measures from here.
  if (!plan.early) load = undefined;
  // --jobs 1: never a worker; --jobs n: from MIN_FILES_FOR_WORKERS files on; default: when measured to pay.
  const script = plan.files.length >= MIN_FILES_FOR_WORKERS && plan.jobs !== 1 && (plan.jobs !== undefined || availableCores() > 1) ? workerScript() : undefined;
  const counted = fileCounter(plan, plan.files.length);
  try {
    if (!plan.cache) return await lintHere(plan.files, plan, project, counted, script);
    return await lintCached(plan, plan.cache, project, counted, script);
  } finally {
    // Started during the walk for a run that then needed none (most files from the cache).
    for (const e of plan.early?.take() ?? []) void e.worker.terminate();
  }
}

async function lintCached(plan: RunPlan, cache: ResultCache, project: Project, counted: Counter, script: string | undefined): Promise<LintRun> {
  // With a cache the texts are read here, to hash them.
  const inputs = new Map(plan.files.map((f) => [f, read(plan, f)]));
  const contentHash = new Map([...inputs].map(([f, i]) => [f, sha256(i.text, i.problem?.message ?? '')]));
  const scopeHash = new Map(byScope(plan.files, project).map((fs) => [plan.settingsFor(fs[0]).scope, sha256(...fs.flatMap((f) => [f, contentHash.get(f)!]))]));
  const runKey = JSON.stringify([plan.version, plan.kind, plan.targetVersion, plan.fixedNow ? plan.now.toISOString() : plan.now.toISOString().slice(0, 10), plan.limits, plan.inlineConfig !== false]);
  const keys = new Map<string, string>();
  const cached = new Map<string, FileResult | null>();
  const sources = new Map<string, RunSource>();
  const misses: string[] = [];
  for (const f of plan.files) {
    const settings = plan.settingsFor(f);
    const key = sha256(runKey, settingsKey(settings), String(plan.discovered.has(f)), contentHash.get(f)!, scopeHash.get(settings.scope)!);
    keys.set(f, key);
    const hit = cache.get(f, key, inputs.get(f)!.text);
    if (hit) {
      if (hit.result) sources.set(hit.result.filePath, hit.source);
      cached.set(f, hit.result);
    } else misses.push(f);
  }
  if (misses.length < plan.files.length) counted(plan.files.length - misses.length);
  const fresh: LintRun = misses.length === 0 ? { results: [], sources: new Map() } : await lintHere(misses, plan, project, counted, misses.length >= MIN_FILES_FOR_WORKERS ? script : undefined, inputs);
  const freshByPath = new Map(fresh.results.map((r) => [r.filePath, r]));
  for (const f of misses) {
    const r = freshByPath.get(displayPath(f, plan.cwd)) ?? null;
    const source = r ? fresh.sources.get(r.filePath) : undefined;
    cache.set(f, keys.get(f)!, r, source);
    if (source) sources.set(r!.filePath, source);
    cached.set(f, r);
  }
  cache.save();
  return { results: plan.files.map((f) => cached.get(f)).filter((r): r is FileResult => Boolean(r)), sources };
}

/**
 * Workers to start while the walk goes on (main.ts): as many as the run will want whatever its
 * files cost: --jobs n: n - 1 from MIN_FILES_FOR_WORKERS files found; default: those that pay at
 * FLOOR_FILE_MS a file. None for --jobs 1, on one core, or without dist/worker.js.
 */
export function earlyWorkers(jobs: number | undefined): EarlyWorkers | undefined {
  // A new run: other processes' CPU time is measured from its walk on (a process may run several).
  load = undefined;
  if (jobs === 1) return undefined;
  // The machine is asked only once the walk has found enough files (node:os costs a small run);
  // from then on the other processes' CPU time is measured (machineLoad), and asked again at most
  // every thousand files found, once the files found would pay for a worker on an idle machine.
  let machine: { script?: string; cores: number } | undefined;
  let asked = { found: -Infinity, load: Infinity };
  const want = (found: number) => {
    if (found < MIN_FILES_FOR_WORKERS) return 0;
    if (!machine) {
      machine = { script: workerScript(), cores: availableCores() };
      if (jobs === undefined) machineLoad().start();
    }
    if (!machine.script) return 0;
    if (jobs !== undefined) return jobs - 1;
    const at = (load: number) => workersThatPay({ cores: machine!.cores, remaining: found, perFileMs: FLOOR_FILE_MS, load }, WORKER_COST_MS, WORKER_PAYS_FACTOR);
    if (at(0) === 0) return 0;
    // Only a measure decides here: a window too short to tell is asked again later (the run itself
    // decides after the walk, with the load average where the walk was too short to measure).
    if (found - asked.found >= 1000) asked = { found, load: machineLoad().measured()?.load ?? Infinity };
    return at(asked.load);
  };
  return new EarlyWorkers(want, () => new (workerThreads().Worker)(machine!.script!, { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } }));
}

let load: OtherLoad | undefined;
/** The cores other processes keep busy during this run (one measure for the walk's workers and the run's). */
function machineLoad(): OtherLoad {
  return (load ??= new OtherLoad(() => {
    let busyMs = 0;
    for (const { times: t } of nodeOs().cpus()) busyMs += t.user + t.nice + t.sys + t.irq;
    const own = process.cpuUsage();
    return { busyMs, ownMs: (own.user + own.system) / 1000, at: performance.now() };
  }, () => nodeOs().loadavg()[0]));
}

/** The cores this process may use (os.availableParallelism where Node has it). */
export function availableCores(): number {
  const os = nodeOs();
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

