// Where the cursor is in a document, as a JSON pointer, also in documents that do not parse
// (mid-edit YAML such as `  units: ` or `    ty`, JSON such as `{"a": 1, "de`): the tolerant
// reader behind hover and completion, reached through SourceFile.cursorAt (source-file.ts), which
// keeps what it learns about a text (document markers) for the text's version.
// YAML: a scan by indentation that walks UP from the cursor's line through the lines that open
// its ancestors only (an edit deep in a 4.6 MB file reads a few lines, not the file's first half).
// JSON: one forward pass of a character scanner that skips strings with indexOf (jsonc-parser's
// getLocation builds tokens all the way: bench/README.md, history), collecting the keys of the cursor's object.
import { countBelow, LineIndex } from '../core/lines';
import { joinPointer } from '../core/pointer';
import { flowSpot } from './flow-cursor';
import { firstOutsideQuotes } from './outside-quotes';
import { stringEnd } from './json-locate';
import { DEFAULT_LIMITS, type ContainerStep } from './types';
import { markersOf } from './cost';

export interface CursorContext {
  syntax: 'yaml' | 'json';
  /** Index of the YAML document (0 for JSON). */
  docIndex: number;
  /**
   * 'key': on (or typing) a key of the object at `pointer`; 'value': on the value at `pointer`.
   * After a YAML "- " with no key yet, `at` is 'key' and `itemPointer` is set: the item may be a
   * scalar, which the caller decides from the schema.
   */
  at: 'key' | 'value';
  pointer: string;
  /** The key under the cursor, when the line has one. */
  key?: string;
  itemPointer?: string;
  /** Keys already present in the object (at 'key'), the one under the cursor excluded. */
  presentKeys: string[];
  /** Text typed before the cursor in the token, and the offsets of the token to replace. */
  partial: string;
  replaceStart: number;
  replaceEnd: number;
  /** The key already has its colon. */
  hasColon: boolean;
  /** YAML: column of the keys of the object (for the indentation of inserted lines). */
  column: number;
  /** JSON: the token is a quoted string. */
  quoted: boolean;
}

/** The pointer of the thing under the cursor: the key's property or the value. */
export function targetPointer(c: CursorContext): string {
  return c.at === 'key' && c.key !== undefined ? joinPointer(c.pointer, c.key) : c.pointer;
}

export function isJsonText(fileName: string, text: string): boolean {
  if (/\.json$/i.test(fileName)) return true;
  return /^\s*[[{]/.test(text);
}

/**
 * The cursor context in an editor's text (a BOM is skipped; offsets in and out are the editor's).
 * `lines`: the text's lines (SourceFile keeps one per version); made here when absent.
 */
/**
 * `containersAt`: a JSON parse's containers at an offset of `text` (ParsedDocument.containersAt),
 * when the text parsed: the cursor is then read from the innermost container, not the text's start.
 */
export function cursorContext(text: string, offset: number, fileName: string, lines?: TextLines, containersAt?: (offset: number) => ContainerStep[]): CursorContext | undefined {
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = shift ? text.slice(1) : text;
  const at = Math.max(0, Math.min(offset - shift, body.length));
  const c = isJsonText(fileName, body) ? jsonCursor(body, at, shift ? undefined : containersAt) : yamlCursor(body, at, lines && lines.text === body ? lines : new TextLines(body));
  if (c && shift) {
    c.replaceStart += shift;
    c.replaceEnd += shift;
  }
  return c;
}

// ---------------------------------------------------------------- YAML

interface LineInfo {
  indent: number;
  blank: boolean;
  /** Columns of the "- " sequence markers. */
  items: number[];
  key?: { name: string; start: number; end: number; colon: number };
  valueStart: number;
  valueEnd: number;
  value: string;
}

const DOC_MARKER = /^(---|\.\.\.)(\s|$)/;

function parseLine(line: string): LineInfo {
  let i = 0;
  while (line[i] === ' ') i++;
  const indent = i;
  const info: LineInfo = { indent, blank: false, items: [], valueStart: i, valueEnd: i, value: '' };
  if (i >= line.length || line[i] === '#') {
    info.blank = true;
    return info;
  }
  while (line[i] === '-' && (i + 1 === line.length || line[i + 1] === ' ' || line[i + 1] === '\t')) {
    info.items.push(i);
    i++;
    while (line[i] === ' ' || line[i] === '\t') i++;
  }
  const keyStart = i;
  let keyEnd = -1;
  let colon = -1;
  if (line[i] === '"' || line[i] === "'") {
    const q = line[i];
    let j = i + 1;
    while (j < line.length && line[j] !== q) j += line[j] === '\\' && q === '"' ? 2 : 1;
    let k = j + 1;
    while (line[k] === ' ') k++;
    if (line[k] === ':' && (k + 1 === line.length || /\s/.test(line[k + 1]))) {
      keyEnd = Math.min(j + 1, line.length);
      colon = k;
    }
  } else if (line[i] !== '[' && line[i] !== '{') {
    for (let j = i; j < line.length; j++) {
      if (line[j] === '#' && j > 0 && /\s/.test(line[j - 1])) break;
      if (line[j] === ':' && (j + 1 === line.length || line[j + 1] === ' ' || line[j + 1] === '\t')) {
        keyEnd = j;
        while (keyEnd > i && line[keyEnd - 1] === ' ') keyEnd--;
        colon = j;
        break;
      }
    }
  }
  let v = i;
  if (colon >= 0) {
    const raw = line.slice(keyStart, keyEnd);
    const name = /^["']/.test(raw) ? raw.slice(1, -1).replace(/''/g, "'").replace(/\\"/g, '"') : raw;
    info.key = { name, start: keyStart, end: keyEnd, colon };
    v = colon + 1;
    while (line[v] === ' ' || line[v] === '\t') v++;
  }
  info.valueStart = v;
  let e = line.length;
  if (line[v] === '"' || line[v] === "'") {
    const q = line[v];
    let j = v + 1;
    while (j < line.length && line[j] !== q) j += line[j] === '\\' && q === '"' ? 2 : 1;
    e = Math.min(j + 1, line.length);
  } else {
    const m = /\s#/.exec(line.slice(v));
    if (m) e = v + m.index;
  }
  while (e > v && /\s/.test(line[e - 1])) e--;
  info.valueEnd = e;
  info.value = line.slice(v, e);
  return info;
}

interface Entry {
  col: number;
  type: 'root' | 'key' | 'item';
  token: string;
}

interface Line {
  start: number;
  text: string;
}

/**
 * The lines of one text version, read through a LineIndex; document markers found once. Kept by
 * the text's SourceFile, so that hover and completion on one version share it.
 */
export class TextLines {
  private markerLines?: number[];
  readonly index: LineIndex;
  /** `markers`: the offsets of the marker lines, when the parse read them (no need to look for them again). */
  constructor(
    readonly text: string,
    index?: LineIndex,
    private readonly markerOffsets?: readonly number[],
  ) {
    this.index = index && index.text === text ? index : new LineIndex(text);
  }

  private lineWalker?: LineWalker;
  /** The walker over this text's lines (whether a lone \r is in it: from the LineIndex's line starts). */
  get walker(): LineWalker {
    return (this.lineWalker ??= new LineWalker(this.text, () => this.index.loneCr));
  }

  get length(): number {
    return this.index.lineCount;
  }

  at(i: number): Line {
    const start = this.index.lineStart(i + 1);
    return { start, text: this.text.slice(start, this.index.lineEnd(i + 1)) };
  }

  indexOf(offset: number): number {
    return this.index.position(offset).line - 1;
  }

  /** 0-based lines that are "---" or "..." markers, in order. */
  markers(): number[] {
    return (this.markerLines ??= (this.markerOffsets ?? markersOf(this.text, {})).map((at) => this.indexOf(at)));
  }
}

/**
 * Walks the lines of a text by offsets, up or down, without line numbers (a sparse LineIndex finds
 * a line by number with up to 64 indexOf calls). Only the indentation is read per line; parseLine
 * runs on the few lines that matter.
 */
export class LineWalker {
  constructor(
    private readonly text: string,
    /** A \r not followed by \n stands somewhere (the text's LineIndex knows; asked only walking up). */
    private readonly findLoneCr: () => boolean,
  ) {}
  private loneCrKnown?: boolean;
  private get loneCr(): boolean {
    return (this.loneCrKnown ??= this.findLoneCr());
  }

  /** End of the line starting at `start` (before its line break). */
  end(start: number): number {
    const t = this.text;
    let e = start;
    for (; e < t.length; e++) {
      const c = t.charCodeAt(e);
      if (c === 10 || c === 13) break;
    }
    return e;
  }

  /** Start of the line after the one starting at `start`, or -1 after the last line. */
  next(start: number): number {
    const t = this.text;
    const e = this.end(start);
    if (e >= t.length) return -1;
    return t.charCodeAt(e) === 13 && t.charCodeAt(e + 1) === 10 ? e + 2 : e + 1;
  }

  /** Start of the line before the one starting at `start`, or -1 before the first. */
  previous(start: number): number {
    if (start <= 0) return -1;
    const t = this.text;
    // Lines end at \n (LF or CRLF): the native search. Only a lone \r needs the character loop.
    if (!this.loneCr) return t.lastIndexOf('\n', start - 2) + 1;
    let k = start - 1;
    if (t.charCodeAt(k) === 10 && t.charCodeAt(k - 1) === 13) k--;
    k--;
    for (; k >= 0; k--) {
      const c = t.charCodeAt(k);
      if (c === 10 || c === 13) break;
    }
    return k + 1;
  }

  /** Indentation of the line starting at `start`; -1 for a blank or comment-only line. */
  indent(start: number): number {
    const t = this.text;
    let i = start;
    while (t.charCodeAt(i) === 32) i++;
    const c = t.charCodeAt(i);
    if (i >= t.length || c === 10 || c === 13 || c === 35) return -1;
    return i - start;
  }

  /** A "- " sequence marker at this offset. */
  dashAt(at: number): boolean {
    const t = this.text;
    if (t.charCodeAt(at) !== 45) return false;
    const c = t.charCodeAt(at + 1);
    return at + 1 >= t.length || c === 32 || c === 9 || c === 10 || c === 13;
  }

  line(start: number): LineInfo {
    return parseLine(this.text.slice(start, this.end(start)));
  }
}

const isBlockScalarHeader = (v: string) => /^[|>][0-9+-]*(\s+#.*)?$/.test(v);
/** A value that opens a nested block (nothing, or only an anchor or a tag). */
const opensBlock = (v: string) => v === '' || /^([&!][^\s]*\s*)+$/.test(v);
/** A line that is a "---" or "..." marker. */
const isMarker = (t: string, start: number) => {
  const c = t.charCodeAt(start);
  return (c === 45 || c === 46) && DOC_MARKER.test(t.slice(start, start + 4));
};

function pointerOf(stack: Entry[]): string {
  return joinPointer('', ...stack.slice(1).map((e) => e.token));
}

/**
 * The items at column `col` above the line at `start` that belong to the same sequence as the
 * first "- " of that line (standing at its indentation), and the line where the sequence begins
 * (the first line up that is left of the column, or at it without an item there; -1 at the
 * document's start). A line that opens the sequence after another "- " counts and is the stop.
 */
function siblingsAbove(w: LineWalker, start: number, col: number, docStart: number): { count: number; stop: number } {
  let count = 0;
  for (let s = w.previous(start); s >= docStart; s = w.previous(s)) {
    const indent = w.indent(s);
    if (indent < 0 || indent > col) continue;
    // Most lines met here are sibling items ("- " at the column): no need to read them whole.
    const k = indent === col ? (w.dashAt(s + col) ? 0 : -1) : w.line(s).items.indexOf(col);
    if (k < 0) return { count, stop: s };
    count++;
    if (k > 0) return { count, stop: s }; // an item after another "- " on its line is the first of its sequence
  }
  return { count, stop: -1 };
}

/**
 * The entries a line pushes (its items, then its key when the value opens a block) that `keep`
 * keeps. `siblings`: the items above its first one, when already counted.
 */
function entriesOf(w: LineWalker, info: LineInfo, start: number, docStart: number, keep: (col: number, type: Entry['type']) => boolean, siblings?: number): Entry[] {
  const out: Entry[] = [];
  info.items.forEach((col, k) => {
    if (!keep(col, 'item')) return;
    const index = k === 0 && col === info.indent ? siblings ?? siblingsAbove(w, start, col, docStart).count : 0;
    out.push({ col, type: 'item', token: String(index) });
  });
  if (info.key && opensBlock(info.value) && keep(info.key.start, 'key')) out.push({ col: info.key.start, type: 'key', token: info.key.name });
  return out;
}

/**
 * The open entries (root first) at a line starting at `start`, once the line has closed those at
 * column `n` and right of it (a "- " at `n` keeps a key at `n`: a compact sequence). Walks up:
 * only lines left of every line below them can hold an entry still open.
 */
function ancestors(w: LineWalker, start: number, docStart: number, n: number, dash: boolean): Entry[] {
  const found: Entry[] = [];
  let limit = n;
  let keyAtLimit = dash;
  let s = w.previous(start);
  while (s >= docStart && (limit > 0 || keyAtLimit)) {
    const indent = w.indent(s);
    if (indent < 0 || indent > limit) {
      s = w.previous(s);
      continue;
    }
    const info = w.line(s);
    const lim = limit;
    const atLimit = keyAtLimit;
    const itemHere = info.items[0] === info.indent;
    // The lines between a sequence's first item and this one hold nothing still open: skip them.
    const sequence = itemHere ? siblingsAbove(w, s, indent, docStart) : undefined;
    found.unshift(...entriesOf(w, info, s, docStart, (col, type) => col < lim || (col === lim && type === 'key' && atLimit), sequence?.count));
    if (indent < limit) {
      limit = indent;
      keyAtLimit = itemHere;
    } else keyAtLimit = keyAtLimit && itemHere;
    s = sequence ? sequence.stop : w.previous(s);
  }
  return [{ col: -1, type: 'root', token: '' }, ...found];
}

/**
 * Keys of the object an entry opened, at `column`, on the lines before and after the cursor's
 * line (to the end of the object), the cursor's line excluded.
 */
function presentKeys(w: LineWalker, top: Entry, lineStart: number, docStart: number, docEnd: number, column: number): string[] {
  const before: string[] = [];
  // The cursor's line opens the item ("- " at its column): the keys above are the previous item's.
  const opensItem = top.type === 'item' && w.line(lineStart).items.includes(top.col);
  for (let s = opensItem ? -1 : w.previous(lineStart); s >= docStart; s = w.previous(s)) {
    const indent = w.indent(s);
    if (indent < 0 || indent > column) continue;
    const info = w.line(s);
    // The line that opened an item: its own key belongs to the item ("- name: x").
    if (indent < column || info.items.length) {
      if (top.type === 'item' && info.key && info.key.start === column && info.items.includes(top.col)) before.unshift(info.key.name);
      break;
    }
    if (info.key) before.unshift(info.key.name);
  }
  const after: string[] = [];
  for (let s = w.next(lineStart); s >= 0 && s < docEnd; s = w.next(s)) {
    const indent = w.indent(s);
    if (indent < 0 || indent > column) continue;
    if (indent < column) break;
    const info = w.line(s);
    if (info.items.length) break;
    if (info.key) after.push(info.key.name);
  }
  return [...before, ...after];
}

/** The YAML document holding line `li`: its first and past-the-end lines, and its index. */
function documentOfLine(lines: TextLines, li: number): { first: number; end: number; docIndex: number } {
  const markers = lines.markers();
  // The last marker above the line, and the first below it.
  const lo = countBelow(markers, li);
  const first = lo > 0 ? markers[lo - 1] + 1 : 0;
  let below = lo;
  while (below < markers.length && markers[below] <= li) below++;
  const end = below < markers.length ? markers[below] : lines.length;
  // Its index: the "---" lines above, less one when the first opens the stream (nothing before it).
  // Content is looked for before the first "---" only (whether it opens the stream).
  let count = 0;
  let leading = false;
  let content = false;
  for (const m of markers) {
    if (m >= first) break;
    if (!lines.at(m).text.startsWith('---')) continue;
    if (count === 0) {
      for (let i = 0; i < m && !content; i++) {
        const t = lines.at(i).text;
        if (!/^\s*(#.*)?$/.test(t) && !/^%/.test(t) && !/^\.\.\.(\s|$)/.test(t)) content = true;
      }
      leading = !content;
    }
    count++;
  }
  return { first, end, docIndex: count - (leading ? 1 : 0) };
}

/** The YAML document holding an offset: its index and the offsets of its text (without markers). */
export function yamlDocumentAt(lines: TextLines, offset: number): { docIndex: number; start: number; end: number } {
  const text = lines.text;
  const { first, end, docIndex } = documentOfLine(lines, lines.indexOf(offset));
  return { docIndex, start: first < lines.length ? lines.at(first).start : text.length, end: end < lines.length ? lines.at(end).start : text.length };
}

export function yamlCursor(text: string, offset: number, lines: TextLines = new TextLines(text)): CursorContext | undefined {
  const li = lines.indexOf(offset);
  const line = lines.at(li);
  if (isMarker(line.text, 0)) return undefined;
  const doc = yamlDocumentAt(lines, offset);
  const w = lines.walker;

  const col = offset - line.start;
  const info = parseLine(line.text);
  const base = {
    syntax: 'yaml' as const,
    docIndex: doc.docIndex,
    hasColon: false,
    quoted: false,
  };
  // Inside a flow collection that an earlier line opened (`members: [` … `  { host: a,` … `]`).
  const spread = spreadFlowContext(base, lines, li, offset, doc);
  if (spread) return spread;
  if (info.blank || (col <= info.indent && line.text.slice(col).trim() === '')) {
    const stack = ancestors(w, line.start, doc.start, col, false);
    if (stack.length > DEFAULT_LIMITS.maxDepth) return undefined; // deeper than any document may be
    const top = stack[stack.length - 1];
    return {
      ...base,
      at: 'key',
      pointer: pointerOf(stack),
      presentKeys: presentKeys(w, top, line.start, doc.start, doc.end, col),
      partial: '',
      replaceStart: offset,
      replaceEnd: offset,
      column: col,
    };
  }
  if (col < info.indent) return undefined;
  if (info.items.some((m) => col >= m && col < m + 2)) return undefined; // on a "-"
  const stack = ancestors(w, line.start, doc.start, info.indent, info.items[0] === info.indent);
  // The line's own items, up to the cursor (a key on it is the cursor's subject, not an entry).
  stack.push(...entriesOf(w, { ...info, key: undefined }, line.start, doc.start, (c) => c + 2 <= col));
  if (stack.length > DEFAULT_LIMITS.maxDepth) return undefined;
  const top = stack[stack.length - 1];
  const abs = (c: number) => line.start + c;
  if (info.key && col <= info.key.colon) {
    const k = info.key;
    const quote = /^["']/.test(line.text[k.start]) ? 1 : 0;
    return {
      ...base,
      at: 'key',
      pointer: pointerOf(stack),
      key: k.name,
      presentKeys: presentKeys(w, top, line.start, doc.start, doc.end, k.start),
      partial: line.text.slice(k.start + quote, Math.max(k.start + quote, Math.min(col, k.end - quote))),
      replaceStart: abs(k.start),
      replaceEnd: abs(k.end),
      hasColon: true,
      column: k.start,
    };
  }
  if (info.key) {
    const pointer = joinPointer(pointerOf(stack), info.key.name);
    const start = info.valueStart;
    const end = Math.max(info.valueEnd, Math.min(col, line.text.length));
    // A one-line flow collection: `alertTypeNames: [HOST, AG|`, `net: { port: 27017, bind| }`.
    const flow = flowContext(base, line, info.valueStart, col, pointer, info.key.start);
    if (flow) return flow;
    return {
      ...base,
      at: 'value',
      pointer,
      presentKeys: [],
      partial: line.text.slice(start, Math.max(start, col)).replace(/^["']/, ''),
      replaceStart: abs(start),
      replaceEnd: abs(end),
      column: info.key.start,
    };
  }
  // A flow collection as an item or a document: `- { name: rs0_1, port| }`.
  const flow = flowContext(base, line, info.valueStart, col, pointerOf(stack), info.indent);
  if (flow) return flow;
  // No key on the line: a key being typed, or a scalar item after "- ".
  const isItem = top.type === 'item' && info.items.length > 0;
  const column = isItem ? info.items[info.items.length - 1] + 2 : info.indent;
  const start = info.valueStart;
  const end = Math.max(info.valueEnd, Math.min(col, line.text.length));
  return {
    ...base,
    at: 'key',
    pointer: pointerOf(stack),
    itemPointer: isItem ? pointerOf(stack) : undefined,
    presentKeys: presentKeys(w, top, line.start, doc.start, doc.end, column),
    partial: line.text.slice(start, Math.max(start, col)),
    replaceStart: abs(start),
    replaceEnd: abs(end),
    column,
  };
}

/** How far up a flow collection spread over lines is looked for (lines, blank ones included). */
const SPREAD_FLOW_LINES = 200;
/** Lines read past the cursor's for the keys of its flow mapping. */
const SPREAD_FLOW_AFTER = 50;

/** Where a line's own flow collection opens (`key: {`, `- [`, a document's `{`), if it does. */
function flowOpen(info: LineInfo, text: string): number | undefined {
  const c = text[info.valueStart];
  return !info.blank && (c === '{' || c === '[') ? info.valueStart : undefined;
}

/**
 * Lines `from` … `to` as one text (flow-cursor.ts reads one line): line breaks become spaces and
 * comments blanks, so that a column of the result is an offset from the first line's start.
 */
function joinedLines(lines: TextLines, from: number, to: number): { text: string; start: number } {
  const start = lines.at(from).start;
  let text = '';
  for (let i = from; i <= to; i++) {
    const line = lines.at(i);
    text += ' '.repeat(line.start - start - text.length) + blankComment(line.text);
  }
  return { text, start };
}

/** A line with its comment (a `#` after a space, outside quotes) turned into spaces. */
function blankComment(line: string): string {
  const i = firstOutsideQuotes(line, (c, j) => c === '#' && (j === 0 || line[j - 1] === ' ' || line[j - 1] === '\t'));
  return i < 0 ? line : line.slice(0, i) + ' '.repeat(line.length - i);
}

/**
 * The cursor inside a flow collection opened on an earlier line: the nearest line above whose
 * collection is still open at the cursor's line; when that line is itself inside an earlier open
 * collection, that one. Its block pointer comes from the opening line, the rest from the flow.
 */
function spreadFlowContext(base: Pick<CursorContext, 'syntax' | 'docIndex' | 'hasColon' | 'quoted'>, lines: TextLines, li: number, offset: number, doc: { start: number }): CursorContext | undefined {
  const first = Math.max(lines.indexOf(doc.start), li - SPREAD_FLOW_LINES);
  let opener: { line: number; open: number; info: LineInfo } | undefined;
  // Is the flow collection opening on line j still open at the start of line `at`?
  const openAt = (j: number, open: number, at: number) => flowSpot(joinedLines(lines, j, at).text, open, lines.at(at).start - lines.at(j).start) !== undefined;
  // A flow collection's later lines are indented more than the line that opens it (YAML's rule;
  // a closing bracket is let off): `delayMin: [` and a key typed below at its column is not inside.
  const indentOf = (info: LineInfo, text: string, blankAs: number) => (info.blank ? blankAs : text[info.indent] === ']' || text[info.indent] === '}' ? Infinity : info.indent);
  const cursorLine = lines.at(li).text;
  let inner = indentOf(parseLine(cursorLine), cursorLine, offset - lines.at(li).start);
  for (let j = li - 1; j >= first; j--) {
    const text = lines.at(j).text;
    if (isMarker(text, 0)) break;
    const info = parseLine(text);
    // The lines below a `key: |` (or `>`) indented more are its text, not a flow collection.
    if (info.indent < inner && !info.blank && isBlockScalarHeader(info.value)) return undefined;
    const open = info.indent < inner ? flowOpen(info, text) : undefined;
    inner = Math.min(inner, indentOf(info, text, Infinity));
    // Closed on its own line (the common `- { name: a, port: 1 }`): no join needed.
    if (open === undefined || flowSpot(blankComment(text), open, text.length) === undefined || !openAt(j, open, li)) continue;
    opener = { line: j, open, info };
  }
  if (!opener) return undefined;
  // A few lines past the cursor too: the keys of its mapping written below it are present keys.
  const joined = joinedLines(lines, opener.line, Math.min(lines.length - 1, li + SPREAD_FLOW_AFTER));
  const col = offset - joined.start;
  const spot = flowSpot(joined.text, opener.open, col);
  if (!spot) return undefined;
  const { info } = opener;
  const w = lines.walker;
  const stack = ancestors(w, joined.start, doc.start, info.indent, info.items[0] === info.indent);
  stack.push(...entriesOf(w, { ...info, key: undefined }, joined.start, doc.start, (c) => c + 2 <= opener.open));
  if (stack.length > DEFAULT_LIMITS.maxDepth) return undefined;
  const pointer = info.key ? joinPointer(pointerOf(stack), info.key.name) : pointerOf(stack);
  return flowContext(base, joined, opener.open, col, pointer, info.key ? info.key.start : info.indent);
}

/** The cursor inside a one-line flow collection opening at column `open` of the line (flow-cursor.ts). */
function flowContext(base: Pick<CursorContext, 'syntax' | 'docIndex' | 'hasColon' | 'quoted'>, line: { text: string; start: number }, open: number, col: number, pointer: string, column: number): CursorContext | undefined {
  const spot = flowSpot(line.text, open, col);
  if (!spot) return undefined;
  const at = joinPointer(pointer, ...spot.path);
  return {
    ...base,
    at: spot.at,
    pointer: at,
    key: spot.key,
    itemPointer: spot.item ? at : undefined,
    presentKeys: spot.presentKeys,
    partial: line.text.slice(spot.start, Math.max(spot.start, col)).replace(/^["']/, ''),
    replaceStart: line.start + spot.start,
    replaceEnd: line.start + spot.end,
    // Block-style insertions (`key:` and an indented line) do not belong in a flow mapping.
    hasColon: spot.at === 'key' ? true : base.hasColon,
    column,
  };
}

// ---------------------------------------------------------------- JSON

/** A string, number or literal token of a JSON text. */
interface Token {
  offset: number;
  length: number;
  /** 'property': a string in a key's place. */
  type: 'property' | 'string' | 'other';
  value: string;
}

interface Frame {
  isObject: boolean;
  /** Object: where the current key's string starts (-1: none yet) and whether a key is expected. */
  keyAt: number;
  expectKey: boolean;
  /** Array: the current index. */
  index: number;
  /** Object: where its keys met so far start (names are read at the end, for the top object only). */
  keys: number[];
}

const isDelimiter = (c: number) => c === 44 || c === 58 || c === 123 || c === 125 || c === 91 || c === 93 || c === 34 || c === 32 || c === 9 || c === 10 || c === 13 || c === 47;

/** The text of a string token (its quotes removed; escapes read when the token is whole). */
function stringValue(raw: string): string {
  if (raw.length >= 2 && raw.endsWith('"') && raw.includes('\\')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      /* an unfinished escape: keep the raw text */
    }
  }
  return raw.slice(1, raw.endsWith('"') && raw.length >= 2 ? -1 : undefined);
}

/** Where the string token at `start` ends: its closing quote, or the line's end when unfinished. */
function stringTokenEnd(text: string, start: number, lineEnd: number): number {
  const close = stringEnd(text, start);
  return Math.min(close < text.length ? close + 1 : text.length, lineEnd);
}

/**
 * Reads a JSON text, also an unfinished or broken one, up to `offset`: the open containers, and
 * the token under the cursor (a string ends at its closing quote or, unfinished, at the line's
 * end, as jsonc-parser's scanner ends it). Never recursive: any nesting depth is harmless. Only
 * offsets are kept on the way; the few names needed are read at the end.
 */
function scanTo(text: string, offset: number, seed?: { frames: Frame[]; from: number }): { frames: Frame[]; token?: Token; nameAt: (start: number) => string } {
  // `seed`: the frames at `seed.from` (the containers of a parse), where the scan starts instead of the text's start.
  const frames: Frame[] = seed?.frames ?? [];
  const n = text.length;
  // Names are read in any order (the top object's keys, then the path's): each finds its own line end.
  const nameAt = (start: number) => {
    const lineEnd = text.indexOf('\n', start);
    return stringValue(text.slice(start, stringTokenEnd(text, start, lineEnd < 0 ? n : lineEnd)));
  };
  const stop = Math.min(n, offset);
  let top: Frame | undefined = frames[frames.length - 1];
  let i = seed?.from ?? 0;
  // Hot loop (a 2.6 MB text is 2.6 million turns): whitespace first, strings read here rather
  // than by an indexOf call per string (most strings are a few characters long).
  while (i < stop) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) {
      i++;
    } else if (c === 34) {
      // The string's end: after its closing quote, or at the line's end when unfinished.
      let end = i + 1;
      for (; end < n; end++) {
        const d = text.charCodeAt(end);
        if (d === 34) {
          end++;
          break;
        }
        if (d === 10) break;
        if (d === 92) {
          if (text.charCodeAt(end + 1) === 10) {
            end++;
            break;
          }
          end++;
        }
      }
      if (end > n) end = n;
      const isKey = top !== undefined && top.isObject && top.expectKey;
      if (isKey) {
        top!.keyAt = i;
        top!.keys.push(i);
      }
      if (offset <= end) return { frames, token: { offset: i, length: end - i, type: isKey ? 'property' : 'string', value: stringValue(text.slice(i, end)) }, nameAt };
      i = end;
    } else if (c === 58) {
      if (top?.isObject) top.expectKey = false;
      i++;
    } else if (c === 44) {
      if (top?.isObject) {
        top.expectKey = true;
        top.keyAt = -1;
      } else if (top) top.index++;
      i++;
    } else if (c === 123 || c === 91) {
      top = { isObject: c === 123, expectKey: c === 123, keyAt: -1, index: 0, keys: [] };
      frames.push(top);
      i++;
    } else if (c === 125 || c === 93) {
      frames.pop();
      top = frames[frames.length - 1];
      i++;
    } else {
      let end = i + 1;
      while (end < n && !isDelimiter(text.charCodeAt(end))) end++;
      if (offset <= end) return { frames, token: { offset: i, length: end - i, type: 'other', value: text.slice(i, end) }, nameAt };
      i = end;
    }
  }
  return { frames, nameAt };
}

/** Keys of the object whose frame is on top, after `from`, to the object's end. */
function keysAfterIn(text: string, from: number, expectKey: boolean): { name: string; offset: number }[] {
  const out: { name: string; offset: number }[] = [];
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const close = stringEnd(text, i);
      if (depth === 0 && expectKey) out.push({ name: stringValue(text.slice(i, close + 1)), offset: i });
      expectKey = false;
      i = close;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (depth === 0) break;
      depth--;
    } else if (c === 44 && depth === 0) expectKey = true;
  }
  return out;
}

const pathOf = (frames: Frame[], nameAt: (start: number) => string): (string | number)[] => frames.map((f) => (f.isObject ? (f.keyAt >= 0 ? nameAt(f.keyAt) : '') : f.index));

/**
 * The scan's state where the innermost container holding `offset` has its child at or before it:
 * the frames of the containers around it, and where to read on from.
 */
function seedOf(steps: ContainerStep[], offset: number): { frames: Frame[]; from: number } | undefined {
  if (steps.length === 0) return undefined;
  const frames: Frame[] = steps.slice(0, -1).map((s) => ({ isObject: s.isObject, expectKey: false, keyAt: s.isObject ? s.keyStarts[s.index] : -1, index: s.isObject ? 0 : s.index, keys: [] }));
  const last = steps[steps.length - 1];
  const { isObject, index } = last;
  if (index < 0) return { frames: [...frames, { isObject, expectKey: isObject, keyAt: -1, index: 0, keys: [] }], from: last.start + 1 };
  if (last.valueEnd >= 0 && offset > last.valueEnd) {
    // Past the child's value (a comma or the next key may follow).
    return { frames: [...frames, { isObject, expectKey: false, keyAt: isObject ? last.keyStarts[index] : -1, index, keys: last.keyStarts.slice() }], from: last.valueEnd };
  }
  return { frames: [...frames, { isObject, expectKey: isObject, keyAt: -1, index, keys: last.keyStarts.slice(0, index) }], from: last.childStart };
}

export function jsonCursor(text: string, offset: number, containersAt?: (offset: number) => ContainerStep[]): CursorContext | undefined {
  const { frames, token, nameAt } = scanTo(text, offset, containersAt && seedOf(containersAt(offset), offset));
  // Deeper than any document may be (the parse reports it): no hover or completion there.
  if (frames.length > DEFAULT_LIMITS.maxDepth) return undefined;
  const top = frames[frames.length - 1];
  const inside = token && offset >= token.offset && offset <= token.offset + token.length ? token : undefined;
  const base = { syntax: 'json' as const, docIndex: 0, column: 0 };
  if (top?.isObject && top.expectKey) {
    const keyToken = inside && inside.type === 'property' ? inside : undefined;
    const key = keyToken?.value;
    const start = keyToken ? keyToken.offset : offset;
    const end = keyToken ? keyToken.offset + keyToken.length : offset;
    const quoted = Boolean(keyToken) && text[start] === '"';
    const others = [...top.keys.filter((k) => k !== start).map(nameAt), ...keysAfterIn(text, Math.max(end, offset), !keyToken).map((k) => k.name)];
    return {
      ...base,
      at: 'key',
      pointer: joinPointer('', ...pathOf(frames.slice(0, -1), nameAt)),
      key,
      presentKeys: others.filter((k) => k !== key),
      partial: keyToken ? text.slice(start + (quoted ? 1 : 0), Math.max(start + (quoted ? 1 : 0), offset)) : '',
      replaceStart: start,
      replaceEnd: end,
      hasColon: /^\s*:/.test(text.slice(end, end + 100)),
      quoted,
    };
  }
  const scalar = inside && inside.type !== 'property' ? inside : undefined;
  const start = scalar ? scalar.offset : offset;
  const end = scalar ? scalar.offset + scalar.length : offset;
  const quoted = scalar?.type === 'string';
  return {
    ...base,
    at: 'value',
    pointer: joinPointer('', ...pathOf(frames, nameAt)),
    presentKeys: [],
    partial: scalar ? text.slice(start + (quoted ? 1 : 0), Math.max(start + (quoted ? 1 : 0), offset)) : '',
    replaceStart: start,
    replaceEnd: end,
    hasColon: false,
    quoted,
  };
}
