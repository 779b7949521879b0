// The count check that spares most texts the structure scan agrees with the scan on every text.
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { jsonColonCount, keyColonCount, parseJsonText, plainStructure, scanJson, tooDeepMessage } from '../../src/syntax/json';
import { parseText } from '../../src/syntax/index';
import { DEFAULT_LIMITS } from '../../src/syntax/types';
import { jsonTextArb } from './json-arbitraries';

/** Nesting depth of a value (1 for a flat object or array). */
function depthOf(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0;
  return 1 + Math.max(0, ...Object.values(v).map(depthOf));
}

/** What parseJsonText reported before the count check: everything from scanJson. */
function expectedProblems(text: string, maxDepth: number) {
  const scan = scanJson(text, maxDepth);
  if (scan.tooDeepAt !== undefined) return [{ ruleId: 'limit-exceeded', message: tooDeepMessage(maxDepth), span: { start: scan.tooDeepAt, end: scan.tooDeepAt + 1 }, documentIndex: 0 }];
  return scan.duplicates.map((d) => ({ ruleId: 'duplicate-key', span: d.span, pointer: d.pointer, key: d.key }));
}

function actualProblems(text: string, maxDepth: number) {
  const parsed = parseJsonText(text, { ...DEFAULT_LIMITS, maxBytes: Infinity, maxDepth, maxAliases: 10 })!;
  return parsed.problems.map((p) => (p.ruleId === 'duplicate-key' ? { ruleId: p.ruleId, span: p.span, pointer: p.pointer, key: /Key "(.*)" appears/s.exec(p.message)![1] } : p));
}

describe('JSON structure: count check and scan agree', () => {
  it('on generated texts, at depth limits around the real depth', () => {
    fc.assert(
      fc.property(jsonTextArb, fc.integer({ min: -2, max: 2 }), ({ text }, delta) => {
        const value = JSON.parse(text);
        const maxDepth = Math.max(0, depthOf(value) + delta);
        const scan = scanJson(text, maxDepth);
        // Plain exactly when the scan finds nothing (never says plain wrongly, never misses plain).
        expect(plainStructure(text, value, maxDepth)).toBe(scan.duplicates.length === 0 && scan.tooDeepAt === undefined);
        expect(actualProblems(text, maxDepth)).toEqual(expectedProblems(text, maxDepth));
      }),
      { numRuns: 1000 },
    );
  });

  it('on hand-picked texts: escaped repeats, repeats hidden in a dropped value, depth at the limit', () => {
    const cases: [string, number][] = [
      ['{"a": 1, "\\u0061": 2}', 10],
      ['{"a\\"b": 1, "a\\u0022b": 2}', 10],
      ['{"x": {"a": 1, "a": 1}, "x": 1}', 10], // the repeat inside the value JSON.parse drops
      ['{"a": [[[[1]]]], "a": 1}', 3], // too deep only inside the dropped value
      ['[[[]]]', 3],
      ['[[[]]]', 2],
      ['{}', 0],
      ['"s"', 0],
      ['{"__proto__": 1, "__proto__": 2}', 10],
      ['{"__proto__": {"a": 1}}', 10],
      ['\r\n{\r\n  "a": "\\\\",\r\n  "b": "\\\\\\"",\r\n  "a": []\r\n}\r\n', 10],
      ['[{}, [], {"": ""}, {"": "", "": ""}]', 10],
      // Colons after a quote that ends no key (the key count gives way to the string count).
      ['{"bindIp": "::1", "port": 1}', 10],
      ['{"bindIp": "::1", "bindIp": ":"}', 10],
      ['{"a\\":": 1, "a\\":": 2}', 10],
      ['{"a\\":": 1, "b": ":x"}', 10],
      ['{"a" : 1, "b"\n:\t{"a"\r\n:2}, "a"\t: 3}', 10],
      ['":"', 0],
    ];
    for (const [text, maxDepth] of cases) {
      const value = JSON.parse(text);
      expect(actualProblems(text, maxDepth), text).toEqual(expectedProblems(text, maxDepth));
      const scan = scanJson(text, maxDepth);
      expect(plainStructure(text, value, maxDepth), text).toBe(scan.duplicates.length === 0 && scan.tooDeepAt === undefined);
    }
  });

  it('counts keys, not strings, in a text whose colons all end keys (a third of the work on a big configuration)', () => {
    const text = JSON.stringify({ processes: Array.from({ length: 500 }, (_, i) => ({ name: `p${i}`, hostname: `h${i}.example.net`, args2_6: { net: { port: 27017, bindIp: '0.0.0.0' } } })) }, null, 2);
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    try {
      expect(plainStructure(text, JSON.parse(text), 100)).toBe(true);
      // Quotes are never looked for: strings are not counted (colons are).
      expect(indexOf.mock.calls.filter((c) => c[0] === '"')).toHaveLength(0);
      expect(indexOf.mock.calls.filter((c) => c[0] === ':').length).toBeGreaterThan(2500);
    } finally {
      indexOf.mockRestore();
    }
    // A repeat is still found, and a colon after an opening quote ("::1") sends the check to the strings.
    const repeat = text.replace('"name": "p7",', '"name": "p7", "name": "p8",');
    expect(plainStructure(repeat, JSON.parse(repeat), 100)).toBe(false);
    const ipv6 = text.replace('"0.0.0.0"', '"::1"');
    expect(plainStructure(ipv6, JSON.parse(ipv6), 100)).toBe(true);
  });

  it('counts the colons of a big text once, for the cost pre-scan and the duplicate-key check together', () => {
    const text = JSON.stringify({ processes: Array.from({ length: 300 }, (_, i) => ({ name: `p${i}`, hostname: `h${i}.example.net`, args2_6: { net: { port: 27017, bindIp: '::1' } } })) }, null, 2);
    // A memory budget the text's length alone does not clear: the pre-scan counts its nodes.
    const limits = { ...DEFAULT_LIMITS, maxMemoryMB: 1 };
    expect(text.length * 100).toBeGreaterThan(1048576);
    const colons = text.split(':').length - 1;
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    let calls: number;
    let problems: string[];
    try {
      problems = parseText(text, 'a.json', limits).problems.map((p) => p.ruleId);
      calls = indexOf.mock.calls.filter((c) => c[0] === ':').length;
    } finally {
      indexOf.mockRestore();
    }
    expect(problems).toEqual([]);
    expect(calls).toBe(colons + 1); // one pass (two before: the pre-scan's, then the key count's)
    // A repeat is still found, and the key count of one text is never taken for another's.
    const repeat = text.replace('"name": "p7",', '"name": "p7", "name": "p8",');
    expect(parseText(repeat, 'b.json', limits).problems.map((p) => p.ruleId)).toEqual(['duplicate-key']);
    jsonColonCount(text);
    expect(keyColonCount(repeat)).toBe(keyColonCount(text) + 1);
  });

  it('handles deep values under a raised limit (the count gives way to the scan, no stack overflow)', () => {
    for (const depth of [1999, 2000, 2001, 200_000]) {
      const text = '['.repeat(depth) + ']'.repeat(depth);
      for (const maxDepth of [depth - 1, depth, depth + 1]) expect(actualProblems(text, maxDepth), `${depth} ${maxDepth}`).toEqual(expectedProblems(text, maxDepth));
    }
    // An enumerable property on Object.prototype would count in for…in: then the scan decides.
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    try {
      expect(plainStructure('{"a": 1}', JSON.parse('{"a": 1}'), 10)).toBe(false);
      expect(actualProblems('{"a": 1, "a": 2}', 10)).toEqual(expectedProblems('{"a": 1, "a": 2}', 10));
    } finally {
      delete proto.polluted;
    }
    const text = '{"a":'.repeat(1500) + '"x"' + '}'.repeat(1500);
    expect(plainStructure(text, JSON.parse(text), 1500)).toBe(true);
    expect(plainStructure(text, JSON.parse(text), 1499)).toBe(false);
  });
});
