// The fast path (the block reader) must give exactly the value of the full `yaml` parse, or step aside.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fastYamlDocument, hasNanOrInf, hasNonPrintable } from '../../src/syntax/yaml-fast';
import { parseYamlText, yamlPositions } from '../../src/syntax/yaml';
import { DEFAULT_LIMITS } from '../../src/syntax/types';
import { allPointers } from '../pointers';
import { filesUnder } from '../files';

function agree(text: string): boolean {
  const full = parseYamlText(text, DEFAULT_LIMITS);
  const fast = fastYamlDocument(text, DEFAULT_LIMITS, () => full.documents[0]);
  if (!fast) return false;
  // Taken only when the full parse finds nothing wrong, and then with the same value.
  expect(full.problems).toEqual([]);
  expect(full.documents).toHaveLength(1);
  // Compared as the API would receive them (JSON: -0 and 0 are one number).
  expect(JSON.stringify(fast.value)).toEqual(JSON.stringify(full.documents[0].value));
  // The positions-only parse that the fast path uses finds every node where the full parse does.
  const positions = yamlPositions(text);
  for (const pointer of allPointers(full.documents[0].value)) {
    expect(positions.locate(pointer)).toEqual(full.documents[0].locate(pointer));
    expect(positions.keysAt?.(pointer)).toEqual(full.documents[0].keysAt?.(pointer));
  }
  return true;
}

const ROOT = path.join(__dirname, '..', '..');
const yamlFiles = (dir: string): string[] => filesUnder(dir, /\.ya?ml$/);

describe('YAML fast path', () => {
  it('agrees with the full parse on the examples and the docs examples', async () => {
    const { loadAllMeta } = await import('../../rules/registry');
    const texts = [
      ...yamlFiles(path.join(ROOT, 'examples')).map((f) => readFileSync(f, 'utf8')),
      ...(await loadAllMeta()).flatMap((m) => [m.docs.bad, m.docs.good]),
    ];
    let taken = 0;
    for (const t of texts) if (agree(t)) taken++;
    expect(taken).toBeGreaterThan(texts.length / 2);
  });

  it('agrees on random documents (JSON values written as YAML in several styles)', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('1', 'true', 'null', '~', 'yes', '0x1F', '1e3', '-', '? a', 'a: b', '#x', '__proto__'));
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
      fc.constantFrom('yes', 'no', 'on', 'off', '0o14', '014', '0x1F', '1_000', '0b101', '0B1', '.5', '+1', '2024-05-01T22:00:00Z', '2024-05-01', '12:30', '~', 'Null', 'TRUE', '"q"', "'s'", 'a # b', ' lead', 'trail ', 'multi\nline'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 }), fc.constantFrom('block', 'flow'), (v, style) => {
        const text = style === 'flow' ? JSON.stringify(v).replace(/^\{/, '{ ') : stringify(v);
        agree(text);
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 300), seed: 20261121 },
    );
  });

  it('reads the forms generated automation configs use, as the full parse does', () => {
    const texts = [
      'args2_6:\n  net: {}\nn: 1_000\nm: 0x_1\nb: 0b101\ng: "0b0843af"\n', // strings in YAML 1.2 (numbers in 1.1)
      'processes:\n  -\n    name: a\n    args2_6: {}\n  -\n    name: b\n    tags: []\nx: 1\n', // "-" alone, item below
      'keyfileWindows: "%SystemDrive%\\\\MMSAutomation\\\\keyfile"\nq: "say \\"hi\\"\\t\\u00e9\\/"\ns: \'C:\\dir\'\n',
    ];
    for (const t of texts) expect(agree(t), t).toBe(true);
  });

  it('steps aside for what only the full parse handles', () => {
    const full = (t: string) => fastYamlDocument(t, DEFAULT_LIMITS, () => undefined) === undefined;
    expect(full('a: &x 1\nb: *x\n')).toBe(true); // anchors and aliases
    expect(full('a: !Ref x\n')).toBe(true); // tags
    expect(full('a: 1\n---\nb: 2\n')).toBe(true); // several documents
    expect(full('a: 1\na: 2\n')).toBe(true); // duplicate keys (reported with positions)
    expect(full('a: .nan\n')).toBe(true);
    expect(full('%YAML 1.1\n---\na: 1\n')).toBe(true);
    expect(full('a: [1, 2\n')).toBe(true); // syntax errors
    expect(full('a: "\\x41"\n')).toBe(true); // escapes JSON does not have
    expect(full('a: "\\ud83d\\ude00"\n')).toBe(true); // surrogate escapes
    expect(full('a:\n  -\n  - 1\n')).toBe(true); // an empty item
    expect(full('a: {b: 1}\n')).toBe(true); // flow mappings with entries
    expect(full('---\na: 1\n')).toBe(false); // a lone leading marker is fine
    // YAML 1.1 numbers (js-yaml's) are strings to both readers: the fast path keeps them.
    for (const t of ['args2_6:\n  net:\n    port: 27017\n', 'n: 1_000\nb: 0b101\n']) {
      expect(full(t)).toBe(false);
      expect(agree(t)).toBe(true);
    }
  });
});

describe('the fast path\'s character loops', () => {
  it('answer as the regular expressions they replace', () => {
    const text = fc.string({ unit: fc.constantFrom('.', 'n', 'a', 'N', 'i', 'I', 'f', 'F', '1', '9', 'x', ' ', '\n', '-'), maxLength: 30 });
    fc.assert(
      fc.property(text, (t) => {
        expect(hasNanOrInf(t)).toBe(/\.(?:nan|inf)\b/i.test(t));
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 2000), seed: 20261121 },
    );
    expect(hasNanOrInf('a: .NaN\n')).toBe(true);
    expect(hasNanOrInf('url: https://x.info/\n')).toBe(false);
  });

  it('find the characters js-yaml refuses as its own expression does', () => {
    const JS_YAML = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    const unit = fc.constantFrom('a', ' ', '\n', '\t', '\r', '\x00', '\x07', '\x0b', '\x1f', '\x7f', '\x80', '\x85', '\x9f', '\xa0', '\xff', '\ud83d', '\ude00', '\ufeff', '\ufffe', '\uffff', 'é');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (t) => {
        expect(hasNonPrintable(t)).toBe(JS_YAML.test(t));
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 2000), seed: 20261121 },
    );
    // Each character up to U+00FF and a few above, in a short text (searched for each character
    // when it has none above U+00FF) and in a long one (the expression's pass).
    const long = 'a: b\n'.repeat(14_000);
    for (let c = 0; c <= 0x101; c++) {
      const ch = String.fromCharCode(c);
      for (const [where, text] of [['short', `a: ${ch}\n`], ['long', `${long}a: ${ch}\n`], ['wide', `€: ${ch}\n`]]) {
        expect({ c, where, found: hasNonPrintable(text) }).toEqual({ c, where, found: JS_YAML.test(text) });
      }
    }
    expect(hasNonPrintable('a: 😀\n')).toBe(false);
    expect(hasNonPrintable('a: \ud83d\n')).toBe(true);
  });
});
