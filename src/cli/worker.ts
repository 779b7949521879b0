// A worker thread of `omlint check --jobs` (started by src/bin/worker.ts): lints one share of the
// files (whole project scopes, so that cross-document rules see every document of a scope) and
// posts the results back.
import { parentPort, workerData } from 'node:worker_threads';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { ConfigResolver } from '../config/load';
import { withRuleOverrides } from '../config/rule-option';
import type { SeveritySetting } from '../core/types';
import { lint, RESULT_INTERNALS } from '../engine/lint';
import type { FileResult } from '../core/types';
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

export interface WorkerResult {
  results: { result: FileResult; text: string; bom: boolean; secrets: string[] }[];
}

async function run(job: WorkerJob): Promise<WorkerResult> {
  const resolver = new ConfigResolver(KNOWN_RULE_IDS, job.explicitConfig);
  const settingsFor = withRuleOverrides((p: string) => resolver.settingsFor(p), job.rules ?? {});
  const discovered = new Set(job.discovered);
  const results = await lint(job.files.map((f) => readInput(f, job.limits)), {
    now: new Date(job.now),
    targetVersion: job.targetVersion,
    kind: job.kind,
    limits: job.limits,
    cwd: job.cwd,
    inlineConfig: job.inlineConfig,
    settingsFor,
    skipUnknown: (p) => discovered.has(p),
    onFileChecked: () => parentPort?.postMessage({ progress: 1 } satisfies WorkerMessage),
  });
  return {
    results: results.map((result) => {
      const internals = RESULT_INTERNALS.get(result)!;
      // Fix edits stay in the worker: a parallel run never fixes.
      const plain = { ...result, diagnostics: result.diagnostics.map(({ fix, suggestions, ...d }) => d) };
      // The text serves only the code frames of diagnostics: a clean file's stays here.
      return { result: plain, text: result.diagnostics.length > 0 ? internals.text : '', bom: internals.bom, secrets: internals.secrets };
    }),
  };
}

/** Runs in the worker thread (dist/worker.js): one job in, one message out. */
export function workerMain(): void {
  if (!parentPort) throw new Error('omlint: the worker entry runs only in a worker thread');
  run(workerData as WorkerJob).then(
    (r) => parentPort!.postMessage({ ok: true, value: r }),
    (e) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
}
