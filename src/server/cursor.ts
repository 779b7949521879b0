// Where the cursor is in a document, as a JSON pointer — also in documents that do not parse
// (mid-edit YAML such as `  units: ` or `    ty`). YAML: a text scan based on indentation, from
// the start of the cursor's YAML document; JSON: jsonc-parser's tolerant scanner.
import { findNodeAtLocation, getLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { bracketDepthExceeded } from '../syntax/json';
import { DEFAULT_LIMITS } from '../syntax/types';
import { LineIndex } from '../core/lines';
import { joinPointer } from '../core/pointer';

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
  if (/\.ya?ml$/i.test(fileName)) return /^\s*[[{]/.test(text);
  return /^\s*[[{]/.test(text);
}

/** The cursor context in a document's text (the editor's text; a BOM is skipped). */
/** `lines`: the line index of the text without its BOM (the parse's), when the caller has it. */
export function cursorContext(text: string, offset: number, fileName: string, jsonTree?: () => JsonNode | undefined, lines?: LineIndex): CursorContext | undefined {
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = shift ? text.slice(1) : text;
  const at = Math.max(0, offset - shift);
  const c = isJsonText(fileName, body) ? jsonCursor(body, at, jsonTree) : yamlCursor(body, at, lines);
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
  childKeys: string[];
  index?: number;
}

interface Line {
  start: number;
  text: string;
}

/**
 * The lines of a text, read through a LineIndex (the parse's, cached per text version) instead of
 * splitting the whole text per request; document markers found once per index.
 */
class Lines {
  private markerLines?: number[];
  constructor(
    private readonly text: string,
    private readonly index: LineIndex,
  ) {}

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

  /** Lines `from` (0-based) up to `to` (excluded), read forward through the text. */
  *range(from: number, to = Infinity): Generator<Line & { i: number }> {
    if (from >= to) return;
    const text = this.text;
    const breaks = /\r\n|\r|\n/g;
    let start = this.index.lineStart(from + 1);
    for (let i = from; i < to; i++) {
      breaks.lastIndex = start;
      const m = breaks.exec(text);
      yield { i, start, text: text.slice(start, m ? m.index : text.length) };
      if (!m) return;
      start = m.index + m[0].length;
    }
  }

  /** 0-based lines that are "---" or "..." markers, in order. */
  markers(): number[] {
    if (!this.markerLines) {
      const out: number[] = [];
      for (const m of this.text.matchAll(/^(?:---|\.\.\.)(?:[ \t]|\r?$)/gm)) out.push(this.indexOf(m.index!));
      this.markerLines = out;
    }
    return this.markerLines;
  }
}

const lineIndexes = new WeakMap<LineIndex, Lines>();
function linesOf(text: string, index?: LineIndex): Lines {
  const own = index && index.text === text ? index : new LineIndex(text);
  let lines = lineIndexes.get(own);
  if (!lines) lineIndexes.set(own, (lines = new Lines(text, own)));
  return lines;
}

const isBlockScalarHeader = (v: string) => /^[|>][0-9+-]*(\s+#.*)?$/.test(v);
/** A value that opens a nested block (nothing, or only an anchor or a tag). */
const opensBlock = (v: string) => v === '' || /^([&!][^\s]*\s*)+$/.test(v);

function pointerOf(stack: Entry[]): string {
  return joinPointer('', ...stack.slice(1).map((e) => e.token));
}

/** Pops the entries a line at column n closes; returns the index of a sibling item it follows. */
function popTo(stack: Entry[], n: number, dash: boolean): number | undefined {
  let prev: number | undefined;
  while (stack.length > 1) {
    const top = stack[stack.length - 1];
    if (top.col < n) break;
    // `key:` followed by "- " items at the key's own column (compact sequence).
    if (top.col === n && top.type === 'key' && dash) break;
    if (top.type === 'item' && top.col === n) prev = top.index;
    stack.pop();
  }
  return prev;
}

function pushItems(stack: Entry[], info: LineInfo, prev: number | undefined, upTo = Infinity): void {
  info.items.forEach((col, k) => {
    if (col + 2 > upTo) return;
    const index = k === 0 && prev !== undefined ? prev + 1 : 0;
    stack.push({ col, type: 'item', token: String(index), childKeys: [], index });
  });
}

/** Keys at `column` after the cursor's line, up to the end of the object. */
function keysAfter(lines: Lines, from: number, column: number): string[] {
  const out: string[] = [];
  for (const { text: t } of lines.range(from)) {
    if (DOC_MARKER.test(t)) break;
    const info = parseLine(t);
    if (info.blank) continue;
    if (info.indent < column) break;
    if (info.indent === column && info.items.length === 0 && info.key) out.push(info.key.name);
  }
  return out;
}

/** The YAML document holding line `li`: its first and past-the-end lines, and its index. */
function documentOfLine(lines: Lines, li: number): { first: number; end: number; docIndex: number } {
  const markers = lines.markers();
  // The last marker above the line, and the first below it (binary search over the markers).
  let lo = 0;
  let hi = markers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (markers[mid] < li) lo = mid + 1;
    else hi = mid;
  }
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
    if (!/^---/.test(lines.at(m).text)) continue;
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
export function yamlDocumentAt(text: string, offset: number, index?: LineIndex): { docIndex: number; start: number; end: number } {
  const lines = linesOf(text, index);
  const { first, end, docIndex } = documentOfLine(lines, lines.indexOf(offset));
  return { docIndex, start: first < lines.length ? lines.at(first).start : text.length, end: end < lines.length ? lines.at(end).start : text.length };
}

export function yamlCursor(text: string, offset: number, index?: LineIndex): CursorContext | undefined {
  const lines = linesOf(text, index);
  const li = lines.indexOf(offset);
  const line = lines.at(li);
  if (DOC_MARKER.test(line.text)) return undefined;
  const { first: docStart, docIndex } = documentOfLine(lines, li);

  const stack: Entry[] = [{ col: -1, type: 'root', token: '', childKeys: [] }];
  let blockCol: number | undefined;
  for (const { text: t } of lines.range(docStart, li)) {
    const info = parseLine(t);
    if (blockCol !== undefined) {
      if (info.blank || info.indent > blockCol) continue;
      blockCol = undefined;
    }
    if (info.blank) continue;
    const prev = popTo(stack, info.indent, info.items[0] === info.indent);
    pushItems(stack, info, prev);
    if (info.key) {
      stack[stack.length - 1].childKeys.push(info.key.name);
      if (opensBlock(info.value)) stack.push({ col: info.key.start, type: 'key', token: info.key.name, childKeys: [] });
      else if (isBlockScalarHeader(info.value)) blockCol = info.key.start;
    } else if (info.items.length && isBlockScalarHeader(info.value)) {
      blockCol = info.items[info.items.length - 1];
    }
  }

  const col = offset - line.start;
  const info = parseLine(line.text);
  const base = {
    syntax: 'yaml' as const,
    docIndex,
    hasColon: false,
    quoted: false,
  };
  if (info.blank || (col <= info.indent && line.text.slice(col).trim() === '')) {
    popTo(stack, col, false);
    const top = stack[stack.length - 1];
    return {
      ...base,
      at: 'key',
      pointer: pointerOf(stack),
      presentKeys: [...top.childKeys, ...keysAfter(lines, li + 1, col)],
      partial: '',
      replaceStart: offset,
      replaceEnd: offset,
      column: col,
    };
  }
  if (col < info.indent) return undefined;
  const prev = popTo(stack, info.indent, info.items[0] === info.indent);
  if (info.items.some((m) => col >= m && col < m + 2)) return undefined; // on a "-"
  pushItems(stack, info, prev, col);
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
      presentKeys: [...top.childKeys, ...keysAfter(lines, li + 1, k.start)],
      partial: line.text.slice(k.start + quote, Math.max(k.start + quote, Math.min(col, k.end - quote))),
      replaceStart: abs(k.start),
      replaceEnd: abs(k.end),
      hasColon: true,
      column: k.start,
    };
  }
  if (info.key) {
    let pointer = joinPointer(pointerOf(stack), info.key.name);
    let start = info.valueStart;
    let end = Math.max(info.valueEnd, Math.min(col, line.text.length));
    // A one-line flow sequence: `alertTypeNames: [HOST, AG|`.
    if (info.value.startsWith('[') && col > info.valueStart) {
      const inside = line.text.slice(info.valueStart + 1, col);
      const commas = inside.split(',');
      pointer = joinPointer(pointer, commas.length - 1);
      const seg = commas[commas.length - 1];
      start = col - seg.trimStart().length;
      const rest = /^[^,\]]*/.exec(line.text.slice(col))![0];
      end = col + rest.trimEnd().length;
    }
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
    presentKeys: [...top.childKeys, ...keysAfter(lines, li + 1, column)],
    partial: line.text.slice(start, Math.max(start, col)),
    replaceStart: abs(start),
    replaceEnd: abs(end),
    column,
  };
}

// ---------------------------------------------------------------- JSON

function objectKeys(node: JsonNode | undefined, except?: JsonNode): string[] {
  if (!node || node.type !== 'object') return [];
  const out: string[] = [];
  for (const p of node.children ?? []) {
    const k = p.children?.[0];
    if (k && k !== except && typeof k.value === 'string') out.push(k.value);
  }
  return out;
}

export function jsonCursor(text: string, offset: number, tree?: () => JsonNode | undefined): CursorContext | undefined {
  // jsonc-parser recurses per nesting level: absurdly deep texts get no hover or completion.
  if (bracketDepthExceeded(text, DEFAULT_LIMITS.maxDepth) !== undefined) return undefined;
  const loc = getLocation(text, offset);
  const prev = loc.previousNode;
  const inside = prev && offset >= prev.offset && offset <= prev.offset + prev.length ? prev : undefined;
  const base = { syntax: 'json' as const, docIndex: 0, column: 0 };
  if (loc.isAtPropertyKey) {
    // The object's other keys: the only use of a whole tree (built lazily; costly for big files).
    const root = tree ? tree() : parseTree(text);
    const container = loc.path.slice(0, -1);
    // jsonc-parser reports a key as a 'property' node holding the key's text.
    const keyToken = inside && (inside.type === 'property' || inside.type === 'string') ? inside : undefined;
    const key = keyToken ? String(keyToken.value) : undefined;
    const start = keyToken ? keyToken.offset : offset;
    const end = keyToken ? keyToken.offset + keyToken.length : offset;
    const quoted = Boolean(keyToken) && text[start] === '"';
    const object = root ? findNodeAtLocation(root, container) : undefined;
    const keyNode = object?.children?.find((p) => p.children?.[0]?.offset === start)?.children?.[0];
    return {
      ...base,
      at: 'key',
      pointer: joinPointer('', ...container),
      key,
      presentKeys: objectKeys(object, keyNode).filter((k) => k !== key),
      partial: keyToken ? text.slice(start + (quoted ? 1 : 0), Math.max(start + (quoted ? 1 : 0), offset)) : '',
      replaceStart: start,
      replaceEnd: end,
      hasColon: /^\s*:/.test(text.slice(end, end + 100)),
      quoted,
    };
  }
  const scalar = inside && inside.type !== 'object' && inside.type !== 'array' && inside.type !== 'property' ? inside : undefined;
  const start = scalar ? scalar.offset : offset;
  const end = scalar ? scalar.offset + scalar.length : offset;
  const quoted = scalar?.type === 'string';
  return {
    ...base,
    at: 'value',
    pointer: joinPointer('', ...loc.path),
    presentKeys: [],
    partial: scalar ? text.slice(start + (quoted ? 1 : 0), Math.max(start + (quoted ? 1 : 0), offset)) : '',
    replaceStart: start,
    replaceEnd: end,
    hasColon: false,
    quoted,
  };
}
