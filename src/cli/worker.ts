// A worker thread of `omlint check --jobs` (started by src/bin/worker.ts): lints one share of the
// files (whole project scopes, so that cross-document rules see every document of a scope) and
// posts the results back.
import { parentPort, workerData } from 'node:worker_threads';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { ConfigResolver } from '../config/discover';
import { withRuleOverrides } from '../config/rule-option';
import type { FileResult, LintRun, RunSource, SeveritySetting } from '../core/types';
import { lintEach } from '../engine/lint';
import { Project } from '../project/project';
import type { Kind } from '../core/kinds';
import type { ParseLimits } from '../syntax/types';
import { readInput } from './files';

export interface WorkerJob {
  files: string[];
  discovered: string[];
  explicitConfig?: string;
  now: string;
  targetVersion?: string;
  kind?: Kind;
  limits: ParseLimits;
  cwd: string;
  inlineConfig?: boolean;
  /** Severities from --rule. */
  rules?: Record<string, SeveritySetting>;
}

/** What a worker posts: one `progress` per file linted, then the outcome. */
export type WorkerMessage = { progress: number } | { ok: boolean; value?: WorkerResult; error?: string };

/** A run as it crosses to the main thread: structured-cloneable (no line index), fix edits left behind. */
export interface WorkerResult {
  results: FileResult[];
  sources: [string, RunSource][];
}

/** The run a worker posts: plain data; a clean file's text stays here (it serves only code frames). */
export function toWorkerResult(run: LintRun): WorkerResult {
  return {
    // Fix edits stay in the worker: a parallel run never fixes.
    results: run.results.map((result) => ({ ...result, diagnostics: result.diagnostics.map(({ fix, suggestions, ...d }) => d) })),
    sources: run.results.flatMap((r) => {
      const s = run.sources.get(r.filePath);
      return s ? [[r.filePath, { text: r.diagnostics.length > 0 ? s.text : '', bom: s.bom, secrets: s.secrets }] as [string, RunSource]] : [];
    }),
  };
}

/** The worker's run back in the main thread. */
export function fromWorkerResult(w: WorkerResult): LintRun {
  return { results: w.results, sources: new Map(w.sources) };
}

async function run(job: WorkerJob): Promise<WorkerResult> {
  const resolver = new ConfigResolver(KNOWN_RULE_IDS, job.explicitConfig);
  const settingsFor = withRuleOverrides((p: string) => resolver.settingsFor(p), job.rules ?? {});
  const discovered = new Set(job.discovered);
  // File by file, each parse let go once its file is linted (as in the main thread).
  const run = await lintEach(Project.ofFiles(settingsFor), { paths: job.files, read: (f) => readInput(f, job.limits) }, {
    now: new Date(job.now),
    targetVersion: job.targetVersion,
    kind: job.kind,
    limits: job.limits,
    cwd: job.cwd,
    inlineConfig: job.inlineConfig,
    skipUnknown: (p) => discovered.has(p),
    onFileChecked: () => parentPort?.postMessage({ progress: 1 } satisfies WorkerMessage),
    release: true,
  });
  return toWorkerResult(run);
}

/** Runs in the worker thread (dist/worker.js): one job in, one message out. */
export function workerMain(): void {
  if (!parentPort) throw new Error('omlint: the worker entry runs only in a worker thread');
  run(workerData as WorkerJob).then(
    (r) => parentPort!.postMessage({ ok: true, value: r }),
    (e) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
}
