// The per-file report: a file's state while it is linted, and how each finding is placed in it
// (severity, the problem limit, its exact range, its fixes as text edits, template values).
import path from 'node:path';
import type { ParsedDocument, SourceFile } from '../syntax/index';
import type { KindSource } from '../kinds/detect';
import type { Kind } from '../core/kinds';
import { RULE_INFO } from '../../rules/registry';
import { fixEdits } from '../syntax/fix';
import { getAt, joinPointer, parentPointer } from '../core/pointer';
import { isPlaceholder, templateMessage } from '../model/placeholders';
import { fieldPath } from '../model/secrets';
import type { Diagnostic, FileResult, Fix, LintInput, LintOptions, MessageReport, Range, Rule, Severity, Span, TextFix } from '../core/types';
import type { FileSettings } from '../config/load';
import type { DocumentFacts } from '../core/facts';
import { notBelow, pathBelow } from '../core/normal-paths';
import { MAX_PROBLEMS_PER_FILE, type LintRunOptions } from './run-options';
import { SPARSE_MIN_CHARS } from '../core/lines';

export interface ItemState {
  index: number;
  document: ParsedDocument;
  base: string;
  kind?: Kind;
  value: unknown;
  /** Where the kind came from; or why there is none (for onKinds). */
  source?: KindSource;
  /** The kind declared for a document with no content (comments only): reported, not checked. */
  declared?: Kind;
  why?: string;
  /** The facts of the item's value shared by the schema, its rules and the masking; made when it is checked. */
  facts?: DocumentFacts;
}

export interface FileState {
  input: LintInput;
  displayPath: string;
  settings: FileSettings;
  /** The text version's SourceFile (its comments: directives, modelines). */
  sourceFile: SourceFile;
  docs: ItemState[];
  diagnostics: Diagnostic[];
  options: LintOptions;
  dropped: boolean;
  /** Problems recorded, and those not recorded once maxProblemsPerFile was reached, by severity. */
  recorded: Record<Severity, number>;
  /** Template values some rule would have judged: "doc index \0 pointer" → the rules. */
  templates?: Map<string, { doc: ItemState; pointer: string; value: string; rules: Set<string> }>;
  overflow: Record<Severity, number>;
  /** Secret values of the base: masked in messages too. */
  baseSecrets?: string[];
  /** The rules turned off for this file (undefined: none, as in most runs), once offRules() asked. */
  off?: ReadonlySet<string> | null;
  /** Whether a value is a template by the file's placeholders (one function for the file's documents, schema, rules and digests). */
  isTemplate: (value: unknown) => boolean;
  /**
   * Suggestions not made into text edits yet (LintRunOptions.suggestionEdits false): made by
   * suggestionsWhereRead. Three slots each (the diagnostic, its document, the fixes) in one flat
   * array: most findings' are never made, and an object each would be kept until the file ends.
   */
  unmade?: (Diagnostic | ItemState | Fix[])[];
}

/**
 * The rule ids turned off for a file (`--rule` and the config; `--rule` wins), found once per
 * file by reading the few severities set, instead of asking both tables for every rule.
 */
export function offRules(file: FileState, opts: LintRunOptions): ReadonlySet<string> | undefined {
  if (file.off === undefined) {
    const given = opts.rules;
    const mine = file.settings.rules;
    let off: Set<string> | undefined;
    for (const id in given) if (given[id] === 'off') (off ??= new Set()).add(id);
    for (const id in mine) if (mine[id] === 'off' && given?.[id] == null) (off ??= new Set()).add(id);
    file.off = off ?? null;
  }
  return file.off ?? undefined;
}

/**
 * Whether the file is full for this severity: then the problem is only counted. The limit holds
 * per severity, so that ten thousand warnings never hide an error.
 */
export function overflowed(file: FileState, severity: Severity, opts: LintRunOptions): boolean {
  if (file.recorded[severity] < (opts.maxProblemsPerFile ?? MAX_PROBLEMS_PER_FILE)) {
    file.recorded[severity]++;
    return false;
  }
  file.overflow[severity]++;
  return true;
}


export function displayPath(filePath: string, cwd = process.cwd()): string {
  const below = pathBelow(cwd, filePath);
  if (below !== undefined) return below;
  // Outside the working directory: shown as it is (path.relative would only climb with "..").
  if (notBelow(cwd, filePath)) return filePath;
  if (filePath === '<stdin>' || !path.isAbsolute(filePath)) return filePath.split(path.sep).join('/');
  const rel = path.relative(cwd, filePath);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : filePath;
}

export function severityOf(ruleId: string, reported: Severity | undefined, file: Pick<FileState, 'settings'>, opts: LintRunOptions): Severity | 'off' {
  const configured = opts.rules?.[ruleId] ?? file.settings.rules[ruleId];
  if (configured) return configured;
  return reported ?? RULE_INFO.get(ruleId)?.severity ?? 'error';
}

/** The span of a pointer's key or value; absent subjects go to the nearest existing parent's key. */
export function spanFor(file: FileState, doc: ParsedDocument, absPointer: string, target: 'key' | 'value'): Span {
  // A root key's one-line scalar: the span locate would give, told by the parse's table without
  // a walk (rootScalar answers no other pointer, and a one-line value is underlined whole).
  const scalar = target === 'value' && absPointer !== '' ? doc.rootScalar?.(absPointer) : undefined;
  if (scalar) return scalar;
  let p = absPointer;
  let loc = doc.locate(p);
  let missing = false;
  while (!loc && p !== '') {
    p = parentPointer(p);
    loc = doc.locate(p);
    missing = true;
  }
  if (!loc) return { start: doc.span.start, end: doc.span.start };
  if (missing && !loc.key) {
    // The subject's object is the root or an array item: underline its first key.
    const first = doc.keysAt?.(p)?.[0];
    const firstLoc = first !== undefined ? doc.locate(joinPointer(p, first)) : undefined;
    if (firstLoc?.key) return firstLoc.key;
  }
  const span = (target === 'key' || missing) && loc.key ? loc.key : loc.value;
  // A multi-line object or array value: underline its first line only (told by where that line
  // ends, found from its start: no copy of a value that may be megabytes long).
  if (span === loc.value) {
    const end = file.sourceFile.lines.firstLineEnd(span);
    if (end !== undefined) return { start: span.start, end: Math.max(span.start + 1, Math.min(span.end, end)) };
  }
  return span;
}

/** A place of a document recorded while it is in hand (WorkspaceRule.places), as addReport and placeRelated would place it. */
export interface Place {
  pointer: string;
  span: Span;
  range: Range;
  /** Its value is a template (a report there would be a template note instead). */
  template: boolean;
}

/**
 * Places as a digest keeps them until the end of the run: eight slots each (pointer, span start
 * and end, range start line and column, end line and column, template 0/1), in one flat array
 * per document instead of six objects per place.
 */
export type PackedPlaces = (string | number)[];
const PLACE_SLOTS = 8;

/**
 * A document's place at `pointer`, packed. `judged` false: its template slot left 0 (only a file
 * with findings has it read, by merge-reports.ts; judgeTemplates fills it in for such a file).
 */
export function placeOf(file: FileState, doc: ItemState, pointer: string, judged = true): PackedPlaces {
  const span = spanFor(file, doc.document, doc.base + pointer, 'value');
  // Most files never show a finding: their place is counted to, without a line table.
  const { start, end } = file.sourceFile.lines.rangeOnce(span);
  return [pointer, span.start, span.end, start.line, start.column, end.line, end.column, judged && templateAt(file, doc, pointer) ? 1 : 0];
}

/**
 * placeOf unjudged, for a root key's one-line value whose span the parse tells at once
 * (ParsedDocument.rootScalar); undefined: ask placeOf. A clean file's digest compiles no navigator.
 */
export function rootPlace(file: FileState, doc: ItemState, pointer: string): PackedPlaces | undefined {
  const span = doc.base === '' ? doc.document.rootScalar?.(pointer) : undefined;
  if (!span) return undefined;
  const { line, column } = file.sourceFile.lines.startInLine(span.start, span.end);
  return [pointer, span.start, span.end, line, column, line, column + (span.end - span.start), 0];
}

/** Whether the value at `pointer` of a document is a template (a report there would be a template note). */
function templateAt(file: FileState, doc: ItemState, pointer: string): boolean {
  const value = getAt(doc.value, pointer);
  return typeof value === 'string' && isPlaceholder(value, file.options.secretPlaceholders);
}

/** The template slots of places packed by placeOf unjudged, filled in (`doc`: the document they are of). */
export function judgeTemplates(file: FileState, doc: ItemState, packed: PackedPlaces): void {
  for (let k = 0; k + PLACE_SLOTS <= packed.length; k += PLACE_SLOTS) packed[k + 7] = templateAt(file, doc, packed[k] as string) ? 1 : 0;
}

/** The places packed by placeOf. */
export function unpackPlaces(packed: PackedPlaces): Place[] {
  const out: Place[] = [];
  for (let k = 0; k + PLACE_SLOTS <= packed.length; k += PLACE_SLOTS) {
    const [pointer, s, e, l1, c1, l2, c2, t] = packed.slice(k, k + PLACE_SLOTS) as [string, number, number, number, number, number, number, number];
    out.push({ pointer, span: { start: s, end: e }, range: { start: { line: l1, column: c1 }, end: { line: l2, column: c2 } }, template: t === 1 });
  }
  return out;
}

/** The last place at `pointer` among places packed by placeOf, made into a Place (none made of the others). */
export function packedPlace(packed: PackedPlaces, pointer: string): Place | undefined {
  for (let k = Math.floor(packed.length / PLACE_SLOTS) * PLACE_SLOTS - PLACE_SLOTS; k >= 0; k -= PLACE_SLOTS) {
    if (packed[k] !== pointer) continue;
    const n = (j: number) => packed[k + j] as number;
    return { pointer, span: { start: n(1), end: n(2) }, range: { start: { line: n(3), column: n(4) }, end: { line: n(5), column: n(6) } }, template: n(7) === 1 };
  }
  return undefined;
}

/** The start lines of places packed by placeOf, pushed on `out` (no Place made of them). */
export function placeStartLines(packed: PackedPlaces, out: number[]): void {
  for (let k = 3; k < packed.length; k += PLACE_SLOTS) out.push(packed[k] as number);
}

function toTextFix(file: FileState, doc: ItemState, fix: Fix): TextFix | undefined {
  const edits = fixEdits(file.sourceFile, doc.document, doc.base, fix.ops);
  return edits ? { title: fix.title, edits } : undefined;
}

export function addReport(file: FileState, doc: ItemState | undefined, ruleId: string, report: MessageReport, opts: LintRunOptions, docIndexOverride?: number): void {
  const severity = severityOf(ruleId, report.severity, file, opts);
  if (severity === 'off') return;
  if (doc && ruleId !== TEMPLATE_VALUE && templateJudged(file, doc, ruleId, report)) return;
  if (overflowed(file, severity, opts)) return;
  const span = doc ? spanFor(file, doc.document, doc.base + report.pointer, report.target ?? 'value') : { start: 0, end: 0 };
  const fix = doc && report.fix ? toTextFix(file, doc, report.fix) : undefined;
  const later = doc && report.suggestions && opts.suggestionEdits === false;
  const suggestions = doc && report.suggestions && !later ? textFixes(file, doc, report.suggestions) : undefined;
  const diagnostic: Diagnostic = {
    ruleId,
    severity,
    message: report.message,
    // Always present (undefined without one): one shape for every finding, no spread; JSON leaves it out.
    messageId: report.messageId,
    pointer: report.pointer,
    range: rangeOf(file, span),
    kind: doc?.kind ?? 'unknown',
    documentIndex: docIndexOverride ?? doc?.index ?? 0,
    fixable: Boolean(fix),
    fix,
    suggestions,
    related: report.related,
    span,
  };
  file.diagnostics.push(diagnostic);
  if (later) (file.unmade ??= []).push(diagnostic, doc, report.suggestions!);
}

/**
 * A finding's range. In a text below the sparse table's size, counted to from the text's start
 * (or from where the file's last count stopped): the line table that the file's code frames build
 * later (keepFrames) is not searched here, and a digest's place on the same line then counts
 * nothing more. A bigger text asks its table (counting its lines twice would cost more than the
 * table's search).
 */
function rangeOf(file: FileState, span: Span): Range {
  const lines = file.sourceFile.lines;
  return lines.text.length < SPARSE_MIN_CHARS ? lines.rangeOnce(span) : lines.range(span);
}

/** The suggestions that make text edits, as text fixes (undefined: none). */
function textFixes(file: FileState, doc: ItemState, fixes: Fix[]): TextFix[] | undefined {
  // Pushed, not mapped: `.map()` in optimized code makes a holey array, in unoptimized code a packed
  // one, and the readers of both (maskAll, the formats) were compiled again for the second.
  let made: TextFix[] | undefined;
  for (const s of fixes) {
    const fix = toTextFix(file, doc, s);
    if (fix) (made ??= []).push(fix);
  }
  return made;
}

/**
 * The suggestions left unmade by addReport, made where the run reads them: in a file of two
 * findings or more, which aggregate.ts may group by their titles and merge (a file of one
 * finding shows none in the CLI's output). Before the masking: their titles are masked too.
 */
export function suggestionsWhereRead(file: FileState, diagnostics: readonly Diagnostic[]): void {
  if (!file.unmade || diagnostics.length < 2) return;
  const u = file.unmade;
  for (let k = 0; k + 2 < u.length; k += 3) (u[k] as Diagnostic).suggestions = textFixes(file, u[k + 1] as ItemState, u[k + 2] as Fix[]);
}

export const TEMPLATE_VALUE = 'template-value';

/**
 * A report that judges a template value (`{{ .Values.x }}`, `:MONGOD_VERSION:`) is moot: the
 * value is not the one the server will see. It is recorded, and the file gets one info per such
 * value instead (templateInfos). The schema mapper sends its own (rule `template-value`, with the
 * check it skipped in `skipped`).
 */
function templateJudged(file: FileState, doc: ItemState, ruleId: string, report: MessageReport): boolean {
  if ((report.target ?? 'value') !== 'value') return false;
  const value = getAt(doc.value, report.pointer);
  if (typeof value !== 'string' || !isPlaceholder(value, file.options.secretPlaceholders)) return false;
  noteTemplate(file, doc, report.pointer, value, ruleId);
  return true;
}

export function noteTemplate(file: FileState, doc: ItemState, pointer: string, value: string, ruleId: string): void {
  const key = `${doc.index}\0${pointer}`;
  file.templates ??= new Map();
  let entry = file.templates.get(key);
  if (!entry) file.templates.set(key, (entry = { doc, pointer, value, rules: new Set() }));
  entry.rules.add(ruleId);
}

/** One info per template value that a check skipped. */
export function templateInfos(file: FileState, opts: LintRunOptions): void {
  if (!file.templates) return;
  for (const t of file.templates.values()) {
    addReport(file, t.doc, TEMPLATE_VALUE, { pointer: t.pointer, message: templateMessage(fieldPath(t.pointer) || 'The document', t.value, [...t.rules].sort()) }, opts);
  }
  file.templates.clear();
}

export function addSpanDiagnostic(file: FileState, ruleId: string, message: string, span: Span, documentIndex: number, opts: LintRunOptions, kind: Kind | 'unknown' = 'unknown', pointer = ''): void {
  const severity = severityOf(ruleId, undefined, file, opts);
  if (severity === 'off' || overflowed(file, severity, opts)) return;
  file.diagnostics.push({ ruleId, severity, message, pointer, range: file.sourceFile.lines.range(span), kind, documentIndex, fixable: false, span });
}

export function internalError(file: FileState, doc: ItemState, ruleId: string, e: unknown, opts: LintRunOptions): void {
  const msg = e instanceof Error ? e.message : String(e);
  addReport(file, doc, 'internal-error', { pointer: '', message: `Rule ${ruleId} failed on this document (${msg.split('\n')[0]}); the other rules still ran. Please report this.` }, opts);
}

export function appliesTo(rule: Rule, kind: Kind): boolean {
  return rule.meta.kinds === '*' || rule.meta.kinds.includes(kind);
}

/**
 * Gives related locations their ranges, from the files `fileOf` finds (the file itself while it is
 * linted; other files of the run at its end). True when some are left for another file.
 */
export function placeRelated(result: FileResult, fileOf: (displayPath: string) => FileState | undefined): boolean {
  let left = false;
  for (const d of result.diagnostics) {
    // No `?? []`: an empty literal's map is not a related list's (another compile of the loop).
    if (d.related === undefined) continue;
    for (const rel of d.related) {
      if (rel.range) continue;
      const f = fileOf(rel.filePath);
      const doc = f?.docs[rel.documentIndex];
      if (f && doc) rel.range = f.sourceFile.lines.range(spanFor(f, doc.document, doc.base + rel.pointer, 'value'));
      else left = true;
    }
  }
  return left;
}

