// A worker thread of `omlint check` (dist/worker.js, src/bin/worker.ts; how many: workerCountFor in
// thread-split.ts): takes batches of the run's files from the queue it shares with the main thread, lints
// them one by one and posts back each batch's results and its documents' digests; the main thread
// runs the cross-document rules on the digests of the whole run (a scope split by file).
import { parentPort, workerData } from 'node:worker_threads';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { ConfigResolver } from '../config/discover';
import { ruleOverrides } from '../config/rule-option';
import type { LintInput, SeveritySetting } from '../core/types';
import { lintPass, type FilePass, type RunIds } from '../engine/lint';
import { portablePass } from '../engine/posted-pass';
import { sharedQueue } from '../engine/target-queue';
import { Project } from '../project/project';
import type { Kind } from '../core/kinds';
import type { ParseLimits } from '../syntax/types';
import { readInput } from './files';

export interface WorkerJob {
  /** Every file of the run (settings and policies are the run's); the worker takes batches of them from `counter`. */
  files: string[];
  /** The run's queue counter (engine/target-queue.ts), shared with the main thread. */
  counter: SharedArrayBuffer;
  /** Files per batch taken. */
  batch: number;
  /** The rule ids of the whole run's policies. */
  ids: RunIds;
  /** Which files are dropped when they hold no known kind: all but `except`, or only `except`. */
  discovered: { all: boolean; except: string[] };
  /** Files the walk could not read: their input with its problem. */
  unread: [string, LintInput][];
  explicitConfig?: string;
  now: string;
  targetVersion?: string;
  kind?: Kind;
  limits: ParseLimits;
  cwd: string;
  inlineConfig?: boolean;
  /** LintRunOptions.suggestionEdits of the run. */
  suggestionEdits?: boolean;
  /** Severities from --rule. */
  rules?: Record<string, SeveritySetting>;
}

/**
 * What a worker posts: the pass of each batch it linted as soon as it is linted (so that its own
 * heap does not grow with its results), then `done`; or the error that stopped it.
 */
export type WorkerMessage = { pass: FilePass } | { done: true } | { error: string };

async function run(job: WorkerJob, post: (m: WorkerMessage) => void): Promise<void> {
  const resolver = new ConfigResolver(KNOWN_RULE_IDS, job.explicitConfig, ruleOverrides(job.rules ?? {}));
  // Bound, not wrapped (as the CLI's: main.ts).
  const settingsFor = resolver.settingsFor.bind(resolver);
  const except = new Set(job.discovered.except);
  const unread = new Map(job.unread);
  const queue = sharedQueue(new Int32Array(job.counter), job.files.length, job.batch);
  const targets = { paths: job.files, read: (f: string) => unread.get(f) ?? readInput(f, job.limits) };
  await lintPass(Project.ofFiles(settingsFor), targets, {
    now: new Date(job.now),
    targetVersion: job.targetVersion,
    kind: job.kind,
    limits: job.limits,
    cwd: job.cwd,
    inlineConfig: job.inlineConfig,
    suggestionEdits: job.suggestionEdits,
    skipUnknown: (p) => job.discovered.all !== except.has(p),
    release: true,
  }, queue, job.ids, (pass) => post({ pass: portablePass(pass) }));
}

/** Runs in the worker thread (dist/worker.js): one job in (workerData), a message per batch out, then `done`. */
export function workerMain(): void {
  if (!parentPort) throw new Error('omlint: the worker entry runs only in a worker thread');
  const post = (m: WorkerMessage) => parentPort!.postMessage(m);
  void run(workerData as WorkerJob, post).then(
    () => post({ done: true }),
    (e) => post({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
}
