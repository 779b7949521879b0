// One diagnostic for a finding repeated over the items of an array (an automation configuration
// would otherwise give one deprecated-field warning per process, hundreds alike). The aggregate
// sits at the first place, its message names the count, and the other places become related
// locations (SARIF relatedLocations, LSP relatedInformation, `related` in JSON).
//
// "The same finding" (all must hold, so distinct findings are never merged):
// - same rule, severity, kind and document (item) index, and no related information of its own
//   (cross-document findings name their partners; they stay as they are);
// - pointers of the same shape across items of ONE array: equal but for the index of that
//   array (/processes/3/args2_6/net/ssl and /processes/7/args2_6/net/ssl), the array being
//   a real array of the document (not an object with a key "3");
// - the same message once that index is written as a wildcard (`processes[3]` and
//   `processes[7]` read alike; a message naming the item's host or value does not), and the
//   same fix and suggestion titles read the same way.
// Inline directives act on each place before this step (suppress.ts): silencing one place
// leaves the others, and the aggregate then starts at the first place not silenced.
import type { Diagnostic, RelatedInfo, TextFix } from '../core/types';
import { escapeToken, splitPointer } from '../core/pointer';

/** At least this many places make an aggregate. */
const MIN_PLACES = 2;

export interface AggregateContext {
  /** The file's path as results show it (the related places are in the same file). */
  filePath: string;
  /** The value of the document (item) a diagnostic belongs to, for telling arrays from objects. */
  documentValue(documentIndex: number): unknown;
}

interface Candidate {
  key: string;
  /** Index of the diagnostic in the input. */
  at: number;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The text with the index of the array at `prefix` written as `*`, in the forms messages use:
 * the label form (`processes[3]`, `replicaSets[0].members[2]`) and the pointer form (/processes/3).
 */
function wildcardIndex(text: string, { label, pointer }: PrefixForms, index: string): string {
  // Most texts name no index: no expression is compiled for them (thousands of findings on one document).
  let out = text;
  if (out.includes(`${label}[${index}]`)) {
    out = out.replace(new RegExp(`(^|[^\\w.\\]])${escapeRegExp(label)}\\[${index}\\]`, 'g'), (_, lead: string) => `${lead}${label}[*]`);
  }
  if (out.includes(`${pointer}/${index}`)) out = out.replace(new RegExp(`${escapeRegExp(pointer)}/${index}(?![\\w.~-])`, 'g'), `${pointer}/*`);
  return out;
}

/** The forms of an array's path that messages use: label (`replicaSets[0].members`) and pointer. */
interface PrefixForms {
  label: string;
  pointer: string;
}

/** The forms of `tokens` before `end`, written once for the texts of a finding (strings added: an empty prefix's mapped array has another map than others, a second compile). */
function prefixForms(tokens: readonly string[], end: number): PrefixForms {
  let label = '';
  let pointer = '';
  for (let i = 0; i < end; i++) {
    const t = tokens[i];
    label += /^\d+$/.test(t) ? `[${t}]` : (i ? '.' : '') + t;
    pointer += '/' + escapeToken(t);
  }
  return { label, pointer };
}

/** The keys under which a diagnostic may merge: one per array index in its pointer. */
function candidateKeys(d: Diagnostic, value: unknown): string[] {
  if (d.related?.length || d.occurrences) return [];
  const tokens = splitPointer(d.pointer);
  const keys: string[] = [];
  let cur: unknown = value;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (Array.isArray(cur) && /^(0|[1-9]\d*)$/.test(t) && Number(t) < cur.length) {
      const prefix = tokens.slice(0, i);
      const forms = prefixForms(tokens, i);
      const same = (s: string) => wildcardIndex(s, forms, t);
      keys.push(
        JSON.stringify([
          d.ruleId,
          d.severity,
          d.kind,
          d.documentIndex,
          prefix,
          tokens.slice(i + 1),
          same(d.message),
          d.fix ? same(d.fix.title) : null,
          (d.suggestions ?? []).map((s) => same(s.title)),
        ]),
      );
    }
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, t)) break;
    cur = (cur as Record<string, unknown>)[t];
  }
  return keys;
}

function placesWord(n: number): string {
  return n === 1 ? '1 more place' : `${n} more places`;
}

function mergeFixes(fixes: (TextFix | undefined)[], places: number): TextFix | undefined {
  if (fixes.some((f) => !f)) return undefined;
  return { title: `${fixes[0]!.title} (all ${places} places)`, edits: fixes.flatMap((f) => f!.edits) };
}

function aggregateOf(group: Diagnostic[], ctx: AggregateContext): Diagnostic {
  const [first, ...others] = group;
  // Pushed, not mapped: `.map()` in optimized code makes a holey array, which the readers of related lists met nowhere else.
  const related: RelatedInfo[] = [];
  for (const o of others) related.push({ filePath: ctx.filePath, documentIndex: o.documentIndex, pointer: o.pointer, message: o.message, range: o.range });
  const fix = mergeFixes(group.map((d) => d.fix), group.length);
  const suggestions = (first.suggestions ?? []).map((_, k) => mergeFixes(group.map((d) => d.suggestions?.[k]), group.length)).filter((s): s is TextFix => Boolean(s));
  return {
    ...first,
    message: `${first.message} (and ${placesWord(others.length)})`,
    fixable: Boolean(fix),
    fix,
    suggestions: suggestions.length ? suggestions : undefined,
    related,
    occurrences: group.length,
  };
}

function before(a: Diagnostic, b: Diagnostic): number {
  return a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column;
}

/**
 * Diagnostics with each repeated finding made one (see the head of this file). Keys with the
 * most places are served first, so that a finding repeated over processes and over the members
 * of one replica set joins the larger group; each diagnostic joins one group at most.
 */
export function aggregateRepeats(diagnostics: Diagnostic[], ctx: AggregateContext): Diagnostic[] {
  if (diagnostics.length < MIN_PLACES) return diagnostics;
  const byKey = new Map<string, number[]>();
  const candidates: Candidate[] = [];
  diagnostics.forEach((d, at) => {
    for (const key of candidateKeys(d, ctx.documentValue(d.documentIndex))) candidates.push({ key, at });
  });
  for (const c of candidates) {
    const list = byKey.get(c.key);
    if (list) list.push(c.at);
    else byKey.set(c.key, [c.at]);
  }
  const keys = [...byKey].filter(([, ats]) => ats.length >= MIN_PLACES);
  if (keys.length === 0) return diagnostics;
  keys.sort((a, b) => b[1].length - a[1].length || a[1][0] - b[1][0]);
  const taken = new Set<number>();
  const groupOf = new Map<number, Diagnostic>();
  for (const [, ats] of keys) {
    const free = ats.filter((at) => !taken.has(at));
    if (free.length < MIN_PLACES) continue;
    free.sort((a, b) => before(diagnostics[a], diagnostics[b]) || a - b);
    for (const at of free) taken.add(at);
    groupOf.set(free[0], aggregateOf(free.map((at) => diagnostics[at]), ctx));
  }
  const out: Diagnostic[] = [];
  diagnostics.forEach((d, at) => {
    if (!taken.has(at)) out.push(d);
    else if (groupOf.has(at)) out.push(groupOf.get(at)!);
  });
  return out;
}
