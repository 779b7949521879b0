// The navigator of big JSON texts gives exactly the positions and keys of the syntax tree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { JsonNavigator, stringTable } from '../../src/syntax/json-locate';
import { jsonDocument, NAVIGATE_MIN_CHARS, scanJson } from '../../src/syntax/json';
import { splitPointer } from '../../src/core/pointer';
import { jsonTextArb } from './json-arbitraries';
import { allPointers } from '../pointers';
import { filesUnder } from '../files';

/** Pointers that name nothing, or pass through a scalar, or are no array index. */
function misses(pointers: string[]): string[] {
  return ['/nope', '/0', '/-', '/01', '/ 1', '/1e0', 'x', '/', ...pointers.slice(0, 50).flatMap((p) => [p + '/nope', p + '/0', p + '/00', p + '/-1', p + '/'])];
}

/** Checks every pointer (and some misses) in document order, reversed, sorted, and prepared at once. */
function agreeWithTree(text: string, value: unknown, noDuplicates: boolean, label = ''): number {
  const tree = jsonDocument(text, value); // small: syntax tree
  expect(text.length).toBeLessThan(NAVIGATE_MIN_CHARS);
  const pointers = [...allPointers(value), ...misses(allPointers(value))];
  const expected = new Map(pointers.map((p) => [p, { locate: tree.locate(p), keys: tree.keysAt!(p) }]));
  const strings = stringTable(text, true).offsets; // none for tiny texts: then as without
  const orders = [pointers, [...pointers].reverse(), [...pointers].sort(), [...pointers].reverse(), pointers, [...pointers].reverse()];
  for (const [n, order] of orders.entries()) {
    // The last ones skip strings with the table of their offsets, as big texts do.
    const nav = new JsonNavigator(text, noDuplicates, n >= 4 ? strings : undefined);
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
    fc.assert(
      fc.property(jsonTextArb, ({ text }) => {
        const value = JSON.parse(text);
        agreeWithTree(text, value, false, text);
        // Told that no key repeats, lookups stop at the first match: only when it is true.
        if (scanJson(text, Number.MAX_SAFE_INTEGER).duplicates.length === 0) agreeWithTree(text, value, true, text);
      }),
      { numRuns: 500 },
    );
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

describe('string table', () => {
  it('lists every string, and gives up its offsets when they would take more bytes than the text', () => {
    const text = '{"a": "x\\\\\\"y", "b\\\\": ["[", "]", "\\\\"], "c": "' + 'x'.repeat(60) + '"}';
    expect(JSON.parse(text).a).toBe('x\\"y');
    const t = stringTable(text, true);
    expect(t.count).toBe(8);
    expect([...t.offsets!]).toEqual(naiveStringOffsets(text));
    expect(stringTable(text, false)).toEqual({ count: 8, offsets: undefined });
    const tiny = '[' + Array(10_000).fill('""').join(',') + ']';
    expect(stringTable(tiny, true)).toEqual({ count: 10_000, offsets: undefined });
    const fits = '[' + Array(10_000).fill('"abcdefgh"').join(',') + ']';
    expect([...stringTable(fits, true).offsets!]).toEqual(naiveStringOffsets(fits));
  });

  it('agrees with a character-by-character reading on generated texts', () => {
    fc.assert(
      fc.property(jsonTextArb, ({ text }) => {
        const t = stringTable(text, true);
        const naive = naiveStringOffsets(text);
        expect(t.count).toBe(naive.length / 2);
        if (t.offsets) expect([...t.offsets]).toEqual(naive);
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

  it('never recurses: a deep text is navigated to the bottom', () => {
    const depth = 100_000;
    const text = '['.repeat(depth) + '"x"' + ']'.repeat(depth);
    const nav = new JsonNavigator(text, true);
    const deepest = '/0'.repeat(depth);
    expect(nav.locate(deepest)).toEqual({ value: { start: depth, end: depth + 3 } });
    expect(nav.locate('/0'.repeat(depth / 2))).toEqual({ value: { start: depth / 2, end: text.length - depth / 2 } });
  });
});

/** The syntax tree of a text of any size, read as jsonDocument reads small texts (last repeated key wins). */
function treeOf(text: string) {
  const root = parseTree(text, [], { disallowComments: true })!;
  const nodeAt = (pointer: string): JsonNode | undefined => {
    let node: JsonNode | undefined = root;
    for (const token of splitPointer(pointer)) {
      if (!node) return undefined;
      if (node.type === 'object') {
        let hit: JsonNode | undefined;
        for (const p of node.children ?? []) if (p.children?.[0]?.value === token) hit = p.children[1];
        node = hit;
      } else if (node.type === 'array') node = /^(0|[1-9]\d*)$/.test(token) ? node.children?.[Number(token)] : undefined;
      else return undefined;
    }
    return node;
  };
  return {
    locate(pointer: string) {
      const node = nodeAt(pointer);
      if (!node) return undefined;
      const value = { start: node.offset, end: node.offset + node.length };
      const k = node.parent?.type === 'property' ? node.parent.children![0] : undefined;
      return k ? { key: { start: k.offset, end: k.offset + k.length }, value } : { value };
    },
    keysAt(pointer: string) {
      const node = nodeAt(pointer);
      return node?.type === 'object' ? (node.children ?? []).map((p) => String(p.children?.[0]?.value)) : [];
    },
  };
}
