// Inline suppressions in YAML comments:
//   # omlint-disable-next-line <rule-id>[, <rule-id>] [-- reason]   (the next line with content)
//   # omlint-disable [<rule-id>, …] [-- reason]                       (the whole file)
// Without rule ids a directive covers every rule. JSON has no comments: use the config instead.
import type { Diagnostic, Span } from './types';
import type { LineIndex } from '../parse/lines';

export interface Directive {
  kind: 'next-line' | 'file';
  /** Empty: every rule. */
  rules: string[];
  /** 1-based line the directive covers (next-line only). */
  line?: number;
  span: Span;
  used: Set<string>;
}

const DIRECTIVE = /#\s*omlint-(disable-next-line|disable)(?=\s|$)([^\n\r]*)/g;

export function findDirectives(text: string, lines: LineIndex): Directive[] {
  if (text.indexOf('omlint-disable') < 0) return [];
  const out: Directive[] = [];
  for (const m of text.matchAll(DIRECTIVE)) {
    const start = m.index!;
    // A '#' starts a comment at the start of a line or after white space.
    if (start > 0 && !/\s/.test(text[start - 1])) continue;
    const body = m[2].split(/\s--\s|\s--$/)[0];
    const rules = body.split(/[\s,]+/).filter(Boolean);
    const span = { start, end: start + m[0].length };
    if (m[1] === 'disable') {
      out.push({ kind: 'file', rules, span, used: new Set() });
      continue;
    }
    // The next line with something other than a comment on it.
    let line = lines.position(start).line + 1;
    while (line <= lines.lineCount && /^\s*(#.*)?$/.test(lines.lineText(line))) line++;
    out.push({ kind: 'next-line', rules, line, span, used: new Set() });
  }
  return out;
}

/** Drops suppressed diagnostics, marking the directives that were used. */
export function applyDirectives(diagnostics: Diagnostic[], directives: Directive[]): Diagnostic[] {
  if (directives.length === 0) return diagnostics;
  return diagnostics.filter((d) => {
    if (d.ruleId === 'syntax-error' || d.ruleId === 'internal-error' || d.ruleId === 'unused-disable-directive') return true;
    let suppressed = false;
    for (const dir of directives) {
      const covers = dir.kind === 'file' || d.range.start.line === dir.line;
      if (!covers) continue;
      if (dir.rules.length === 0 || dir.rules.includes(d.ruleId)) {
        dir.used.add(dir.rules.length === 0 ? '*' : d.ruleId);
        suppressed = true;
      }
    }
    return !suppressed;
  });
}

/** Findings about the directives themselves: unknown ids, and ids that suppressed nothing. */
export function unusedDirectives(directives: Directive[], knownRules: Set<string>): { span: Span; message: string }[] {
  const out: { span: Span; message: string }[] = [];
  for (const dir of directives) {
    const what = dir.kind === 'file' ? 'omlint-disable' : 'omlint-disable-next-line';
    if (dir.rules.length === 0) {
      if (dir.used.size === 0) out.push({ span: dir.span, message: `This ${what} comment suppresses nothing; remove it.` });
      continue;
    }
    for (const id of dir.rules) {
      if (!knownRules.has(id)) out.push({ span: dir.span, message: `"${id}" in this ${what} comment is no omlint rule id (omlint rules lists them); fix the id or remove it.` });
      else if (!dir.used.has(id)) out.push({ span: dir.span, message: `This ${what} comment names "${id}", which reports nothing here; remove it.` });
    }
  }
  return out;
}
