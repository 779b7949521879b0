// A shared rule tester, like ESLint's: tables of valid and invalid documents for one rule.
// Each case runs only the rule under test (plus the schema layer, whose findings are ignored):
// a valid case must give no diagnostic of the rule (in any file of its scope); an invalid case
// exactly the listed ones, in order (none missing, none extra), each with its messageId, line and
// column; and a case whose diagnostics carry a safe fix must state the fixed text (`output`;
// null: nothing is fixed).
// Order: the case's own file first, then the `scope` files as listed; within a file by position.
// An aggregate (one finding over array items, src/engine/aggregate.ts) counts as its places.
// A case with a `base` (a transition rule, issue 19) lints its file with that previous text as
// `omlint check --base` does (label HEAD:<file>): the engine pairs the documents, runs the rule,
// masks and places the findings, and names the base place as a related location (file 'base').
import { describe, expect, it } from 'vitest';
import { lint, lintAndFix } from '../src/engine/lint';
import { reportMessage } from '../src/core/rule';
import { applyEdits } from '../src/syntax/fix';
import type { Diagnostic, FileResult, Kind, Rule } from '../src/core/types';

const NOW = '2026-11-21T00:00:00Z';

export interface ValidCase {
  /** Test title (default: the code). */
  name?: string;
  code: string;
  /** The kind of the document (default: the rule's first kind). */
  kind?: Kind;
  /** File name, for JSON (`a.json`) or kind by name (default doc.yaml). */
  fileName?: string;
  now?: string;
  targetVersion?: string;
  /** Other documents of the same project scope, by file name (workspace rules); their kind is detected. */
  scope?: Record<string, string>;
  /** The config's secretPlaceholders (patterns a secret field may hold instead of a secret). */
  secretPlaceholders?: RegExp[];
  /**
   * The previous text of the case's own file (transition rules): linted as `--base` gives it,
   * labelled HEAD:<fileName>. Its documents must pair with the file's: an unpaired base runs no
   * rule, and a case that passes only because nothing ran fails.
   */
  base?: string;
  /** The new document is a partial one (`--partial`: a write body). */
  partial?: boolean;
}

export interface ExpectedError {
  /** The message id; omit it only for a plain-message report, and then state `message`. */
  messageId?: string;
  /** The template's data: the message must be the template filled with it. */
  data?: Record<string, unknown>;
  /** The whole message text, or a pattern it matches. */
  message?: string | RegExp;
  /** The file of the diagnostic, a name of `scope` (default: the case's own file). */
  file?: string;
  /** JSON pointer of the diagnostic in its document. */
  pointer?: string;
  /** 1-based, columns in UTF-16 code units. */
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  severity?: Diagnostic['severity'];
  /** The quick-fix suggestions: titles, or titles with the case's text once that suggestion is applied. */
  suggestions?: (string | { title: string; output: string })[];
  /**
   * Related locations: file (case file name, scope name, or 'base' for the case's base) and
   * pointer; line and column (1-based) when stated.
   */
  related?: ExpectedRelated[];
}

export interface ExpectedRelated {
  file: string;
  pointer: string;
  line?: number;
  column?: number;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedError[];
  /** The text after --fix; null when no fix applies. Required when a diagnostic is fixable. */
  output?: string | null;
}

const title = (c: ValidCase) => c.name ?? c.code.replace(/\n/g, '\\n').slice(0, 80);
const SCOPE = '/scope/';
const BASE = 'base';
const baseLabel = (c: ValidCase) => `HEAD:${c.fileName ?? 'doc.yaml'}`;
/** A case's name of a file the engine names: a scope file, or 'base' for the case's base. */
const nameOf = (filePath: string, c: ValidCase) => (c.base !== undefined && filePath === baseLabel(c) ? BASE : filePath.slice(SCOPE.length));

function inputs(rule: Rule, c: ValidCase) {
  const filePath = `${SCOPE}${c.fileName ?? 'doc.yaml'}`;
  const kind = c.kind ?? (rule.meta.kinds === '*' ? undefined : rule.meta.kinds[0]);
  const base = c.base === undefined ? {} : { base: { label: baseLabel(c), text: c.base, ...(c.partial ? { partial: true } : {}) } };
  return {
    inputs: [{ filePath, text: c.code, ...base }, ...Object.entries(c.scope ?? {}).map(([name, text]) => ({ filePath: `${SCOPE}${name}`, text }))],
    opts: {
      now: new Date(c.now ?? NOW),
      targetVersion: c.targetVersion,
      ruleSet: [rule],
      // The kind applies to the case's document; the scope's other documents are detected.
      settingsFor: (p: string) => ({ ignored: false, rules: {}, scope: '/scope', secretPlaceholders: c.secretPlaceholders ?? [], kind: p === filePath ? kind : undefined }),
    },
  };
}

interface Found {
  file: string;
  d: Diagnostic;
}

/** One entry per place: an aggregate's related places become diagnostics of their own. */
function places(result: FileResult, ruleId: string, c: ValidCase): Found[] {
  const own = result.diagnostics.filter((d) => d.ruleId === ruleId);
  const all = own.flatMap((d) => [
    d,
    ...(d.occurrences ? (d.related ?? []).map((r) => ({ ...d, pointer: r.pointer, message: r.message, range: r.range!, related: undefined })) : []),
  ]);
  all.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
  return all.map((d) => ({ file: nameOf(result.filePath, c), d }));
}

async function diagnosticsOf(rule: Rule, c: ValidCase): Promise<Found[]> {
  const { inputs: files, opts } = inputs(rule, c);
  let paired = 0;
  const results = await lint(files, { ...opts, onPairs: (_path, p) => void (paired += p.pairs.length) });
  for (const result of results) {
    // An internal error of the rule, or a base that does not parse, is a failure of the case, never a silent pass.
    const failed = result.diagnostics.find((d) => d.ruleId === 'internal-error' || d.ruleId === 'base-unusable');
    if (failed) throw new Error(failed.message);
  }
  if (c.base !== undefined && paired === 0) throw new Error(`The base of the case pairs with no document of ${baseLabel(c).slice(5)} (kind and identity, src/model/document-identity.ts): the rule did not run.`);
  return results.flatMap((r) => places(r, rule.meta.id, c));
}

const show = ({ file, d }: Found) => `${file} ${d.range.start.line}:${d.range.start.column} ${d.messageId ?? '(no messageId)'}: ${d.message}`;

export async function checkValid(rule: Rule, c: ValidCase): Promise<void> {
  const found = await diagnosticsOf(rule, c);
  expect(found.map(show), 'a valid case gives no diagnostic').toEqual([]);
}

export async function checkInvalid(rule: Rule, c: InvalidCase): Promise<void> {
  if (c.errors.length === 0) throw new Error('An invalid case lists at least one error.');
  const found = await diagnosticsOf(rule, c);
  const shown = found.map(show);
  expect(found.length, `expected ${c.errors.length} diagnostic(s) of ${rule.meta.id}, got:\n${shown.join('\n')}`).toBe(c.errors.length);
  const ownFile = c.fileName ?? 'doc.yaml';
  c.errors.forEach((e, i) => {
    const { file, d } = found[i];
    const where = `error ${i + 1} (${shown[i]})`;
    if (e.messageId === undefined && e.message === undefined) throw new Error('An expected error states its messageId (or, for a plain-message report, its message).');
    if (e.messageId !== undefined) expect(rule.meta.messages?.[e.messageId], `${rule.meta.id} has no message "${e.messageId}"`).toBeDefined();
    expect(d.messageId, where).toBe(e.messageId);
    expect(file, `${where}: file`).toBe(e.file ?? ownFile);
    if (e.data) expect(d.message, where).toBe(reportMessage(rule.meta, { pointer: '', messageId: e.messageId!, data: e.data }));
    if (typeof e.message === 'string') expect(d.message, `${where}: message`).toBe(e.message);
    if (e.message instanceof RegExp) expect(d.message, `${where}: message`).toMatch(e.message);
    if (e.pointer !== undefined) expect(d.pointer, `${where}: pointer`).toBe(e.pointer);
    if (e.line !== undefined) expect(d.range.start.line, `${where}: line`).toBe(e.line);
    if (e.column !== undefined) expect(d.range.start.column, `${where}: column`).toBe(e.column);
    if (e.endLine !== undefined) expect(d.range.end.line, `${where}: end line`).toBe(e.endLine);
    if (e.endColumn !== undefined) expect(d.range.end.column, `${where}: end column`).toBe(e.endColumn);
    if (e.severity !== undefined) expect(d.severity, `${where}: severity`).toBe(e.severity);
    if (e.suggestions !== undefined) {
      const offered = (d.suggestions ?? []).map((s, j) => (typeof e.suggestions![j] === 'string' ? s.title : { title: s.title, output: applyEdits(c.code, [s.edits]).text }));
      expect(offered, `${where}: suggestions`).toEqual(e.suggestions);
    }
    if (e.related !== undefined) {
      const related = (d.related ?? []).map((r, j) => ({
        file: r.filePath ? nameOf(r.filePath, c) : file,
        pointer: r.pointer,
        ...(e.related![j]?.line !== undefined ? { line: r.range?.start.line } : {}),
        ...(e.related![j]?.column !== undefined ? { column: r.range?.start.column } : {}),
      }));
      expect(related, `${where}: related`).toEqual(e.related);
    }
  });
  const fixable = found.some(({ d }) => d.fixable);
  // The rule's metadata says which of its changes apply themselves (issue 31): its docs show it.
  const own = found.filter(({ d }) => d.ruleId === rule.meta.id);
  if (own.some(({ d }) => d.fix) && !rule.meta.fixable) throw new Error(`${rule.meta.id} reports a safe fix: declare meta.fixable (or make it a suggestion).`);
  if (own.some(({ d }) => d.suggestions?.length) && !rule.meta.hasSuggestions) throw new Error(`${rule.meta.id} offers suggestions: declare meta.hasSuggestions.`);
  if (c.output === undefined) {
    if (fixable) throw new Error(`${rule.meta.id} fixes this case: state the fixed text in \`output\` (or null).`);
    return;
  }
  const { inputs: files, opts } = inputs(rule, c);
  const [fixed] = await lintAndFix(files, opts);
  expect(fixed.output ?? null, 'output after --fix').toBe(c.output === null ? null : c.output);
}

/** Registers one test per case under describe(rule id). */
export function ruleTester(rule: Rule, tests: { valid: (string | ValidCase)[]; invalid: InvalidCase[] }): void {
  describe(`${rule.meta.id} (RuleTester)`, () => {
    for (const v of tests.valid) {
      const c = typeof v === 'string' ? { code: v } : v;
      it(`valid: ${title(c)}`, () => checkValid(rule, c));
    }
    for (const c of tests.invalid) it(`invalid: ${title(c)}`, () => checkInvalid(rule, c));
  });
}
