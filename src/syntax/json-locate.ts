// Positions of pointers in a big valid JSON text, without a syntax tree (which took most of the
// time and memory of a big text: bench/README.md, history). A lookup walks down from the root through the containers on the
// pointer's path, reading only their direct children and skipping every other value; what it
// read stays known, so that the next lookups resume where the last one stopped.
import { splitPointer } from '../core/pointer';
import type { ContainerStep, Location } from './types';
import { workCounts } from './work-counts';

/** Offset of the quote that closes the string opening at `start` (indexOf: strings are most of a text). */
export function stringEnd(text: string, start: number): number {
  let j = text.indexOf('"', start + 1);
  while (j > 0 && text.charCodeAt(j - 1) === 92) {
    // An odd run of backslashes escapes the quote.
    let k = j - 1;
    while (text.charCodeAt(k - 1) === 92) k--;
    if ((j - k) % 2 === 0) break;
    j = text.indexOf('"', j + 1);
  }
  return j < 0 ? text.length : j;
}

/**
 * Whether a backslash stands between two offsets, for offsets that only grow: the next backslash
 * is looked up once per backslash, not once per string (which would be quadratic).
 */
export function backslashFinder(text: string): (start: number, end: number) => boolean {
  let next = text.indexOf('\\');
  return (start, end) => {
    if (next >= 0 && next < start) next = text.indexOf('\\', start);
    return next >= 0 && next < end;
  };
}

const WS = new Uint8Array(128);
for (const c of [9, 10, 13, 32]) WS[c] = 1;

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/** The objects and arrays of a text's parsed value (JSON.parse keeps each container once, a repeated key's value aside). */
export interface ContainerTally {
  objects: number;
  arrays: number;
  /** The text's "{" and "[" were counted already and are these. */
  opensCounted?: boolean;
}

/** An object or array on some lookup's path: its direct children as far as read. */
interface Container {
  isObject: boolean;
  /** Offset just after the closing bracket; -1 until known. */
  end: number;
  /** Where reading the next child resumes; -1 once the closing bracket was read. */
  pos: number;
  /** Per child in source order; a value end is -1 until needed (the last child read only). A key's end is found again when asked. */
  keyStarts: number[];
  valueStarts: number[];
  valueEnds: number[];
  /** Objects: decoded keys in source order. */
  keys: string[];
  /**
   * The index of each key's last occurrence so far, for objects of more than BY_KEY_FROM keys only
   * (a search of `keys` is as fast below that; a Map per object was most of the navigator's memory).
   */
  byKey?: Map<string, number>;
}

const BY_KEY_FROM = 16;

/** Index of the last occurrence of `key` among the object's keys read so far, or undefined. */
function keyIndex(c: Container, key: string): number | undefined {
  if (c.byKey) return c.byKey.get(key);
  const i = c.keys.lastIndexOf(key);
  return i < 0 ? undefined : i;
}

export class JsonNavigator {
  private readonly containers = new Map<number, Container>();
  private readonly rootStart: number;
  private readonly rootEnd: number;
  /**
   * Skips move forward through the text most of the time: they then find brackets and quotes
   * with indexOf from cursors that stay valid from `cursorFrom` on (no occurrence of the slot's
   * character in [cursorFrom, cursor)), so that each part of the text is searched once. A skip
   * that starts behind the cursors reads character by character instead (never a search far
   * ahead that a later skip could not reuse).
   */
  private cursorFrom = 0;
  private readonly cursors = [-1, -1, -1, -1, -1]; // " { [ } ]
  /**
   * True when no string of the text holds a bracket: then a skip counts brackets alone, with no
   * look at the strings (most searches of a laid-out configuration are its quotes). Told on the first
   * skip, from the value's containers (`tally`) against the text's brackets.
   */
  private bracketsOnly?: boolean;

  /**
   * `noDuplicates`: no object of the text repeats a key; then a lookup stops at the first key that
   * matches (otherwise the last occurrence wins, as in JSON.parse, and objects are read whole).
   * (A table of the offsets of every string, built with the parse, was dropped: skips with
   * cursors alone were as fast without its memory; bench/README.md, history.)
   */
  constructor(
    private readonly text: string,
    private readonly noDuplicates: boolean,
    /** The parsed value's containers, when they were counted (lets skips count brackets alone). */
    private readonly tally?: ContainerTally,
  ) {
    let s = 0;
    while (s < text.length && isSpace(text.charCodeAt(s))) s++;
    let e = text.length;
    while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
    this.rootStart = s;
    this.rootEnd = e;
  }

  locate(pointer: string): Location | undefined {
    const at = this.walk(tokensOf(pointer));
    if (!at) return undefined;
    if (!at.parent) return { value: { start: this.rootStart, end: this.rootEnd } };
    const { parent: c, index: i } = at;
    const value = { start: c.valueStarts[i], end: this.valueEndOf(c, i) };
    return c.isObject ? { key: { start: c.keyStarts[i], end: stringEnd(this.text, c.keyStarts[i]) + 1 }, value } : { value };
  }

  /**
   * Looks up pointers in an order close to the text's (array items by index, a subtree's pointers
   * together), so that the text is read forward once rather than partly again for each lookup
   * that goes back.
   */
  prepare(pointers: Iterable<string>): void {
    const paths = [...new Set(pointers)].map(tokensOf).sort(comparePaths);
    for (const tokens of paths) this.walk(tokens);
  }

  /** The keys of the object at a pointer, in source order (repeats too); [] for anything else. */
  keysAt(pointer: string): string[] {
    const at = this.walk(tokensOf(pointer));
    if (!at) return [];
    const c = at.parent ? this.containerAt(at.parent.valueStarts[at.index], at.parent.valueEnds[at.index]) : this.containerAt(this.rootStart, this.rootEnd);
    if (!c || !c.isObject) return [];
    while (this.readChild(c));
    return c.keys.slice();
  }

  /**
   * The containers holding `offset`, outermost first (ContainerStep): read by the children's start
   * offsets (a binary search over the children read so far, more read only up to the offset), so
   * that the cursor at the 20,000th process costs skips from container to container, not a scan
   * of the text before it. An offset past a child's value goes up again once that end is found.
   */
  containersAt(offset: number): ContainerStep[] {
    const root = this.containerAt(this.rootStart, this.rootEnd);
    if (!root || offset <= this.rootStart) return [];
    const stack: { c: Container; start: number }[] = [{ c: root, start: this.rootStart }];
    for (;;) {
      const { c } = stack[stack.length - 1];
      this.readUpTo(c, offset);
      if (c.pos < 0 && offset >= c.end) {
        if (stack.length === 1) break;
        // The offset is past this child: its parent holds it (the child's end is now known).
        stack.pop();
        this.settleLast(stack[stack.length - 1].c);
        continue;
      }
      const i = this.childBefore(c, offset);
      const vs = i < 0 ? -1 : c.valueStarts[i];
      const ch = this.text.charCodeAt(vs);
      if (i < 0 || offset <= vs || (ch !== 123 && ch !== 91) || (c.valueEnds[i] >= 0 && offset >= c.valueEnds[i])) break;
      stack.push({ c: this.containerAt(vs, c.valueEnds[i])!, start: vs });
    }
    return stack.map(({ c, start }) => {
      const i = this.childBefore(c, offset);
      return {
        start,
        isObject: c.isObject,
        keyStarts: c.isObject ? c.keyStarts.slice(0, i + 1) : [],
        index: i,
        childStart: i < 0 ? -1 : c.isObject ? c.keyStarts[i] : c.valueStarts[i],
        valueEnd: i < 0 ? -1 : c.valueEnds[i],
      };
    });
  }

  /**
   * Reads the children of `c` up to the first that starts after `offset`, without skipping a
   * container that may hold the offset (the caller looks inside it instead).
   */
  private readUpTo(c: Container, offset: number): void {
    while (c.pos >= 0) {
      const last = c.valueStarts.length - 1;
      if (last >= 0) {
        const vs = c.valueStarts[last];
        if (vs >= offset) return;
        const ch = this.text.charCodeAt(vs);
        if (c.valueEnds[last] < 0 && (ch === 123 || ch === 91)) return;
      }
      if (!this.readChild(c)) return;
    }
  }

  /** Index of the last child read of `c` that starts (its key, in an object) at or before `offset`, or -1. */
  private childBefore(c: Container, offset: number): number {
    const starts = c.isObject ? c.keyStarts : c.valueStarts;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** The child that the tokens lead to (as its parent and index; no parent for the root), or undefined. */
  private walk(tokens: string[]): { parent?: Container; index: number } | undefined {
    if (tokens.length === 0) return { index: -1 };
    let start = this.rootStart;
    let end = this.rootEnd;
    for (let t = 0; ; t++) {
      const c = this.containerAt(start, end);
      if (!c) return undefined;
      const i = this.child(c, tokens[t]);
      if (i < 0) return undefined;
      if (t === tokens.length - 1) return { parent: c, index: i };
      // The end of a value on the way is not needed (finding it would mean skipping all of it).
      start = c.valueStarts[i];
      end = c.valueEnds[i];
    }
  }

  /** The container whose value starts at `start` (its end when known, else -1), or undefined for a scalar. */
  private containerAt(start: number, end: number): Container | undefined {
    let c = this.containers.get(start);
    if (c) {
      if (c.end < 0) c.end = end;
      return c;
    }
    const ch = this.text.charCodeAt(start);
    if (ch !== 123 /* { */ && ch !== 91 /* [ */) return undefined;
    c = { isObject: ch === 123, end, pos: start + 1, keyStarts: [], valueStarts: [], valueEnds: [], keys: [] };
    workCounts.navigatorContainers++;
    this.containers.set(start, c);
    return c;
  }

  /** Index of the child a pointer token names, or -1. */
  private child(c: Container, token: string): number {
    if (c.isObject) {
      const known = keyIndex(c, token);
      if (c.pos < 0 || (known !== undefined && this.noDuplicates)) return known ?? -1;
      while (this.readChild(c)) {
        if (this.noDuplicates && c.keys[c.keys.length - 1] === token) return c.keys.length - 1;
      }
      return keyIndex(c, token) ?? -1;
    }
    if (!ARRAY_INDEX.test(token)) return -1;
    const index = Number(token);
    while (c.valueStarts.length <= index && this.readChild(c));
    return index < c.valueStarts.length ? index : -1;
  }

  private valueEndOf(c: Container, i: number): number {
    if (c.valueEnds[i] < 0) this.settleLast(c);
    return c.valueEnds[i];
  }

  /** Reads the next direct child of a container; false once its closing bracket is reached. */
  private readChild(c: Container): boolean {
    if (c.pos < 0) return false;
    this.settleLast(c);
    const text = this.text;
    let p = skipSpace(text, c.pos);
    if (text.charCodeAt(p) === 44 /* , */) p = skipSpace(text, p + 1);
    const ch = text.charCodeAt(p);
    // The end of the text ends every container too (a text that is not JSON: never a child there, round and round).
    if (ch === 125 /* } */ || ch === 93 /* ] */ || p >= text.length) {
      c.end = Math.min(p + 1, text.length);
      c.pos = -1;
      return false;
    }
    if (c.isObject) {
      const keyEnd = stringEnd(text, p) + 1;
      const raw = text.slice(p + 1, keyEnd - 1);
      const key = raw.includes('\\') ? (JSON.parse(text.slice(p, keyEnd)) as string) : raw;
      if (c.byKey) c.byKey.set(key, c.keys.length);
      c.keys.push(key);
      if (!c.byKey && c.keys.length > BY_KEY_FROM) c.byKey = new Map(c.keys.map((k, j) => [k, j]));
      c.keyStarts.push(p);
      p = skipSpace(text, skipSpace(text, keyEnd) + 1); // past the colon
    }
    c.valueStarts.push(p);
    c.valueEnds.push(-1);
    c.pos = p;
    return true;
  }

  /** Finds the end of a container's last child read, if not known yet. */
  private settleLast(c: Container): void {
    const last = c.valueStarts.length - 1;
    if (last < 0 || c.valueEnds[last] >= 0) return;
    const start = c.valueStarts[last];
    const inner = this.containers.get(start);
    const end = inner ? this.endOf(inner) : this.skipValue(start);
    c.valueEnds[last] = end;
    c.pos = end;
  }

  /**
   * End of a container: skips what was not read yet. Without recursion: the containers whose last
   * child read is itself a container of unknown end are settled from the innermost out.
   */
  private endOf(c: Container): number {
    if (c.end >= 0) return c.end;
    const chain: Container[] = [];
    for (let x: Container | undefined = c; x && x.end < 0; ) {
      chain.push(x);
      const last: number = x.valueStarts.length - 1;
      x = last >= 0 && x.valueEnds[last] < 0 ? this.containers.get(x.valueStarts[last]) : undefined;
    }
    for (let k = chain.length - 1; k >= 0; k--) {
      const x = chain[k];
      this.settleLast(x);
      x.end = this.skipRest(x.pos);
    }
    return c.end;
  }

  private skipValue(start: number): number {
    const text = this.text;
    const ch = text.charCodeAt(start);
    if (ch === 34 /* " */) return stringEnd(text, start) + 1;
    if (ch === 123 || ch === 91) return this.skipRest(start + 1);
    // A number, true, false or null.
    let i = start;
    for (; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === 44 || d === 125 || d === 93 || (d < 128 && WS[d])) break;
    }
    return i;
  }

  /** Offset just after the bracket that closes the container holding `p` (one level up from p). */
  private skipRest(p: number): number {
    const bracketsOnly = (this.bracketsOnly ??= bracketsOutsideStrings(this.text, this.tally));
    if (p < this.cursorFrom && !bracketsOnly) return skipByCharacter(this.text, p);
    return this.skipWithCursors(p, bracketsOnly);
  }

  /** `bracketsOnly`: no string holds a bracket, so quotes need no look (and a skip behind the cursors costs four searches). */
  private skipWithCursors(p: number, bracketsOnly: boolean): number {
    const text = this.text;
    const n = text.length;
    const cur = this.cursors;
    // Cursors behind p are searched again from p; the others are still right (all of them, from before cursorFrom).
    const fresh = p < this.cursorFrom;
    let q = bracketsOnly ? n : !fresh && cur[0] >= p ? cur[0] : find(text, '"', p);
    let o1 = !fresh && cur[1] >= p ? cur[1] : find(text, '{', p);
    let o2 = !fresh && cur[2] >= p ? cur[2] : find(text, '[', p);
    let c1 = !fresh && cur[3] >= p ? cur[3] : find(text, '}', p);
    let c2 = !fresh && cur[4] >= p ? cur[4] : find(text, ']', p);
    let depth = 1;
    let pos = p;
    while (depth > 0) {
      const open = o1 < o2 ? o1 : o2;
      const close = c1 < c2 ? c1 : c2;
      if (q < open && q < close) {
        // A string: brackets inside it do not count.
        pos = stringEnd(text, q) + 1;
        q = find(text, '"', pos);
        if (o1 < pos) o1 = find(text, '{', pos);
        if (o2 < pos) o2 = find(text, '[', pos);
        if (c1 < pos) c1 = find(text, '}', pos);
        if (c2 < pos) c2 = find(text, ']', pos);
      } else if (open < close) {
        depth++;
        pos = open + 1;
        if (open === o1) o1 = find(text, '{', pos);
        else o2 = find(text, '[', pos);
      } else {
        if (close >= n) {
          pos = n; // unbalanced (not valid JSON): stop at the end
          break;
        }
        depth--;
        pos = close + 1;
        if (close === c1) c1 = find(text, '}', pos);
        else c2 = find(text, ']', pos);
      }
    }
    cur[0] = q;
    cur[1] = o1;
    cur[2] = o2;
    cur[3] = c1;
    cur[4] = c2;
    this.cursorFrom = pos;
    return pos;
  }
}

/** splitPointer, without its two replacements per token when there is nothing to unescape. */
function tokensOf(pointer: string): string[] {
  if (pointer.includes('~')) return splitPointer(pointer);
  return pointer === '' ? [] : pointer.slice(1).split('/');
}

/** Ancestors first, array items by index, object keys in code-unit order (their text order is not known yet). */
function comparePaths(a: string[], b: string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    if (ARRAY_INDEX.test(a[i]) && ARRAY_INDEX.test(b[i])) return Number(a[i]) - Number(b[i]) || (a[i] < b[i] ? -1 : 1);
    return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/** How many strings (keys and values) a valid JSON text holds, quote to quote. */
export function stringCount(text: string): number {
  let count = 0;
  for (let i = text.indexOf('"'); i >= 0; i = text.indexOf('"', stringEnd(text, i) + 1)) count++;
  return count;
}

/**
 * Whether every bracket of a valid JSON text stands outside its strings: each object of the parsed
 * value is one "{" and one "}" of the text, each array one "[" and one "]", and a bracket inside a
 * string, or a container JSON.parse dropped with a repeated key, only adds to the text's counts;
 * equal counts leave room for neither.
 */
export function bracketsOutsideStrings(text: string, tally: ContainerTally | undefined): boolean {
  if (!tally) return false;
  const opens = tally.opensCounted || (occurrences(text, '{', tally.objects) === tally.objects && occurrences(text, '[', tally.arrays) === tally.arrays);
  return opens && occurrences(text, '}', tally.objects) === tally.objects && occurrences(text, ']', tally.arrays) === tally.arrays;
}

/** Occurrences of a character in a text, counted up to one past `most`. */
function occurrences(text: string, ch: string, most: number): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0 && n <= most; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/** Next occurrence of a character at or after `from`, or the text's length. */
function find(text: string, ch: string, from: number): number {
  const i = text.indexOf(ch, from);
  return i < 0 ? text.length : i;
}

function skipByCharacter(text: string, p: number): number {
  let depth = 1;
  const n = text.length;
  for (let i = p; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i);
    else if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && --depth === 0) return i + 1;
  }
  return n;
}

function isSpace(c: number): boolean {
  return c < 128 && WS[c] === 1;
}

function skipSpace(text: string, p: number): number {
  while (p < text.length && isSpace(text.charCodeAt(p))) p++;
  return p;
}
