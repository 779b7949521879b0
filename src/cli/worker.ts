// A worker thread of `omlint check --jobs` (started by src/bin/worker.ts): lints a range of the run's
// files one by one and posts back their results and their documents' digests; the main thread runs
// the cross-document rules on the digests of the whole run (issue 22: a scope split by file).
import { parentPort, workerData } from 'node:worker_threads';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { ConfigResolver } from '../config/discover';
import { withRuleOverrides } from '../config/rule-option';
import type { LintInput, SeveritySetting } from '../core/types';
import { lintPass, type FilePass, type RunIds } from '../engine/lint';
import { Project } from '../project/project';
import type { Kind } from '../core/kinds';
import type { ParseLimits } from '../syntax/types';
import { readInput } from './files';

export interface WorkerJob {
  /** Every file of the run (settings and policies are the run's); this worker lints `from`..`to`. */
  files: string[];
  from: number;
  to: number;
  /** The rule ids of the whole run's policies. */
  ids: RunIds;
  discovered: string[];
  /** Files of the range the walk could not read: their input with its problem. */
  unread: [string, LintInput][];
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
export type WorkerMessage = { progress: number } | { ok: boolean; value?: FilePass; error?: string };

/**
 * The pass a worker posts: plain data (no line index); fix edits stay here (a parallel run never
 * fixes); a clean file's text stays here unless it has secrets (it serves only code frames).
 */
export function portablePass(pass: FilePass): FilePass {
  return {
    ...pass,
    done: pass.done.map((f) => f && {
      result: { ...f.result, diagnostics: f.result.diagnostics.map(({ fix, suggestions, ...d }) => d) },
      source: { text: f.result.diagnostics.length > 0 || f.source.secrets.length > 0 ? f.source.text : '', bom: f.source.bom, secrets: f.source.secrets },
    }),
  };
}

/**
 * Files linted between two progress messages: one message per file cost the worker more than a
 * tenth of its time (10,000 small files, issue 22).
 */
const PROGRESS_EVERY = 64;

async function run(job: WorkerJob): Promise<FilePass> {
  const resolver = new ConfigResolver(KNOWN_RULE_IDS, job.explicitConfig);
  const settingsFor = withRuleOverrides((p: string) => resolver.settingsFor(p), job.rules ?? {});
  const discovered = new Set(job.discovered);
  const unread = new Map(job.unread);
  let unreported = 0;
  const report = () => {
    if (unreported) parentPort?.postMessage({ progress: unreported } satisfies WorkerMessage);
    unreported = 0;
  };
  const pass = await lintPass(Project.ofFiles(settingsFor), { paths: job.files, read: (f) => unread.get(f) ?? readInput(f, job.limits) }, {
    now: new Date(job.now),
    targetVersion: job.targetVersion,
    kind: job.kind,
    limits: job.limits,
    cwd: job.cwd,
    inlineConfig: job.inlineConfig,
    skipUnknown: (p) => discovered.has(p),
    onFileChecked: () => {
      if (++unreported >= PROGRESS_EVERY) report();
    },
    release: true,
  }, job.from, job.to, job.ids);
  report();
  return portablePass(pass);
}

/** Runs in the worker thread (dist/worker.js): one job in, one message out. */
export function workerMain(): void {
  if (!parentPort) throw new Error('omlint: the worker entry runs only in a worker thread');
  run(workerData as WorkerJob).then(
    (r) => parentPort!.postMessage({ ok: true, value: r }),
    (e) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
}
