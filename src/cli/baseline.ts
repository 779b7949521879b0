// Bulk suppressions (a baseline), as ESLint 9.24 has them: omlint-suppressions.json, committed,
// counts the errors per file and rule, so that a team adopts omlint on a repository with existing
// findings and the gate fails only on new ones.
// - `--suppress-all` / `--suppress-rule <id>` record the current counts of error findings.
// - A file with at most the recorded count of a rule's errors: they are not reported. With more,
//   all of them are (which ones are new is unknowable from counts), as ESLint does.
// - With fewer, the entry can be pruned: a notice on stderr and exit 2, as ESLint does, unless
//   `--pass-on-unpruned-suppressions`; `--prune-suppressions` lowers the counts.
// The file holds paths, rule ids and counts only: never a message, so never a secret.
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import type { FileResult } from '../core/types';
import { nearMatches } from '../core/near';
import { writeFileAtomic } from '../io/write-file';
import { describeFsError } from '../io/fs-errors';
import { NEVER_SUPPRESSED } from '../core/never-suppressed';
import { isObject } from '../core/is-object';

export const DEFAULT_SUPPRESSIONS_FILE = 'omlint-suppressions.json';

/** file (relative to the working directory, with '/') → rule id → count of error findings. */
export type Suppressions = Record<string, Record<string, { count: number }>>;

/** A problem with the suppressions file or the flags: one line, exit 2. */
export class BaselineError extends Error {}

export interface BaselineFlags {
  suppressAll?: boolean;
  suppressRule?: string[];
  pruneSuppressions?: boolean;
  suppressionsLocation?: string;
  passOnUnprunedSuppressions?: boolean;
}

export const UNPRUNED_NOTICE = 'There are suppressions left that do not occur anymore. Consider re-running the command with `--prune-suppressions` (or pass `--pass-on-unpruned-suppressions`).';

/** The key of a result's file: relative to the working directory, with '/' on every platform. */
export function suppressionKey(filePath: string, cwd: string): string {
  return path.relative(cwd, path.resolve(cwd, filePath)).split(path.sep).join('/');
}

/** Error findings per rule (ESLint counts errors only: warnings are never suppressed). */
function errorCounts(r: FileResult): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of r.diagnostics) {
    if (d.severity !== 'error' || NEVER_SUPPRESSED.has(d.ruleId)) continue;
    // A repeated finding (one diagnostic for several places, engine/aggregate.ts) counts each place.
    counts.set(d.ruleId, (counts.get(d.ruleId) ?? 0) + (d.occurrences ?? 1));
  }
  return counts;
}

function isCount(v: unknown): boolean {
  return typeof v === 'object' && v !== null && Number.isSafeInteger((v as { count?: unknown }).count) && (v as { count: number }).count > 0;
}

/** The suppressions in a file ({} when it does not exist). */
export function loadSuppressions(file: string): Suppressions {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    // ENOTDIR: a parent is a file; writing it will say so.
    if (['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) return {};
    throw new BaselineError(`cannot read the suppressions file ${file}: ${describeFsError(e)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BaselineError(`the suppressions file ${file} is not valid JSON; restore it from version control, or delete it and run --suppress-all.`);
  }
  const valid = isObject(data) && Object.values(data).every((rules) => isObject(rules) && Object.values(rules).every(isCount));
  if (!valid) throw new BaselineError(`the suppressions file ${file} is not { "<file>": { "<rule-id>": { "count": <n> } } }; restore it from version control, or delete it and run --suppress-all.`);
  return data as Suppressions;
}

/** Writes the file atomically, keys sorted for stable diffs. */
export function saveSuppressions(file: string, s: Suppressions): void {
  const sorted: Suppressions = {};
  for (const f of Object.keys(s).sort()) {
    const rules = Object.keys(s[f]).sort();
    if (rules.length === 0) continue;
    sorted[f] = {};
    for (const r of rules) sorted[f][r] = { count: s[f][r].count };
  }
  // Temp file, flush, rename (write-file.ts); a failure is one line and exit 2 (FileWriteError).
  writeFileAtomic(file, JSON.stringify(sorted, null, 2) + '\n', { makeDirs: true, what: 'the suppressions file', replaceLinks: true });
}

/** Records the current error counts of every rule, or of `rules` only (ESLint's `suppress`). */
export function suppress(s: Suppressions, results: FileResult[], cwd: string, rules?: string[]): Suppressions {
  const out = structuredClone(s);
  for (const r of results) {
    const key = suppressionKey(r.filePath, cwd);
    for (const [rule, count] of errorCounts(r)) {
      if (rules && !rules.includes(rule)) continue;
      (out[key] ??= {})[rule] = { count };
    }
  }
  return out;
}

/** Drops the results' suppressed errors; `unused`: the counts left over, per file and rule. */
export function applySuppressions(results: FileResult[], s: Suppressions, cwd: string): { results: FileResult[]; unused: Suppressions } {
  const unused: Suppressions = {};
  const out = results.map((r) => {
    const key = suppressionKey(r.filePath, cwd);
    const entry = s[key];
    if (!entry) return r;
    const counts = errorCounts(r);
    const hidden = new Set<string>();
    for (const [rule, { count }] of Object.entries(entry)) {
      const found = counts.get(rule) ?? 0;
      if (found <= count) hidden.add(rule);
      if (found < count) (unused[key] ??= {})[rule] = { count: count - found };
    }
    if (![...hidden].some((rule) => counts.has(rule))) return r;
    const diagnostics = r.diagnostics.filter((d) => !(d.severity === 'error' && hidden.has(d.ruleId)));
    return { ...r, diagnostics, errorCount: diagnostics.reduce((n, d) => n + (d.severity === 'error' ? (d.occurrences ?? 1) : 0), 0) };
  });
  return { results: out, unused };
}

/** Lowers the counts to what the results still have (ESLint's `prune`). */
export function prune(s: Suppressions, results: FileResult[], cwd: string): Suppressions {
  const out = structuredClone(s);
  const { unused } = applySuppressions(results, s, cwd);
  for (const [file, rules] of Object.entries(unused)) {
    for (const [rule, { count }] of Object.entries(rules)) {
      const left = out[file][rule].count - count;
      if (left > 0) out[file][rule] = { count: left };
      else delete out[file][rule];
    }
    if (Object.keys(out[file]).length === 0) delete out[file];
  }
  return out;
}

const errorsWord = (n: number) => `${n} error${n === 1 ? '' : 's'}`;

function total(s: Suppressions): number {
  return Object.values(s).reduce((n, rules) => n + Object.values(rules).reduce((m, r) => m + r.count, 0), 0);
}

/** What is at a path, a link not followed; 'none' also where a parent is a file (ENOTDIR: the write then says so). */
function kindOf(p: string): 'file' | 'directory' | 'link' | 'other' | 'none' {
  try {
    const stat = lstatSync(p, { throwIfNoEntry: false });
    return !stat ? 'none' : stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : stat.isSymbolicLink() ? 'link' : 'other';
  } catch {
    return 'none';
  }
}

/** The baseline of a `check` run: the flags checked, the file found; undefined when none is in play. */
export class Baseline {
  private unused: Suppressions = {};

  private constructor(
    private readonly file: string,
    private readonly flags: BaselineFlags,
    private readonly cwd: string,
  ) {}

  /** Checks the flags before any linting (ESLint's messages and exit code 2). */
  static forRun(flags: BaselineFlags, cwd: string, stdin: boolean, known: ReadonlySet<string> = KNOWN_RULE_IDS): Baseline | undefined {
    const writing = flags.suppressAll || flags.suppressRule !== undefined;
    if (flags.suppressAll && flags.suppressRule) throw new BaselineError('The --suppress-all option and the --suppress-rule option cannot be used together.');
    if (writing && flags.pruneSuppressions) throw new BaselineError(`The ${flags.suppressAll ? '--suppress-all' : '--suppress-rule'} option and the --prune-suppressions option cannot be used together.`);
    if (stdin) {
      if (writing || flags.pruneSuppressions) throw new BaselineError('The --suppress-all, --suppress-rule and --prune-suppressions options cannot be used with --stdin.');
      return undefined; // as ESLint: a baseline counts files, standard input is none
    }
    for (const id of flags.suppressRule ?? []) {
      if (known.has(id)) continue;
      const near = nearMatches(id, [...known]);
      throw new BaselineError(`--suppress-rule ${id}: no such rule.${near.length ? ` Did you mean "${near[0]}"?` : ''} (omlint rules lists them)`);
    }
    let file = path.resolve(cwd, flags.suppressionsLocation ?? DEFAULT_SUPPRESSIONS_FILE);
    // A directory (as ESLint accepts): the file of the default name in it.
    if (kindOf(file) === 'directory') file = path.join(file, DEFAULT_SUPPRESSIONS_FILE);
    // The committed file decides what passes: a link there (a mistake, or aimed at the user's files) is refused, never followed.
    if (kindOf(file) === 'link') throw new BaselineError(`the suppressions file ${path.relative(cwd, file) || file} is a symbolic link; omlint neither reads nor writes a baseline through a link: replace it with the file itself.`);
    const exists = kindOf(file) === 'file';
    if (flags.suppressionsLocation && !exists && !writing) {
      throw new BaselineError(`The suppressions file ${flags.suppressionsLocation} does not exist. Run the command with --suppress-all or --suppress-rule to create it.`);
    }
    if (!exists && !writing) return undefined;
    return new Baseline(file, flags, cwd);
  }

  /** Records or prunes as the flags say, then drops the suppressed errors from the results. */
  apply(results: FileResult[], stderr: { write(s: string): unknown }): FileResult[] {
    let s = loadSuppressions(this.file);
    const shown = path.relative(this.cwd, this.file) || this.file;
    if (this.flags.suppressAll || this.flags.suppressRule) {
      const before = total(s);
      s = suppress(s, results, this.cwd, this.flags.suppressRule);
      saveSuppressions(this.file, s);
      stderr.write(`omlint: ${shown} now suppresses ${errorsWord(total(s))} (was ${before}).\n`);
    } else if (this.flags.pruneSuppressions) {
      const before = total(s);
      s = prune(s, results, this.cwd);
      saveSuppressions(this.file, s);
      stderr.write(`omlint: ${shown} now suppresses ${errorsWord(total(s))} (was ${before}).\n`);
    }
    const applied = applySuppressions(results, s, this.cwd);
    this.unused = applied.unused;
    return applied.results;
  }

  /** Whether the run will exit 2 for entries that could be pruned (the report must not say all is well). */
  unpruned(): boolean {
    return Object.keys(this.unused).length > 0 && !this.flags.passOnUnprunedSuppressions;
  }

  /**
   * After the report: true (exit 2) when entries could be pruned, as ESLint does, unless
   * --pass-on-unpruned-suppressions (ESLint 9.28).
   */
  failsOnUnpruned(stderr: { write(s: string): unknown }): boolean {
    if (!this.unpruned()) return false;
    stderr.write(`omlint: ${UNPRUNED_NOTICE}\n`);
    return true;
  }
}
