// Formatting of a document or a selection (textDocument/formatting, rangeFormatting). YAML is
// printed by the `yaml` library's Document API (comments kept, numbers and scalar styles as
// written), JSON by jsonc-parser's formatter, which changes white space only. The answer is the
// lines that change (line-diff.ts). A YAML printing whose value or comments differ from the
// text's is refused, never applied: that is the guard against whatever the printer cannot keep.
import { format as formatJson, parse as parseJsonc, printParseErrorCode, type FormattingOptions as JsonFormatOptions, type ParseError } from 'jsonc-parser';
import { parseAllDocuments } from 'yaml';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { yamlCommentSpans } from '../syntax/comments';
import { findDirectives } from '../syntax/suppress';
import { LineIndex } from '../core/lines';
import { DEFAULT_LIMITS } from '../syntax/types';
import { PARSE_OPTIONS } from '../syntax/yaml';
import { lineHunks, splitLines, type LineHunk } from './line-diff';

/** Formatting was asked for and cannot be done; the message says why (shown by the client). */
export class FormatRefused extends Error {}

const BOM = '\uFEFF';

export function formatEdits(doc: TextDocument, json: boolean, options: FormattingOptions, range?: Range): TextEdit[] {
  const text = doc.getText();
  return json ? jsonEdits(doc, text, options, range) : yamlEdits(doc, text, options, range);
}

/** YAML indentation is spaces only; a tab size of 0 or less is taken as 2. */
const indentOf = (options: FormattingOptions) => (Number.isInteger(options.tabSize) && options.tabSize > 0 ? Math.min(options.tabSize, 16) : 2);

function jsonEdits(doc: TextDocument, text: string, options: FormattingOptions, range?: Range): TextEdit[] {
  const bom = text.startsWith(BOM) ? 1 : 0;
  const body = text.slice(bom);
  try {
    JSON.parse(body);
  } catch {
    // JSON.parse's message quotes the text (a secret, maybe): only where, and what kind of error.
    const errors: ParseError[] = [];
    parseJsonc(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const at = first ? doc.positionAt(first.offset + bom) : undefined;
    throw new FormatRefused(`the JSON does not parse${first && at ? ` (${printParseErrorCode(first.error)} at line ${at.line + 1}, column ${at.character + 1})` : ''}; fix it first`);
  }
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  const jsonOptions: JsonFormatOptions = {
    tabSize: indentOf(options),
    insertSpaces: options.insertSpaces !== false,
    eol,
    insertFinalNewline: options.insertFinalNewline ?? body.endsWith('\n'),
  };
  const selected = range ? { offset: Math.max(0, doc.offsetAt(range.start) - bom), length: doc.offsetAt(range.end) - doc.offsetAt(range.start) } : undefined;
  return formatJson(body, selected, jsonOptions).map((e) => ({
    range: { start: doc.positionAt(e.offset + bom), end: doc.positionAt(e.offset + e.length + bom) },
    newText: e.content,
  }));
}

/**
 * The value of each document (big integers kept exact), as comparable text, read as the linter
 * reads it (core schema, `.inf` and `.nan` strings, no tag-built objects). Aliases expand only
 * as far as the linter lets them (a few hundred bytes of nested aliases expand past any memory).
 */
function yamlValues(text: string): string | undefined {
  const docs = parseAllDocuments(text, { ...PARSE_OPTIONS, intAsBigInt: true });
  if (!Array.isArray(docs) || docs.some((d) => d.errors.length > 0)) return undefined;
  let values: unknown[];
  try {
    values = docs.map((d) => d.toJS({ maxAliasCount: DEFAULT_LIMITS.maxAliases }));
  } catch {
    throw new FormatRefused(`the YAML's aliases expand past ${DEFAULT_LIMITS.maxAliases} or name no anchor (as the linter reads them); left as it is`);
  }
  return JSON.stringify(values, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

/**
 * Each comment's text and whether content stands before it on its line: an `# omlint-disable-line`
 * moved off its line, or onto one, suppresses other findings.
 */
function commentsOf(text: string): string {
  return JSON.stringify(yamlCommentSpans(text).map((s) => [text.slice(s.start, s.end).trimEnd(), /\S/.test(text.slice(text.lastIndexOf('\n', s.start - 1) + 1, s.start))]));
}

/**
 * The content each suppression directive covers (the engine's directive finder): its line's, the
 * next line's, or for omlint-disable/enable the first content line after it, white space aside
 * (printing re-indents and re-spaces lines, and must not move a directive to other content).
 */
function directiveCover(text: string): string {
  const lines = new LineIndex(text);
  const content = (line: number) => (line <= lines.lineCount ? lines.lineText(line).replace(/\s+/g, '') : '');
  return JSON.stringify(findDirectives(text, lines).directives.map((d) => {
    let line = d.line;
    if (line === undefined) {
      line = lines.position(d.comment.start).line + 1;
      while (line <= lines.lineCount && /^\s*(#|$)/.test(lines.lineText(line))) line++;
    }
    return [d.word, content(line)];
  }));
}

function yamlEdits(doc: TextDocument, text: string, options: FormattingOptions, range?: Range): TextEdit[] {
  const bom = text.startsWith(BOM) ? BOM : '';
  const body = text.slice(bom.length);
  const docs = parseAllDocuments(body, { intAsBigInt: true });
  if (docs.length === 0) return []; // comments alone, or nothing: nothing to print
  const broken = docs.flatMap((d) => d.errors)[0];
  // The error's code and place only, as for JSON: a library's message may quote the document.
  const at = broken?.linePos?.[0];
  if (broken) throw new FormatRefused(`the YAML does not parse (${broken.code}${at ? ` at line ${at.line}, column ${at.col}` : ''}); fix it first`);
  const crlf = body.includes('\r\n');
  // lineWidth 0: long plain scalars stay on their line (folding them is a change of layout nobody asked for).
  let printed = docs.map((d) => d.toString({ indent: indentOf(options), lineWidth: 0 })).join('');
  if (!body.endsWith('\n') && options.insertFinalNewline !== true) printed = printed.replace(/\n$/, '');
  if (crlf) printed = printed.replace(/\r?\n/g, '\r\n');
  const before = splitLines(text);
  let hunks = lineHunks(before, splitLines(bom + printed));
  if (range) hunks = withinLines(hunks, range);
  if (hunks.length === 0) return [];
  const result = applyHunks(before, hunks);
  const was = yamlValues(body);
  if (was === undefined || yamlValues(result.slice(bom.length)) !== was) {
    throw new FormatRefused(range ? 'formatting only the selection would change the document\'s structure; select the whole block, or format the document' : 'the printed YAML would not hold the same values; left as it is');
  }
  if (commentsOf(result) !== commentsOf(text)) throw new FormatRefused('the printed YAML would not keep every comment as it is, where it is; left as it is');
  if (directiveCover(result) !== directiveCover(text)) throw new FormatRefused('the printed YAML would move an omlint directive to other lines; left as it is');
  const starts: number[] = [0];
  for (const line of before) starts.push(starts[starts.length - 1] + line.length);
  return hunks.map((h) => ({ range: { start: doc.positionAt(starts[h.oldStart]), end: doc.positionAt(starts[h.oldEnd]) }, newText: h.lines.join('') }));
}

/**
 * The changes on the selected lines: a hunk that changes as many lines as it replaces is taken
 * line by line (re-indented lines), another one only when the selection holds all of it.
 */
function withinLines(hunks: LineHunk[], range: Range): LineHunk[] {
  const first = range.start.line;
  const last = range.end.character === 0 && range.end.line > first ? range.end.line - 1 : range.end.line;
  const out: LineHunk[] = [];
  for (const h of hunks) {
    if (h.oldEnd - h.oldStart === h.lines.length) {
      h.lines.forEach((line, i) => {
        const at = h.oldStart + i;
        if (at >= first && at <= last) out.push({ oldStart: at, oldEnd: at + 1, lines: [line] });
      });
    } else if (h.oldStart >= first && (h.oldEnd === h.oldStart ? h.oldStart <= last + 1 : h.oldEnd - 1 <= last)) out.push(h);
  }
  return out;
}

function applyHunks(lines: string[], hunks: LineHunk[]): string {
  const out: string[] = [];
  let at = 0;
  for (const h of hunks) {
    out.push(...lines.slice(at, h.oldStart), ...h.lines);
    at = h.oldEnd;
  }
  out.push(...lines.slice(at));
  return out.join('');
}
