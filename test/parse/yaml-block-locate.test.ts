// The block-YAML locator must place every pointer it answers for exactly where the full `yaml`
// parse does, and answer for most pointers of ordinary files (else it saves nothing).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { alertConfig, alertYaml, makeRng } from '../../bench/generate';
import { blockYamlLocator, UNSURE } from '../../src/parse/yaml-block-locate';
import { fastYamlDocument } from '../../src/parse/yaml-fast';
import { parseYamlText } from '../../src/parse/yaml';
import { DEFAULT_LIMITS } from '../../src/parse/types';
import { getAt } from '../../src/engine/pointer';
import { allPointers } from '../pointers';

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');

/** Compares the locator with the full parse on every pointer; the number it answered and could have. */
function compare(text: string): { answered: number; scalars: number } {
  const counts = { answered: 0, scalars: 0 };
  const fast = fastYamlDocument(text, DEFAULT_LIMITS, () => undefined);
  if (!fast) return counts; // only the fast path's texts reach the locator
  const full = parseYamlText(text, DEFAULT_LIMITS).documents[0];
  const locate = blockYamlLocator(text);
  for (const pointer of allPointers(fast.value)) {
    const v = getAt(fast.value, pointer);
    if (v === null || typeof v !== 'object') counts.scalars++;
    const keys = locate?.keysAt(pointer) ?? UNSURE;
    if (keys !== UNSURE) expect({ text, pointer, keys }).toEqual({ text, pointer, keys: full.keysAt?.(pointer) });
    const got = locate?.locate(pointer) ?? UNSURE;
    if (got === UNSURE) continue;
    counts.answered++;
    expect({ text, pointer, got }).toEqual({ text, pointer, got: full.locate(pointer) });
  }
  return counts;
}

const yamlFiles = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.ya?ml$/.test(f)).map((f) => path.join(dir, f)) : [];

describe('block-YAML locator', () => {
  it('agrees with the full parse on the examples, the docs examples and the corpus, and answers for most of their values', async () => {
    const { ALL_RULE_META } = await import('../../src/engine/catalog-full');
    const texts = [
      ...yamlFiles(path.join(ROOT, 'examples')).map((f) => readFileSync(f, 'utf8')),
      ...yamlFiles(CORPUS).map((f) => readFileSync(f, 'utf8')),
      ...ALL_RULE_META.flatMap((m) => [m.docs.bad, m.docs.good]),
    ];
    let answered = 0;
    let scalars = 0;
    for (const t of texts) {
      const c = compare(t);
      answered += c.answered;
      scalars += c.scalars;
    }
    expect(scalars).toBeGreaterThan(500);
    expect(answered / scalars).toBeGreaterThan(0.8);
  });

  it('agrees on the benchmark corpus (comments, quoting, flow sequences, CRLF) and answers for nearly all of it', () => {
    const rng = makeRng(7);
    const used = new Set<string>();
    let answered = 0;
    let scalars = 0;
    for (let i = 0; i < 150; i++) {
      const text = alertYaml(alertConfig(rng, i, `p${i % 3}`, used, 0.2));
      for (const t of [text, text.replace(/\n/g, '\r\n'), `---\n${text}`]) {
        const c = compare(t);
        answered += c.answered;
        scalars += c.scalars;
      }
    }
    expect(answered / scalars).toBeGreaterThan(0.95);
  });

  it('agrees on random documents written by the yaml library in several styles, with comments and odd spacing', () => {
    const key = fc.oneof(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/), fc.constantFrom('true', 'null', '1', 'a b', 'k:', '-x', "q'", 'x#y'));
    const scalar = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('a: b', 'x #y', 'x#y', '- a', '[a]', 'it\'s', 'say "hi"', 'back\\slash', 'colon:', ' lead', 'trail ', 'multi\nline', '', '-1', '?x'),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(
        fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 }),
        fc.record({ seqIndent: fc.boolean(), flow: fc.boolean(), comments: fc.boolean(), crlf: fc.boolean(), quotes: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE') }),
        (v, style) => {
          let text = stringify(v, {
            indentSeq: style.seqIndent,
            collectionStyle: style.flow ? 'any' : 'block',
            flowCollectionPadding: false,
            defaultStringType: style.quotes as 'PLAIN',
            lineWidth: 0,
          });
          if (style.comments) text = text.replace(/\n/g, (_m, offset: number) => (offset % 3 === 0 ? '  # c\n' : offset % 3 === 1 ? '\n\n# c\n' : '\n'));
          if (style.crlf) text = text.replace(/\n/g, '\r\n');
          compare(text);
        },
      ),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 500), seed: 20261121 },
    );
  });

  it('agrees on the forms it reads, each answered', () => {
    const cases = [
      'a:\nb: 1\n', // empty value, then a key
      'a:\n  b:\n  c: x\n', // empty value inside a mapping
      'list:\n- x\n- y: 1\n  z:\nnext: 2\n', // a sequence at its key's column, compact mappings
      'a:\n  - - x\n    - y\n', // compact nested sequence
      'roles: [ A , B,C ]  # roles\n',
      'roles: []\nx: 1\n',
      'a:\n  b: 1\n  c: [x]\nd:\n- 1\n- 2', // collections' own ranges, no final line break
      'a: "x # y"  # c\nb: \'it is\'\nc: host:27017\nd: -1\ne: x#y\n',
      '--- # start\na: 1\r\nb:\r\n  - c\r\n',
      '# head\n\n  # indented comment\na: 1   \n\n\nb: 2\n',
    ];
    for (const t of cases) expect({ t, answered: compare(t).answered > 0 }).toEqual({ t, answered: true });
  });

  it('steps aside for what it does not read', () => {
    const answers = (t: string, p: string) => blockYamlLocator(t)?.locate(p) ?? UNSURE;
    expect(answers('a: |\n  x\n', '/a')).toBe(UNSURE); // block scalar
    expect(answers('a: {b: 1}\n', '/a/b')).toBe(UNSURE); // flow mapping
    expect(answers('a: x\n  y\n', '/a')).toBe(UNSURE); // multi-line plain scalar
    expect(answers('"a": 1\n', '/a')).toBe(UNSURE); // quoted key
    expect(answers('a: "x\\ty"\n', '/a')).toBe(UNSURE); // escapes
    expect(answers('a:\n  b: 1\n# c\nd: 2\n', '/a')).toBe(UNSURE); // a collection followed by a comment
    expect(answers('a:\n  b:\nd: 2\n', '/a')).toBe(UNSURE); // a collection that ends with an empty value
    expect(answers('a:\n  b: 1\n', '/a/b')).toEqual({ key: { start: 5, end: 6 }, value: { start: 8, end: 9 } });
  });
});
