// Finishing a checked file: its template notes, inline directives, the problem limit, secrets
// masked in every text of its findings, repeated findings made one, sorted and counted.
import type { ParsedFile } from '../syntax/index';
import { compareStrings } from '../core/pointer';
import { applyDirectives, directiveProblems, NO_DIRECTIVES } from '../syntax/suppress';
import { aggregateRepeats } from './aggregate';
import { collectSecretValues, maskSecrets, type RunMasks } from './mask';
import { keepFrames } from './frame-lines';
import { LineIndex } from '../core/lines';
import { detached } from '../core/detached';
import type { Diagnostic, FileResult, RunSource, Severity } from '../core/types';
import { MAX_PROBLEMS_PER_FILE, type LintRunOptions } from './run-options';
import { overflowed, severityOf, suggestionsWhereRead, templateInfos, type FileState } from './file-report';

export function finish(file: FileState, knownRules: Set<string>, workspaceRules: Set<string>, opts: LintRunOptions, masks?: RunMasks): { result: FileResult; source: RunSource } {
  templateInfos(file, opts);
  const { text, lines } = file.sourceFile;
  const found = opts.inlineConfig !== false && file.sourceFile.syntax === 'yaml' ? file.sourceFile.comments().directives : NO_DIRECTIVES;
  let diagnostics = applyDirectives(file.diagnostics, found.directives, lines);
  const usageKnown = file.overflow.error + file.overflow.warning + file.overflow.info === 0;
  for (const p of directiveProblems(found, { text, knownRules, removable: (id) => !workspaceRules.has(id), usageKnown })) {
    const severity = severityOf('unused-disable-directive', undefined, file, opts);
    // A file of a million directive comments is held to the problem limit too.
    if (severity === 'off' || overflowed(file, severity, opts)) continue;
    diagnostics.push({ ruleId: 'unused-disable-directive', severity, message: p.message, pointer: '', range: lines.range(p.span), kind: 'unknown', documentIndex: 0, fixable: Boolean(p.fix), fix: p.fix, suggestions: p.suggestions, span: p.span });
  }
  const { error, warning, info } = file.overflow;
  if (error + warning + info > 0) {
    // As severe as the worst problem left out, so that the exit code stays what it would be.
    const severity: Severity = error ? 'error' : warning ? 'warning' : 'info';
    const span = { start: 0, end: 0 };
    const max = opts.maxProblemsPerFile ?? MAX_PROBLEMS_PER_FILE;
    const message = `omlint records at most ${max} problems of each severity per file: ${error + warning + info} more (${error} errors, ${warning} warnings, ${info} infos) are not shown. Fix the ones shown, or split the file.`;
    diagnostics.push({ ruleId: 'limit-exceeded', severity, message, pointer: '', range: file.sourceFile.lines.range(span), kind: 'unknown', documentIndex: 0, fixable: false, span });
  }
  // Fill in related ranges (cross-document) later in lint(); mask secrets in every message.
  const secrets = collectSecretValues(
    file.docs.map((d) => ({
      kind: d.kind,
      value: d.document.unusable ? d.document.salvage?.() : d.value,
      facts: d.facts,
      blockRead: d.document.blockRead,
      jsonRead: d.document.jsonRead && d.value === d.document.value,
      jsonColons: d.document.jsonColons,
      sourceOf: (pointer: string) => {
        const loc = d.document.locate(d.base + pointer);
        return loc ? file.sourceFile.text.slice(loc.value.start, loc.value.end) : undefined;
      },
    })),
    // Nothing of a clean file is printed but a fixed text, which the formatter masks itself:
    // the walks over every value and every line are for files with something to say.
    diagnostics.length > 0 ? { text: file.sourceFile.text, wide: true } : { wide: false },
  );
  if (file.baseSecrets?.length) secrets.push(...file.baseSecrets);
  suggestionsWhereRead(file, diagnostics);
  maskAll(diagnostics, secrets, masks);
  // Nothing to say (most files of a run): no grouping, sort or counts to make.
  let counts = { errorCount: 0, warningCount: 0, infoCount: 0 };
  if (diagnostics.length > 0) {
    diagnostics = sortDiagnostics(aggregateRepeats(diagnostics, { filePath: file.displayPath, documentValue: (i) => file.docs[i]?.value }));
    counts = countsOf(diagnostics);
  }
  // map(): an array of the exact length (pushed into, an empty array grows to 17 slots, kept for every file of a run).
  const kinds = file.docs.map((d) => d.kind ?? 'unknown');
  // Each property named (a spread leaves the last ones in a separate property array: 40 bytes more a file).
  const result: FileResult = { filePath: file.displayPath, kinds, documents: file.docs.length, errorCount: counts.errorCount, warningCount: counts.warningCount, infoCount: counts.infoCount, diagnostics };
  // `lines`: the file's line index, for a formatter to reuse (counting the lines of a big text again costs as much as the first time).
  return { result, source: { secrets, text: file.sourceFile.text, bom: file.sourceFile.bom, lines: file.sourceFile.lines, parseProblems: badParse(file.sourceFile.problems) } };
}

/** Every text of the findings with the file's secrets masked (and long quoted values cut, only once masked). */
export function maskAll(diagnostics: readonly Diagnostic[], secrets: readonly string[], masks?: RunMasks): void {
  // Every file, with or without listed secrets: a message may quote a value shaped like a secret
  // under a plain name (a token pasted as an e-mail address), and a quoted value is cut only once masked.
  // With none listed, a text the run found clean before is not masked again (the same message in every file).
  const clean = secrets.length === 0 ? masks?.texts : undefined;
  const mask = clean ? (t: string) => clean.through(t) : (t: string) => maskSecrets(t, secrets);
  for (const d of diagnostics) {
    d.message = mask(d.message);
    // A secret pasted where a key belongs ends up in a pointer.
    d.pointer = mask(d.pointer);
    // Copied only when masking changed a text: most findings have nothing to mask or cut.
    const retitle = <T extends { title: string }>(f: T): T => {
      const title = mask(f.title);
      return title === f.title ? f : { ...f, title };
    };
    if (d.fix) d.fix = retitle(d.fix);
    if (d.suggestions) d.suggestions = changed(d.suggestions, retitle);
    if (d.related) d.related = changed(d.related, (r) => {
      const message = mask(r.message);
      return message === r.message ? r : { ...r, message };
    });
  }
}

/**
 * A finding's list with `change` made to each item: the list itself when no item changed (most),
 * else a copy of it (of its map: `.map()` in optimized code makes a holey array, and the readers of
 * the lists were compiled again for it). Each finding's lists are its own (file-report.ts).
 */
function changed<T>(list: T[], change: (item: T) => T): T[] {
  let out: T[] | undefined;
  for (let k = 0; k < list.length; k++) {
    const item = change(list[k]);
    if (item !== list[k]) (out ??= list.slice())[k] = item;
  }
  return out ?? list;
}

/** A file's findings in the order results show them (stable: ties keep the order they were made in). */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort(compareDiagnostics);
}

/** The order of sortDiagnostics: line, column, rule id. */
export const compareDiagnostics = (a: Diagnostic, b: Diagnostic): number => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column || compareStrings(a.ruleId, b.ruleId);

/** A file's problems by severity (an aggregate counts each of its places). */
export function countsOf(diagnostics: readonly Diagnostic[]): Pick<FileResult, 'errorCount' | 'warningCount' | 'infoCount'> {
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  for (const d of diagnostics) {
    const n = d.occurrences ?? 1;
    if (d.severity === 'error') errorCount += n;
    else if (d.severity === 'warning') warningCount += n;
    else if (d.severity === 'info') infoCount += n;
  }
  return { errorCount, warningCount, infoCount };
}

/** Syntax errors and duplicate keys among a parse's problems: a fix must never add any. */
function badParse(problems: ParsedFile['problems']): number {
  // Counted, not filtered: a filter's result has another map when empty than when not (a second compile of finish).
  let n = 0;
  for (const p of problems) if (p.ruleId === 'syntax-error' || p.ruleId === 'duplicate-key') n++;
  return n;
}

/** The source of a clean file without secrets, in a released run: one object for them all (read only). */
const NOTHING_TO_SHOW: readonly RunSource[] = [false, true].map((bom) => Object.freeze({ text: '', bom, secrets: Object.freeze([]) as unknown as string[] }));

/** The source of a clean file without secrets (a worker posts such a file as its target alone: posted-pass.ts). */
export const cleanSource = (bom: boolean): RunSource => NOTHING_TO_SHOW[bom ? 1 : 0];

/**
 * A finished file's result as a released run keeps it until the report: its findings in an array
 * of their number (one pushed into has room for 17: 128 bytes more a file).
 */
export function leanResult(result: FileResult): FileResult {
  if (result.diagnostics.length > 0) result.diagnostics = result.diagnostics.slice();
  return result;
}

/**
 * A finished file as a released run keeps it: no text; its secrets (masking), and where it has
 * findings the lines their code frames show, and those of `more` (where workspace findings may
 * be added: merge-reports.ts).
 */
export function lean(source: RunSource, diagnostics: readonly Diagnostic[], more?: readonly number[], masks?: RunMasks): RunSource {
  // Detached: a secret is cut out of the text, which it would otherwise keep (core/detached.ts).
  const secrets = source.secrets.length > 0 ? detachedCopy(source.secrets) : source.secrets;
  if (diagnostics.length === 0) return secrets.length > 0 ? { text: '', bom: source.bom, secrets } : NOTHING_TO_SHOW[source.bom ? 1 : 0];
  const lines = source.lines ?? new LineIndex(source.text);
  // The findings' lines, then the others: one array of the exact length. An other line that is a
  // finding's (a digest's place where the finding stands) is left out while the findings are few:
  // keepFrames skips a line met before, so its frames are the same, and one line takes its short way.
  const n = diagnostics.length;
  const extra = more?.length ?? 0;
  let others = extra;
  if (n <= FEW_FINDINGS) for (let k = 0; k < extra; k++) if (onFindingLine(diagnostics, more![k])) others--;
  const at = new Array<number>(n + others);
  for (let k = 0; k < n; k++) at[k] = diagnostics[k].range.start.line;
  for (let k = 0, j = n; k < extra; k++) if (others === extra || !onFindingLine(diagnostics, more![k])) at[j++] = more![k];
  return { text: '', bom: source.bom, secrets, frames: keepFrames(lines, secrets, at, masks?.lines), parseProblems: source.parseProblems };
}

/** Findings up to this many are searched for a line of `more` (lean): a linear search each. */
const FEW_FINDINGS = 4;

/** Whether one of `diagnostics` starts on `line`. */
function onFindingLine(diagnostics: readonly Diagnostic[], line: number): boolean {
  for (let k = 0; k < diagnostics.length; k++) if (diagnostics[k].range.start.line === line) return true;
  return false;
}

/**
 * A list of secrets with each one detached, of the list's length and map: `.map()` in optimized
 * code makes a holey array, a map the readers of the lists (keptLine, replaceListed) met nowhere
 * else, and were compiled again for.
 */
function detachedCopy(secrets: readonly string[]): string[] {
  const out = secrets.slice();
  for (let k = 0; k < out.length; k++) out[k] = detached(out[k]);
  return out;
}
