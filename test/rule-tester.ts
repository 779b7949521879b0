// A shared rule tester, like ESLint's: tables of valid and invalid documents for one rule.
// Each case runs only the rule under test (plus the schema layer, whose findings are ignored):
// a valid case must give no diagnostic of the rule; an invalid case exactly the listed ones, in
// order (none missing, none extra), each with its messageId, line and column; and a case whose
// diagnostics carry a safe fix must state the fixed text (`output`; null: nothing is fixed).
import { describe, expect, it } from 'vitest';
import { lint, lintAndFix } from '../src/engine/lint';
import { reportMessage } from '../src/core/rule';
import type { Diagnostic, Kind, Rule } from '../src/core/types';

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
  /** Other documents of the same project scope, by file name (workspace rules). */
  scope?: Record<string, string>;
}

export interface ExpectedError {
  messageId: string;
  /** The template's data: the message must be the template filled with it. */
  data?: Record<string, unknown>;
  /** 1-based, columns in UTF-16 code units. */
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  severity?: Diagnostic['severity'];
  /** Titles of the quick-fix suggestions. */
  suggestions?: string[];
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedError[];
  /** The text after --fix; null when no fix applies. Required when a diagnostic is fixable. */
  output?: string | null;
}

const title = (c: ValidCase) => c.name ?? c.code.replace(/\n/g, '\\n').slice(0, 80);

function inputs(rule: Rule, c: ValidCase) {
  const filePath = `/scope/${c.fileName ?? 'doc.yaml'}`;
  const kind = c.kind ?? (rule.meta.kinds === '*' ? undefined : rule.meta.kinds[0]);
  return {
    inputs: [{ filePath, text: c.code }, ...Object.entries(c.scope ?? {}).map(([name, text]) => ({ filePath: `/scope/${name}`, text }))],
    opts: {
      now: new Date(c.now ?? NOW),
      targetVersion: c.targetVersion,
      ruleSet: [rule],
      // The kind applies to the case's document; the scope's other documents are detected.
      settingsFor: (p: string) => ({ ignored: false, rules: {}, scope: '/scope', secretPlaceholders: [], kind: p === filePath ? kind : undefined }),
    },
  };
}

async function diagnosticsOf(rule: Rule, c: ValidCase): Promise<Diagnostic[]> {
  const { inputs: files, opts } = inputs(rule, c);
  const [result] = await lint(files, opts);
  // An internal error of the rule is a failure of the case, never a silent pass.
  const failed = result.diagnostics.find((d) => d.ruleId === 'internal-error');
  if (failed) throw new Error(failed.message);
  return result.diagnostics.filter((d) => d.ruleId === rule.meta.id);
}

export async function checkValid(rule: Rule, c: ValidCase): Promise<void> {
  const found = await diagnosticsOf(rule, c);
  expect(found.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.message}`), 'a valid case gives no diagnostic').toEqual([]);
}

export async function checkInvalid(rule: Rule, c: InvalidCase): Promise<void> {
  if (c.errors.length === 0) throw new Error('An invalid case lists at least one error.');
  const found = await diagnosticsOf(rule, c);
  const shown = found.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.messageId ?? '(no messageId)'}: ${d.message}`);
  expect(found.length, `expected ${c.errors.length} diagnostic(s) of ${rule.meta.id}, got:\n${shown.join('\n')}`).toBe(c.errors.length);
  c.errors.forEach((e, i) => {
    const d = found[i];
    const where = `error ${i + 1} (${shown[i]})`;
    expect(rule.meta.messages?.[e.messageId], `${rule.meta.id} has no message "${e.messageId}"`).toBeDefined();
    expect(d.messageId, where).toBe(e.messageId);
    if (e.data) expect(d.message, where).toBe(reportMessage(rule.meta, { pointer: '', messageId: e.messageId, data: e.data }));
    if (e.line !== undefined) expect(d.range.start.line, `${where}: line`).toBe(e.line);
    if (e.column !== undefined) expect(d.range.start.column, `${where}: column`).toBe(e.column);
    if (e.endLine !== undefined) expect(d.range.end.line, `${where}: end line`).toBe(e.endLine);
    if (e.endColumn !== undefined) expect(d.range.end.column, `${where}: end column`).toBe(e.endColumn);
    if (e.severity !== undefined) expect(d.severity, `${where}: severity`).toBe(e.severity);
    if (e.suggestions !== undefined) expect((d.suggestions ?? []).map((s) => s.title), `${where}: suggestions`).toEqual(e.suggestions);
  });
  const fixable = found.some((d) => d.fixable);
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
