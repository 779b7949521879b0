// The contracts every part of omlint shares: kinds, positions, diagnostics, fixes, rules.
import type { Kind } from './kinds';
import type { LineIndex } from './lines';
import type { DocumentFacts } from './facts';
import type { Position, Range, RelatedPlace, Severity } from './public-shapes';

export type { Kind, Position, Range, Severity };
export type SeveritySetting = Severity | 'off';
export type RelatedInfo = RelatedPlace;

/** 0-based offsets into the text (BOM already stripped). */
export interface Span {
  start: number;
  end: number;
}

/**
 * A fix is a list of operations on the parsed value, addressed by JSON pointer relative to the
 * document. The engine turns them into text edits (JSON or YAML aware), so rules never touch text.
 */
export type FixOp =
  | { op: 'replace'; pointer: string; value: unknown } // replace a value (scalars)
  | { op: 'remove'; pointer: string } // remove a property or array item
  | { op: 'rename'; pointer: string; key: string } // rename the key of a property
  | {
      op: 'add';
      pointer: string;
      key: string;
      value: unknown;
      /**
       * The keys the new one belongs after (its kin, in the schema's or the usual order), nearest
       * first: it goes right after the first the mapping has, else after the mapping's last key.
       */
      after?: readonly string[];
    }; // add a property to the object at pointer

/**
 * A safe fix (`ReportBase.fix`) changes only what the message says is wrong, in the one way it
 * can be right: `--fix` applies it. A change that picks among choices (one of several near names,
 * `enabled: true` where `false` is as valid) or that may change what the document means is a
 * suggestion (`ReportBase.suggestions`): a quick fix in editors, applied by the CLI only with
 * `--fix-suggestions`, and then only when it is the diagnostic's one suggestion.
 */
export interface Fix {
  /** What the fix does, in a few words ("Rename to numUncompressed"). */
  title: string;
  ops: FixOp[];
}

/** A replacement of the text between two offsets. */
export interface TextEdit {
  span: Span;
  text: string;
}
export interface TextFix {
  title: string;
  edits: TextEdit[];
}

/** A report with its text: what the schema layer produces, and what the engine makes of a rule's report. */
export type MessageReport = ReportBase & { message: string; messageId?: string };

/** What a rule (or the schema layer) reports: a message, or a messageId of the rule's meta.messages. */
export type Report<MessageId extends string = string> = ReportBase &
  (
    | { message: string; messageId?: undefined; data?: undefined }
    | {
        /** A key of the rule's meta.messages; the engine fills the template's {{name}} from data. */
        messageId: MessageId;
        /** Values of the template's placeholders, written as a template literal would write them. */
        data?: Record<string, unknown>;
        message?: undefined;
      }
  );

export interface ReportBase {
  /** JSON pointer, relative to the document, of the offending key or value. */
  pointer: string;
  /** Underline the key or the value at the pointer (default: value; 'key' for unknown/deprecated keys). */
  target?: 'key' | 'value';
  /** Overrides the rule's default severity for this report (a user's configured severity wins). */
  severity?: Severity;
  /** A safe fix, applied by --fix. */
  fix?: Fix;
  /** Fixes offered as quick fixes only, never applied by --fix. */
  suggestions?: Fix[];
  related?: RelatedInfo[];
}

export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  /** The rule's message id, when it reported one (not part of the JSON contract; RuleTester reads it). */
  messageId?: string;
  pointer: string;
  range: Range;
  kind: Kind | 'unknown';
  documentIndex: number;
  fixable: boolean;
  /** The safe fix as text edits (not part of the JSON contract; --fix and editors use it). */
  fix?: TextFix;
  /** Quick fixes that --fix does not apply. */
  suggestions?: TextFix[];
  related?: RelatedInfo[];
  /**
   * A finding repeated over the items of an array, reported once (src/engine/aggregate.ts): how
   * many places it stands for (the first, here, and the others in `related`). Absent: one place.
   */
  occurrences?: number;
  /** 0-based offsets of the range, for editors and fixes. */
  span?: Span;
}

export interface LintOptions {
  /** The Ops Manager version the documents are for, e.g. "7.0" (`--target-version`). */
  targetVersion?: string;
  /** Clock for date rules. */
  now: Date;
  /** Placeholders that are not secrets (the config's `secretPlaceholders`). */
  secretPlaceholders: readonly PlaceholderPattern[];
}

/**
 * One document of a workspace scope, as workspace rules see it. A rule with a `digest` gets the
 * digest of each document and no value (the document's parse is let go once its file is linted);
 * a rule without one gets each document's whole value (kept until the scope is complete).
 */
export interface ScopeDocument<D = unknown> {
  filePath: string;
  documentIndex: number;
  kind: Kind;
  /** The document's value; undefined for a rule with a digest. */
  value: unknown;
  /** What the rule's digest() made of the document (rules with a digest only). */
  digest?: D;
}

/** What a workspace rule's digest() reads: one document, while its file is being linted. */
export interface DigestContext {
  value: unknown;
  kind: Kind;
  filePath: string;
  options: LintOptions;
  isTemplate(value: unknown): boolean;
}

export interface RuleContext<T = any, MessageId extends string = string> {
  /** The document, as plain JSON values. */
  value: T;
  kind: Kind;
  filePath: string;
  options: LintOptions;
  report(report: Report<MessageId>): void;
  /**
   * Whether a value is a template (`${VAR}`, `{{ .Values.x }}`, `<REGION>`, a config
   * `secretPlaceholders` match): a rule does not judge it. A report on a template value becomes
   * the info `template-value` anyway.
   */
  isTemplate(value: unknown): boolean;
  /** Facts derived from the document (topology, secrets), each computed once for every rule that asks. */
  facts: DocumentFacts;
}

export interface WorkspaceRuleContext<D = any> {
  /** Every document of the scope whose kind the rule declares (with a digest: whose digest is not undefined). */
  documents: ScopeDocument<D>[];
  options: LintOptions;
  report(document: ScopeDocument<D>, report: Report): void;
  /** As RuleContext.isTemplate. */
  isTemplate(value: unknown): boolean;
}

export interface RuleDocs {
  /** Why the rule exists: what the server does with such a document. Markdown. */
  why: string;
  /** A document (YAML) that breaks the rule: must produce exactly one diagnostic of the rule. */
  bad: string;
  /** The same document put right: must produce none of the rule's diagnostics. */
  good: string;
  /** The kind of the examples when the rule has several (default: the first of meta.kinds). */
  kind?: Kind;
  /** For workspace rules: further documents of the same scope, for both examples. */
  scope?: string[];
  /**
   * For transition rules: the previous state both examples are compared with, unless
   * `goodBase` gives the good example its own.
   */
  base?: string;
  goodBase?: string;
  /** Which of the rule's changes are safe fixes (--fix) and which are suggestions, in a sentence or two. */
  fixes?: string;
  /** Rules the bad example cannot help triggering too (an SNMP address is an SNMP notification). */
  alsoReports?: string[];
  /**
   * The MongoDB / Ops Manager versions the rule applies to, and how it reads them (docs/versions.md
   * has the sources). Absent: the rule reads no version.
   */
  versions?: string;
}

export interface RuleMeta {
  id: string;
  /** Kinds the rule applies to; '*' for every kind. */
  kinds: Kind[] | '*';
  defaultSeverity: Severity;
  description: string;
  docs: RuleDocs;
  /** True when the rule offers safe fixes (--fix). */
  fixable?: boolean;
  /** True when the rule offers suggestions (quick fixes not applied by --fix). */
  hasSuggestions?: boolean;
  /** Rules that read several documents of one project scope; or a document and its base. */
  scope?: 'document' | 'workspace' | 'transition';
  /**
   * The rule's messages by id: templates with {{name}} placeholders filled from a report's
   * data. Reports name them by messageId, so that tests and docs check which message, not its words.
   */
  messages?: Record<string, string>;
}

/**
 * One line of the generated rules/registry.ts: what a run knows of a rule without loading its
 * module (config checks, severities, `omlint rules`, SARIF), and how to load it.
 */
export interface RegistryEntry {
  id: string;
  kinds: Kind[] | '*';
  severity: Severity;
  /** One sentence (meta.description). */
  summary: string;
  /** The docs' "why", for help texts (SARIF). */
  why: string;
  fixable: boolean;
  scope: 'document' | 'workspace' | 'transition';
  /** Reported by the parser, kind detection, the schema layer or the engine, not by a rule module. */
  builtin: boolean;
  load(): Promise<Rule | BuiltinRule>;
}

/** A rule id reported by omlint's own code, declared beside that code with defineBuiltin(). */
export interface BuiltinRule {
  meta: RuleMeta;
  builtin: true;
}

export interface DocumentRule {
  meta: RuleMeta & { scope?: 'document' };
  check(ctx: RuleContext): void;
}
export interface WorkspaceRule<D = any> {
  meta: RuleMeta & { scope: 'workspace' };
  /**
   * The small part of a document the rule compares, made as the document is linted, so that the
   * document need not be kept until its scope is complete. Undefined: the document takes no part.
   * A digest is a string (the engine keeps a copy of its own), or data built anew from the value:
   * never the value's objects as they are. Without a digest, `check` gets the whole values.
   */
  digest?(doc: DigestContext): D | undefined;
  /**
   * The pointers (in the document) that the rule's reports on a document with this digest, or
   * their related locations in it, may name: placed while the document is in hand, so that a
   * finding is added to its file, and its related location found, without reading a file again.
   */
  places?(digest: D): readonly string[];
  check(ctx: WorkspaceRuleContext<D>): void;
}

/**
 * The context of a transition rule (`omlint plan`, `check --base`): a document and the
 * state it replaces, matched by kind and identity. Reports point into the new document; a finding
 * about something that is gone points at the nearest surviving parent and names the base place in
 * `basePointer` (shown as a related location in the base).
 */
export interface TransitionRuleContext<T = any, B = T, MessageId extends string = string> {
  /** The new document. */
  value: T;
  /** The previous state of the same document (the base), same kind. */
  base: B;
  kind: Kind;
  filePath: string;
  /** Where the base came from, for messages: a file path or `<git-ref>:<path>`. */
  baseLabel: string;
  options: LintOptions;
  /** True when the new document is known to be partial (a write body that leaves fields out on purpose): round-trip-loss rules stay quiet. */
  partial: boolean;
  report(report: Report<MessageId> & { basePointer?: string }): void;
  /** As RuleContext.isTemplate. */
  isTemplate(value: unknown): boolean;
  /** Facts derived from the new document: the same ones its document rules read (RuleContext.facts). */
  facts: DocumentFacts;
  /** Facts derived from the base, made once per base document and shared by every transition rule. */
  baseFacts: DocumentFacts;
}
export interface TransitionRule {
  meta: Omit<RuleMeta, 'scope'> & { scope: 'transition' };
  check(ctx: TransitionRuleContext): void;
}
export type Rule = DocumentRule | WorkspaceRule | TransitionRule;

/**
 * The previous state of a file: a saved GET (`--base <file>`) or the same path at a
 * git ref (`--base <ref>`). The engine parses it, matches its documents with the file's by kind
 * and identity, and runs the transition rules on each pair.
 */
export interface BaseInput {
  /** For messages and related locations: the base file's path, or `<ref>:<path>`. */
  label: string;
  text: string;
  /** The new document is a partial one (a write body): round-trip-loss rules stay quiet. */
  partial?: boolean;
}

export interface FileResult {
  filePath: string;
  kinds: (Kind | 'unknown')[];
  documents: number;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  diagnostics: Diagnostic[];
  /** With --fix-dry-run or --fix: the fixed text when it changed. */
  output?: string;
  /** Number of fixes applied. */
  fixCount?: number;
}

/**
 * What printing a result needs besides the result, never serialised into a report: the file's
 * text (code frames, --fix), whether it began with a BOM, the secret values found in it (masking),
 * its line index when at hand. Keyed in a run by the result's `filePath`, so that a copy of a
 * result (--quiet, a baseline, a worker's or the cache's) finds its source without registering.
 */
export interface RunSource {
  /** '' where `frames` is kept instead (a released run) or nothing of the text is shown. */
  text: string;
  bom: boolean;
  secrets: string[];
  lines?: LineIndex;
  /** A released run's file with findings: the lines its code frames show, kept instead of its text. */
  frames?: FrameLines;
  /** Syntax errors and duplicate keys of the parse (--fix: a pass must not add any). */
  parseProblems?: number;
}

/**
 * The lines of a file that code frames show (engine/frame-lines.ts): plain data, posted by a
 * worker as it is.
 */
export interface FrameLines {
  lineCount: number;
  /** The kept lines (1-based), in the order kept; two arrays, not a Map: a Map's table costs more than the lines of most files. */
  at: number[];
  /** At the same index as `at`: the line as a frame shows it (masked, tabs as spaces). */
  shown: string[];
  /** Lines above a finding's line that are blank (a frame leaves them out). */
  blank: readonly number[];
}

/** A lint run: each file's result, and the sources behind them (by `FileResult.filePath`). */
export interface LintRun {
  results: FileResult[];
  sources: ReadonlyMap<string, RunSource>;
}

export interface LintInput {
  filePath: string;
  text: string;
  /**
   * A problem met before parsing (unreadable, not UTF-8): the file's one diagnostic, at `span` of
   * `text` when known (the first bad byte of a text decoded with U+FFFD).
   */
  problem?: { ruleId: 'syntax-error' | 'limit-exceeded'; message: string; span?: Span };
  /** Set when the file was UTF-16 (with a BOM): --fix writes it back in the same encoding. */
  encoding?: 'utf-16le' | 'utf-16be';
  /** The file's previous state: transition rules run on its documents and the file's. */
  base?: BaseInput;
}

/** A placeholder pattern of the config (`secretPlaceholders`): RE2 syntax, linear-time matching. */
export interface PlaceholderPattern {
  readonly source: string;
  test(value: string): boolean;
}
