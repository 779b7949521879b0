// How a `check` run lints its files: from the cache where nothing changed, in worker threads when
// there are many files (the run split by file), in this thread otherwise; always file by file, each
// parse let go once its file is linted, the cross-document rules on digests (issue 22). The run
// (results and their sources) comes back in the order of the files. The project is the walk's files
// (Project.ofFiles): its scopes group them.
import { policyFingerprint } from '../policy/catalog';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FileSettings } from '../config/load';
import { lintEach, runIds, displayPath, type FilePass, type FileShare, type LintInput, type LintRunOptions } from '../engine/lint';
import type { FileResult, LintRun, RunSource, SeveritySetting } from '../core/types';
import type { Kind } from '../core/kinds';
import type { ParseLimits } from '../syntax/types';
import { Project } from '../project/project';
import { ResultCache, sha256 } from './cache';
import { readInput } from './files';
import { nodeOs, workerThreads } from '../core/lazy-builtins';
import type { WorkerJob, WorkerMessage } from './worker';

/** Below this many files, starting workers costs more than it saves (asked for with --jobs). */
export const MIN_FILES_FOR_WORKERS = 64;
/**
 * Without --jobs: workers only from this many files on. Measured (bench/README.md): on 2 cores a
 * worker's start-up (loading omlint again) outweighs the gain for 2,000 small files.
 */
export const MIN_FILES_FOR_DEFAULT_WORKERS = 5000;
/**
 * Without --jobs: workers only on machines with this many cores. On 2 cores, 10,000 files in 100
 * scopes took 17.8 s with one thread and 21.7 s with workers, at 150 vs 245 MB (bench/README.md,
 * issue 22): a worker's share never paid for loading omlint again and holding its own results.
 * Split by file (issue 22, 6th session) a worker still costs 0.6 s of CPU more on 10,000 files (its
 * own start and compilation) and 55 MB; not measured on an idle machine yet, so the default stays.
 */
export const MIN_CORES_FOR_DEFAULT_WORKERS = 4;

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
  /** Worker threads from --jobs (then from MIN_FILES_FOR_WORKERS files on); default: the core count. */
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
}

/** A file's input: the walk's problem if it had one, else the file read now. */
const read = (plan: RunPlan, f: string): LintInput => plan.unread?.get(f) ?? readInput(f, plan.limits);

function settingsKey(s: FileSettings): string {
  // A policy's definition is part of the key: editing a pack file must not reuse old results.
  return JSON.stringify([s.kind, s.rules, s.scope, s.targetVersion, s.secretPlaceholders.map((r) => r.source), s.ignored, s.policies?.map(policyFingerprint)]);
}

/** The files of each project scope, in the order of their first file. */
const byScope = (files: string[], project: Project): string[][] => project.scopes(files, (f) => f);

/**
 * The run split by file into n ranges of similar size (issue 22): workspace rules run on the
 * digests of the whole run in this thread, so a scope need not stay in one thread. The first range,
 * this thread's, is smaller: this thread also starts the workers and runs the workspace rules.
 */
export function fileRanges(count: number, n: number): [number, number][] {
  const own = Math.floor(count / n / 1.25);
  const rest = (count - own) / (n - 1);
  const out: [number, number][] = [[0, own]];
  for (let k = 1; k < n; k++) out.push([Math.round(own + (k - 1) * rest), Math.round(own + k * rest)]);
  return out.filter(([a, b]) => b > a);
}

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

async function lintInWorkers(files: string[], plan: RunPlan, project: Project, script: string, counted: Counter): Promise<LintRun> {
  const ranges = fileRanges(files.length, Math.min(plan.jobs ?? defaultJobs(), Math.ceil(files.length / (MIN_FILES_FOR_WORKERS / 2))));
  const ids = runIds(project, files);
  const shares: FileShare[] = ranges.slice(1).map(([from, to]) => {
    const part = files.slice(from, to);
    const job: WorkerJob = {
      files,
      from,
      to,
      ids,
      discovered: part.filter((f) => plan.discovered.has(f)),
      unread: part.flatMap((f) => (plan.unread?.has(f) ? [[f, plan.unread.get(f)!] as [string, LintInput]] : [])),
      explicitConfig: plan.explicitConfig,
      now: plan.now.toISOString(),
      targetVersion: plan.targetVersion,
      kind: plan.kind,
      limits: plan.limits,
      cwd: plan.cwd,
      inlineConfig: plan.inlineConfig,
      rules: plan.rules,
    };
    const pass = new Promise<FilePass>((resolve, reject) => {
      const w = new (workerThreads().Worker)(script, { workerData: job });
      w.on('message', (m: WorkerMessage) => {
        // A worker reports each file as it is done, then its pass.
        if ('progress' in m) return counted(m.progress);
        if (m.ok) resolve(m.value!);
        else reject(new Error(`worker failed: ${m.error}`));
        void w.terminate();
      });
      w.once('error', reject);
    });
    // Never an unhandled rejection while this thread lints its own range: lintEach awaits it after.
    pass.catch(() => undefined);
    return { from, to, pass };
  });
  return lintEach(project, { paths: files, read: (f) => read(plan, f) }, runOptions(plan, counted), shares);
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

async function lintHere(files: string[], plan: RunPlan, project: Project, counted: Counter, inputs?: Map<string, LintInput>): Promise<LintRun> {
  return lintEach(project, { paths: files, read: (f) => inputs?.get(f) ?? read(plan, f) }, runOptions(plan, counted));
}

/** Lints the files of a run, using the cache and workers where they help. */
export async function lintFiles(plan: RunPlan): Promise<LintRun> {
  const project = Project.ofFiles(plan.settingsFor);
  const minFiles = plan.jobs !== undefined ? MIN_FILES_FOR_WORKERS : MIN_FILES_FOR_DEFAULT_WORKERS;
  const script = plan.files.length >= minFiles && (plan.jobs ?? defaultJobs()) > 1 ? workerScript() : undefined;
  const counted = fileCounter(plan, plan.files.length);
  if (!plan.cache) {
    if (script) return lintInWorkers(plan.files, plan, project, script, counted);
    return lintHere(plan.files, plan, project, counted);
  }
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
    const hit = plan.cache.get(f, key, inputs.get(f)!.text);
    if (hit) {
      if (hit.result) sources.set(hit.result.filePath, hit.source);
      cached.set(f, hit.result);
    } else misses.push(f);
  }
  if (misses.length < plan.files.length) counted(plan.files.length - misses.length);
  const fresh: LintRun = misses.length === 0 ? { results: [], sources: new Map() } : script && misses.length >= minFiles ? await lintInWorkers(misses, plan, project, script, counted) : await lintHere(misses, plan, project, counted, inputs);
  const freshByPath = new Map(fresh.results.map((r) => [r.filePath, r]));
  for (const f of misses) {
    const r = freshByPath.get(displayPath(f, plan.cwd)) ?? null;
    const source = r ? fresh.sources.get(r.filePath) : undefined;
    plan.cache.set(f, keys.get(f)!, r, source);
    if (source) sources.set(r!.filePath, source);
    cached.set(f, r);
  }
  plan.cache.save();
  return { results: plan.files.map((f) => cached.get(f)).filter((r): r is FileResult => Boolean(r)), sources };
}

/** Worker threads when --jobs does not say: one per core where cores are many enough to pay. */
export function defaultJobs(cores = nodeOs().cpus().length): number {
  return cores >= MIN_CORES_FOR_DEFAULT_WORKERS ? cores : 1;
}
