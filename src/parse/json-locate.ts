// Positions of a few pointers in a big JSON text, in one pass and without a syntax tree: the
// engine asks for the pointers its diagnostics name (and their ancestors) at once. For each
// requested pointer it records the key and value spans, and for requested containers the spans of
// their direct children (fixes that remove a property need its neighbours).
import type { Span } from '../engine/types';
import { joinPointer, splitPointer } from '../engine/pointer';
import type { Location } from './types';

interface Trie {
  children: Map<string, Trie>;
  /** The pointer this node stands for, when it was requested. */
  pointer?: string;
}

interface Frame {
  isObject: boolean;
  trie: Trie | undefined;
  /** The requested container's pointer: its children are recorded. */
  record?: string;
  key: string;
  keySpan?: Span;
  index: number;
  expectKey: boolean;
}

export interface JsonLocations {
  locations: Map<string, Location>;
  /** Keys of requested objects, in source order. */
  keys: Map<string, string[]>;
  /** Requested containers: every child of theirs is in `locations`. */
  complete: Set<string>;
}

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

/** Scans valid JSON once and returns the locations of the requested pointers and their children. */
export function locateJsonPointers(text: string, pointers: Iterable<string>): JsonLocations {
  const root: Trie = { children: new Map() };
  for (const p of pointers) {
    let node = root;
    for (const t of splitPointer(p)) {
      let next = node.children.get(t);
      if (!next) node.children.set(t, (next = { children: new Map() }));
      node = next;
    }
    node.pointer = p;
  }
  const locations = new Map<string, Location>();
  const keys = new Map<string, string[]>();
  const complete = new Set<string>();
  const stack: Frame[] = [];
  const n = text.length;
  const hasBackslash = backslashFinder(text);
  let i = 0;

  // A value begins at i inside the top frame (or at the root): which trie node and record it has.
  const beginValue = (): { trie: Trie | undefined; pointer?: string; recordAs?: string } => {
    const top = stack[stack.length - 1];
    if (!top) return { trie: root, pointer: root.pointer, recordAs: root.pointer };
    const token = top.isObject ? top.key : String(top.index);
    const trie = top.trie?.children.get(token);
    const recordAs = top.record !== undefined ? joinPointer(top.record, token) : trie?.pointer;
    return { trie, pointer: trie?.pointer, recordAs: recordAs ?? undefined };
  };
  const endValue = (recordAs: string | undefined, start: number, end: number) => {
    if (recordAs === undefined) return;
    const top = stack[stack.length - 1];
    const value = { start, end };
    locations.set(recordAs, top?.isObject && top.keySpan ? { key: top.keySpan, value } : { value });
  };

  // Values being built: containers record their span on close.
  const open: { recordAs?: string; start: number }[] = [];
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 128 && WS[c]) {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === 34 /* " */) {
      const start = i;
      i = stringEnd(text, i);
      const escaped = hasBackslash(start, i);
      i++;
      if (top && top.isObject && top.expectKey) {
        top.expectKey = false;
        // Keys are decoded only where a requested pointer or recorded container is concerned.
        if (top.trie || top.record !== undefined) {
          top.key = escaped ? (JSON.parse(text.slice(start, i)) as string) : text.slice(start + 1, i - 1);
          top.keySpan = { start, end: i };
          if (top.record !== undefined) keys.get(top.record)!.push(top.key);
        }
        continue;
      }
      const v = beginValue();
      endValue(v.recordAs, start, i);
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      const v = beginValue();
      open.push({ recordAs: v.recordAs, start: i });
      const isObject = c === 123;
      const record = v.pointer;
      if (record !== undefined) {
        complete.add(record);
        if (isObject) keys.set(record, []);
      }
      stack.push({ isObject, trie: v.trie, record, key: '', index: 0, expectKey: isObject });
      i++;
      continue;
    }
    if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      const o = open.pop()!;
      i++;
      endValue(o.recordAs, o.start, i);
      continue;
    }
    if (c === 44 /* , */) {
      if (top) {
        if (top.isObject) {
          top.expectKey = true;
          top.keySpan = undefined;
        } else top.index++;
      }
      i++;
      continue;
    }
    if (c === 58 /* : */) {
      i++;
      continue;
    }
    // A number, true, false or null.
    const start = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 44 || d === 125 || d === 93 || (d < 128 && WS[d])) break;
      i++;
    }
    const v = beginValue();
    endValue(v.recordAs, start, i);
  }
  return { locations, keys, complete };
}
