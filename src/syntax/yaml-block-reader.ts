// Values of plain block YAML, with their positions, without the `yaml` parse. On a run over
// thousands of small files, js-yaml was a quarter of the time, and building the `yaml` syntax
// tree just to place a few findings was a tenth (most of it the parser's warm-up).
//
// Only the shape that hand-written and generated configuration files have is read here: block
// mappings with plain keys, block sequences, one-line scalars (plain or quoted without escapes)
// and one-line flow sequences of plain scalars, comments and blank lines. Anything else makes the
// whole text unreadable here (undefined), a value of another form leaves the value unknown (the
// caller takes the full parse), and a pointer whose range is not known here is UNSURE (the caller asks
// the full parse). Where it answers, it answers exactly as the full parse would
// (test/syntax/yaml-block-reader.test.ts compares values and positions pointer by pointer).
//
// Positions are recorded in the same read as the value, in a table of numbers (PositionTable):
// a second read for the positions cost as much as the first, and a tree of objects per node was
// most of a big text's memory (bench/README.md, history); the table takes 32 bytes a node and
// names no key (keys are read from the text when a pointer is looked up).
import { splitPointer } from '../core/pointer';
import type { Span } from '../core/types';
import type { Location } from './types';
import { workCounts } from './work-counts';

export const UNSURE = Symbol('unsure');

/** What inlineScalar() answers for a value that is no scalar. */
const OTHER = Symbol('other');
type Read = unknown;

// Node kinds of the position table.
const SCALAR = 1;
const MAP = 2;
const SEQ = 3;
/**
 * Numbers per node: kind, start, end (-1: the range is not known here), where its children start
 * in `children`, how many. A mapping's children are (key start, key end, value node) triples, a
 * sequence's the item nodes.
 */
const NODE = 5;
const ENTRY = 3;

/** An Int32Array that grows (doubling) as numbers are pushed. */
class Numbers {
  a: Int32Array;
  n = 0;
  constructor(capacity: number) {
    this.a = new Int32Array(Math.max(16, capacity));
  }
  push(x: number): void {
    if (this.n === this.a.length) this.grow(this.n + 1);
    this.a[this.n++] = x;
  }
  grow(least: number): void {
    let size = this.a.length * 2;
    while (size < least) size *= 2;
    const a = new Int32Array(size);
    a.set(this.a.subarray(0, this.n));
    this.a = a;
  }
}

/** Where every node read stands: numbers only, the key names read from the text on demand. */
class PositionTable {
  /** Mappings with many keys: their key names → entry, built on the first lookup. */
  private indexes?: Map<number, Map<string, number>>;

  constructor(
    readonly text: string,
    readonly nodes: Int32Array,
    readonly children: Int32Array,
    readonly root: number,
  ) {}

  /**
   * The one-line scalar whose line holds [from, to) after its start, with the path to it (each
   * collection's node and the key or index in it), or undefined when the range lies elsewhere:
   * in a key, before a value, in a flow sequence, or over several lines.
   */
  scalarAt(from: number, to: number): { node: number; path: { node: number; token: string | number }[] } | undefined {
    const { nodes, children, text } = this;
    const path: { node: number; token: string | number }[] = [];
    let node = this.root;
    for (;;) {
      const at = node * NODE;
      const kind = nodes[at];
      const first = nodes[at + 3];
      const count = nodes[at + 4];
      if (kind === SCALAR) break;
      // (A flow sequence's items are read with it: its line is read again whole, not here.)
      if (count === 0 || (kind !== MAP && kind !== SEQ) || text.charCodeAt(nodes[at + 1]) === 91 /* [ */) return undefined;
      // Children stand in the order of the text: the last one that starts at or before `from`.
      const per = kind === MAP ? ENTRY : 1;
      const startOf = (e: number) => (kind === MAP ? children[first + e * ENTRY] : nodes[children[first + e] * NODE + 1]);
      let lo = 0;
      let hi = count - 1;
      if (startOf(0) > from) return undefined;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (startOf(mid) <= from) lo = mid;
        else hi = mid - 1;
      }
      if (kind === MAP) {
        // In the key or its colon: not a value's edit.
        if (from <= children[first + lo * per + 1]) return undefined;
        path.push({ node, token: text.slice(children[first + lo * ENTRY], children[first + lo * ENTRY + 1]) });
        node = children[first + lo * ENTRY + 2];
      } else {
        path.push({ node, token: lo });
        node = children[first + lo];
      }
    }
    const start = nodes[node * NODE + 1];
    const end = nodes[node * NODE + 2];
    if (start >= end || from < start) return undefined;
    // The edit ends on the scalar's line (a comment after it may change too).
    const lineEnd = text.indexOf('\n', start);
    if (to > (lineEnd < 0 ? text.length : lineEnd)) return undefined;
    return { node, path };
  }

  get bytes(): number {
    // One stretch of a slab (a small text's), or arrays of their own.
    const { nodes, children } = this;
    return nodes.buffer === children.buffer ? children.byteOffset + children.byteLength - nodes.byteOffset : nodes.buffer.byteLength + children.buffer.byteLength;
  }

  /** The node at a pointer, with its key's range when it is a mapping's value; undefined if none. */
  private walk(pointer: string): { node: number; keyStart: number; keyEnd: number } | undefined {
    workCounts.blockWalks++;
    const { nodes, children } = this;
    let node = this.root;
    let keyStart = -1;
    let keyEnd = -1;
    for (const token of splitPointer(pointer)) {
      const at = node * NODE;
      const kind = nodes[at];
      if (kind === MAP) {
        const entry = this.entryOf(node, token);
        if (entry < 0) return undefined;
        const slot = nodes[at + 3] + entry * ENTRY;
        keyStart = children[slot];
        keyEnd = children[slot + 1];
        node = children[slot + 2];
      } else if (kind === SEQ && /^(?:0|[1-9]\d*)$/.test(token) && Number(token) < nodes[at + 4]) {
        keyStart = keyEnd = -1;
        node = children[nodes[at + 3] + Number(token)];
      } else {
        return undefined;
      }
    }
    return { node, keyStart, keyEnd };
  }

  /** Which entry of a mapping has this key: a search in small mappings, a Map for big ones (a hostile file's 100,000 keys). */
  private entryOf(node: number, name: string): number {
    const { nodes, children, text } = this;
    const first = nodes[node * NODE + 3];
    const count = nodes[node * NODE + 4];
    if (count <= 16) {
      for (let e = 0; e < count; e++) {
        const start = children[first + e * ENTRY];
        if (children[first + e * ENTRY + 1] - start === name.length && sameAt(text, start, name)) return e;
      }
      return -1;
    }
    this.indexes ??= new Map();
    let index = this.indexes.get(node);
    if (!index) {
      index = new Map();
      for (let e = 0; e < count; e++) index.set(text.slice(children[first + e * ENTRY], children[first + e * ENTRY + 1]), e);
      this.indexes.set(node, index);
    }
    return index.get(name) ?? -1;
  }

  /**
   * What locate answers of a root key's one-line scalar (`pointer`: "/" and a key holding no "/" or
   * "~") as one span; undefined for any other pointer or value (then ask locate). The root's entry
   * found as walk finds it (entryOf), without splitting the pointer: a digest's place is asked of
   * every document of a run (engine/passes.ts).
   */
  rootScalar(pointer: string): Span | undefined {
    const { nodes, children } = this;
    const at = this.root * NODE;
    if (nodes[at] !== MAP || pointer.charCodeAt(0) !== 47 || pointer.indexOf('/', 1) >= 0 || pointer.includes('~')) return undefined;
    const entry = this.entryOf(this.root, pointer.slice(1));
    if (entry < 0) return undefined;
    const v = children[nodes[at + 3] + entry * ENTRY + 2] * NODE;
    return nodes[v] === SCALAR && nodes[v + 2] >= 0 ? { start: nodes[v + 1], end: nodes[v + 2] } : undefined;
  }

  locate(pointer: string): Location | typeof UNSURE {
    const w = this.walk(pointer);
    if (!w) return UNSURE;
    const at = w.node * NODE;
    const start = this.nodes[at + 1];
    const end = this.nodes[at + 2];
    if (end < 0) return UNSURE;
    return w.keyStart >= 0 ? { key: { start: w.keyStart, end: w.keyEnd }, value: { start, end } } : { value: { start, end } };
  }

  /**
   * Where the value at a pointer starts: known for every node read here, also where its end is
   * not (a collection followed by a comment line, which locate leaves to the full parse).
   */
  startOf(pointer: string): number | typeof UNSURE {
    const w = this.walk(pointer);
    if (!w) return UNSURE;
    return this.nodes[w.node * NODE + 1];
  }

  keysAt(pointer: string): string[] | typeof UNSURE {
    const w = this.walk(pointer);
    if (!w || this.nodes[w.node * NODE] !== MAP) return UNSURE;
    const first = this.nodes[w.node * NODE + 3];
    const names: string[] = [];
    for (let e = 0; e < this.nodes[w.node * NODE + 4]; e++) names.push(this.text.slice(this.children[first + e * ENTRY], this.children[first + e * ENTRY + 1]));
    return names;
  }
}

/**
 * The lines that hold content (no blank or comment line), as columns of numbers: an object per
 * line is one more object for the collector to copy, a million of them in a big text.
 */
class LineTable {
  /** Where the line starts. */
  start = new Int32Array(1024);
  /** Where the next line starts (the text's length after the last line). */
  next = new Int32Array(1024);
  /** Offset of the first non-space character. */
  content = new Int32Array(1024);
  /** End of the line, before any \r\n or \n. */
  end = new Int32Array(1024);
  /** 1: the next line holds content (no blank or comment line between), or the text ends. */
  direct = new Uint8Array(1024);

  grow(least: number): void {
    let size = this.start.length * 2;
    while (size < least) size *= 2;
    const wider = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.start = wider(this.start);
    this.next = wider(this.next);
    this.content = wider(this.content);
    this.end = wider(this.end);
    this.direct = wider(this.direct);
  }

  /** Back to the pooled size after a long text (the language server runs for days). */
  trim(size: number): void {
    if (this.start.length <= size) return;
    this.start = new Int32Array(size);
    this.next = new Int32Array(size);
    this.content = new Int32Array(size);
    this.end = new Int32Array(size);
    this.direct = new Uint8Array(size);
  }
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
  if (digit && s.length < 16) {
    // Small decimal integers (the most common number), without the regular expressions.
    let i = 1;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i === s.length) return parseInt(s, 10);
  } else if (!digit && c !== 43 && c !== 45 && c !== 46 && c !== 126) {
    // n, N, t, T, f or F: null, a boolean, or a word (no number starts so).
    switch (s) {
      case 'null':
      case 'Null':
      case 'NULL':
        return null;
      case 'true':
      case 'True':
      case 'TRUE':
        return true;
      case 'false':
      case 'False':
      case 'FALSE':
        return false;
      default:
        return s;
    }
  }
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
  rootScalar(pointer: string): Span | undefined;
  startOf(pointer: string): number | typeof UNSURE;
  keysAt(pointer: string): string[] | typeof UNSURE;
}

export interface BlockYaml extends BlockLocator {
  /** The document's value. */
  value: unknown;
  /** Collections nested in the deepest place (1: the root only), as tooDeep() would count. */
  nesting: number;
  /** Bytes the positions take (tests bound them per node). */
  positionBytes: number;
  /** A line starts with "---" or "..." (a document marker, maybe): the caller's check of several documents then runs. */
  markerLine: boolean;
  /** The first line that holds content (1-based; 0: none) and where it starts, counted in the read (LineIndex.countedBefore). */
  firstLine: number;
  firstStart: number;
}

/**
 * The text read, or undefined when it is not of the shape read here: its value, and where each
 * node stands (recorded in the same read).
 */
export function readBlockYaml(text: string, maxLineLength = Infinity): BlockYaml | undefined {
  // Tabs are never indentation and rarely anything else in these files: the full parse judges them.
  if (text.includes('\t')) return undefined;
  let reader: BlockReader | undefined;
  try {
    reader = new BlockReader(text, true, maxLineLength);
    const value = reader.document();
    return new BlockRead(value, reader.deepest, reader.positions(), reader.markerLine, reader.firstLine, reader.firstStart);
  } catch (e) {
    if (e instanceof Unsure) return undefined;
    throw e;
  } finally {
    if (reader) workCounts.blockLines += reader.linesRead;
    trimLinePool();
  }
}

class BlockRead implements BlockYaml {
  constructor(
    readonly value: unknown,
    readonly nesting: number,
    readonly table: PositionTable,
    readonly markerLine: boolean,
    readonly firstLine: number,
    readonly firstStart: number,
  ) {}
  get positionBytes(): number {
    return this.table.bytes;
  }
  locate(pointer: string): Location | typeof UNSURE {
    return this.table.locate(pointer);
  }
  rootScalar(pointer: string): Span | undefined {
    return this.table.rootScalar(pointer);
  }
  startOf(pointer: string): number | typeof UNSURE {
    return this.table.startOf(pointer);
  }
  keysAt(pointer: string): string[] | typeof UNSURE {
    return this.table.keysAt(pointer);
  }
}

/** Length of the common start of two strings (halving: each comparison is a memory compare). */
function commonPrefix(a: string, b: string): number {
  let lo = 0;
  let hi = Math.min(a.length, b.length);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a.slice(lo, mid) === b.slice(lo, mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Length of the common end of two strings, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a.slice(a.length - mid, a.length - lo) === b.slice(b.length - mid, b.length - lo)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The read of `text`, a new version of an earlier read text, when the edit between them lies in
 * one one-line scalar (a keystroke in a value): that line is read again, the rest is the earlier
 * read's (its value shared, copied only along the path to the scalar; its positions shifted).
 * Undefined when the edit is of another shape: the caller reads the whole text. `lineOk` judges the
 * edited line as the caller's checks would judge the whole text.
 */
export function rereadBlockYaml(text: string, earlier: BlockYaml, lineOk: (line: string) => boolean): BlockYaml | undefined {
  if (!(earlier instanceof BlockRead) || earlier.value === undefined) return undefined;
  const table = earlier.table;
  const old = table.text;
  if (old === text) return earlier;
  const from = commonPrefix(old, text);
  const same = commonSuffix(old, text, Math.min(old.length, text.length) - from);
  const oldTo = old.length - same;
  const newTo = text.length - same;
  const delta = text.length - old.length;
  if (/[\n\r\t]/.test(old.slice(from, oldTo)) || /[\n\r\t]/.test(text.slice(from, newTo))) return undefined;
  const hit = table.scalarAt(from, oldTo);
  if (!hit) return undefined;
  const start = table.nodes[hit.node * NODE + 1];
  const lineStart = text.lastIndexOf('\n', start) + 1;
  let lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0) lineEnd = text.length;
  const line = text.slice(lineStart, lineEnd);
  if (line.endsWith('\r') || !lineOk(line) || text.charCodeAt(start) === 32 || start >= lineEnd) return undefined;
  // The scalar read again, as the whole read would read it.
  let value: unknown;
  let end: number;
  try {
    const reader = new BlockReader(text, false);
    value = reader.inlineScalar(start, lineEnd);
    if (value === OTHER) return undefined;
    end = reader.lastScalarEnd;
  } catch (e) {
    if (e instanceof Unsure) return undefined;
    throw e;
  }
  // Positions: those after the edit move by delta; the scalar gets its new end.
  const nodes = table.nodes.slice();
  const children = table.children.slice();
  for (let at = 0; at < nodes.length; at += NODE) {
    if (nodes[at + 1] >= oldTo) nodes[at + 1] += delta;
    if (nodes[at + 2] >= oldTo) nodes[at + 2] += delta;
    if (nodes[at] === MAP) {
      for (let e = nodes[at + 3], last = e + nodes[at + 4] * ENTRY; e < last; e += ENTRY) {
        if (children[e] >= oldTo) children[e] += delta;
        if (children[e + 1] >= oldTo) children[e + 1] += delta;
      }
    }
  }
  // (An insertion right at its start moved it above.)
  nodes[hit.node * NODE + 1] = start;
  nodes[hit.node * NODE + 2] = end;
  // The value: each collection on the path copied, the rest shared with the earlier read's.
  const root = copyWith(earlier.value, hit.path, 0, value);
  workCounts.blockRereads++;
  // No first line told for the new text (0): its positions are counted from its start.
  return new BlockRead(root, earlier.nesting, new PositionTable(text, nodes, children, table.root), earlier.markerLine, 0, 0);
}

function copyWith(container: unknown, path: { token: string | number }[], i: number, leaf: unknown): unknown {
  if (i === path.length) return leaf;
  const token = path[i].token;
  if (Array.isArray(container)) {
    const copy = container.slice();
    copy[token as number] = copyWith(container[token as number], path, i + 1, leaf);
    return copy;
  }
  const copy = { ...(container as Record<string, unknown>) };
  copy[token as string] = copyWith(copy[token as string], path, i + 1, leaf);
  return copy;
}

/**
 * A double-quoted body with escapes, read where YAML and JSON agree: \\ \" \/ \b \f \n \r \t and
 * \uXXXX outside the surrogates (Windows paths in automation configs). Other escapes (YAML's \x,
 * \e, \N, a line continuation…) are left to the full parse; in single quotes a backslash is itself.
 */
function escaped(body: string): string {
  if (!JSON_ESCAPES_ONLY.test(body)) throw new Unsure();
  return JSON.parse(`"${body}"`) as string;
}
const JSON_ESCAPES_ONLY = /^(?:[^\\"\x00-\x1f]|\\["\\/bfnrt]|\\u(?![dD][89a-fA-F])[0-9a-fA-F]{4})*$/;

/** Whether `s` stands in `text` at `at` (a character loop: on short strings startsWith(s, at) costs more). */
function sameAt(text: string, at: number, s: string): boolean {
  for (let k = 0; k < s.length; k++) if (text.charCodeAt(at + k) !== s.charCodeAt(k)) return false;
  return true;
}

/**
 * The one copy of `s` that V8 keeps for property names (a flat string of its own): a slice of a
 * text may be a view that keeps the whole text alive, and reading the characters of a slice
 * that has since been used as a key goes through a reference (several times slower).
 */
const interned = (s: string): string => Object.keys({ [s]: 0 })[0];

/**
 * Keys met before, by a hash of their name (one slot each, the last one met kept): the files of
 * a run repeat the same few dozen keys, which are then neither sliced, checked nor internalized
 * again. (Scalars too were tried: comparing a value with the one met before costs as much as
 * slicing it anew, and most values of a file are its own.)
 */
const KEY_SLOTS = 1024;
const MAX_SHARED_CHARS = 64;
/** A long text's lines are not kept after its read (the language server runs for days). */
const POOLED_LINES = 4096;
const POOLED_NUMBERS = 1 << 16;
/** The smallest slab (see `slab` below). */
const SLAB_INTS = 16 * 1024;
/** Texts longer than this are read into arrays of their own (made to size), not the scratch's. */
const BIG_TEXT = 256 * 1024;

/**
 * The reader's scratch, one for every read: a run over thousands of files made ~60 line records
 * and the position arrays per file for the young-generation collector to copy. Reads are
 * synchronous and keep nothing of it after they end but a slab's stretch, so one serves all.
 */
const SCRATCH = {
  /** The key table above: names of at most 64 characters, no value, no document. */
  keys: new Array<string | undefined>(KEY_SLOTS).fill(undefined),
  /** The line table of the text being read. */
  lines: new LineTable(),
  /** The position table is written here during a read, and copied out at its end. */
  nodes: new Numbers(4096),
  children: new Numbers(4096),
  /** Children of the collections open, pushed here until their collection ends. */
  open: new Numbers(1024),
  /**
   * Where the position tables of small texts are copied: one slab serves many files, each table its
   * own stretch, never written again (a table keeps its slab alive: small, so that the few tables a
   * language server keeps pin little); a new slab when one is full.
   */
  slab: { a: new Int32Array(0), used: 0 },
};
/** Back to the pooled sizes after a long text. */
const trimLinePool = () => {
  SCRATCH.lines.trim(POOLED_LINES);
  if (SCRATCH.nodes.a.length > POOLED_NUMBERS) SCRATCH.nodes.a = new Int32Array(POOLED_NUMBERS);
  if (SCRATCH.children.a.length > POOLED_NUMBERS) SCRATCH.children.a = new Int32Array(POOLED_NUMBERS);
  if (SCRATCH.open.a.length > POOLED_NUMBERS) SCRATCH.open.a = new Int32Array(POOLED_NUMBERS);
};

class BlockReader {
  private readonly lines = SCRATCH.lines;
  /** Lines of this text in `lines` (the pool may hold more, from longer texts). */
  private count = 0;
  /** The current line. */
  private i = 0;
  get linesRead(): number {
    return this.i;
  }
  /** The last value read was empty or of a form not read here: the range around it is unknown. */
  private lastValueUnsure = false;
  private depth = 0;
  /** The greatest depth reached: collections nested, counting flow sequences. */
  deepest = 0;
  /** A line starts with "---" or "...". */
  markerLine = false;
  /** The first line that holds content: its 1-based number and where it starts (0: none), counted in the read. */
  firstLine = 0;
  firstStart = 0;

  /** The position table: NODE numbers a node (see PositionTable). */
  private readonly nodes: Numbers;
  private readonly children: Numbers;
  private readonly open = SCRATCH.open;
  /** The node of the last value read. */
  private node = 0;

  constructor(
    private readonly text: string,
    /** False: no line table (only inlineScalar() is asked). */
    scanLines = true,
    /** A line longer than this (with its \r, without its \n) makes the text unreadable here. */
    maxLineLength = Infinity,
  ) {
    workCounts.blockReads++;
    if (!scanLines) {
      this.nodes = SCRATCH.nodes;
      this.children = SCRATCH.children;
      this.nodes.n = this.children.n = this.open.n = 0;
      return;
    }
    // A big text's lines are counted first: the table is made to size, not doubled up to it
    // (each doubling leaves the last arrays to the collector).
    if (text.length > BIG_TEXT) {
      let lines = 1;
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
      if (lines > this.lines.start.length) this.lines.grow(lines);
    }
    for (let start = 0, line = 1; start <= text.length; line++) {
      let next = text.indexOf('\n', start);
      if (next < 0) next = text.length;
      if (next - start > maxLineLength) throw new Unsure();
      // A marker's three characters read within the line: a read past the text's end (at its last,
      // empty line) made V8 compile the reader again.
      if (next - start >= 3) {
        const first = text.charCodeAt(start);
        if ((first === 45 || first === 46) /* - . */ && text.charCodeAt(start + 1) === first && text.charCodeAt(start + 2) === first) this.markerLine = true;
      }
      const end = next > start && text.charCodeAt(next - 1) === 13 ? next - 1 : next;
      let content = start;
      while (content < end && text.charCodeAt(content) === 32) content++;
      // Blank lines and comment lines carry nothing here.
      if (content < end && text.charCodeAt(content) !== 35) {
        const lines = this.lines;
        const n = this.count;
        if (n === 0) {
          this.firstLine = line;
          this.firstStart = start;
        }
        if (n > 0 && lines.next[n - 1] === start) lines.direct[n - 1] = 1;
        if (n === lines.start.length) lines.grow(n + 1);
        lines.start[n] = start;
        lines.next[n] = Math.min(next + 1, text.length);
        lines.content[n] = content;
        lines.end[n] = end;
        lines.direct[n] = 0;
        this.count++;
      }
      start = next + 1;
    }
    this.open.n = 0;
    if (text.length > BIG_TEXT) {
      // Arrays of its own, kept as the table: about a node per line (a key and its value, or an
      // item) and three numbers of its mapping's entry or one of its sequence's items.
      this.nodes = new Numbers((this.count + 16) * NODE);
      this.children = new Numbers((this.count + 16) * ENTRY);
    } else {
      this.nodes = SCRATCH.nodes;
      this.children = SCRATCH.children;
      this.nodes.n = this.children.n = 0;
    }
  }

  /** Where the nodes read stand. */
  positions(): PositionTable {
    const { nodes, children } = this;
    if (nodes !== SCRATCH.nodes) {
      // A big text's own arrays: kept as they are unless much of them is unused.
      const fit = (x: Numbers) => (x.a.length - x.n > (x.n >> 2) ? x.a.slice(0, x.n) : x.a.subarray(0, x.n));
      return new PositionTable(this.text, fit(nodes), fit(children), this.node);
    }
    // The pool's numbers, copied to one stretch of a shared slab for both: most files of a run are
    // small, and an array of its own per file (its memory outside the heap) cost more than the copy.
    const size = nodes.n + children.n;
    if (SCRATCH.slab.used + size > SCRATCH.slab.a.length) SCRATCH.slab = { a: new Int32Array(Math.max(SLAB_INTS, size)), used: 0 };
    const slab = SCRATCH.slab;
    const table = slab.a.subarray(slab.used, slab.used + size);
    slab.used += size;
    table.set(nodes.a.subarray(0, nodes.n));
    table.set(children.a.subarray(0, children.n), nodes.n);
    return new PositionTable(this.text, table, table.subarray(nodes.n), this.node);
  }

  /** A new node; its id. A collection's children and range are filled in when it ends (close()). */
  private add(kind: number, start: number, end: number): number {
    const id = this.nodes.n / NODE;
    const nodes = this.nodes;
    if (nodes.n + NODE > nodes.a.length) nodes.grow(nodes.n + NODE);
    const a = nodes.a;
    const at = nodes.n;
    a[at] = kind;
    a[at + 1] = start;
    a[at + 2] = end;
    a[at + 3] = 0;
    a[at + 4] = 0;
    nodes.n += NODE;
    return (this.node = id);
  }

  /** Ends collection `id`: its children pushed on `open` since `from` move to `children`. */
  private close(id: number, from: number, per: number, end: number): void {
    const open = this.open;
    const children = this.children;
    const size = open.n - from;
    if (children.n + size > children.a.length) children.grow(children.n + size);
    // A loop, not set(subarray()): a view per collection is an allocation per collection.
    const to = children.a;
    const src = open.a;
    for (let k = 0; k < size; k++) to[children.n + k] = src[from + k];
    const at = id * NODE;
    this.nodes.a[at + 2] = end;
    this.nodes.a[at + 3] = children.n;
    this.nodes.a[at + 4] = size / per;
    children.n += size;
    open.n = from;
    this.node = id;
  }

  /** Line i's indentation; -1 past the last line. */
  private indentOf(i: number): number {
    return i < this.count ? this.lines.content[i] - this.lines.start[i] : -1;
  }

  /** The document's value. */
  document(): Read {
    const lines = this.lines;
    if (this.count > 0 && this.text.startsWith('---', lines.content[0]) && this.indentOf(0) === 0) {
      // "---" alone or "--- # comment": a "#" right after the dashes is no comment, and no marker.
      if (!/^---(?:[ ]+(?:#.*)?)?$/.test(this.text.slice(lines.content[0], lines.end[0]))) throw new Unsure();
      this.i++;
    }
    if (this.i >= this.count) throw new Unsure();
    if (lines.next[this.count - 1] === this.text.length) lines.direct[this.count - 1] = 1;
    const value = this.block(this.indentOf(this.i), lines.content[this.i]);
    if (this.i < this.count) throw new Unsure();
    return value;
  }

  /** The block collection whose first entry starts at `at` on the current line, at column `indent`. */
  private block(indent: number, at: number): Read {
    const lineEnd = this.lines.end[this.i];
    if (this.text.charCodeAt(at) === 45 /* - */ && (at + 1 === lineEnd || this.text.charCodeAt(at + 1) === 32)) return this.sequence(indent, at);
    if (this.keyEnd(at, lineEnd) >= 0) return this.mapping(indent, at);
    throw new Unsure();
  }

  /** The hash of the last key keyEnd() found (for keyName()). */
  private keyHash = 0;

  /** Where keyEnd() looked last, and what it found: a collection's first key is asked for again by mapping(). */
  private keyAt = -1;
  private keyFound = -1;

  /** The end of the plain key ("name:") at `at` on a line that ends at `lineEnd` (where its colon is), or -1. */
  private keyEnd(at: number, lineEnd: number): number {
    if (at === this.keyAt) return this.keyFound;
    this.keyAt = at;
    return (this.keyFound = this.findKeyEnd(at, lineEnd));
  }

  private findKeyEnd(at: number, lineEnd: number): number {
    // A character loop: this runs for every line of every file. It hashes the key on the way (keyName()).
    const t = this.text;
    let c = t.charCodeAt(at);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)) return -1;
    let h = c;
    let i = at + 1;
    for (; i < lineEnd; i++) {
      c = t.charCodeAt(i);
      if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45)) break;
      h = (Math.imul(h, 31) + c) | 0;
    }
    this.keyHash = h;
    return c === 58 && i < lineEnd && (i + 1 === lineEnd || t.charCodeAt(i + 1) === 32) ? i : -1;
  }

  /**
   * The key at [at, end), which keyEnd() just found: the string met before when it is in the
   * table of keys (no new string, and one V8 has already internalized as a property name), else
   * a new one, checked and remembered. Undefined for a key that is no string here (NOT_STRING_KEYS).
   */
  private keyName(at: number, end: number): string | undefined {
    const slot = this.keyHash & (KEY_SLOTS - 1);
    const known = SCRATCH.keys[slot];
    if (known !== undefined && known.length === end - at && sameAt(this.text, at, known)) return known;
    const name = this.text.slice(at, end);
    if (NOT_STRING_KEYS.has(name)) return undefined;
    if (end - at > MAX_SHARED_CHARS) return name;
    // Written through SCRATCH itself, so that the module-state test sees the key table change.
    return (SCRATCH.keys[slot] = interned(name));
  }

  /** One collection deeper. */
  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new Unsure();
    if (this.depth > this.deepest) this.deepest = this.depth;
  }

  private mapping(indent: number, at: number): Read {
    this.enter();
    const js: Record<string, unknown> = {};
    const id = this.add(MAP, at, -1);
    const from = this.open.n;
    let seen = 0;
    for (let first = true; ; first = false) {
      const li = this.i;
      if (!first) {
        const lineIndent = this.indentOf(li);
        if (lineIndent < indent) break;
        if (lineIndent > indent) throw new Unsure();
        at = this.lines.content[li];
      }
      const lineEnd = this.lines.end[li];
      const end = this.keyEnd(at, lineEnd);
      if (end < 0) throw new Unsure();
      const name = this.keyName(at, end);
      // A key given twice goes to the full parse, which reports it. Keys whose hash no earlier key
      // of this mapping shares cannot be one (most mappings have a handful of keys).
      const bit = 1 << (this.keyHash & 31);
      if (name === undefined || ((seen & bit) !== 0 && Object.hasOwn(js, name))) throw new Unsure();
      seen |= bit;
      const value = this.value(indent, end + 1, lineEnd);
      this.open.push(at);
      this.open.push(end);
      this.open.push(this.node);
      js[name] = value;
    }
    this.depth--;
    this.close(id, from, ENTRY, this.rangeEnd());
    return js;
  }

  private sequence(indent: number, at: number): Read {
    const js: unknown[] = [];
    this.enter();
    const id = this.add(SEQ, at, -1);
    const from = this.open.n;
    for (let first = true; ; first = false) {
      const li = this.i;
      const lines = this.lines;
      const lineEnd = lines.end[li];
      if (!first) {
        const lineIndent = this.indentOf(li);
        if (lineIndent < indent) break;
        const c = lines.content[li];
        const item = this.text.charCodeAt(c) === 45 /* - */ && (c + 1 === lineEnd || this.text.charCodeAt(c + 1) === 32);
        if (lineIndent === indent && !item) break; // the next key of a mapping whose column this sequence shares
        if (lineIndent > indent || !item) throw new Unsure();
        at = c;
      }
      let content = at + 1;
      while (content < lineEnd && this.text.charCodeAt(content) === 32) content++;
      let item: Read;
      if (at + 1 === lineEnd) {
        // "-" alone, its item a block collection on the more-indented lines below (as generators write it).
        this.i++;
        const nextIndent = this.indentOf(this.i);
        if (nextIndent <= indent) throw new Unsure(); // an empty item
        item = this.block(nextIndent, lines.content[this.i]);
      } else if (content === lineEnd || this.text.charCodeAt(content) === 35) {
        throw new Unsure(); // "- " with trailing spaces, or "- # comment"
      } else if ((this.text.charCodeAt(content) === 45 && this.text.charCodeAt(content + 1) === 32) || this.keyEnd(content, lineEnd) >= 0) {
        // A compact collection: its entries are indented to where the first one starts.
        item = this.block(content - lines.start[li], content);
      } else {
        item = this.oneLine(content, lineEnd);
        this.i++;
        this.noContinuation(indent);
      }
      this.open.push(this.node);
      js.push(item);
    }
    this.depth--;
    this.close(id, from, 1, this.rangeEnd());
    return js;
  }

  /** The value after "key:" (at `after`, the offset behind the colon) on a line that ends at `lineEnd`. */
  private value(indent: number, after: number, lineEnd: number): Read {
    let at = after;
    while (at < lineEnd && this.text.charCodeAt(at) === 32) at++;
    if (at === lineEnd) {
      if (after !== lineEnd) throw new Unsure(); // "key:  " (trailing spaces): not worth the care
      this.i++;
      const nextIndent = this.indentOf(this.i);
      const next = this.lines.content[this.i];
      if (nextIndent > indent) return this.block(nextIndent, next);
      if (nextIndent === indent && this.text.charCodeAt(next) === 45) return this.sequence(indent, next);
      this.lastValueUnsure = true; // the parser may end a collection before or after its line break
      this.add(SCALAR, after, after); // empty value
      return null;
    }
    if (this.text.charCodeAt(at) === 35) throw new Unsure(); // "key: # comment"
    const value = this.oneLine(at, lineEnd);
    this.i++;
    this.noContinuation(indent);
    return value;
  }

  /**
   * A value on one line (the caller checks that no more-indented line continues it). One of a form
   * not read here ends the read (Unsure): the text goes to the full parse, which reads it whole.
   */
  private oneLine(at: number, lineEnd: number): Read {
    const value = this.inline(at, lineEnd);
    this.lastValueUnsure = false;
    return value;
  }

  /** Where the scalar read by inlineScalar() ends. */
  lastScalarEnd = -1;

  /** The one-line scalar at `at` on a line ending at `lineEnd` (OTHER if it is no scalar: a flow sequence, "{}"). */
  inlineScalar(at: number, lineEnd: number): Read {
    const value = this.inline(at, lineEnd);
    if (this.nodes.n !== NODE || this.nodes.a[0] !== SCALAR) return OTHER;
    this.lastScalarEnd = this.nodes.a[2];
    return value;
  }

  /** A value that lies on one line from `at`: a scalar or a flow sequence of plain scalars. */
  private inline(at: number, lineEnd: number): Read {
    const t = this.text;
    const c = t.charCodeAt(at);
    let end: number;
    if (c === 34 /* " */ || c === 39 /* ' */) {
      const close = c === 34 ? this.closingQuote(at + 1, lineEnd) : this.inLine("'", at + 1, lineEnd);
      if (close < 0 || close >= lineEnd) throw new Unsure();
      if (t.charCodeAt(close + 1) === c) throw new Unsure(); // '' inside
      end = close + 1;
      this.restIsComment(end, lineEnd);
      this.add(SCALAR, at, end);
      return this.quoted(at, end);
    }
    if (c === 91 /* [ */) return this.flowSequence(at, lineEnd);
    if (c === 123 /* { */ && t.charCodeAt(at + 1) === 125 /* } */) {
      // "{}": an empty mapping (generators write empty objects so).
      if (this.depth + 1 > this.deepest) this.deepest = this.depth + 1;
      this.restIsComment(at + 2, lineEnd);
      this.add(MAP, at, at + 2);
      return {};
    }
    // '{]},#&*!|>%@`' never start a scalar read here.
    if (c === 123 || c === 93 || c === 125 || c === 44 || c === 35 || c === 38 || c === 42 || c === 33 || c === 124 || c === 62 || c === 37 || c === 64 || c === 96) throw new Unsure();
    // "-", "?" and ":" start a plain scalar unless a space follows ("-1", "-p0-0").
    if ((c === 63 || c === 58 || c === 45) && (at + 1 === lineEnd || t.charCodeAt(at + 1) === 32)) throw new Unsure();
    // A plain scalar runs to a " #" comment or the end of the line, less trailing spaces. From
    // space to space (indexOf(' #') would search on through the rest of the text; a space comes
    // before the next value, after its key's colon or its item's dash, so no stretch is searched twice).
    end = lineEnd;
    for (let i = t.indexOf(' ', at + 1); i >= 0 && i < lineEnd; i = t.indexOf(' ', i + 1)) {
      const next = t.charCodeAt(i + 1);
      if (next === 35) {
        end = i;
        break;
      }
      if (t.charCodeAt(i - 1) === 58) throw new Unsure(); // ": " inside
    }
    while (end > at && t.charCodeAt(end - 1) === 32) end--;
    if (end === at || t.charCodeAt(end - 1) === 58) throw new Unsure();
    this.add(SCALAR, at, end);
    return plainScalar(t.slice(at, end));
  }

  /** The value of the quoted scalar whose source, quotes included, is [at, end). */
  private quoted(at: number, end: number): string {
    const body = this.text.slice(at + 1, end - 1);
    return this.text.charCodeAt(at) === 34 && body.includes('\\') ? escaped(body) : body;
  }

  private flowSequence(at: number, lineEnd: number): Read {
    if (this.depth + 1 > this.deepest) this.deepest = this.depth + 1;
    const close = this.inLine(']', at, lineEnd);
    if (close < 0 || close >= lineEnd) throw new Unsure();
    const body = this.text.slice(at + 1, close);
    if (/[[\]{}"'#&*!|>%@`?:]/.test(body)) throw new Unsure();
    this.restIsComment(close + 1, lineEnd);
    const js: unknown[] = [];
    const id = this.add(SEQ, at, -1);
    const from = this.open.n;
    if (body.trim() !== '') {
      let start = at + 1;
      for (const part of body.split(',')) {
        const lead = part.length - part.trimStart().length;
        const trimmed = part.trim();
        if (trimmed === '' || trimmed.startsWith('-')) throw new Unsure();
        js.push(plainScalar(trimmed));
        this.open.push(this.add(SCALAR, start + lead, start + lead + trimmed.length));
        start += part.length + 1;
      }
    }
    this.close(id, from, 1, close + 1);
    return js;
  }

  /**
   * The end of a block collection that ended with the last line read, or -1 when not known here:
   * the `yaml` parser ends it after that line's break. Known only when its last value is a non-empty
   * one-line value and no blank or comment line follows it (those the parser may count in or not).
   */
  private rangeEnd(): number {
    const last = this.i - 1;
    return !this.lines.direct[last] || this.lastValueUnsure ? -1 : this.lines.next[last];
  }

  /**
   * Offset of `ch` from `from` up to the line's end, or -1. (indexOf would search on through the
   * rest of the text when the line has none: quadratic over a file of such lines.)
   */
  private inLine(ch: string, from: number, lineEnd: number): number {
    const code = ch.charCodeAt(0);
    for (let i = from; i < lineEnd; i++) if (this.text.charCodeAt(i) === code) return i;
    return -1;
  }

  /** Offset of the '"' that closes a double-quoted scalar from `from` (escaped ones skipped), or -1. */
  private closingQuote(from: number, lineEnd: number): number {
    for (let i = from; i < lineEnd; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 92) i++;
      else if (c === 34) return i;
    }
    return -1;
  }

  /** Only spaces, or spaces and a comment, from `from` to the line's end (as /^(?:[ ]+#.*)?[ ]*$/). */
  private restIsComment(from: number, lineEnd: number): void {
    const t = this.text;
    let i = from;
    while (i < lineEnd && t.charCodeAt(i) === 32) i++;
    if (i === lineEnd) return;
    if (i === from || t.charCodeAt(i) !== 35) throw new Unsure();
    // ('.' stops at these: the regex failed on them.)
    for (i++; i < lineEnd; i++) {
      const c = t.charCodeAt(i);
      if (c === 13 || c === 0x2028 || c === 0x2029) throw new Unsure();
    }
  }

  /** A one-line value may not go on over more-indented lines (a multi-line plain scalar). */
  private noContinuation(indent: number): void {
    if (this.indentOf(this.i) > indent) throw new Unsure();
  }
}
