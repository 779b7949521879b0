// Folding ranges for YAML (by indentation: a line folds the more-indented lines under it, and a
// key's block sequence written at the key's own indentation) and JSON (brackets spanning lines).
// Linear in the text: a 2.6 MB configuration is read once. Both come from the version's SourceFile
// (its line walker; its JSON syntax tree), shared with hover and completion.
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import type { TextLines } from '../syntax/cursor';
import type { SourceFile } from '../syntax/source-file';

/**
 * JSON: each `{`/`[` whose matching close is on a later line folds up to the line before the close.
 * `source`: the text's parse, whose syntax tree knows the brackets.
 */
export function jsonFoldingRanges(text: string, source?: SourceFile): FoldingRange[] {
  const brackets = source?.text === text ? source.jsonBrackets() : undefined;
  // No tree (a big text read lazily, a text that does not parse, a config file read alone): the text's own brackets.
  if (!brackets) return bracketFoldingRanges(text);
  const out: FoldingRange[] = [];
  for (const { open, close } of brackets) foldBetween(out, source!.lines.position(open).line - 1, source!.lines.position(close).line - 1);
  return out.sort((a, b) => a.startLine - b.startLine);
}

/** A container from `start` to the line of its close: up to the line before, unless that is its own. */
function foldBetween(out: FoldingRange[], start: number, line: number): void {
  if (line - 1 > start) out.push({ startLine: start, endLine: line - 1 });
  else if (line > start) out.push({ startLine: start, endLine: line });
}

/** The brackets read from the text (strings skipped), in the order they close. */
function bracketFoldingRanges(text: string): FoldingRange[] {
  const out: FoldingRange[] = [];
  const open: number[] = [];
  let line = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 13) {
      if (text.charCodeAt(i + 1) !== 10) line++;
    } else if (c === 34) {
      // Skip a string (escapes included); a string holds no line break in valid JSON.
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 123 || c === 91) open.push(line);
    else if ((c === 125 || c === 93) && open.length) foldBetween(out, open.pop() as number, line);
  }
  return out.sort((a, b) => a.startLine - b.startLine);
}

interface YamlLine {
  indent: number;
  /** A `- ` sequence item starts the line. */
  dash: boolean;
  blank: boolean;
  comment: boolean;
}

/** Leading white space as String.prototype.trimStart sees it. */
const SPACE_LIKE = /\s/;

/** Each line of the text by the version's line walker (no array of line texts): its indentation and what starts it. */
export function yamlLines(lines: TextLines): YamlLine[] {
  const { text, walker } = lines;
  const out: YamlLine[] = [];
  for (let start = 0; start >= 0; start = walker.next(start)) {
    const end = walker.end(start);
    let i = start;
    while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || SPACE_LIKE.test(text[i]))) i++;
    const c = text.charCodeAt(i);
    const dash = c === 45 && (i + 1 === end || text.charCodeAt(i + 1) === 32);
    out.push({ indent: i - start, dash, blank: i === end, comment: i < end && c === 35 });
  }
  return out;
}

/**
 * YAML: a line folds every following line indented deeper (and, after a `key:` line, its `- `
 * items at the same indentation). `text`: the version's lines (SourceFile.cursorLines).
 */
export function yamlFoldingRanges(text: TextLines): FoldingRange[] {
  const lines = yamlLines(text);
  const out: FoldingRange[] = [];
  // Open lines waiting for their block to end: [line, indent, accepts same-indent dashes].
  const stack: { line: number; indent: number; dashes: boolean; last: number }[] = [];
  const close = (upTo: (s: (typeof stack)[number]) => boolean) => {
    while (stack.length && upTo(stack[stack.length - 1])) {
      const s = stack.pop() as (typeof stack)[number];
      if (s.last > s.line) out.push({ startLine: s.line, endLine: s.last });
    }
  };
  lines.forEach((l, i) => {
    if (l.blank || l.comment) return;
    close((s) => l.indent < s.indent || (l.indent === s.indent && !(s.dashes && l.dash)));
    for (const s of stack) s.last = i;
    if (l.dash) {
      // The item's own content sits after the dash: its block is what is indented past it.
      stack.push({ line: i, indent: l.indent + 1, dashes: false, last: i });
    } else stack.push({ line: i, indent: l.indent, dashes: true, last: i });
  });
  close(() => true);
  const comments = commentBlocks(lines);
  return out.concat(comments).sort((a, b) => a.startLine - b.startLine);
}

function commentBlocks(lines: YamlLine[]): FoldingRange[] {
  const out: FoldingRange[] = [];
  let start = -1;
  lines.forEach((l, i) => {
    if (l.comment && start < 0) start = i;
    if (!l.comment && start >= 0) {
      if (i - 1 > start) out.push({ startLine: start, endLine: i - 1, kind: FoldingRangeKind.Comment });
      start = -1;
    }
  });
  return out;
}
