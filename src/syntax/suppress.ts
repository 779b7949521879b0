// Inline suppressions in YAML comments, with ESLint's set of directives:
//   # omlint-disable [<rule-id>, …] [-- reason]            from here on (to an omlint-enable)
//   # omlint-enable [<rule-id>, …] [-- reason]             ends an omlint-disable (all or some rules)
//   # omlint-disable-line [<rule-id>, …] [-- reason]       this line (a comment after the content)
//   # omlint-disable-next-line [<rule-id>, …] [-- reason]  the next line with content
// Without rule ids a directive covers every rule. Directives are read from real comments only
// (the lexer's, src/syntax/comments.ts): never from a block scalar or a quoted string.
// JSON has no comments: use the config instead.
import type { Diagnostic, Span, TextFix } from '../core/types';
import { LineIndex } from '../core/lines';
import { yamlCommentSpans } from './comments';
import { nearMatches } from '../core/near';
import { defineBuiltin } from '../core/rule';
import { NEVER_SUPPRESSED } from '../core/never-suppressed';

export const DIRECTIVE_WORDS = ['disable', 'enable', 'disable-line', 'disable-next-line'] as const;
export type DirectiveWord = (typeof DIRECTIVE_WORDS)[number];

export interface Directive {
  word: DirectiveWord;
  /** Empty: every rule. */
  rules: { id: string; span: Span }[];
  /** The whole comment, '#' to the end of its line. */
  comment: Span;
  /** 1-based line the directive covers (disable-line, disable-next-line). */
  line?: number;
  /** Rule ids it suppressed or re-enabled ('*' for a directive without ids). */
  used: Set<string>;
}

/** A comment that starts like a directive but names none (`# omlint-disabel`). */
export interface UnknownDirective {
  word: string;
  span: Span;
}

export interface FoundDirectives {
  directives: Directive[];
  unknown: UnknownDirective[];
  /** The line index they were placed with (for the fixes). */
  lines?: LineIndex;
}

export const NO_DIRECTIVES: FoundDirectives = { directives: [], unknown: [] };

/** Findings about a directive, reported as unused-disable-directive. */
export interface DirectiveProblem {
  span: Span;
  message: string;
  /** Removes what is unused (applied by --fix). */
  fix?: TextFix;
  suggestions?: TextFix[];
}

const WORDS: ReadonlySet<string> = new Set(DIRECTIVE_WORDS);
const PREFIX = 'omlint-';
const MANY_DIRECTIVES = 64;

/** The directives of a YAML text. */
export function findDirectives(text: string, fileLines: LineIndex): FoundDirectives {
  // The fast path: most texts hold no "# omlint-", and lexing the comments costs more than looking.
  const candidates = candidateOffsets(text);
  if (candidates.length === 0) return NO_DIRECTIVES;
  // A big text's index finds a few lines fast but each one slowly (lines.ts): with many
  // directives, one pass that indexes every line is cheaper.
  const lines = candidates.length < MANY_DIRECTIVES ? fileLines : new LineIndex(text, Infinity);
  const comments = commentsAround(candidates, text, lines);
  const out: FoundDirectives = { directives: [], unknown: [], lines };
  const commentStarts = new Set(comments.map((c) => c.start));
  const memo = { from: 0, to: 0 };
  for (const comment of comments) {
    // '#', then optional blanks, then the directive word.
    let at = comment.start + 1;
    while (at < comment.end && (text[at] === ' ' || text[at] === '\t')) at++;
    if (!text.startsWith(PREFIX, at)) continue;
    let wordEnd = at;
    while (wordEnd < comment.end && !/\s/.test(text[wordEnd])) wordEnd++;
    const word = text.slice(at + PREFIX.length, wordEnd);
    if (!WORDS.has(word)) {
      out.unknown.push({ word, span: { start: at, end: wordEnd } });
      continue;
    }
    const directive: Directive = { word: word as DirectiveWord, rules: ruleIds(text, wordEnd, comment.end), comment, used: new Set() };
    const line = lines.position(comment.start).line;
    if (word === 'disable-line') directive.line = line;
    if (word === 'disable-next-line') directive.line = nextContentLine(line, lines, commentStarts, memo);
    out.directives.push(directive);
  }
  return out;
}

/** Offsets of "omlint-" after a '#' and blanks: what a directive looks like before lexing. */
function candidateOffsets(text: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(PREFIX); at >= 0; at = text.indexOf(PREFIX, at + 1)) {
    let i = at - 1;
    while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
    if (i >= 0 && text[i] === '#') out.push(at);
  }
  return out;
}

const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \t]|$)/;

/**
 * The comments of the stretches of text around the candidates. The lexer reads forward only,
 * and a document marker ("---" or "..." at column 0) ends every scalar and collection before it
 * (the lexer stops block and quoted scalars and flow collections there), so a stretch runs from
 * the marker before a candidate to the lines a disable-next-line on its line may skip (blank, or
 * starting with '#'), plus one. A big stream of documents is lexed only where directives are.
 */
function commentsAround(candidates: number[], text: string, lines: LineIndex): Span[] {
  const stretches: Span[] = [];
  let reach = 0;
  for (const at of candidates) {
    const line = lines.position(at).line;
    // Each line is looked at once: forward from where the last candidate's look stopped...
    let end = Math.max(line + 1, reach);
    while (end <= lines.lineCount && /^\s*(#|$)/.test(lines.lineText(end))) end++;
    reach = end;
    const endOffset = lines.lineStart(end + 1);
    // ...and back to a marker, but not into the last stretch (lexing on from it costs the same).
    const last = stretches[stretches.length - 1];
    const stop = last ? lines.position(last.end).line : 1;
    let first = line;
    while (first > stop && !DOCUMENT_MARKER.test(lines.lineText(first))) first--;
    const start = lines.lineStart(first);
    if (last && (start < last.end || !DOCUMENT_MARKER.test(lines.lineText(first)))) last.end = Math.max(last.end, endOffset);
    else stretches.push({ start, end: endOffset });
  }
  return stretches.flatMap((s) => yamlCommentSpans(text.slice(s.start, s.end)).map((c) => ({ start: c.start + s.start, end: c.end + s.start })));
}

/** The rule ids between the directive word and an optional ` -- reason` (ESLint's separator). */
function ruleIds(text: string, from: number, to: number): { id: string; span: Span }[] {
  const body = text.slice(from, to);
  const reason = /(?:^|\s)-{2,}(?:\s|$)/.exec(body);
  const list = reason ? body.slice(0, reason.index) : body;
  return [...list.matchAll(/[^\s,]+/g)].map((m) => ({ id: m[0], span: { start: from + m.index!, end: from + m.index! + m[0].length } }));
}

/**
 * The first line after `line` that holds something other than blanks and a comment. `memo`: the
 * last answer, for a run of directive lines (each line is looked at once).
 */
function nextContentLine(line: number, lines: LineIndex, commentStarts: Set<number>, memo: { from: number; to: number }): number {
  if (line >= memo.from && line < memo.to) return memo.to;
  memo.from = line;
  let next = line + 1;
  while (next <= lines.lineCount) {
    const start = lines.lineStart(next);
    const end = lines.lineEnd(next);
    let i = start;
    while (i < end && (lines.text[i] === ' ' || lines.text[i] === '\t')) i++;
    if (i < end && !commentStarts.has(i)) break;
    next++;
  }
  memo.to = next;
  return next;
}

/** What omlint-disable / omlint-enable comments have in effect at some point of the text. */
class BlockState {
  private all: Directive | undefined;
  private byRule = new Map<string, Directive>();
  /** Rules re-enabled by name while a disable of every rule is in effect. */
  private enabled = new Set<string>();

  apply(d: Directive): void {
    if (d.word === 'disable') {
      if (d.rules.length === 0) {
        this.all = d;
        this.byRule.clear();
        this.enabled.clear();
      } else {
        for (const r of d.rules) {
          this.byRule.set(r.id, d);
          this.enabled.delete(r.id);
        }
      }
      return;
    }
    // omlint-enable: used when it ends something in effect (ESLint reports the others as unused).
    if (d.rules.length === 0) {
      if (this.all || this.byRule.size > 0) d.used.add('*');
      this.all = undefined;
      this.byRule.clear();
      this.enabled.clear();
      return;
    }
    for (const r of d.rules) {
      if (this.byRule.delete(r.id) || (this.all && !this.enabled.has(r.id))) d.used.add(r.id);
      if (this.all) this.enabled.add(r.id);
    }
  }

  /** The directive that disables `ruleId` here, if any. */
  disabling(ruleId: string): Directive | undefined {
    return this.byRule.get(ruleId) ?? (this.all && !this.enabled.has(ruleId) ? this.all : undefined);
  }
}

function markUsed(d: Directive, ruleId: string): void {
  d.used.add(d.rules.length === 0 ? '*' : ruleId);
}

/**
 * Drops suppressed diagnostics, marking the directives that were used. A line directive is the
 * one used when a disable region covers the same finding too (the region may then be unused).
 */
export function applyDirectives(diagnostics: Diagnostic[], directives: Directive[], lines: LineIndex): Diagnostic[] {
  if (directives.length === 0) return diagnostics;
  // Line directives by the line they cover, then by rule id (the first one written wins).
  const byLine = new Map<number, { all?: Directive; byRule: Map<string, Directive> }>();
  const blocks: Directive[] = [];
  for (const d of directives) {
    if (d.line === undefined) {
      blocks.push(d);
      continue;
    }
    let entry = byLine.get(d.line);
    if (!entry) byLine.set(d.line, (entry = { byRule: new Map() }));
    if (d.rules.length === 0) entry.all ??= d;
    for (const r of d.rules) if (!entry.byRule.has(r.id)) entry.byRule.set(r.id, d);
  }
  const offsetOf = (d: Diagnostic) => d.span?.start ?? lines.offset(d.range.start);
  // One sweep through the text: the region directives in order, the findings in order.
  const order = diagnostics.map((_, i) => i).sort((a, b) => offsetOf(diagnostics[a]) - offsetOf(diagnostics[b]));
  const suppressed = new Array<boolean>(diagnostics.length).fill(false);
  const state = new BlockState();
  let next = 0;
  for (const i of order) {
    const diag = diagnostics[i];
    const at = offsetOf(diag);
    while (next < blocks.length && blocks[next].comment.start <= at) state.apply(blocks[next++]);
    if (NEVER_SUPPRESSED.has(diag.ruleId)) continue;
    const onLine = byLine.get(diag.range.start.line);
    const by = onLine?.byRule.get(diag.ruleId) ?? onLine?.all ?? state.disabling(diag.ruleId);
    if (!by) continue;
    markUsed(by, diag.ruleId);
    suppressed[i] = true;
  }
  // Enable comments after the last finding still need their use decided.
  while (next < blocks.length) state.apply(blocks[next++]);
  return diagnostics.filter((_, i) => !suppressed[i]);
}

export interface DirectiveCheck {
  text: string;
  knownRules: Set<string>;
  /**
   * Whether an unused id may be removed by --fix. Not for a rule that reads other files: a run
   * over some files of a project does not see what it would report over all of them.
   */
  removable(ruleId: string): boolean;
  /** False when some findings were only counted (a file over the problem limit): "unused" is then unknown. */
  usageKnown: boolean;
}

/** Findings about the directives themselves: unknown words and ids, and directives that did nothing. */
export function directiveProblems(found: FoundDirectives, check: DirectiveCheck): DirectiveProblem[] {
  const out: DirectiveProblem[] = [];
  if (!found.lines) return out;
  const removal: Removal = { text: check.text, lines: found.lines };
  // A file may repeat one typo many times.
  const nearRules = new Map<string, string[]>();
  const known = [...check.knownRules];
  for (const u of found.unknown) {
    const near = nearMatches(u.word, DIRECTIVE_WORDS);
    const known = DIRECTIVE_WORDS.map((w) => PREFIX + w).join(', ');
    const guess = near.length ? ` Did you mean "${PREFIX}${near[0]}"?` : '';
    out.push({
      span: u.span,
      message: `"${PREFIX}${u.word}" is no omlint directive, so this comment suppresses nothing.${guess} Directives: ${known}.`,
      suggestions: near.length ? [{ title: `Change to ${PREFIX}${near[0]}`, edits: [{ span: u.span, text: PREFIX + near[0] }] }] : undefined,
    });
  }
  for (const d of found.directives) {
    const what = `${PREFIX}${d.word}`;
    for (const r of d.rules) {
      if (check.knownRules.has(r.id)) continue;
      let near = nearRules.get(r.id);
      if (!near) nearRules.set(r.id, (near = nearMatches(r.id, known)));
      const guess = near.length ? ` Did you mean "${near[0]}"?` : '';
      out.push({
        span: r.span,
        message: `"${r.id}" in this ${what} comment is no omlint rule id (omlint rules lists them).${guess} Fix the id or remove it.`,
        suggestions: near.length ? [{ title: `Change to ${near[0]}`, edits: [{ span: r.span, text: near[0] }] }] : undefined,
      });
    }
    if (!check.usageKnown) continue;
    const verb = d.word === 'enable' ? 're-enables' : 'suppresses';
    if (d.rules.length === 0) {
      if (d.used.size > 0) continue;
      const why = d.word === 'enable' ? 'no omlint-disable comment is in effect above it' : 'no finding is reported where it applies';
      out.push({ span: d.comment, message: `This ${what} comment ${verb} nothing: ${why}. Remove it.`, fix: { title: `Remove this unused ${what} comment`, edits: removeComment(d.comment, removal) } });
      continue;
    }
    const unused = d.rules.filter((r) => check.knownRules.has(r.id) && !d.used.has(r.id));
    if (unused.length === 0) continue;
    const names = unused.map((r) => `"${r.id}"`).join(', ');
    const message =
      d.word === 'enable'
        ? `This ${what} comment names ${names}, which no omlint-disable comment above it disables; remove ${unused.length > 1 ? 'them' : 'it'}.`
        : `This ${what} comment names ${names}, which ${unused.length > 1 ? 'report' : 'reports'} nothing here; remove ${unused.length > 1 ? 'them' : 'it'}.`;
    const removable = new Set(unused.filter((r) => check.removable(r.id)));
    out.push({ span: d.comment, message, fix: removable.size ? removeIdsFix(d, removable, removal) : undefined });
  }
  return out;
}

/** Removes some ids of a directive, or the whole comment when none would be left. */
interface Removal {
  text: string;
  lines: LineIndex;
}

function removeIdsFix(d: Directive, remove: Set<{ id: string; span: Span }>, removal: Removal): TextFix {
  const kept = d.rules.filter((r) => !remove.has(r));
  const names = [...remove].map((r) => r.id).join(', ');
  if (kept.length === 0) return { title: `Remove this unused ${PREFIX}${d.word} comment`, edits: removeComment(d.comment, removal) };
  const list = { start: d.rules[0].span.start, end: d.rules[d.rules.length - 1].span.end };
  return { title: `Remove ${names} from this ${PREFIX}${d.word} comment`, edits: [{ span: list, text: kept.map((r) => r.id).join(', ') }] };
}

/** A comment alone on its line goes with its line; after content, with the blanks before it. */
function removeComment(comment: Span, { text, lines }: Removal): { span: Span; text: string }[] {
  const line = lines.position(comment.start).line;
  const lineStart = lines.lineStart(line);
  let from = comment.start;
  while (from > lineStart && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
  if (from === lineStart) return [{ span: { start: lineStart, end: lines.lineStart(line + 1) }, text: '' }];
  return [{ span: { start: from, end: comment.end }, text: '' }];
}

// The rule ids this module reports (listed in rules/registry.ts by scripts/gen-rule-index.ts).
export const UNUSED_DISABLE_DIRECTIVE = defineBuiltin({
  id: 'unused-disable-directive',
  defaultSeverity: 'warning',
  fixable: true,
  hasSuggestions: true,
  description: 'An omlint directive comment suppresses nothing, is misspelled, or names an unknown rule.',
  docs: {
    fixes: 'Safe: removing the unused directive or its unused rule ids. Suggestions: the nearest directive or rule id for a misspelt one.',
    why: 'Stale suppressions hide future problems; remove them once the problem they silenced is gone (`--fix` removes them, or only their unused rule ids). A misspelled directive (`# omlint-disabel`) or rule id suppresses nothing: the message names the nearest directive or rule.',
    bad: `# omlint-disable-next-line enabled-omitted -- migrating
eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
  },
});
