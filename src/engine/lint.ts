// lintProject(project, targets) → LintRun: the one lint both front doors call. A run reads its
// files one by one (prepare.ts: parse and kinds; passes.ts: schema, rules, digests, transitions;
// finish.ts: directives, limits, masking), then runs the workspace rules over each complete
// scope, lints again a file they report on, and places related locations across files. The run
// carries each file's source (text, secrets) beside its result, for formatters, workers, the
// cache and --fix to take explicitly.
import type { Kind } from '../core/kinds';
import { KNOWN_RULE_IDS, RULE_INFO } from '../../rules/registry';
import type { FileResult, LintOptions, LintRun, Rule, RunSource } from '../core/types';
import { defaultSettings, type FileSettings } from '../config/load';
import { Project } from '../project/project';
import type { LintInput } from '../core/types';
import type { SourceFile } from '../syntax/index';
import type { TargetQueue } from './target-queue';
import type { LintRunOptions, LintTargets, ProjectLintOptions } from './run-options';
import { addReport, internalError, placeRelated, placeStartLines, type FileState } from './file-report';
import { prepareFile } from './prepare';
import { checkFile, digestFile, judgePlaces, runWorkspaceRules, type DigestRecord } from './passes';
import { finish, lean, leanResult } from './finish';
import { runMasks, type RunMasks } from './mask';
import { RuleBook } from './rule-book';
import { mergeReports, placeRelatedFrom, placesOf } from './merge-reports';
import { fixToFixedPoint } from './fix-loop';

export type { LintInput };
export type { KindReport, LintRunOptions, LintTargets, ProjectLintOptions, TransitionPairs } from './run-options';
export { MAX_PROBLEMS_PER_FILE } from './run-options';
export { displayPath } from './file-report';
export type { DigestRecord } from './passes';
export { cleanSource } from './finish';
export { appliedChange } from './fix-loop';
export { DocumentResultCache, type DocumentCacheStats } from './document-cache';

/** A project of the given texts alone (no other file is read): what lint() and lintAndFix() lint in. */
export function projectOf(opts: LintRunOptions = {}): Project {
  return Project.ofFiles(opts.settingsFor ?? defaultSettings, opts.ruleSet);
}

/**
 * Lints `targets` together in `project` (one run: workspace rules see every document of a scope, as
 * the project groups them). The project owns settings, parses and scopes; `targets` are the texts
 * to lint (the CLI: the files of its walk; the server: a buffer and the other files of its scope).
 */
export async function lintProject(project: Project, targets: LintInput[], opts: ProjectLintOptions = {}): Promise<LintRun> {
  return lintEach(project, { paths: targets.map((t) => t.filePath), read: (_, i) => targets[i] }, opts);
}

/** What linting files one by one leaves for the end of the run; a worker thread posts it back. */
export interface FilePass {
  /** The targets linted, in the order linted. */
  targets: number[];
  /** Per target of `targets`: its result and source (null: dropped, no Ops Manager document). */
  done: ({ result: FileResult; source: RunSource } | null)[];
  digests: DigestRecord[];
  /** Targets whose findings name places in other files of the run. */
  elsewhere: number[];
  /** Kinds met (the rules of the end of the run are loaded for them). */
  kinds: Kind[];
  /**
   * Targets whose workspace findings cannot be added to `done` without linting them again
   * (merge-reports.ts); absent: none can (a worker's pass, whose results lack their fixes).
   */
  unmergeable?: number[];
}

/** What a run knows of its files before the first is read: settings, policies, rule ids. */
interface RunFrame {
  settings: FileSettings[];
  policies: Rule[];
  known: Set<string>;
  workspaceIds: Set<string>;
  /** Texts the run masked with no listed secret and found clean (engine/mask.ts): a run of two files or more (one file repeats few texts). */
  masks: RunMasks | undefined;
}

/** Rule ids a run knows besides the registry's (its policies'): what a worker needs of the whole run. */
export interface RunIds {
  known: string[];
  workspace: string[];
}

/** The frame of targets `from`..`to` (settings of those only), knowing the ids of `ids` too. */
function runFrame(project: Project, targets: LintTargets, opts: ProjectLintOptions, from = 0, to = targets.paths.length, ids?: RunIds): RunFrame {
  const settings: FileSettings[] = [];
  for (let i = from; i < to; i++) settings[i] = project.settingsFor(targets.paths[i]);
  // Policies: the config's rules of each file; a workspace policy sees the members it applies to.
  const policies: Rule[] = [];
  const seen = new Set<Rule>();
  for (let i = from; i < to; i++) {
    for (const p of settings[i].policies ?? []) {
      if (seen.has(p)) continue;
      seen.add(p);
      policies.push(p);
    }
  }
  const extra = [...(opts.ruleSet ?? []), ...policies].map((r) => r.meta.id).concat(ids?.known ?? []);
  const known = extra.length ? new Set([...KNOWN_RULE_IDS, ...extra]) : KNOWN_RULE_IDS;
  const workspaceIds = new Set([...RULE_INFO.values()].filter((r) => r.scope === 'workspace').map((r) => r.id).concat([...(opts.ruleSet ?? []), ...policies].filter((r) => r.meta.scope === 'workspace').map((r) => r.meta.id), ids?.workspace ?? []));
  return { settings, policies, known, workspaceIds, masks: to - from > 1 ? runMasks() : undefined };
}

/** The ids a worker's share of this run must know (its policies'). */
export function runIds(project: Project, paths: readonly string[]): RunIds {
  const policies = [...new Set(paths.flatMap((p) => project.settingsFor(p).policies ?? []))];
  return { known: policies.map((r) => r.meta.id), workspace: policies.filter((r) => r.meta.scope === 'workspace').map((r) => r.meta.id) };
}

/** An empty pass, to which passRange adds. */
const newPass = (): FilePass => ({ targets: [], done: [], digests: [], elsewhere: [], kinds: [], unmergeable: [] });

/** Targets `from`..`to` read, checked and finished one by one into `pass`, their parses let go when asked. */
async function passRange(project: Project, targets: LintTargets, opts: ProjectLintOptions, book: RuleBook, frame: RunFrame, from: number, to: number, pass: FilePass): Promise<void> {
  const kinds = new Set<Kind>(pass.kinds);
  for (let i = from; i < to; i++) {
    // A worker resolves the settings of the targets it takes only.
    const settings = (frame.settings[i] ??= project.settingsFor(targets.paths[i]));
    const file = prepareFile(project, targets.read(targets.paths[i], i), opts, settings);
    const loading = book.load(file);
    if (loading) await loading;
    checkFile(file, book, opts);
    opts.onFileChecked?.(file.input.filePath);
    pass.targets.push(i);
    if (file.dropped) pass.done.push(null);
    else {
      for (const d of file.docs) if (d.kind) kinds.add(d.kind);
      const first = pass.digests.length;
      digestFile(file, i, book.workspace, pass.digests, opts);
      const f = finish(file, frame.known, frame.workspaceIds, opts, frame.masks);
      if (f.result.diagnostics.length > 0) judgePlaces(file, pass.digests, first);
      if (f.result.diagnostics.length > 0 && placeRelated(f.result, (p) => (p === file.displayPath ? file : undefined))) pass.elsewhere.push(i);
      pass.done.push(opts.release ? { result: leanResult(f.result), source: lean(f.source, f.result.diagnostics, f.result.diagnostics.length > 0 ? placeLines(pass.digests, first) : undefined, frame.masks) } : f);
      if (!mergeable(file, opts)) pass.unmergeable!.push(i);
    }
    if (opts.release) project.sources.forget(file.input.filePath);
  }
  pass.kinds = [...kinds];
}

/** The lines of the places recorded by digests `from`.. of `digests` (where merge-reports.ts may add a finding). */
function placeLines(digests: readonly DigestRecord[], from: number): number[] {
  const out: number[] = [];
  for (let k = from; k < digests.length; k++) {
    const places = digests[k].places;
    if (places) placeStartLines(places, out);
  }
  return out;
}

/**
 * Whether workspace findings can be added to the finished file as linting it again would add
 * them: not past the problem limit, nor with inline directives (a workspace finding may be the
 * one a directive silences, or uses).
 */
function mergeable(file: FileState, opts: LintRunOptions): boolean {
  const { error, warning, info } = file.overflow;
  const directives = opts.inlineConfig !== false && file.sourceFile.syntax === 'yaml' && file.sourceFile.comments().directives.lines !== undefined;
  return error + warning + info === 0 && !directives;
}

/**
 * A run split between threads: each thread takes batches of targets from one queue
 * (target-queue.ts) until none is left, so that no thread idles while another has a long range
 * left; the other threads' passes come back with their results and digests.
 */
export interface FileShares {
  queue: TargetQueue;
  /**
   * Told after each batch this thread lints, with the files it linted so far (the CLI may start a
   * worker then); a promise: this thread waits for it (a turn of the event loop, to take in what
   * the workers posted meanwhile).
   */
  onBatch?(linted: number): Promise<void> | void;
  /**
   * The passes of the other threads, once they are all done. Targets a thread took but never
   * posted (it died) are linted in this thread.
   */
  passes(): Promise<FilePass[]>;
}

/**
 * The batches of a run this thread takes from `queue` (what a worker thread lints of a run split
 * by file), each pass given to `post` as soon as its batch is linted; `ids`: the rule ids of the
 * whole run's policies (runIds), so that directives read the same.
 */
export async function lintPass(project: Project, targets: LintTargets, opts: ProjectLintOptions, queue: TargetQueue, ids: RunIds | undefined, post: (pass: FilePass) => void): Promise<void> {
  const book = new RuleBook(opts.ruleSet);
  const frame = runFrame(project, targets, opts, 0, 0, ids);
  for (let batch = queue.take(); batch; batch = queue.take()) {
    const pass = newPass();
    await passRange(project, targets, opts, book, frame, batch[0], batch[1], pass);
    post(pass);
  }
}

/**
 * Lints `targets` file by file: each is read, parsed, checked and finished before the next, and the
 * workspace rules keep only their digests of its documents. Once every scope is complete the
 * workspace rules run on the digests; a file they report on is linted again with their reports
 * (read again through `targets.read`), and related locations in other files are placed. `shares`:
 * the run split with other threads (worker threads), which take batches of targets from the same
 * queue as this one.
 */
export async function lintEach(project: Project, targets: LintTargets, opts: ProjectLintOptions = {}, shares?: FileShares, kept?: KeptFrame): Promise<LintRun> {
  const frame = kept?.frame ?? runFrame(project, targets, opts);
  const { settings, known, workspaceIds } = frame;
  const book = kept?.book ?? new RuleBook(opts.ruleSet);
  const own = newPass();
  if (!shares) await passRange(project, targets, opts, book, frame, 0, targets.paths.length, own);
  else {
    for (let batch = shares.queue.take(); batch; batch = shares.queue.take()) {
      await passRange(project, targets, opts, book, frame, batch[0], batch[1], own);
      await shares.onBatch?.(own.targets.length);
    }
  }
  const passes = [own, ...(shares ? await shares.passes() : [])];
  const done: FilePass['done'] = new Array(targets.paths.length);
  for (const pass of passes) pass.targets.forEach((t, k) => (done[t] = pass.done[k]));
  // Taken by a thread that died before it posted them: linted here.
  const left = newPass();
  for (let i = 0; i < done.length; i++) if (done[i] === undefined) await passRange(project, targets, opts, book, frame, i, i + 1, left);
  left.targets.forEach((t, k) => (done[t] = left.done[k]));
  passes.push(left);
  // The digests in the order of their files, whichever thread made them (the rules' reports follow it).
  const digests = shares ? passes.flatMap((p) => p.digests).sort((a, b) => a.target - b.target) : own.digests;
  const elsewhere = passes.flatMap((p) => p.elsewhere);
  for (const pass of passes.slice(1)) await book.loadKinds(pass.kinds);
  const now = opts.now ?? new Date();
  const optionsOf = (i: number): LintOptions => ({ now, targetVersion: opts.targetVersion ?? settings[i].targetVersion, secretPlaceholders: settings[i].secretPlaceholders });
  const reports = runWorkspaceRules(digests, book.workspace, frame.policies, settings, optionsOf, opts);
  // Made once a workspace rule has reported (most runs: none).
  const places = placesOf(reports.size > 0 ? digests : []);
  const mergeHere = new Set<number>();
  for (const pass of passes) if (pass.unmergeable) for (const t of pass.targets) mergeHere.add(t);
  for (const pass of passes) for (const t of pass.unmergeable ?? []) mergeHere.delete(t);
  // Files with workspace findings: the findings added to their results at the places their digests
  // recorded; or linted again (their parse was let go), the findings added as they were made, in
  // the order they were before the run was streamed.
  const again = new Map<number, FileState>();
  const quiet: ProjectLintOptions = { ...opts, onKinds: undefined, onFileChecked: undefined, onPairs: undefined };
  for (const [i, list] of [...reports].sort((a, b) => a[0] - b[0])) {
    if (mergeHere.has(i) && mergeReports(done[i]!, list, places, settings[i], opts)) {
      elsewhere.push(i);
      continue;
    }
    const file = prepareFile(project, targets.read(targets.paths[i], i), quiet, settings[i]);
    const loading = book.load(file);
    if (loading) await loading;
    checkFile(file, book, quiet);
    // The digests again, for their internal errors only (the run's digests are taken).
    digestFile(file, i, book.workspace, [], opts);
    for (const w of list) {
      const doc = file.docs[w.documentIndex];
      if (w.report) addReport(file, doc, w.ruleId, w.report, opts);
      else if (doc) internalError(file, doc, w.ruleId, w.error, opts);
    }
    const f = finish(file, known, workspaceIds, opts, frame.masks);
    done[i] = opts.release ? { result: leanResult(f.result), source: lean(f.source, f.result.diagnostics, undefined, frame.masks) } : f;
    again.set(i, file);
    elsewhere.push(i);
  }
  // Related locations in other files of the run (a duplicate's first document): their ranges.
  const index = new Map<string, number>();
  done.forEach((f, i) => f && index.set(f.result.filePath, i));
  const parsedAgain = new Map<number, FileState>();
  const fileAt = (displayPath: string): FileState | undefined => {
    const i = index.get(displayPath);
    if (i === undefined) return undefined;
    let f = again.get(i) ?? parsedAgain.get(i);
    if (!f) parsedAgain.set(i, (f = prepareFile(project, targets.read(targets.paths[i], i), quiet, settings[i])));
    return f;
  };
  for (const i of new Set(elsewhere)) {
    if (!placeRelatedFrom(done[i]!.result, places)) continue;
    const mine = again.get(i);
    placeRelated(done[i]!.result, (p) => (mine && p === mine.displayPath ? mine : fileAt(p)));
  }
  if (opts.release) for (const i of [...again.keys(), ...parsedAgain.keys()]) project.sources.forget(targets.paths[i]);
  const results: FileResult[] = [];
  const sources = new Map<string, RunSource>();
  for (const f of done) {
    if (!f) continue;
    results.push(f.result);
    sources.set(f.result.filePath, f.source);
  }
  return { results, sources };
}

/** What runs of the same file path, options and settings share (TextLinter). */
interface KeptFrame {
  book: RuleBook;
  frame: RunFrame;
}

/** A text parsed by a TextLinter, in a project of its own: lint() reads this parse. */
export interface ParsedText {
  text: string;
  project: Project;
  sourceFile: SourceFile;
}

/**
 * Lints one text at a time as the same file with the same options (the emulator's request
 * bodies), each in a project of its own (nothing of one text is kept for the next): the rule book
 * and the run's frame are made once, not per text, so that a text pays for its own parse and
 * checks only. Runs may overlap (the book makes a run wait for rules another is loading).
 */
export class TextLinter {
  private readonly settings: FileSettings;
  private readonly kept: KeptFrame;

  constructor(
    readonly filePath: string,
    private readonly opts: LintRunOptions = {},
  ) {
    const settings = (this.settings = (opts.settingsFor ?? defaultSettings)(filePath));
    const project = Project.ofFiles(() => settings, opts.ruleSet);
    this.kept = { book: new RuleBook(opts.ruleSet), frame: runFrame(project, { paths: [filePath], read: () => ({ filePath, text: '' }) }, opts) };
  }

  /** Loads the rules and validators of `kinds` now (their transition rules too: `transitions`), not when the first text of the kind comes. */
  preload(kinds: readonly Kind[], transitions = false): Promise<void> {
    return this.kept.book.loadKinds(kinds, transitions);
  }

  /** The text's parse, in a new project: lint() of it reads this parse instead of parsing again. */
  parse(text: string): ParsedText {
    const project = Project.ofFiles(() => this.settings, this.opts.ruleSet);
    return { text, project, sourceFile: project.parse(this.filePath, text, this.opts.limits) };
  }

  /** The text's result with the linter's options and `more` (its kind, clock, pairs…); `base`: the text's base. */
  async lint(text: string | ParsedText, more: ProjectLintOptions = {}, base?: LintInput['base']): Promise<FileResult | undefined> {
    const parsed = typeof text === 'string' ? this.parse(text) : text;
    const input: LintInput = { filePath: this.filePath, text: parsed.text, base };
    // Object.assign, not a spread: a spread's copy per body outlived young-generation collections (bench/README.md, serveput).
    const run = await lintEach(parsed.project, { paths: [this.filePath], read: () => input }, Object.assign({}, this.opts, more), undefined, this.kept);
    return run.results[0];
  }
}

/** Lints texts together in a project of their own; the results only (rule tests, tools that print nothing). */
export async function lint(inputs: LintInput[], opts: LintRunOptions = {}): Promise<FileResult[]> {
  return (await lintProject(projectOf(opts), inputs, opts)).results;
}

/** lintAndFix() of texts in a project of their own; the results only (with `output`, the fixed text). */
export async function lintAndFix(inputs: LintInput[], opts: LintRunOptions = {}): Promise<FileResult[]> {
  return (await fixProject(projectOf(opts), inputs, opts)).results;
}

/**
 * Applies the safe fixes of `inputs`, linting again to a fixed point (fix-loop.ts). `first`: the
 * run of exactly these inputs and options when the caller has it already (the language server
 * keeps each version's run): the fixing starts from it instead of linting again.
 */
export async function fixProject(project: Project, inputs: LintInput[], opts: ProjectLintOptions = {}, first?: LintRun): Promise<LintRun> {
  return fixToFixedPoint(inputs, opts, (texts) => lintProject(project, texts, opts), first);
}
