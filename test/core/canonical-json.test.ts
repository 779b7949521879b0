// Canonical JSON: JSON.stringify of the value with every object's keys sorted, whatever order the
// keys came in (the digest of duplicate-alert-config).
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json';

/** The oracle: JSON.stringify of each leaf and key, objects written with their keys sorted (an object cannot hold "0" after ""). */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

function shuffledCopy(v: unknown, seed: number): unknown {
  if (Array.isArray(v)) return v.map((x) => shuffledCopy(x, seed));
  if (v === null || typeof v !== 'object') return v;
  const keys = Object.keys(v);
  const order = keys.map((k, i) => [k, (i * 7919 + seed) % (keys.length + 1)] as const).sort((a, b) => a[1] - b[1]);
  const out: Record<string, unknown> = {};
  // defineProperty: a key "__proto__" stays a key.
  for (const [k] of order) Object.defineProperty(out, k, { value: shuffledCopy((v as Record<string, unknown>)[k], seed), enumerable: true });
  return out;
}

describe('canonicalJson', () => {
  it('is JSON.stringify with sorted keys, small objects and big ones (more than 16 keys), any key order', () => {
    const value = fc.jsonValue({ maxDepth: 4 });
    const big = fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { minKeys: 17, maxKeys: 40 });
    fc.assert(
      fc.property(fc.oneof(value, big), fc.nat(1000), (v, seed) => {
        const expected = sortedJson(v);
        expect(canonicalJson(v)).toBe(expected);
        expect(canonicalJson(shuffledCopy(v, seed))).toBe(expected);
      }),
      { numRuns: 200, seed: 20261128 },
    );
  });

  it('writes NaN, ±Infinity and undefined as null, escapes what JSON escapes', () => {
    expect(canonicalJson({ b: NaN, a: [Infinity, -Infinity, undefined] })).toBe('{"a":[null,null,null],"b":null}');
    expect(canonicalJson({ 'x"y': 'a\nb\\\ud800' })).toBe(JSON.stringify({ 'x"y': 'a\nb\\\ud800' }));
  });

  it('writes a value whose keys are sorted already with one call of JSON.stringify, the same text (issue 37, clean18)', () => {
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      const matcher = { fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'ab' };
      const text = canonicalJson({ a: [matcher, 1.5, true, null, NaN], b: 'x' });
      const calls = spy.mock.calls.length;
      expect(text).toBe('{"a":[{"fieldName":"HOSTNAME","operator":"EQUALS","value":"ab"},1.5,true,null,null],"b":"x"}');
      expect(calls).toBe(1);
    } finally {
      spy.mockRestore();
    }
    // Keys out of order, a class's object, an undefined value: written piece by piece, as before.
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(canonicalJson({ a: new Date(0), b: [undefined] })).toBe('{"a":{},"b":[null]}');
    expect(canonicalJson({ a: undefined })).toBe('{"a":null}');
  });

  it('writes an absent value (a condition without a threshold) as null without a call of JSON.stringify (issue 37, places20)', () => {
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      const texts = [canonicalJson(undefined), canonicalJson({ a: [undefined] })];
      expect({ texts, calls: spy.mock.calls.length }).toEqual({ texts: ['null', '{"a":[null]}'], calls: 0 });
    } finally {
      spy.mockRestore();
    }
  });
});
