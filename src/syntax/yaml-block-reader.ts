// Values of plain block YAML, and on demand their positions, without the `yaml` parse. On a
// run over thousands of small files, js-yaml was a quarter of the time, and building the `yaml`
// syntax tree just to place a few findings was a tenth (most of it the parser's warm-up).
//
// Only the shape that hand-written and generated configuration files have is read here: block
// mappings with plain keys, block sequences, one-line scalars (plain or quoted without escapes)
// and one-line flow sequences of plain scalars, comments and blank lines. Anything else makes the
// whole text unreadable here (undefined), a value of another form leaves the value unknown (the
// caller takes the full parse), and a pointer whose range is not known here is UNSURE (the caller asks
// the full parse). Where it answers, it answers exactly as the full parse would
// (test/syntax/yaml-block-reader.test.ts compares values and positions pointer by pointer).
import { splitPointer } from '../core/pointer';
import type { Location } from './types';

export const UNSURE = Symbol('unsure');

type Node =
  /** Keys in order, each with where it starts and ends (a flat array: cheaper than a Map per mapping). */
  | { kind: 'map'; names: string[]; keys: number[]; values: Node[]; range?: Location['value']; js: Record<string, unknown>; index?: Map<string, number> }
  | { kind: 'seq'; items: Node[]; range?: Location['value']; js: unknown[] }
  | { kind: 'scalar'; start: number; end: number; js: unknown }
  /** A one-line value of a form not read here: the lines around it are still sure. */
  | { kind: 'other' };

interface Line {
  start: number;
  /** Where the next line starts (the text's length after the last line). */
  next: number;
  /** The next line holds content (no blank or comment line between), or the text ends. */
  direct: boolean;
  /** Offset of the first non-space character. */
  content: number;
  /** End of the line, before any \r\n or \n. */
  end: number;
  indent: number;
}

class Unsure extends Error {}

// Keys read here are /[A-Za-z_][A-Za-z0-9_-]*/ followed by ": " or ":" at the end of the line
// (BlockReader.keyEnd): they stay strings in the YAML 1.2 core schema and need no quoting, except
// these, which are not strings, or (__proto__) not an ordinary property of a plain object.
const NOT_STRING_KEYS = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL', '__proto__']);
/** Deeper than this is left to the parsers, which report it (and recursion here stays shallow). */
const MAX_DEPTH = 200;

// The YAML 1.2 core schema's plain scalars, as the `yaml` library resolves them (yaml/dist/schema).
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** The value of a plain scalar; .nan and .inf never get here (yaml-fast.ts sends them to the full parse). */
export function plainScalar(s: string): unknown {
  const c = s.charCodeAt(0);
  // Most plain scalars are words: only these first characters can start anything but a string.
  const digit = c >= 48 && c <= 57;
  if (s === '') return null;
  if (!(digit || c === 43 || c === 45 || c === 46 || c === 126 || c === 110 || c === 78 || c === 116 || c === 84 || c === 102 || c === 70)) return s;
  if (NULL.test(s)) return null;
  if (BOOL.test(s)) return c === 116 || c === 84;
  if (INT_OCT.test(s)) return parseInt(s.slice(2), 8);
  if (INT.test(s)) return parseInt(s, 10);
  if (INT_HEX.test(s)) return parseInt(s.slice(2), 16);
  if (FLOAT.test(s)) return parseFloat(s);
  return s;
}

export interface BlockLocator {
  locate(pointer: string): Location | typeof UNSURE;
  keysAt(pointer: string): string[] | typeof UNSURE;
}

export interface BlockYaml extends BlockLocator {
  /** The document's value; undefined when a value of a form not read here is in it. */
  value: unknown;
  /** Collections nested in the deepest place (1: the root only), as tooDeep() would count. */
  nesting: number;
}

/**
 * The text read, or undefined when it is not of the shape read here. The value is read at once;
 * positions (a second read) only on the first question: most files of a run have no finding.
 */
export function readBlockYaml(text: string): BlockYaml | undefined {
  // Tabs are never indentation and rarely anything else in these files: the full parse judges them.
  if (text.includes('\t')) return undefined;
  let value: unknown;
  let nesting = 0;
  try {
    const reader = new BlockReader(text, false);
    const root = reader.document();
    if (reader.complete && root.kind !== 'other') value = root.js;
    nesting = reader.deepest;
  } catch (e) {
    if (e instanceof Unsure) return undefined;
    throw e;
  } finally {
    trimLinePool();
  }
  let tree: Node | undefined;
  const root = () => {
    try {
      return (tree ??= new BlockReader(text, true).document());
    } finally {
      trimLinePool();
    }
  };
  const walk = (pointer: string): { node: Node; key?: Location['value'] } | undefined => {
    let node: Node = root();
    let key: Location['value'] | undefined;
    for (const token of splitPointer(pointer)) {
      if (node.kind === 'map') {
        const at = entryOf(node, token);
        if (at < 0) return undefined;
        key = { start: node.keys[2 * at], end: node.keys[2 * at + 1] };
        node = node.values[at];
      } else if (node.kind === 'seq' && /^(?:0|[1-9]\d*)$/.test(token) && Number(token) < node.items.length) {
        key = undefined;
        node = node.items[Number(token)];
      } else {
        return undefined;
      }
    }
    return { node, key };
  };
  return {
    value,
    nesting,
    locate(pointer) {
      const w = walk(pointer);
      if (!w) return UNSURE;
      const { node, key } = w;
      const value = node.kind === 'scalar' ? { start: node.start, end: node.end } : node.kind === 'other' ? undefined : node.range;
      if (!value) return UNSURE;
      return key ? { key: { ...key }, value: { ...value } } : { value: { ...value } };
    },
    keysAt(pointer) {
      const node = walk(pointer)?.node;
      return node?.kind === 'map' ? [...node.names] : UNSURE;
    },
  };
}

/** Where a key is in a mapping: a search in small ones, a Map for big ones (a hostile file's 100,000 keys). */
function entryOf(node: Extract<Node, { kind: 'map' }>, name: string): number {
  if (node.names.length <= 16) return node.names.indexOf(name);
  if (!node.index) {
    node.index = new Map();
    node.names.forEach((n, i) => node.index!.set(n, i));
  }
  return node.index.get(name) ?? -1;
}

/** The arrays of a value-only read: never written. */
const NONE: never[] = [];
/**
 * Line records, reused by every read: a run over thousands of files made ~60 of them per file
 * for the young-generation collector to copy. Reads are synchronous and keep no line after they
 * end, so one pool serves all.
 */
const LINES: Line[] = [];
/** A long text's lines are not kept after its read (the language server runs for days). */
const POOLED_LINES = 4096;
const trimLinePool = () => {
  if (LINES.length > POOLED_LINES) LINES.length = POOLED_LINES;
};

class BlockReader {
  private readonly lines = LINES;
  /** Lines of this text in `lines` (the pool may hold more, from longer texts). */
  private count = 0;
  private i = 0;
  /** The last value read was empty or of a form not read here: the range around it is unknown. */
  private lastValueUnsure = false;
  /** No value of a form not read here: the values are the document's. */
  complete = true;
  private depth = 0;
  /** The greatest depth reached: collections nested, counting flow sequences. */
  deepest = 0;

  constructor(
    private readonly text: string,
    /** Record keys, items and ranges (else only the values are read). */
    private readonly positions: boolean,
  ) {
    for (let start = 0; start <= text.length; ) {
      let next = text.indexOf('\n', start);
      if (next < 0) next = text.length;
      const end = next > start && text.charCodeAt(next - 1) === 13 ? next - 1 : next;
      let content = start;
      while (content < end && text.charCodeAt(content) === 32) content++;
      // Blank lines and comment lines carry nothing here.
      if (content < end && text.charCodeAt(content) !== 35) {
        const last = this.count > 0 ? this.lines[this.count - 1] : undefined;
        if (last && last.next === start) last.direct = true;
        let line = this.lines[this.count];
        if (!line) this.lines.push((line = { start: 0, next: 0, content: 0, end: 0, indent: 0, direct: false }));
        line.start = start;
        line.next = Math.min(next + 1, text.length);
        line.content = content;
        line.end = end;
        line.indent = content - start;
        line.direct = false;
        this.count++;
      }
      start = next + 1;
    }
  }

  private line(i: number): Line | undefined {
    return i < this.count ? this.lines[i] : undefined;
  }

  document(): Node {
    const first = this.line(0);
    if (first && this.text.startsWith('---', first.content) && first.indent === 0) {
      // "---" alone or "--- # comment": a "#" right after the dashes is no comment, and no marker.
      if (!/^---(?:[ ]+(?:#.*)?)?$/.test(this.text.slice(first.content, first.end))) throw new Unsure();
      this.i++;
    }
    const top = this.line(this.i);
    if (!top) throw new Unsure();
    const final = this.lines[this.count - 1];
    if (final.next === this.text.length) final.direct = true;
    const node = this.block(top.indent, top.content);
    if (this.i < this.count) throw new Unsure();
    return node;
  }

  /** The block collection whose first entry starts at `at` on the current line, at column `indent`. */
  private block(indent: number, at: number): Node {
    const line = this.line(this.i)!;
    if (this.text.startsWith('- ', at) || (at + 1 === line.end && this.text[at] === '-')) return this.sequence(indent, at);
    if (this.keyEnd(at, line) >= 0) return this.mapping(indent, at);
    throw new Unsure();
  }

  /** The end of the plain key ("name:") at `at` on `line` (where its colon is), or -1. */
  private keyEnd(at: number, line: Line): number {
    // A character loop: this runs for every line of every file.
    const t = this.text;
    let c = t.charCodeAt(at);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)) return -1;
    let i = at + 1;
    for (; i < line.end; i++) {
      c = t.charCodeAt(i);
      if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45)) break;
    }
    return c === 58 && i < line.end && (i + 1 === line.end || t.charCodeAt(i + 1) === 32) ? i : -1;
  }

  /** One collection deeper. */
  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new Unsure();
    if (this.depth > this.deepest) this.deepest = this.depth;
  }

  private mapping(indent: number, at: number): Node {
    const names: string[] = this.positions ? [] : NONE;
    const keys: number[] = this.positions ? [] : NONE;
    const values: Node[] = this.positions ? [] : NONE;
    this.enter();
    const js: Record<string, unknown> = {};
    const start = at;
    for (let first = true; ; first = false) {
      const line = this.line(this.i)!;
      if (!first) {
        if (!line || line.indent < indent) break;
        if (line.indent > indent) throw new Unsure();
        at = line.content;
      }
      const end = this.keyEnd(at, line);
      if (end < 0) throw new Unsure();
      const name = this.text.slice(at, end);
      if (NOT_STRING_KEYS.has(name) || Object.hasOwn(js, name)) throw new Unsure();
      const value = this.value(indent, end + 1, line);
      if (this.positions) {
        names.push(name);
        keys.push(at, end);
        values.push(value);
      }
      // Set also for a value not read here (the document's value is then not used): duplicates stay visible.
      js[name] = value.kind === 'other' ? undefined : value.js;
    }
    this.depth--;
    return { kind: 'map', names, keys, values, range: this.rangeFrom(start), js };
  }

  private sequence(indent: number, at: number): Node {
    const items: Node[] = [];
    const js: unknown[] = [];
    const start = at;
    this.enter();
    for (let first = true; ; first = false) {
      const line = this.line(this.i)!;
      if (!first) {
        if (!line || line.indent < indent) break;
        const item = this.text[line.content] === '-' && (this.text.startsWith('- ', line.content) || line.content + 1 === line.end);
        if (line.indent === indent && !item) break; // the next key of a mapping whose column this sequence shares
        if (line.indent > indent || !item) throw new Unsure();
        at = line.content;
      }
      let content = at + 1;
      while (content < line.end && this.text.charCodeAt(content) === 32) content++;
      if (content === line.end || this.text.charCodeAt(content) === 35) throw new Unsure(); // "-" alone: nested block
      let item: Node;
      if (this.text.startsWith('- ', content) || this.keyEnd(content, line) >= 0) {
        // A compact collection: its entries are indented to where the first one starts.
        item = this.block(content - line.start, content);
      } else {
        item = this.oneLine(content, line);
        this.i++;
        this.noContinuation(indent);
      }
      if (this.positions) items.push(item);
      if (item.kind !== 'other') js.push(item.js);
    }
    this.depth--;
    return { kind: 'seq', items, range: this.rangeFrom(start), js };
  }

  /** The value after "key:" (at `after`, the offset behind the colon) on `line`. */
  private value(indent: number, after: number, line: Line): Node {
    let at = after;
    while (at < line.end && this.text.charCodeAt(at) === 32) at++;
    if (at === line.end) {
      if (after !== line.end) throw new Unsure(); // "key:  " (trailing spaces): not worth the care
      this.i++;
      const next = this.line(this.i);
      if (next && next.indent > indent) return this.block(next.indent, next.content);
      if (next && next.indent === indent && this.text[next.content] === '-') return this.sequence(indent, next.content);
      this.lastValueUnsure = true; // the parser may end a collection before or after its line break
      return { kind: 'scalar', start: after, end: after, js: null }; // empty value
    }
    if (this.text.charCodeAt(at) === 35) throw new Unsure(); // "key: # comment"
    const node = this.oneLine(at, line);
    this.i++;
    this.noContinuation(indent);
    return node;
  }

  /** A value on one line (the caller checks that no more-indented line continues it). */
  private oneLine(at: number, line: Line): Node {
    try {
      const node = this.inline(at, line);
      this.lastValueUnsure = false;
      return node;
    } catch (e) {
      if (e instanceof Unsure) {
        this.lastValueUnsure = true;
        this.complete = false;
        return { kind: 'other' };
      }
      throw e;
    }
  }

  /** A value that lies on one line from `at`: a scalar or a flow sequence of plain scalars. */
  private inline(at: number, line: Line): Node {
    const c = this.text[at];
    let end: number;
    if (c === '"' || c === "'") {
      const close = c === '"' ? this.doubleQuoteEnd(at + 1, line) : this.inLine(c, at + 1, line);
      if (close < 0 || close >= line.end) throw new Unsure();
      const body = this.text.slice(at + 1, close);
      if (this.text[close + 1] === c) throw new Unsure(); // '' inside
      end = close + 1;
      this.restIsComment(end, line);
      if (!body.includes('\\')) return { kind: 'scalar', start: at, end, js: body };
      if (c === "'") throw new Unsure();
      // Escapes that JSON also has mean the same in YAML (\" \\ \/ \b \f \n \r \t \uXXXX, as
      // `JSON.stringify` writes them, e.g. Windows paths); YAML's own (\x41, \e, \N, …) go to the parser.
      let js: string;
      try {
        js = JSON.parse(this.text.slice(at, end)) as string;
      } catch {
        throw new Unsure();
      }
      return { kind: 'scalar', start: at, end, js };
    }
    if (c === '[') return this.flowSequence(at, line);
    // An empty flow mapping, as serializers write an empty object (`balancer: {}`).
    if (c === '{' && this.text[at + 1] === '}') {
      if (this.depth + 1 > this.deepest) this.deepest = this.depth + 1;
      this.restIsComment(at + 2, line);
      return { kind: 'map', names: [], keys: [], values: [], range: { start: at, end: at + 2 }, js: {} };
    }
    if ('{]},#&*!|>%@`'.includes(c)) throw new Unsure();
    // "-", "?" and ":" start a plain scalar unless a space follows ("-1", "-p0-0").
    if ('?:-'.includes(c) && (at + 1 === line.end || this.text.charCodeAt(at + 1) === 32)) throw new Unsure();
    // A plain scalar runs to a " #" comment or the end of the line, less trailing spaces.
    // One loop over the line: indexOf(' #') would search on through the rest of the text.
    const t = this.text;
    end = line.end;
    for (let i = at + 1; i < line.end; i++) {
      if (t.charCodeAt(i) !== 32) continue;
      const next = t.charCodeAt(i + 1);
      if (next === 35) {
        end = i;
        break;
      }
      if (t.charCodeAt(i - 1) === 58) throw new Unsure(); // ": " inside
    }
    while (end > at && t.charCodeAt(end - 1) === 32) end--;
    if (end === at || t.charCodeAt(end - 1) === 58) throw new Unsure();
    const plain = t.slice(at, end);
    return { kind: 'scalar', start: at, end, js: plainScalar(plain) };
  }

  private flowSequence(at: number, line: Line): Node {
    if (this.depth + 1 > this.deepest) this.deepest = this.depth + 1;
    const close = this.inLine(']', at, line);
    if (close < 0 || close >= line.end) throw new Unsure();
    const body = this.text.slice(at + 1, close);
    if (/[[\]{}"'#&*!|>%@`?:]/.test(body)) throw new Unsure();
    const items: Node[] = [];
    const js: unknown[] = [];
    if (body.trim() !== '') {
      let from = at + 1;
      for (const part of body.split(',')) {
        const lead = part.length - part.trimStart().length;
        const trimmed = part.trim();
        if (trimmed === '' || trimmed.startsWith('-')) throw new Unsure();
        const item = plainScalar(trimmed);
        if (this.positions) items.push({ kind: 'scalar', start: from + lead, end: from + lead + trimmed.length, js: item });
        js.push(item);
        from += part.length + 1;
      }
    }
    this.restIsComment(close + 1, line);
    return { kind: 'seq', items, range: { start: at, end: close + 1 }, js };
  }

  /**
   * The range of a block collection that began at `start` and ended with the last line read: the
   * `yaml` parser ends it after that line's break. Known only when its last value is a non-empty
   * one-line value and no blank or comment line follows it (those the parser may count in or not).
   */
  private rangeFrom(start: number): Location['value'] | undefined {
    if (!this.positions) return undefined;
    const last = this.lines[this.i - 1];
    if (!last.direct || this.lastValueUnsure) return undefined;
    return { start, end: last.next };
  }

  /**
   * Offset of `ch` from `from` up to the line's end, or -1. (indexOf would search on through the
   * rest of the text when the line has none: quadratic over a file of such lines.)
   */
  private inLine(ch: string, from: number, line: Line): number {
    const code = ch.charCodeAt(0);
    for (let i = from; i < line.end; i++) if (this.text.charCodeAt(i) === code) return i;
    return -1;
  }

  /** Offset of the quote that closes a double-quoted scalar opened before `from` (on its line), or -1. */
  private doubleQuoteEnd(from: number, line: Line): number {
    const t = this.text;
    for (let i = from; i < line.end; i++) {
      const c = t.charCodeAt(i);
      if (c === 92) i++;
      else if (c === 34) return i;
    }
    return -1;
  }

  private restIsComment(from: number, line: Line): void {
    if (!/^(?:[ ]+#.*)?[ ]*$/.test(this.text.slice(from, line.end))) throw new Unsure();
  }

  /** A one-line value may not go on over more-indented lines (a multi-line plain scalar). */
  private noContinuation(indent: number): void {
    const next = this.line(this.i);
    if (next && next.indent > indent) throw new Unsure();
  }
}
