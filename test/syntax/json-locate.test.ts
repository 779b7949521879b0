// The navigator of JSON texts gives exactly the positions and keys of the syntax tree, and documents of any size locate through it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bracketsOutsideStrings, JsonNavigator, stringCount, type ContainerTally } from '../../src/syntax/json-locate';
import { jsonDocument, NAVIGATE_MIN_CHARS, scanJson } from '../../src/syntax/json';
import { parseText } from '../../src/syntax/index';
import { DEFAULT_LIMITS } from '../../src/syntax/types';
import { jsonTextArb } from './json-arbitraries';
import { allPointers } from '../pointers';
import { filesUnder } from '../files';
import { treeOf } from './json-tree';

/** Pointers that name nothing, or pass through a scalar, or are no array index. */
function misses(pointers: string[]): string[] {
  return ['/nope', '/0', '/-', '/01', '/ 1', '/1e0', 'x', '/', ...pointers.slice(0, 50).flatMap((p) => [p + '/nope', p + '/0', p + '/00', p + '/-1', p + '/'])];
}

/** The objects and arrays of a parsed value, counted here by recursion (the parse counts them in its own walk). */
function tallyOf(value: unknown, tally: ContainerTally = { objects: 0, arrays: 0 }): ContainerTally {
  if (typeof value !== 'object' || value === null) return tally;
  if (Array.isArray(value)) tally.arrays++;
  else tally.objects++;
  for (const child of Object.values(value)) tallyOf(child, tally);
  return tally;
}

/**
 * Checks every pointer (and some misses) in document order, reversed, sorted, and prepared at once;
 * each order also by a navigator told the value's containers (skips by brackets alone where the
 * text's strings hold none).
 */
function agreeWithTree(text: string, value: unknown, noDuplicates: boolean, label = ''): number {
  const tree = treeOf(text);
  const pointers = [...allPointers(value), ...misses(allPointers(value))];
  const expected = new Map(pointers.map((p) => [p, { locate: tree.locate(p), keys: tree.keysAt!(p) }]));
  // A parsed document of this size locates through a navigator of its own, made on first use.
  expect(text.length).toBeLessThan(NAVIGATE_MIN_CHARS);
  const doc = jsonDocument(text, value, noDuplicates);
  expect(pointers.map((p) => ({ p, locate: doc.locate(p), keys: doc.keysAt!(p) })), label).toEqual(pointers.map((p) => ({ p, ...expected.get(p)! })));
  const orders = [pointers, [...pointers].reverse(), [...pointers].sort(), [...pointers].reverse()];
  // Told the openers were counted too (as the cost pre-scan of a big text does) when the text's are the value's: only the closers are counted then.
  const opens = { objects: text.split('{').length - 1, arrays: text.split('[').length - 1 };
  const counted = tallyOf(value);
  const tallies = opens.objects === counted.objects && opens.arrays === counted.arrays ? [undefined, tallyOf(value), { ...counted, opensCounted: true }] : [undefined, tallyOf(value)];
  for (const [n, order, tally] of [...orders.entries()].flatMap(([n, order]) => tallies.map((t) => [n, order, t] as const))) {
    const nav = new JsonNavigator(text, noDuplicates, tally);
    if (n >= 3) nav.prepare(order); // all at once first, as the engine does
    // One comparison per order (an expect per pointer is slow); a failure shows the pointer.
    const got = order.map((p) => ({ p, locate: nav.locate(p), keys: nav.keysAt(p) }));
    expect(got, label).toEqual(order.map((p) => ({ p, ...expected.get(p)! })));
  }
  return pointers.length;
}

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');
const files = [
  ...filesUnder(path.join(ROOT, 'examples'), /\.json$/),
  ...filesUnder(CORPUS, /\.json$/),
].filter((f) => readFileSync(f).length < 200_000);

describe('JSON navigator', () => {
  it('agrees with the syntax tree on every pointer of the examples and corpus files', () => {
    let checked = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8').replace(/^\uFEFF/, '');
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        continue;
      }
      checked += agreeWithTree(text, value, scanJson(text, 256).duplicates.length === 0, f);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('agrees with the syntax tree on generated texts: repeated and escaped keys, any layout', () => {
    const skipsBy = { brackets: 0, strings: 0 };
    fc.assert(
      fc.property(jsonTextArb, ({ text }) => {
        const value = JSON.parse(text);
        agreeWithTree(text, value, false, text);
        // Told that no key repeats, lookups stop at the first match: only when it is true.
        if (scanJson(text, Number.MAX_SAFE_INTEGER).duplicates.length === 0) agreeWithTree(text, value, true, text);
        if (/[[{]/.test(text)) skipsBy[bracketsOutsideStrings(text, tallyOf(value)) ? 'brackets' : 'strings']++;
      }),
      { numRuns: 500 },
    );
    // Both kinds of skip were checked, on many texts each.
    expect(skipsBy.brackets).toBeGreaterThan(50);
    expect(skipsBy.strings).toBeGreaterThan(50);
  });

  it('skips by brackets alone only when no string holds one and no repeated key dropped a container', () => {
    const told = (text: string) => bracketsOutsideStrings(text, tallyOf(JSON.parse(text)));
    expect(told('{"a": [1, {"b": "x"}], "c": {}}')).toBe(true);
    expect(told('{"a": "\\u007b", "b": "\\u007d"}')).toBe(true); // escaped: no bracket in the text
    for (const bracket of ['{', '}', '[', ']']) expect(told(`{"a": "${bracket}", "b": [{}]}`), bracket).toBe(false);
    expect(told('{"a}": 1}')).toBe(false);
    expect(told('{"a": {"x": 1}, "a": 2}')).toBe(false); // JSON.parse kept one "a": the text has one object more
    expect(told('{"a": [], "a": [3]}')).toBe(false);
    expect(told('{"a": 1, "a": [3]}')).toBe(true); // the dropped value held no bracket
    expect(bracketsOutsideStrings('{"a": [1]}', undefined)).toBe(false); // not counted
  });

  it('takes the last of repeated keys, as JSON.parse does, and decodes escaped keys', () => {
    const text = '{"a": 1, "b": {"x": [1, "]"]}, "\\u0061": {"c": "}"}, "a\\"b": true}';
    const value = JSON.parse(text);
    agreeWithTree(text, value, false);
    const nav = new JsonNavigator(text, false);
    expect(text.slice(nav.locate('/a')!.key!.start, nav.locate('/a')!.value.end)).toBe('"\\u0061": {"c": "}"}');
    expect(nav.keysAt('')).toEqual(['a', 'b', 'a', 'a"b']);
    expect(nav.locate('/a/c')!.value).toEqual({ start: text.indexOf('"}"'), end: text.indexOf('"}"') + 3 });
  });
});

/** Offsets of strings (start, closing quote), character by character. */
function naiveStringOffsets(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue;
    out.push(i);
    for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    out.push(i);
  }
  return out;
}

describe('string count', () => {
  it('counts every string, escaped quotes and backslashes read right', () => {
    const text = '{"a": "x\\\\\\"y", "b\\\\": ["[", "]", "\\\\"], "c": "' + 'x'.repeat(60) + '"}';
    expect(JSON.parse(text).a).toBe('x\\"y');
    expect(stringCount(text)).toBe(8);
    expect(stringCount(text)).toBe(naiveStringOffsets(text).length / 2);
  });

  it('agrees with a character-by-character reading on generated texts', () => {
    fc.assert(
      fc.property(jsonTextArb, ({ text }) => {
        expect(stringCount(text)).toBe(naiveStringOffsets(text).length / 2);
      }),
      { numRuns: 300 },
    );
  });
});

describe('big JSON documents: navigated positions', () => {
  it('give what the syntax tree gives, in any order of lookups', () => {
    const value = { processes: Array.from({ length: 4000 }, (_, i) => ({ name: `p${i}`, hostname: `h${i}.example.net`, tags: ['[', '{'], args2_6: { net: { port: 27017 + (i % 3) } } })), tail: { 'a/b': 1, 'c~d': [true] } };
    const text = JSON.stringify(value, null, 2);
    expect(text.length).toBeGreaterThan(NAVIGATE_MIN_CHARS);
    const big = jsonDocument(text, value, true);
    const probes = ['/tail/a~1b', '/processes/3999/args2_6/net/port', '/processes/17/name', '/processes/3999/args2_6', '/processes/3999/hostname', '/tail/c~0d', '/tail/c~0d/0', '/processes/5/name', '/processes/2000', '/missing', '/processes/17/nope', '/processes/4000', '', '/processes'];
    // The reference: the syntax tree of the same text (jsonDocument navigates texts this big).
    const small = new JsonNavigator(text, false);
    const tree = treeOf(text);
    for (const p of probes) {
      expect(big.locate(p), p).toEqual(tree.locate(p));
      expect(small.locate(p), p).toEqual(tree.locate(p));
    }
    expect(big.keysAt!('/tail')).toEqual(['a/b', 'c~d']);
    expect(big.keysAt!('/processes/3999')).toEqual(tree.keysAt!('/processes/3999'));
  });

  it('are found without a table of the strings\' offsets (90 MB: 55-94 MB of memory, no faster)', () => {
    const value = { processes: Array.from({ length: 6000 }, (_, i) => ({ name: `p${i}`, hostname: `h${i}.example.net`, args2_6: { net: { port: 27017 } } })) };
    const text = JSON.stringify(value, null, 2);
    const tables: number[] = [];
    const Real = globalThis.Int32Array;
    // Any Int32Array made while parsing and locating, by its length (a string table: one entry per 6 characters or more).
    globalThis.Int32Array = new Proxy(Real, { construct: (target, args) => (tables.push(typeof args[0] === 'number' ? args[0] : 0), Reflect.construct(target, args)) });
    try {
      const f = parseText(text, 'big.json');
      expect(f.documents[0].locate('/processes/5999/args2_6/net/port')?.value.start).toBe(text.lastIndexOf('27017'));
    } finally {
      globalThis.Int32Array = Real;
    }
    expect(tables.filter((n) => n > text.length / 12)).toEqual([]);
  });

  it('skip what no lookup enters by its brackets alone when its strings hold none (the parse counts the containers)', () => {
    /** Searches for each character while a parsed text locates a pointer (the parse's own pre-scans not counted). */
    const searches = (text: string, pointer: string, limits = DEFAULT_LIMITS) => {
      const doc = parseText(text, 'big.json', limits).documents[0];
      const real = String.prototype.indexOf;
      const n = new Map<string, number>();
      String.prototype.indexOf = function (this: string, search: string, from?: number) {
        n.set(search, (n.get(search) ?? 0) + 1);
        return real.call(this, search, from);
      };
      try {
        expect(doc.locate(pointer)?.value).toEqual(treeOf(text).locate(pointer)?.value);
      } finally {
        String.prototype.indexOf = real;
      }
      return { quotes: n.get('"') ?? 0, opens: n.get('{') ?? 0 };
    };
    const processes = (tags: string[]) => Array.from({ length: 3000 }, (_, i) => ({ name: `p${i}`, hostname: `h${i}.example.net`, tags, args2_6: { net: { port: 27017 } } }));
    const plain = JSON.stringify({ processes: processes(['a', 'b']), tail: { port: 1 } }, null, 2);
    const bracketed = JSON.stringify({ processes: processes(['[', '{']), tail: { port: 1 } }, null, 2);
    expect(plain.length).toBeGreaterThan(NAVIGATE_MIN_CHARS);
    // The keys on the path only (root, tail), against every string of the 3,000 processes skipped.
    expect(searches(plain, '/tail/port').quotes).toBeLessThan(10);
    expect(searches(bracketed, '/tail/port').quotes).toBeGreaterThan(3000 * 8);
    // A text past the node limit's length has its "{" counted by the cost pre-scan: the check does not count them again.
    const objects = 2 + 3 * 3000;
    expect(searches(plain, '/tail/port').opens).toBeGreaterThanOrEqual(2 * objects);
    const counted = searches(plain, '/tail/port', { ...DEFAULT_LIMITS, maxNodes: plain.length - 1 });
    expect(counted.opens).toBeLessThan(objects + 10);
    expect(counted.quotes).toBeLessThan(10);
    // Openers in strings, told by the pre-scan's count: quote to quote, and right (no closer in a string to tell it).
    expect(searches(bracketed, '/tail/port', { ...DEFAULT_LIMITS, maxNodes: bracketed.length - 1 }).quotes).toBeGreaterThan(3000 * 8);
  });

  it('ends at the end of a text that is not JSON (never reads a child there again and again)', () => {
    // A text cut short: what it holds is found, what it lacks is not, and every lookup returns.
    const nav = new JsonNavigator('{"a": [1, 2, {"b": 3', true);
    expect(nav.locate('/a/2/b')?.value).toEqual({ start: 19, end: 20 });
    expect(nav.locate('/z')).toBeUndefined();
    expect(nav.locate('/a/7')).toBeUndefined();
    expect(nav.keysAt('')).toEqual(['a']);
    // A count that does not hold (no closer in a text cut short) never lets it skip by brackets alone: the same.
    const told = new JsonNavigator('[[1, 2', true, { objects: 0, arrays: 2 });
    expect(told.locate('/1')).toBeUndefined();
    expect(told.locate('/0/5')).toBeUndefined();
  });

  it('never recurses: a deep text is navigated to the bottom', () => {
    const depth = 100_000;
    const text = '['.repeat(depth) + '"x"' + ']'.repeat(depth);
    const nav = new JsonNavigator(text, true);
    const deepest = '/0'.repeat(depth);
    expect(nav.locate(deepest)).toEqual({ value: { start: depth, end: depth + 3 } });
    expect(nav.locate('/0'.repeat(depth / 2))).toEqual({ value: { start: depth / 2, end: text.length - depth / 2 } });
  });
});

describe('JsonNavigator: keys of small and large objects', () => {
  // Objects of more than 16 keys get an index by key; smaller ones are searched. Both must give
  // the last occurrence of a repeated key (as JSON.parse) and the key's own span.
  for (const size of [3, 16, 17, 40]) {
    it(`${size} keys, "a" repeated at the end: the last one, key and value spans`, () => {
      const keys = Array.from({ length: size - 1 }, (_, i) => (i === 0 ? 'a' : `k${i}`));
      const text = `{${keys.map((k, i) => `"${k}": ${i}`).join(', ')}, "a": "last"}`;
      const nav = new JsonNavigator(text, false);
      const at = nav.locate('/a')!;
      expect(text.slice(at.value.start, at.value.end)).toBe('"last"');
      expect(text.slice(at.key!.start, at.key!.end)).toBe('"a"');
      const mid = nav.locate(`/k${size - 2}`)!;
      expect(text.slice(mid.key!.start, mid.key!.end)).toBe(`"k${size - 2}"`);
      expect(text.slice(mid.value.start, mid.value.end)).toBe(String(size - 2));
      expect(nav.keysAt('')).toEqual([...keys, 'a']);
      expect(nav.locate('/nope')).toBeUndefined();
    });
  }
});
