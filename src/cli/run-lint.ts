// How a `check` run lints its files: from the cache where nothing changed, in this thread and, for
// large runs, in worker threads (thread-split.ts: batches of files from one queue), always file by
// file, each parse let go once its file is linted, the cross-document rules on digests. The run
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
import { discoveredList, ThreadSplit, workerCountFor } from './thread-split';

/** Files per batch a thread takes from the queue of a run split between threads. */
export const BATCH_FILES = 64;
/**
 * Young generation of a worker thread, below V8's default: a worker's files leave their garbage
 * young, and a smaller young generation keeps the peak memory of a big run down (bench/README.md).
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
  /** Threads from --jobs (workerCountFor; 1: this one only); default: from the file count and the cores. */
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
  /** LintRunOptions.suggestionEdits: false where no output of the run shows a suggestion (no --fix). */
  suggestionEdits?: boolean;
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

/** The run split between this thread and `workers` worker threads. */
function splitRun(files: string[], plan: RunPlan, project: Project, script: string, workers: number, counted: Counter): ThreadSplit {
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
      suggestionEdits: plan.suggestionEdits,
    },
    script,
    batch: BATCH_FILES,
    workers,
    youngGenerationMb: WORKER_YOUNG_GENERATION_MB,
    counted,
    spawn: (file, options) => new (workerThreads().Worker)(file, options),
    debug: process.env.OMLINT_DEBUG_WORKERS ? (line: string) => process.stderr.write(`omlint: workers: ${line}\n`) : undefined,
  });
}

/**
 * How this thread lints, file by file: each is read when its turn comes and its parse let go once
 * it is linted (workspace rules keep their digests of its documents), so memory does not grow with
 * the number of files.
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
    suggestionEdits: plan.suggestionEdits,
  };
}

/** Lints `files` in this thread, and in as many workers as workerCountFor gives (none without dist/worker.js). */
async function lintHere(files: string[], plan: RunPlan, project: Project, counted: Counter, inputs?: Map<string, LintInput>): Promise<LintRun> {
  const workers = workerCountFor(files.length, availableCores, plan.jobs);
  const script = workers > 0 ? workerScript() : undefined;
  const shares = script ? splitRun(files, plan, project, script, workers, counted) : undefined;
  return lintEach(project, { paths: files, read: (f) => inputs?.get(f) ?? read(plan, f) }, runOptions(plan, counted), shares);
}

/** Lints the files of a run, using the cache and workers where they help. */
export async function lintFiles(plan: RunPlan): Promise<LintRun> {
  const project = Project.ofFiles(plan.settingsFor);
  const counted = fileCounter(plan, plan.files.length);
  if (!plan.cache) return lintHere(plan.files, plan, project, counted);
  return lintCached(plan, plan.cache, project, counted);
}

async function lintCached(plan: RunPlan, cache: ResultCache, project: Project, counted: Counter): Promise<LintRun> {
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
  const fresh: LintRun = misses.length === 0 ? { results: [], sources: new Map() } : await lintHere(misses, plan, project, counted, inputs);
  const freshByPath = new Map(fresh.results.map((r) => [r.filePath, r]));
  for (const f of misses) {
    const r = freshByPath.get(displayPath(f, plan.cwd)) ?? null;
    const source = r ? fresh.sources.get(r.filePath) : undefined;
    cache.set(f, keys.get(f)!, r, source, inputs.get(f)!.text);
    if (source) sources.set(r!.filePath, source);
    cached.set(f, r);
  }
  cache.save();
  return { results: plan.files.map((f) => cached.get(f)).filter((r): r is FileResult => Boolean(r)), sources };
}

/** The cores this process may use (os.availableParallelism where Node has it). */
export function availableCores(): number {
  const os = nodeOs();
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

