// lintProject(project, targets) → LintRun: the one lint both front doors call. Parse (through the
// project's cache), split into documents, find kinds, run the schema and the rules, run workspace
// rules per project scope (the project says which), place every finding at its exact range, apply
// severities and suppressions, mask secrets. The run carries each file's source (text, secrets)
// beside its result, for formatters, workers, the cache and --fix to take explicitly.
import path from 'node:path';
import { DEFAULT_LIMITS, type LineIndex, type ParseLimits, type ParsedDocument, type ParsedFile, type SourceFile } from '../syntax/index';
import { declaredKind, detectItems, kindFromText, nearKindInFileName, nearKindInFileNameMessage, type KindSource } from '../kinds/detect';
import { KINDS as RULE_KINDS, kindWithArticle, type Kind } from '../core/kinds';
import { loadValidators, validateLoaded } from '../schema/validate';
import { KNOWN_RULE_IDS, RULE_INFO, loadRules } from '../../rules/registry';
import { applyEdits, fixEdits } from '../syntax/fix';
import { compareStrings, getAt, joinPointer, parentPointer } from '../core/pointer';
import { applyDirectives, directiveProblems, NO_DIRECTIVES } from '../syntax/suppress';
import { aggregateRepeats } from './aggregate';
import { collectSecretValues, cutQuoted, maskSecrets } from './mask';
import { isPlaceholder, templateMessage } from '../model/placeholders';
import { fieldPath, forgetFoundSecrets } from '../model/secrets';
import type {
  Diagnostic, FileResult, Fix, LintOptions, LintRun, MessageReport, Report, Rule, RuleContext, RunSource, ScopeDocument, Severity, SeveritySetting, Span, TextFix, WorkspaceRule, DocumentRule, TransitionRule,
} from '../core/types';
import { baseRange, BASE_UNUSABLE, parseBase, type BaseDocument } from './base';
import { matchDocuments } from '../model/document-identity';
import { defaultSettings, type FileSettings } from '../config/load';
import { notBelow, pathBelow } from '../core/normal-paths';
import { didYouMean } from '../config/did-you-mean';
import { Project } from '../project/project';
import { defineBuiltin, reportMessage } from '../core/rule';
import type { LintInput } from '../core/types';
import type { TargetQueue } from './target-queue';
export type { LintInput };

export interface LintRunOptions {
  /** Clock for date rules (default: now). */
  now?: Date;
  targetVersion?: string;
  /** Force the kind of every document (--kind). */
  kind?: Kind;
  /** Severities that win over the config (command line, tests). */
  rules?: Record<string, SeveritySetting>;
  /**
   * What the config says about a file (default: no config). Only lint() and lintAndFix(), which
   * make a project of their texts, read it: lintProject() asks its project.
   */
  settingsFor?: (filePath: string) => FileSettings;
  limits?: ParseLimits;
  /** Files found by directory traversal: drop them when no document has any known kind. */
  skipUnknown?: (filePath: string) => boolean;
  /** Paths are shown relative to this directory when below it. */
  cwd?: string;
  /** Rule modules (default: all of rules/). */
  ruleSet?: Rule[];
  /** Problems of each severity recorded per file at most (default MAX_PROBLEMS_PER_FILE). */
  maxProblemsPerFile?: number;
  /** False: omlint-disable/enable comments are ignored (--no-inline-config). */
  inlineConfig?: boolean;
  /**
   * Told each file's documents, their kinds and where each kind came from (--debug, --print-config);
   * `skipped`: why the file was dropped (skipUnknown), or false.
   */
  onKinds?: (filePath: string, documents: KindReport[], skipped: string | false) => void;
  /** Called as each file's documents are checked (progress counts files, not runs). */
  onFileChecked?: (filePath: string) => void;
  /**
   * Told, for each file with a base, its documents paired with the base's (`omlint plan` builds
   * the plan from them, so that each text is parsed once).
   */
  onPairs?: (filePath: string, pairs: TransitionPairs) => void;
  /**
   * Let each file's parse go once the file is linted, and keep a clean file's text only where it
   * has secrets (the CLI's runs: memory stays flat over 50,000 files). A file that a workspace rule
   * reports on afterwards is read again (LintTargets.read) and linted again with the report.
   */
  release?: boolean;
  /**
   * Parses a file's base (default: parseText, anew each run). The language server passes its
   * cache of the files at HEAD: a base is parsed once per commit, not once per keystroke.
   */
  parseBase?: (text: string, label: string, limits: ParseLimits) => SourceFile;
  /**
   * fixProject(): also apply a finding's suggestion when it is the finding's only one and there is
   * no safe fix (`--fix-suggestions`, Ruff's `--unsafe-fixes`). A finding with several suggestions
   * offers a choice and is never applied.
   */
  fixSuggestions?: boolean;
}

/** The change fixProject() applies for a finding: its safe fix, or (with fixSuggestions) its one suggestion. */
export function appliedChange(d: Diagnostic, fixSuggestions: boolean | undefined): TextFix | undefined {
  if (d.fix) return d.fix;
  return fixSuggestions && d.suggestions?.length === 1 ? d.suggestions[0] : undefined;
}

/** The files of a run, each read when its turn comes (and again when a workspace rule reports on it). */
export interface LintTargets {
  paths: readonly string[];
  read(filePath: string, index: number): LintInput;
}

/** A file's documents and its base's, matched by kind and identity. */
export interface TransitionPairs {
  baseLabel: string;
  pairs: { kind: Kind; documentIndex: number; value: unknown; base: unknown }[];
  added: { kind: Kind; documentIndex: number; value: unknown }[];
  removed: { kind: Kind; value: unknown }[];
}

/** The options of a lint in a project: the project, not the options, says what the config says of a file. */
export type ProjectLintOptions = Omit<LintRunOptions, 'settingsFor'>;

/** How one lintable item got its kind (or why it has none). */
export interface KindReport {
  documentIndex: number;
  /** The item's pointer in its YAML document ('' for the whole document). */
  base: string;
  kind?: Kind;
  source?: KindSource;
  /** Why no kind, when none. */
  problem?: string;
}

/**
 * A hostile file (a million-item array, a mapping with 100,000 unknown keys) must not make
 * millions of diagnostics: memory and output would explode. Beyond this, problems are counted.
 */
export const MAX_PROBLEMS_PER_FILE = 10_000;

interface DocState {
  index: number;
  parsed: ParsedDocument;
  base: string;
  kind?: Kind;
  value: unknown;
  /** Where the kind came from; or why there is none (for onKinds). */
  source?: KindSource;
  /** The kind declared for a document with no content (comments only): reported, not checked. */
  declared?: Kind;
  why?: string;
}

interface FileState {
  input: LintInput;
  displayPath: string;
  settings: FileSettings;
  /** The text version's SourceFile (its comments: directives, modelines). */
  parsed: SourceFile;
  docs: DocState[];
  diagnostics: Diagnostic[];
  options: LintOptions;
  dropped: boolean;
  /** Problems recorded, and those not recorded once maxProblemsPerFile was reached, by severity. */
  recorded: Record<Severity, number>;
  /** Template values some rule would have judged: "doc index \0 pointer" → the rules. */
  templates?: Map<string, { doc: DocState; pointer: string; value: string; rules: Set<string> }>;
  overflow: Record<Severity, number>;
  /** Secret values of the base (issue 19): masked in messages too. */
  baseSecrets?: string[];
  /** The rules turned off for this file (undefined: none, as in most runs), once offRules() asked. */
  off?: ReadonlySet<string> | null;
  /** Whether a value is a template by the file's placeholders (one function for the file's documents, schema, rules and digests). */
  isTemplate: (value: unknown) => boolean;
}

/**
 * The rule ids turned off for a file (`--rule` and the config; `--rule` wins), found once per
 * file by reading the few severities set, instead of asking both tables for every rule.
 */
function offRules(file: FileState, opts: LintRunOptions): ReadonlySet<string> | undefined {
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
function overflowed(file: FileState, severity: Severity, opts: LintRunOptions): boolean {
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

function severityOf(ruleId: string, reported: Severity | undefined, file: FileState, opts: LintRunOptions): Severity | 'off' {
  const configured = opts.rules?.[ruleId] ?? file.settings.rules[ruleId];
  if (configured) return configured;
  return reported ?? RULE_INFO.get(ruleId)?.severity ?? 'error';
}

/** Whether a span holds a line break (by line number: no copy of a value that may be megabytes long). */
function hasLineBreak(lines: LineIndex, span: Span): boolean {
  return lines.spansLines(span);
}

/** The span of a pointer's key or value; absent subjects go to the nearest existing parent's key. */
function spanFor(file: FileState, doc: ParsedDocument, absPointer: string, target: 'key' | 'value'): Span {
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
  // A multi-line object or array value: underline its first line only.
  if (span === loc.value && hasLineBreak(file.parsed.lines, span)) {
    const line = file.parsed.lines.position(span.start).line;
    return { start: span.start, end: Math.max(span.start + 1, Math.min(span.end, file.parsed.lines.lineEnd(line))) };
  }
  return span;
}

function toTextFix(file: FileState, doc: DocState, fix: Fix): TextFix | undefined {
  const edits = fixEdits(file.parsed, doc.parsed, doc.base, fix.ops);
  return edits ? { title: fix.title, edits } : undefined;
}

function addReport(file: FileState, doc: DocState | undefined, ruleId: string, report: MessageReport, opts: LintRunOptions, docIndexOverride?: number): void {
  const severity = severityOf(ruleId, report.severity, file, opts);
  if (severity === 'off') return;
  if (doc && ruleId !== TEMPLATE_VALUE && templateJudged(file, doc, ruleId, report)) return;
  if (overflowed(file, severity, opts)) return;
  const span = doc ? spanFor(file, doc.parsed, doc.base + report.pointer, report.target ?? 'value') : { start: 0, end: 0 };
  const fix = doc && report.fix ? toTextFix(file, doc, report.fix) : undefined;
  const suggestions = doc && report.suggestions ? report.suggestions.map((s) => toTextFix(file, doc, s)).filter((s): s is TextFix => Boolean(s)) : undefined;
  file.diagnostics.push({
    ruleId,
    severity,
    message: report.message,
    ...(report.messageId === undefined ? {} : { messageId: report.messageId }),
    pointer: report.pointer,
    range: file.parsed.lines.range(span),
    kind: doc?.kind ?? 'unknown',
    documentIndex: docIndexOverride ?? doc?.index ?? 0,
    fixable: Boolean(fix),
    fix,
    suggestions: suggestions?.length ? suggestions : undefined,
    related: report.related,
    span,
  });
}

const TEMPLATE_VALUE = 'template-value';

/**
 * A report that judges a template value (`{{ .Values.x }}`, `:MONGOD_VERSION:`) is moot: the
 * value is not the one the server will see. It is recorded, and the file gets one info per such
 * value instead (templateInfos). The schema mapper sends its own (rule `template-value`, with the
 * check it skipped in `skipped`).
 */
function templateJudged(file: FileState, doc: DocState, ruleId: string, report: MessageReport): boolean {
  if ((report.target ?? 'value') !== 'value') return false;
  const value = getAt(doc.value, report.pointer);
  if (typeof value !== 'string' || !isPlaceholder(value, file.options.secretPlaceholders)) return false;
  noteTemplate(file, doc, report.pointer, value, ruleId);
  return true;
}

function noteTemplate(file: FileState, doc: DocState, pointer: string, value: string, ruleId: string): void {
  const key = `${doc.index}\0${pointer}`;
  file.templates ??= new Map();
  let entry = file.templates.get(key);
  if (!entry) file.templates.set(key, (entry = { doc, pointer, value, rules: new Set() }));
  entry.rules.add(ruleId);
}

/** One info per template value that a check skipped. */
function templateInfos(file: FileState, opts: LintRunOptions): void {
  if (!file.templates) return;
  for (const t of file.templates.values()) {
    addReport(file, t.doc, TEMPLATE_VALUE, { pointer: t.pointer, message: templateMessage(fieldPath(t.pointer) || 'The document', t.value, [...t.rules].sort()) }, opts);
  }
  file.templates.clear();
}

function addSpanDiagnostic(file: FileState, ruleId: string, message: string, span: Span, documentIndex: number, opts: LintRunOptions, kind: Kind | 'unknown' = 'unknown', pointer = ''): void {
  const severity = severityOf(ruleId, undefined, file, opts);
  if (severity === 'off' || overflowed(file, severity, opts)) return;
  file.diagnostics.push({ ruleId, severity, message, pointer, range: file.parsed.lines.range(span), kind, documentIndex, fixable: false, span });
}

function internalError(file: FileState, doc: DocState, ruleId: string, e: unknown, opts: LintRunOptions): void {
  const msg = e instanceof Error ? e.message : String(e);
  addReport(file, doc, 'internal-error', { pointer: '', message: `Rule ${ruleId} failed on this document (${msg.split('\n')[0]}); the other rules still ran. Please report this.` }, opts);
}

function appliesTo(rule: Rule, kind: Kind): boolean {
  return rule.meta.kinds === '*' || rule.meta.kinds.includes(kind);
}

function invalidModelineMessage(name: string): string {
  return `The modeline names "${name}", which is no omlint kind.${didYouMean(name, RULE_KINDS)} Kinds: ${[...RULE_KINDS].join(', ')}.`;
}

/** Parses a file and finds its documents and their kinds. */
function prepareFile(project: Project, input: LintInput, opts: LintRunOptions, settings = project.settingsFor(input.filePath)): FileState {
  const limits = opts.limits ?? DEFAULT_LIMITS;
  // Through the project's cache: each text version is parsed once.
  const parsed = project.parse(input.filePath, input.text, limits);
  const options: LintOptions = {
    now: opts.now ?? new Date(),
    targetVersion: opts.targetVersion ?? settings.targetVersion,
    secretPlaceholders: settings.secretPlaceholders,
  };
  // Every field set here, the optional ones too: one shape for every file's state (V8 then keeps
  // one optimised form of the engine's per-file functions instead of recompiling them for another).
  const file: FileState = {
    input,
    displayPath: displayPath(input.filePath, opts.cwd),
    settings,
    parsed,
    docs: [],
    diagnostics: [],
    options,
    dropped: false,
    recorded: { error: 0, warning: 0, info: 0 },
    templates: undefined,
    overflow: { error: 0, warning: 0, info: 0 },
    baseSecrets: undefined,
    off: undefined,
    isTemplate: (value: unknown) => isPlaceholder(value, options.secretPlaceholders),
  };
  if (input.problem) {
    // Whatever the text still reads as (bytes decoded with U+FFFD) only serves to mask secrets in the frame.
    const read = input.text ? parsed.documents.find((d) => !d.empty) : undefined;
    const salvage = read ? () => (read.unusable ? read.salvage?.() : read.value) : undefined;
    file.docs.push({ index: 0, parsed: { value: null, empty: false, unusable: true, span: { start: 0, end: 0 }, locate: (p) => read?.locate(p), salvage }, base: '', value: null });
    addSpanDiagnostic(file, input.problem.ruleId, input.problem.message, input.problem.span ?? { start: 0, end: 0 }, 0, opts);
    return file;
  }
  const { modelines } = parsed.comments();
  const firstDocIndex: number[] = [];
  let unknownOnly = true;
  for (const pd of parsed.documents) {
    firstDocIndex.push(file.docs.length);
    if (pd.unusable) {
      // Judged below, by what can be read of the text (skipWhy).
      file.docs.push({ index: file.docs.length, parsed: pd, base: '', value: null, why: 'does not parse' });
      continue;
    }
    if (pd.empty) {
      unknownOnly = false;
      const doc: DocState = { index: file.docs.length, parsed: pd, base: '', value: null, why: 'empty' };
      file.docs.push(doc);
      addSpanDiagnostic(file, 'empty-document', parsed.documents.length > 1 ? 'This YAML document is empty; remove the stray "---" separator or give it content.' : 'The file is empty: it configures nothing.', { start: pd.span.start, end: pd.span.start }, doc.index, opts);
      continue;
    }
    const declared = declaredKind({ optionKind: opts.kind, configKind: file.settings.kind, filePath: input.filePath, modelines }, pd.span.end);
    if (declared && 'invalid' in declared) {
      unknownOnly = false;
      const doc: DocState = { index: file.docs.length, parsed: pd, base: '', value: pd.value, why: `the modeline names "${declared.invalid}", no kind` };
      file.docs.push(doc);
      const span = { start: declared.offset, end: declared.offset + declared.invalid.length + 14 };
      addSpanDiagnostic(file, 'unknown-kind', invalidModelineMessage(declared.invalid), span, doc.index, opts);
      continue;
    }
    for (const item of detectItems(pd.value, declared)) {
      const doc: DocState = { index: file.docs.length, parsed: pd, base: item.base, kind: item.kind, value: item.value, source: item.source, why: item.problem?.message };
      file.docs.push(doc);
      if (item.kind) {
        unknownOnly = false;
        continue;
      }
      const problem = item.problem!;
      if (problem.candidates.length > 0) unknownOnly = false;
      addReport(file, doc, 'unknown-kind', { pointer: problem.pointer ?? '', target: problem.pointer ? 'key' : undefined, message: problem.message, fix: problem.fix }, opts);
    }
  }
  if (parsed.documents.length === 0) {
    // Comments only: an empty document when a kind is declared for it (a modeline, the file
    // name…), so that it is not skipped as "no omlint document"; nothing otherwise.
    const declared = declaredKind({ optionKind: opts.kind, configKind: file.settings.kind, filePath: input.filePath, modelines }, parsed.text.length);
    if (declared) {
      unknownOnly = false;
      file.docs.push({ index: 0, parsed: { value: null, empty: true, span: { start: 0, end: 0 }, locate: () => undefined }, base: '', value: null, why: 'comments only', ...('kind' in declared ? { declared: declared.kind, source: declared.source } : {}) });
      if ('invalid' in declared) {
        addSpanDiagnostic(file, 'unknown-kind', invalidModelineMessage(declared.invalid), { start: declared.offset, end: declared.offset }, 0, opts);
      } else {
        const how = declared.source === 'file-name' ? 'by its file name' : declared.source === 'modeline' ? 'by its modeline' : declared.source === 'config' ? 'by the configuration' : 'by --kind';
        addSpanDiagnostic(file, 'empty-document', `The file holds only comments: it is declared ${kindWithArticle(declared.kind)} (${how}) but configures nothing.`, { start: 0, end: 0 }, 0, opts);
      }
    }
  }
  // A comment meant as a modeline that does not read as one: the kind it names was never applied.
  for (const b of parsed.syntax === 'yaml' ? parsed.comments().brokenModelines : []) {
    unknownOnly = false;
    if (file.docs.length === 0) file.docs.push({ index: 0, parsed: { value: null, empty: true, span: { start: 0, end: 0 }, locate: () => undefined }, base: '', value: null, why: 'comments only' });
    const fixed = `# omlint: kind=${b.kind ?? '<kind>'}`;
    addSpanDiagnostic(file, 'unknown-kind', `This comment looks like an omlint modeline but is malformed, so it declares no kind; write "${fixed}".`, { start: b.offset, end: b.offset + b.length }, 0, opts);
  }
  // A kind misspelt in the file name (`cpu.alert-confg.yaml`), when nothing else declares one.
  const nearName = declaredKind({ optionKind: opts.kind, configKind: file.settings.kind, filePath: input.filePath, modelines }, parsed.text.length) ? undefined : nearKindInFileName(input.filePath);
  if (nearName) {
    unknownOnly = false;
    if (file.docs.length === 0) file.docs.push({ index: 0, parsed: { value: null, empty: true, span: { start: 0, end: 0 }, locate: () => undefined }, base: '', value: null, why: 'comments only' });
    addSpanDiagnostic(file, 'unknown-kind', nearKindInFileNameMessage(nearName), { start: 0, end: 0 }, 0, opts);
  }
  // Problems found while parsing, attached to the first item of their YAML document.
  for (const p of parsed.problems) {
    const docIndex = firstDocIndex[p.documentIndex] ?? 0;
    const doc = file.docs[docIndex];
    let span = p.span;
    if (p.pointer !== undefined && doc && p.ruleId !== 'duplicate-key') {
      const loc = doc.parsed.locate(p.pointer);
      if (loc?.key) span = loc.key;
    }
    addSpanDiagnostic(file, p.ruleId, p.message, span, docIndex, opts, doc?.kind ?? 'unknown', p.pointer ?? '');
  }
  const skipped = unknownOnly && opts.skipUnknown?.(input.filePath) ? skipWhy(file, opts, modelines.length > 0) : undefined;
  file.dropped = skipped !== undefined;
  opts.onKinds?.(input.filePath, file.docs.map((d) => ({ documentIndex: d.index, base: d.base, kind: d.kind ?? d.declared, source: d.source, problem: d.kind ? undefined : d.why })), skipped ?? false);
  return file;
}

/**
 * Why a file of no known kind, where unknown files are skipped, is no Ops Manager document; undefined
 * when it must be reported. A text that does not parse (issue 31: a tsconfig.json with comments, a
 * Helm template) is one only when nothing declares a kind and its keys look like no kind's.
 */
function skipWhy(file: FileState, opts: LintRunOptions, modelines: boolean): string | undefined {
  const { parsed, input } = file;
  if (parsed.problems.length === 0 && !file.docs.some((d) => d.parsed.unusable)) return 'no document of a known kind, nor one that looks like one (not an Ops Manager document)';
  if (opts.kind || file.settings.kind || modelines || declaredKind({ filePath: input.filePath, modelines: [] }, 0)) return undefined;
  if (kindFromText(parsed.text)) return undefined;
  const syntax = parsed.syntax === 'json' ? 'JSON' : 'YAML';
  const problem = parsed.problems.some((p) => p.ruleId === 'syntax-error') || !parsed.problems[0] ? `not valid ${syntax}` : `not read as ${syntax} (${parsed.problems[0].ruleId})`;
  return `${problem}, and no Ops Manager document by what can be read of it: no kind declared (file name, modeline or config), no identifying key of any kind`;
}

/** Runs the schema and `rules` (those that apply to the document's kind) on a document. */
function checkDocument(file: FileState, doc: DocState, opts: LintRunOptions, rules: DocumentRule[]): void {
  const kind = doc.kind!;
  // Reports are placed together, so that a big JSON text is read forward once for all their positions.
  const pending: { ruleId: string; report: MessageReport }[] = [];
  const isTemplate = file.isTemplate;
  try {
    for (const finding of validateLoaded(kind, doc.value, isTemplate)) {
      if (finding.ruleId === TEMPLATE_VALUE) noteTemplate(file, doc, finding.pointer, String(getAt(doc.value, finding.pointer)), finding.skipped ?? 'schema');
      else pending.push({ ruleId: finding.ruleId, report: finding });
    }
  } catch (e) {
    internalError(file, doc, `schema validation (${kind})`, e, opts);
  }
  // One context for all rules of the document (rules run one after another, synchronously).
  let current: DocumentRule | undefined;
  const ctx: RuleContext = {
    value: doc.value,
    kind,
    filePath: file.displayPath,
    options: file.options,
    // An unknown message id throws here, inside the rule's check: an internal-error of that rule.
    report: (r) => pending.push({ ruleId: current!.meta.id, report: { ...r, message: reportMessage(current!.meta, r) } }),
    isTemplate,
  };
  const off = offRules(file, opts);
  for (const rule of rules) {
    current = rule;
    const id = rule.meta.id;
    if (off?.has(id)) continue;
    try {
      rule.check(ctx);
    } catch (e) {
      internalError(file, doc, id, e, opts);
    }
  }
  if (pending.length > 0 && doc.parsed.prepare) {
    const pointers: string[] = [];
    // A hint only: the reports past what a file can record (per severity) need no position.
    for (const { report } of pending.slice(0, 3 * (opts.maxProblemsPerFile ?? MAX_PROBLEMS_PER_FILE))) {
      pointers.push(doc.base + report.pointer);
      for (const f of [report.fix, ...(report.suggestions ?? [])]) for (const op of f?.ops ?? []) pointers.push(doc.base + op.pointer);
    }
    doc.parsed.prepare(pointers);
  }
  for (const { ruleId, report } of pending) addReport(file, doc, ruleId, report, opts);
}

/** A document's rules and the document policies of its file's config that apply to its kind. */
function withPolicies(rules: DocumentRule[], file: FileState, kind: Kind): DocumentRule[] {
  const own = file.settings.policies?.filter((r): r is DocumentRule => r.meta.scope !== 'workspace' && appliesTo(r, kind));
  return own?.length ? [...rules, ...own] : rules;
}

/**
 * A document's digest for a workspace rule (its whole value for a rule without a digest). `rule`
 * names the rule in a way that crosses threads: its id, or `policy:<k>` for the k-th workspace
 * policy of the file's config.
 */
export interface DigestRecord {
  target: number;
  rule: string;
  sd: ScopeDocument;
}

/** A document of a workspace rule's scope, in the rule's run. */
interface ScopeMember {
  target: number;
  sd: ScopeDocument;
}

/** A workspace rule's report on a file, placed when the file is linted again. */
interface WorkspaceReport {
  documentIndex: number;
  ruleId: string;
  report?: MessageReport;
  error?: unknown;
}

const workspacePolicies = (settings: FileSettings): WorkspaceRule[] => settings.policies?.filter((r): r is WorkspaceRule => r.meta.scope === 'workspace') ?? [];

/**
 * Each workspace rule's digest of each document of `file` it applies to, and those of the
 * workspace policies of its config. A digest that fails is the rule's internal error on the document.
 */
function digestFile(file: FileState, target: number, rules: readonly WorkspaceRule[], out: DigestRecord[], opts: LintRunOptions): void {
  const isTemplate = file.isTemplate;
  const digestOf = (rule: WorkspaceRule, key: string) => {
    for (const doc of file.docs) {
      if (!doc.kind || !appliesTo(rule, doc.kind)) continue;
      let digest: unknown;
      try {
        digest = rule.digest ? rule.digest({ value: doc.value, kind: doc.kind, filePath: file.displayPath, options: file.options, isTemplate }) : doc.value;
      } catch (e) {
        internalError(file, doc, rule.meta.id, e, opts);
        continue;
      }
      if (rule.digest && digest === undefined) continue;
      const sd: ScopeDocument = rule.digest ? { filePath: file.displayPath, documentIndex: doc.index, kind: doc.kind, value: undefined, digest } : { filePath: file.displayPath, documentIndex: doc.index, kind: doc.kind, value: doc.value };
      out.push({ target, rule: key, sd });
    }
  };
  for (const rule of rules) digestOf(rule, rule.meta.id);
  const policies = workspacePolicies(file.settings);
  for (let k = 0; k < policies.length; k++) digestOf(policies[k], `policy:${k}`);
}

/**
 * Runs the workspace rules (then the workspace policies) on their scopes' digests, the records in
 * the order of their files; the reports, by target file, in the order made.
 */
function runWorkspaceRules(records: readonly DigestRecord[], rules: readonly WorkspaceRule[], policies: readonly Rule[], settings: readonly FileSettings[], optionsOf: (target: number) => LintOptions, opts: LintRunOptions): Map<number, WorkspaceReport[]> {
  const out = new Map<number, WorkspaceReport[]>();
  const add = (target: number, r: WorkspaceReport) => {
    // A rule turned off for the file: no need to lint the file again.
    if (r.report && (opts.rules?.[r.ruleId] ?? settings[target].rules[r.ruleId]) === 'off') return;
    let list = out.get(target);
    if (!list) out.set(target, (list = []));
    list.push(r);
  };
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  const groups = new Map<WorkspaceRule, Map<string, ScopeMember[]>>();
  // The run's rules first, in their order; then the policies in the order they first appear.
  for (const r of [...rules, ...policies]) if (r.meta.scope === 'workspace') groups.set(r as WorkspaceRule, new Map());
  for (const rec of records) {
    const rule = rec.rule.startsWith('policy:') ? workspacePolicies(settings[rec.target])[Number(rec.rule.slice(7))] : byId.get(rec.rule);
    if (!rule) continue;
    let scopes = groups.get(rule);
    if (!scopes) groups.set(rule, (scopes = new Map()));
    const scope = settings[rec.target].scope;
    let members = scopes.get(scope);
    if (!members) scopes.set(scope, (members = []));
    members.push({ target: rec.target, sd: rec.sd });
  }
  for (const [rule, scopes] of groups) {
    for (const members of scopes.values()) {
      // Made on a scope's first report: most scopes have none (10,000 members, one map each).
      let bySd: Map<ScopeDocument, ScopeMember> | undefined;
      const options = optionsOf(members[0].target);
      try {
        rule.check({
          documents: members.map((m) => m.sd),
          options,
          isTemplate: (value) => isPlaceholder(value, options.secretPlaceholders),
          report: (sd, r) => {
            const m = (bySd ??= new Map(members.map((m) => [m.sd, m]))).get(sd);
            if (m) add(m.target, { documentIndex: sd.documentIndex, ruleId: rule.meta.id, report: { ...r, message: reportMessage(rule.meta, r) } });
          },
        });
      } catch (e) {
        add(members[0].target, { documentIndex: members[0].sd.documentIndex, ruleId: rule.meta.id, error: e });
      }
    }
  }
  return out;
}

/**
 * Pairs a file's documents with its base's and runs the transition rules on each pair. A report's
 * `basePointer` becomes a related location in the base.
 */
function runTransitionRules(file: FileState, opts: LintRunOptions, rules: TransitionRule[]): void {
  const input = file.input.base!;
  // Nothing of a known kind to compare (a file that does not parse says so itself).
  if (!file.docs.some((d) => d.kind)) return;
  const base = parseBase(input, { optionKind: opts.kind, configKind: file.settings.kind, filePath: file.input.filePath }, opts.limits ?? DEFAULT_LIMITS, opts.parseBase);
  if (base.problem) {
    addSpanDiagnostic(file, BASE_UNUSABLE.meta.id, `${base.problem[0].toUpperCase()}${base.problem.slice(1)}.`, { start: 0, end: 0 }, 0, opts);
    return;
  }
  const now = file.docs.filter((d): d is DocState & { kind: Kind } => Boolean(d.kind));
  const match = matchDocuments<DocState & { kind: Kind } | BaseDocument>(now, base.documents);
  opts.onPairs?.(file.input.filePath, {
    baseLabel: input.label,
    pairs: match.pairs.map((p) => ({ kind: p.now.kind, documentIndex: p.now.index, value: p.now.value, base: p.base.value })),
    added: match.added.map((d) => ({ kind: d.kind, documentIndex: d.index, value: d.value })),
    removed: match.removed.map((d) => ({ kind: d.kind, value: d.value })),
  });
  const isTemplate = file.isTemplate;
  const before = file.diagnostics.length;
  const off = offRules(file, opts);
  for (const pair of match.pairs) {
    const doc = pair.now as DocState;
    const baseDoc = pair.base as BaseDocument;
    for (const rule of rules) {
      const id = rule.meta.id;
      if (!appliesTo(rule, doc.kind!) || off?.has(id)) continue;
      try {
        rule.check({
          value: doc.value,
          base: baseDoc.value,
          kind: doc.kind!,
          filePath: file.displayPath,
          baseLabel: input.label,
          options: file.options,
          partial: Boolean(input.partial),
          isTemplate,
          report: ({ basePointer, ...r }) => {
            const inBase = basePointer === undefined ? [] : [{ filePath: input.label, documentIndex: baseDoc.index, pointer: basePointer, message: `In the base (${input.label}).`, range: baseRange(base, baseDoc, basePointer) }];
            const related = [...inBase, ...(r.related ?? [])];
            addReport(file, doc, id, { ...r, message: reportMessage(rule.meta, r), ...(related.length ? { related } : {}) } as MessageReport, opts);
          },
        });
      } catch (e) {
        internalError(file, doc, id, e, opts);
      }
    }
  }
  // A message may quote the base, and a plan prints its keys and values: its secrets are masked
  // too. Looked for only when there is a message or a plan (walking every value and line of a
  // 22 MB base costs as much as its parse).
  if (file.diagnostics.length > before || opts.onPairs) file.baseSecrets = collectSecretValues(base.documents.map((d) => ({ kind: d.kind, value: d.value })), { text: base.parsed.text, wide: true });
}

function finish(file: FileState, knownRules: Set<string>, workspaceRules: Set<string>, opts: LintRunOptions): { result: FileResult; source: RunSource } {
  templateInfos(file, opts);
  const { text, lines } = file.parsed;
  const found = opts.inlineConfig !== false && file.parsed.syntax === 'yaml' ? file.parsed.comments().directives : NO_DIRECTIVES;
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
    diagnostics.push({ ruleId: 'limit-exceeded', severity, message, pointer: '', range: file.parsed.lines.range(span), kind: 'unknown', documentIndex: 0, fixable: false, span });
  }
  // Fill in related ranges (cross-document) later in lint(); mask secrets in every message.
  const secrets = collectSecretValues(
    file.docs.map((d) => ({
      kind: d.kind,
      value: d.parsed.unusable ? d.parsed.salvage?.() : d.value,
      sourceOf: (pointer: string) => {
        const loc = d.parsed.locate(d.base + pointer);
        return loc ? file.parsed.text.slice(loc.value.start, loc.value.end) : undefined;
      },
    })),
    // Nothing of a clean file is printed but a fixed text, which the formatter masks itself:
    // the walks over every value and every line are for files with something to say.
    diagnostics.length > 0 ? { text: file.parsed.text, wide: true } : { wide: false },
  );
  // Asked of each document by two rules and by the masking above: found once per file, then let go.
  forgetFoundSecrets();
  if (file.baseSecrets?.length) secrets.push(...file.baseSecrets);
  // Every file: a message may quote a value (quoteForCut), cut only once masked.
  const mask = secrets.length ? (t: string) => maskSecrets(t, secrets) : cutQuoted;
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
    if (d.suggestions) d.suggestions = d.suggestions.map(retitle);
    if (d.related) d.related = d.related.map((r) => {
      const message = mask(r.message);
      return message === r.message ? r : { ...r, message };
    });
  }
  // Nothing to say (most files of a run): no grouping, sort or counts to make.
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  if (diagnostics.length > 0) {
    diagnostics = aggregateRepeats(diagnostics, { filePath: file.displayPath, documentValue: (i) => file.docs[i]?.value });
    diagnostics = diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column || compareStrings(a.ruleId, b.ruleId));
    for (const d of diagnostics) {
      const n = d.occurrences ?? 1;
      if (d.severity === 'error') errorCount += n;
      else if (d.severity === 'warning') warningCount += n;
      else if (d.severity === 'info') infoCount += n;
    }
  }
  // (map(): an array of the exact length; pushed into, an empty array grows to 17 slots, and a run
  // keeps every file's result: 7 MB more at 50,000 files.)
  const kinds = file.docs.map((d) => d.kind ?? 'unknown');
  const result: FileResult = { filePath: file.displayPath, kinds, documents: file.docs.length, errorCount, warningCount, infoCount, diagnostics };
  // `lines`: the file's line index, for a formatter to reuse (counting the lines of a big text again costs as much as the first time).
  return { result, source: { secrets, text: file.parsed.text, bom: file.parsed.bom, lines: file.parsed.lines, parseProblems: badParse(file.parsed.problems) } };
}

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

/** The rules of a run, loaded kind by kind as documents of each kind appear, in the registry's order. */
class RuleBook {
  private readonly loaded = new Set<Kind>();
  private readonly withTransitions = new Set<Kind>();
  private readonly rules = new Set<Rule>();
  private readonly byKind = new Map<Kind, DocumentRule[]>();
  private readonly order: Map<string, number>;
  workspace: WorkspaceRule[] = [];
  transitions: TransitionRule[] = [];

  constructor(private readonly fixed?: readonly Rule[]) {
    this.order = new Map((fixed?.map((r) => r.meta.id) ?? [...RULE_INFO.keys()]).map((id, i) => [id, i]));
    if (fixed) this.take(fixed);
  }

  /**
   * Loads the rules (and validators) of the file's kinds not seen before; undefined when there
   * are none (most files: then no promise, and no await, per file).
   */
  load(file: FileState): Promise<void> | undefined {
    if (file.dropped) return undefined;
    const base = Boolean(file.input.base);
    let fresh: Kind[] | undefined;
    for (const d of file.docs) if (d.kind && (!this.loaded.has(d.kind) || (base && !this.withTransitions.has(d.kind)))) (fresh ??= []).push(d.kind);
    return fresh && this.loadFresh(fresh, base);
  }

  private async loadFresh(fresh: Kind[], base: boolean): Promise<void> {
    for (const k of fresh) {
      this.loaded.add(k);
      if (base) this.withTransitions.add(k);
    }
    if (!this.fixed) this.take(await loadRules(fresh, { transitions: base }));
    // Loaded before the documents are checked: then checking needs no promise per document.
    await loadValidators(fresh);
  }

  /** Loads the rules of kinds met elsewhere (a worker's share). */
  async loadKinds(kinds: readonly Kind[]): Promise<void> {
    const fresh = kinds.filter((k) => !this.loaded.has(k));
    if (!fresh.length) return;
    for (const k of fresh) this.loaded.add(k);
    if (!this.fixed) this.take(await loadRules(fresh));
    await loadValidators(fresh);
  }

  private take(rules: readonly Rule[]): void {
    const before = this.rules.size;
    for (const r of rules) this.rules.add(r);
    if (this.rules.size === before) return;
    const all = [...this.rules].sort((a, b) => (this.order.get(a.meta.id) ?? Infinity) - (this.order.get(b.meta.id) ?? Infinity));
    this.workspace = all.filter((r): r is WorkspaceRule => r.meta.scope === 'workspace');
    this.transitions = all.filter((r): r is TransitionRule => r.meta.scope === 'transition');
    this.byKind.clear();
  }

  /** The document rules of a kind. */
  forKind(kind: Kind): DocumentRule[] {
    let rules = this.byKind.get(kind);
    if (!rules) {
      const all = [...this.rules].sort((a, b) => (this.order.get(a.meta.id) ?? Infinity) - (this.order.get(b.meta.id) ?? Infinity));
      this.byKind.set(kind, (rules = all.filter((r): r is DocumentRule => (r.meta.scope === undefined || r.meta.scope === 'document') && appliesTo(r, kind))));
    }
    return rules;
  }
}

/** Runs the schema, the document rules and the transition rules on a prepared file. */
function checkFile(file: FileState, book: RuleBook, opts: LintRunOptions): void {
  for (const doc of file.dropped ? [] : file.docs) if (doc.kind) checkDocument(file, doc, opts, withPolicies(book.forKind(doc.kind), file, doc.kind));
  if (file.input.base && !file.dropped) runTransitionRules(file, opts, book.transitions);
}

/**
 * Gives related locations their ranges, from the files `fileOf` finds (the file itself while it is
 * linted; other files of the run at its end). True when some are left for another file.
 */
function placeRelated(result: FileResult, fileOf: (displayPath: string) => FileState | undefined): boolean {
  let left = false;
  for (const d of result.diagnostics) {
    for (const rel of d.related ?? []) {
      if (rel.range) continue;
      const f = fileOf(rel.filePath);
      const doc = f?.docs[rel.documentIndex];
      if (f && doc) rel.range = f.parsed.lines.range(spanFor(f, doc.parsed, doc.base + rel.pointer, 'value'));
      else left = true;
    }
  }
  return left;
}

/** The source of a clean file without secrets, in a released run: one object for them all (read only). */
const NOTHING_TO_SHOW: readonly RunSource[] = [false, true].map((bom) => Object.freeze({ text: '', bom, secrets: Object.freeze([]) as unknown as string[] }));

/** The source of a clean file without secrets (a worker posts such a file as its target alone: posted-pass.ts). */
export const cleanSource = (bom: boolean): RunSource => NOTHING_TO_SHOW[bom ? 1 : 0];

/** A finished file as a released run keeps it: a clean file's text only where it has secrets to mask. */
function lean(source: RunSource, clean: boolean): RunSource {
  if (!clean) return source;
  return source.secrets.length > 0 ? { text: source.text, bom: source.bom, secrets: source.secrets } : NOTHING_TO_SHOW[source.bom ? 1 : 0];
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
}

/** What a run knows of its files before the first is read: settings, policies, rule ids. */
interface RunFrame {
  settings: FileSettings[];
  policies: Rule[];
  known: Set<string>;
  workspaceIds: Set<string>;
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
  // Policies (issue 21): the config's rules of each file; a workspace policy sees the members it applies to.
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
  return { settings, policies, known, workspaceIds };
}

/** The ids a worker's share of this run must know (its policies'). */
export function runIds(project: Project, paths: readonly string[]): RunIds {
  const policies = [...new Set(paths.flatMap((p) => project.settingsFor(p).policies ?? []))];
  return { known: policies.map((r) => r.meta.id), workspace: policies.filter((r) => r.meta.scope === 'workspace').map((r) => r.meta.id) };
}

/** An empty pass, to which passRange adds. */
const newPass = (): FilePass => ({ targets: [], done: [], digests: [], elsewhere: [], kinds: [] });

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
      digestFile(file, i, book.workspace, pass.digests, opts);
      const f = finish(file, frame.known, frame.workspaceIds, opts);
      if (placeRelated(f.result, (p) => (p === file.displayPath ? file : undefined))) pass.elsewhere.push(i);
      pass.done.push(opts.release ? { result: f.result, source: lean(f.source, f.result.diagnostics.length === 0) } : f);
    }
    if (opts.release) project.sources.forget(file.input.filePath);
  }
  pass.kinds = [...kinds];
}

/**
 * A run split between threads (issue 22): each thread takes batches of targets from one queue
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
export async function lintEach(project: Project, targets: LintTargets, opts: ProjectLintOptions = {}, shares?: FileShares): Promise<LintRun> {
  const frame = runFrame(project, targets, opts);
  const { settings, known, workspaceIds } = frame;
  const book = new RuleBook(opts.ruleSet);
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
  // Files with workspace findings: linted again (their parse was let go), the findings added as
  // they were made, in the order they were before the run was streamed.
  const again = new Map<number, FileState>();
  const quiet: ProjectLintOptions = { ...opts, onKinds: undefined, onFileChecked: undefined, onPairs: undefined };
  for (const [i, list] of [...reports].sort((a, b) => a[0] - b[0])) {
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
    done[i] = finish(file, known, workspaceIds, opts);
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
    const mine = again.get(i);
    placeRelated(done[i]!.result, (p) => (mine && p === mine.displayPath ? mine : fileAt(p)));
  }
  if (opts.release) for (const i of [...again.keys(), ...parsedAgain.keys()]) project.sources.forget(targets.paths[i]);
  forgetFoundSecrets();
  const results: FileResult[] = [];
  const sources = new Map<string, RunSource>();
  for (const f of done) {
    if (!f) continue;
    results.push(f.result);
    sources.set(f.result.filePath, f.source);
  }
  return { results, sources };
}

/** Lints texts together in a project of their own; the results only (rule tests, tools that print nothing). */
export async function lint(inputs: LintInput[], opts: LintRunOptions = {}): Promise<FileResult[]> {
  return (await lintProject(projectOf(opts), inputs, opts)).results;
}

/** lintAndFix() of texts in a project of their own; the results only (with `output`, the fixed text). */
export async function lintAndFix(inputs: LintInput[], opts: LintRunOptions = {}): Promise<FileResult[]> {
  return (await fixProject(projectOf(opts), inputs, opts)).results;
}

const MAX_FIX_PASSES = 20;

/** Syntax errors and duplicate keys among a parse's problems: a fix must never add any. */
function badParse(problems: ParsedFile['problems']): number {
  return problems.filter((p) => p.ruleId === 'syntax-error' || p.ruleId === 'duplicate-key').length;
}

/** What a pass did to a file, to take it back if the file then parses worse. */
interface PassRecord {
  problems: number;
  /** More than one fix was applied (else there is nothing to take back). */
  several: boolean;
  firstOnly: () => string;
  places: number;
  firstPlaces: number;
}

/**
 * Applies the safe fixes of a file's diagnostics, re-linting to a fixed point (bounded passes).
 * A pass costs one O(size + n log n) application of n fixes (applyEdits) and the lint of the new
 * text, which also tells whether the fixes broke the syntax; the lint that finds nothing more to
 * fix is the result.
 */
/**
 * `first`: the run of exactly these inputs and options when the caller has it already (the
 * language server keeps each version's run): the fixing starts from it instead of linting again.
 */
export async function fixProject(project: Project, inputs: LintInput[], opts: ProjectLintOptions = {}, first?: LintRun): Promise<LintRun> {
  const texts = new Map(inputs.map((i) => [i.filePath, i.text]));
  const fixCounts = new Map<string, number>();
  // A file that could not be read keeps its problem (never "empty") and is never fixed.
  const unread = new Map(inputs.filter((i) => i.problem).map((i) => [i.filePath, i]));
  const lintTexts = () => lintProject(project, [...texts].map(([filePath, text]) => unread.get(filePath) ?? { filePath, text }), opts);
  const byDisplay = new Map([...texts.keys()].map((p) => [displayPath(p, opts.cwd), p]));
  const count = (filePath: string, places: number) => fixCounts.set(filePath, (fixCounts.get(filePath) ?? 0) + places);
  let final = first ?? (await lintTexts());
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const records = new Map<string, PassRecord>();
    for (const r of final.results) {
      const filePath = byDisplay.get(r.filePath);
      const internals = final.sources.get(r.filePath)!;
      const fixed = r.diagnostics.filter((d) => appliedChange(d, opts.fixSuggestions));
      if (fixed.length === 0 || !filePath) continue;
      const groups = fixed.map((d) => appliedChange(d, opts.fixSuggestions)!.edits);
      const { text, accepted } = applyEdits(internals.text, groups);
      if (accepted.length === 0 || text === internals.text) continue;
      const bom = internals.bom ? '\uFEFF' : '';
      // A repeated finding (one diagnostic for several places) counts each place it fixes.
      const places = accepted.reduce((n, i) => n + (fixed[i].occurrences ?? 1), 0);
      records.set(filePath, {
        several: accepted.length > 1,
        problems: internals.parseProblems ?? 0,
        firstOnly: () => bom + applyEdits(internals.text, groups.slice(0, 1)).text,
        places,
        firstPlaces: fixed[0].occurrences ?? 1,
      });
      texts.set(filePath, bom + text);
      count(filePath, places);
    }
    if (records.size === 0) break;
    final = await lintTexts();
    // Fixes at different places can still clash in meaning (adding `enabled` while another
    // renames `enabeld` to it). When a file now parses worse, this pass applies only its first
    // fix there; the next pass sees the new text.
    let retake = false;
    for (const r of final.results) {
      const filePath = byDisplay.get(r.filePath);
      const rec = filePath ? records.get(filePath) : undefined;
      if (!rec?.several || (final.sources.get(r.filePath)?.parseProblems ?? 0) <= rec.problems) continue;
      texts.set(filePath!, rec.firstOnly());
      count(filePath!, rec.firstPlaces - rec.places);
      retake = true;
    }
    if (retake) final = await lintTexts();
  }
  const original = new Map(inputs.map((i) => [displayPath(i.filePath, opts.cwd), i]));
  for (const r of final.results) {
    const input = original.get(r.filePath);
    if (!input) continue;
    const now = texts.get(input.filePath)!;
    if (now !== input.text) {
      r.output = now;
      r.fixCount = fixCounts.get(input.filePath) ?? 0;
    }
  }
  return final;
}

// The rule ids this module reports (listed in rules/registry.ts by scripts/gen-rule-index.ts).
export const EMPTY_DOCUMENT = defineBuiltin({
  id: 'empty-document',
  kinds: '*',
  defaultSeverity: 'warning',
  description: 'A file or YAML document has no content.',
  docs: {
    why: 'An empty document is usually a stray `---` separator or a file that lost its content; it configures nothing.',
    bad: { base: 'alert-config', after: `---\n` },
    good: { base: 'alert-config' },
  },
});

export const UNKNOWN_KIND = defineBuiltin({
  id: 'unknown-kind',
  kinds: '*',
  defaultSeverity: 'error',
  description: 'The document kind cannot be determined, or is ambiguous.',
  fixable: true,
  docs: {
    fixes: 'Safe: renaming the one misspelt identifying key to the key it nearly is.',
    why: 'omlint checks each document against the rules of its kind. When the content does not say which kind it is, declare it with `--kind`, a config override (`overrides: [{files: [...], kind: ...}]`) or a modeline comment `# omlint: kind=alert-config`. A document whose identifying key is misspelt (`eventTypename`, `alertTypeName`, `"typ"`) or whose modeline is malformed (`# omlint kind=alert-config`) is reported here with the kind it nearly is, never skipped as a file of no kind; `--fix` renames the key when one key is near. So is a file whose name misspells a kind (`cpu.alert-confg.yaml`: the near kind is named), and a file named as one kind whose content plainly is another (an alert configuration saved as `cpu.integration.yaml`: one diagnostic, instead of the integration schema reporting every field).',
    bad: `# omlint: kind=alert-configuration\neventTypeName: HOST_DOWN\n`,
    good: { base: 'alert-config', before: `# omlint: kind=alert-config\n` },
  },
});

export const INTERNAL_ERROR = defineBuiltin({
  id: 'internal-error',
  kinds: '*',
  defaultSeverity: 'error',
  description: 'A rule failed on this document; the other rules still ran.',
  docs: {
    why: 'A bug in omlint must not hide the other findings or pass silently: the failing rule is named so that it can be reported.',
    bad: '',
    good: { base: 'alert-config' },
  },
});

export const TEMPLATE_VALUE_RULE = defineBuiltin({
  id: 'template-value',
  kinds: '*',
  defaultSeverity: 'info',
  description: 'A template value (placeholder) that omlint does not check.',
  docs: {
    why:
      'Values such as `{{ .Values.operator }}`, `${VAR}`, `<REGION>`, `:MONGOD_VERSION:`, `YOUR_SLACK_TOKEN` or `CHANGE_ME` ' +
      'are filled in by a templating or deployment tool before the document reaches the API. omlint does not judge ' +
      'them (no enum, pattern, version or secret errors) and says so once per value. The forms are recognised only ' +
      "as a whole value (a password such as `Hunter2<Prod>Sig9` is not a template); the config's " +
      '`secretPlaceholders` adds patterns of your own. Turn the rule off to hide the notes.',
    bad: { base: 'alert-config/outside-metric-threshold-3', replace: [['  operator: GREATER_THAN\n', '  operator: "{{ .Values.operator }}"\n']] },
    good: { base: 'alert-config/outside-metric-threshold-3' },
    kind: 'alert-config',
  },
});
