// A policy of the config → a rule object of the same contract as the built-in rules
// (DocumentRule, or WorkspaceRule for `contains`), so positions, suppressions, the baseline,
// formats and the editor treat it as any other rule.
import { KINDS, isKind, type Kind } from '../core/kinds';
import { isObject } from '../core/is-object';
import { escapeToken, parentPointer, splitPointer } from '../core/pointer';
import type { DigestContext, DocumentRule, Fix, Report, Rule, RuleContext, ScopeDocument, Severity, WorkspaceRule, WorkspaceRuleContext } from '../core/types';
import { bounds, compileAssertions, describeBounds, holds, resolveField, show, unknownKey, type Check, type Fail, type Failure, type Subject } from './assertions';
import { compileQuery, QueryError, type CompiledQuery } from './given';
import { recordFingerprint } from './catalog';

export const POLICY_KEYS = ['id', 'kinds', 'severity', 'message', 'description', 'docs', 'files', 'scope', 'if', 'given', 'when', 'then', 'count', 'contains', 'fix'] as const;
const ID = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)+$/;
const SEVERITIES = ['error', 'warning', 'info'];

/** A compiled policy: its rule, and the filters the config applies per file. */
export interface CompiledPolicy {
  rule: Rule;
  /** Where it was declared: a config path, `omlint:<pack>`, or an npm package's file. */
  source: string;
  files?: string[];
  scopeName?: string;
}


export function compilePolicy(raw: unknown, at: string, fail: Fail, source: string): CompiledPolicy {
  if (!isObject(raw)) fail(at, 'a policy is a mapping {id, kinds, severity, message, given?, then?, ...}');
  const p = raw as Record<string, unknown>;
  for (const k of Object.keys(p)) if (!(POLICY_KEYS as readonly string[]).includes(k)) fail(`${at}/${escapeToken(k)}`, unknownKey(k, POLICY_KEYS, 'policy'));
  if (typeof p.id !== 'string' || !ID.test(p.id)) fail(`${at}${p.id === undefined ? '' : '/id'}`, 'a policy needs an "id" with a namespace, lower case: e.g. acme/pagerduty-required');
  const id = p.id as string;
  if (!Array.isArray(p.kinds) || p.kinds.length === 0) fail(`${at}${p.kinds === undefined ? '' : '/kinds'}`, `a policy needs "kinds": a list of ${KINDS.join(', ')}`);
  (p.kinds as unknown[]).forEach((k, i) => {
    if (!isKind(k)) fail(`${at}/kinds/${i}`, `unknown kind ${JSON.stringify(k)}; kinds: ${KINDS.join(', ')}`);
  });
  const kinds = [...new Set(p.kinds as Kind[])];
  if (typeof p.severity !== 'string' || !SEVERITIES.includes(p.severity)) fail(`${at}${p.severity === undefined ? '' : '/severity'}`, 'a policy needs "severity": error, warning or info');
  const severity = p.severity as Severity;
  if (typeof p.message !== 'string' || p.message.trim() === '') fail(`${at}${p.message === undefined ? '' : '/message'}`, 'a policy needs a "message" (a non-empty string)');
  const message = p.message as string;
  for (const k of ['description', 'docs', 'scope'] as const) if (p[k] !== undefined && (typeof p[k] !== 'string' || p[k] === '')) fail(`${at}/${k}`, 'must be a non-empty string');
  if (p.files !== undefined && (!Array.isArray(p.files) || p.files.length === 0 || p.files.some((g) => typeof g !== 'string' || g === ''))) fail(`${at}/files`, 'must be a list of glob patterns (non-empty strings)');
  const workspace = p.contains !== undefined;
  if (workspace) for (const k of ['if', 'given', 'when', 'then', 'count', 'fix'] as const) if (p[k] !== undefined) fail(`${at}/${k}`, `a policy with "contains" (a check over the documents of a scope) has no "${k}"; the documents are checked with contains.where`);
  if (!workspace && p.then === undefined && p.count === undefined) fail(at, 'a policy needs "then" (assertions), "count" (of the matches of "given") or "contains" (over the documents of a scope)');
  const description = (p.description as string | undefined) ?? message.replace(/\{\{[^}]*\}\}/g, '…');
  const meta = {
    id,
    kinds,
    defaultSeverity: severity,
    description,
    docs: { why: (p.docs as string | undefined) ?? `A policy of ${source}.`, bad: '', good: '' },
    fixable: isObject(p.fix) && p.fix.safe === true,
    hasSuggestions: p.fix !== undefined,
  };
  const rule = workspace ? containsRule(meta, p.contains, `${at}/contains`, fail, message, severity) : documentRule(meta, p, at, fail, message, severity);
  recordFingerprint(rule, p);
  return { rule, source, files: p.files as string[] | undefined, scopeName: p.scope as string | undefined };
}

type Meta = DocumentRule['meta'];

function documentRule(meta: Meta, p: Record<string, unknown>, at: string, fail: Fail, message: string, severity: Severity): DocumentRule {
  let query: CompiledQuery;
  if (p.given !== undefined && typeof p.given !== 'string') fail(`${at}/given`, 'must be a JSONPath ($.processes[*]) or a JSON-pointer pattern (/processes/*)');
  try {
    query = compileQuery((p.given as string | undefined) ?? '$');
  } catch (e) {
    if (!(e instanceof QueryError)) throw e;
    return fail(`${at}/given`, e.message);
  }
  const documentIf = p.if === undefined ? undefined : compileAssertions(p.if, `${at}/if`, fail);
  const when = p.when === undefined ? undefined : compileAssertions(p.when, `${at}/when`, fail);
  const then = p.then === undefined ? undefined : compileAssertions(p.then, `${at}/then`, fail);
  let count: { min?: number; max?: number } | undefined;
  if (p.count !== undefined) {
    if (!isObject(p.count)) fail(`${at}/count`, 'must be a mapping {min?, max?}');
    for (const k of Object.keys(p.count as object)) if (!['min', 'max'].includes(k)) fail(`${at}/count/${escapeToken(k)}`, unknownKey(k, ['min', 'max'], 'count'));
    count = bounds(p.count as Record<string, unknown>, `${at}/count`, fail);
  }
  const fix = compileFix(p.fix, `${at}/fix`, fail);
  return {
    meta: { ...meta, scope: 'document' },
    check(ctx: RuleContext) {
      if (documentIf && !holds(documentIf, { pointer: '', value: ctx.value })) return;
      const { matches, truncated } = query.run(ctx.value);
      const checked = when ? matches.filter((m) => holds(when, m)) : matches;
      if (truncated) ctx.report({ pointer: query.prefix, severity: 'warning', message: `Policy ${meta.id} stopped after ${checked.length} matches of ${query.source}; the rest of the document was not checked.` });
      if (count && (checked.length < (count.min ?? 0) || checked.length > (count.max ?? Infinity))) {
        const failure: Failure = { pointer: query.prefix, field: '', value: undefined, expected: `${describeBounds(count.min, count.max)} matches of ${query.source}`, fixable: false };
        ctx.report(toReport(failure, ctx.value, message, severity, undefined, checked.length));
      }
      if (!then) return;
      for (const m of checked) for (const f of then(m)) ctx.report(toReport(f, ctx.value, message, severity, fix, undefined, m));
    },
  };
}

function containsRule(meta: Meta, raw: unknown, at: string, fail: Fail, message: string, severity: Severity): WorkspaceRule {
  if (!isObject(raw)) fail(at, 'must be a mapping {where, min?, max?}');
  const c = raw as Record<string, unknown>;
  for (const k of Object.keys(c)) if (!['where', 'min', 'max'].includes(k)) fail(`${at}/${escapeToken(k)}`, unknownKey(k, ['where', 'min', 'max'], 'contains'));
  const where: Check | undefined = c.where === undefined ? undefined : compileAssertions(c.where, `${at}/where`, fail);
  const { min, max } = c.min === undefined && c.max === undefined ? { min: 1, max: undefined } : bounds(c, at, fail);
  return {
    meta: { ...meta, scope: 'workspace' },
    // The digest: whether the document matches `where` (the count is all the rule compares).
    digest: (doc: DigestContext) => !where || holds(where, { pointer: '', value: doc.value }),
    check(ctx: WorkspaceRuleContext<boolean>) {
      const docs = [...ctx.documents].sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : a.documentIndex - b.documentIndex));
      if (docs.length === 0) return;
      const matching = docs.filter((d) => d.digest);
      if (matching.length >= (min ?? 0) && matching.length <= (max ?? Infinity)) return;
      // Too few: said once, on the scope's first document of the kinds. Too many: on each one past max.
      const expected = `${describeBounds(min, max)} such documents in this project scope`;
      const targets: ScopeDocument<boolean>[] = matching.length < (min ?? 0) ? [docs[0]] : matching.slice(max);
      for (const d of targets) ctx.report(d, toReport({ pointer: '', field: '', value: undefined, expected, fixable: false }, undefined, message, severity, undefined, matching.length));
    },
  };
}

interface PolicyFix {
  value: unknown;
  safe: boolean;
  title: string;
}

function compileFix(raw: unknown, at: string, fail: Fail): PolicyFix | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw) || !Object.hasOwn(raw, 'value')) fail(at, 'must be a mapping {value, safe?, title?}');
  const f = raw as Record<string, unknown>;
  for (const k of Object.keys(f)) if (!['value', 'safe', 'title'].includes(k)) fail(`${at}/${escapeToken(k)}`, unknownKey(k, ['value', 'safe', 'title'], 'fix'));
  if (f.safe !== undefined && typeof f.safe !== 'boolean') fail(`${at}/safe`, 'must be true or false');
  if (f.title !== undefined && (typeof f.title !== 'string' || f.title === '')) fail(`${at}/title`, 'must be a non-empty string');
  return { value: f.value, safe: f.safe === true, title: (f.title as string | undefined) ?? `Set to ${show(f.value)}` };
}

/** The fix of a failure: replace the value, or add the missing key to its (existing) parent object. */
function fixOf(fix: PolicyFix, failure: Failure, doc: unknown): Fix | undefined {
  if (!failure.fixable || failure.pointer === '') return undefined;
  const parent = parentPointer(failure.pointer);
  const tokens = splitPointer(failure.pointer);
  const key = tokens[tokens.length - 1];
  const parentValue = resolveField({ pointer: '', value: doc }, splitPointer(parent));
  if (!parentValue.exists || !isObject(parentValue.value)) return undefined;
  const ops = Object.hasOwn(parentValue.value, key)
    ? [{ op: 'replace' as const, pointer: failure.pointer, value: fix.value }]
    : [{ op: 'add' as const, pointer: parent, key, value: fix.value }];
  return { title: fix.title, ops };
}

const PLACEHOLDER = /\{\{\s*([^{}\s]{1,200})\s*\}\}/g;

/** The message with its placeholders filled: fixed names first, else a path below the match. */
function fill(template: string, failure: Failure, count: number | undefined, match: Subject | undefined): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    switch (name) {
      case 'value':
        return show(failure.value);
      case 'field':
        return failure.field || '(the match)';
      case 'pointer':
        return failure.pointer || '/';
      case 'expected':
        return failure.expected;
      case 'count':
        return count === undefined ? '' : String(count);
    }
    const found = match ? resolveField(match, name.split('.')) : undefined;
    return found?.exists ? show(found.value) : '(absent)';
  });
}

function toReport(failure: Failure, doc: unknown, message: string, severity: Severity, fix: PolicyFix | undefined, count?: number, match?: Subject): Report {
  const f = fix ? fixOf(fix, failure, doc) : undefined;
  const counted = count ?? (failure as Failure & { count?: number }).count;
  return {
    pointer: failure.pointer,
    severity,
    message: fill(message, failure, counted, match),
    ...(f ? (fix!.safe ? { fix: f } : { suggestions: [f] }) : {}),
  };
}
