// The block-YAML reader must read every value it reads as the full `yaml` parse does, place every
// pointer it answers for exactly where the full parse does, and read most ordinary files and
// answer for most of their pointers (else it saves nothing).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { alertConfig, alertYaml, makeRng } from '../../bench/generate';
import { plainScalar, readBlockYaml, rereadBlockYaml, UNSURE } from '../../src/syntax/yaml-block-reader';
import { YamlDocumentCache } from '../../src/syntax/yaml';
import { fastYamlDocument } from '../../src/syntax/yaml-fast';
import { parseYamlText, tooDeep } from '../../src/syntax/yaml';
import { DEFAULT_LIMITS } from '../../src/syntax/types';
import { parseText } from '../../src/syntax/index';
import { getAt } from '../../src/core/pointer';
import { allPointers } from '../pointers';
import { filesUnder } from '../files';
import { JSON_CASES, YAML_CASES } from './suites';
import { workCounts } from '../../src/syntax/work-counts';

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');

/**
 * Compares the reader with the full parse: its value, and every pointer's position; the number of
 * pointers it answered and could have, and whether it read the value.
 */
function compare(text: string): { answered: number; scalars: number; read: boolean } {
  const counts = { answered: 0, scalars: 0, read: false };
  const fast = fastYamlDocument(text, DEFAULT_LIMITS, () => undefined);
  const locate = readBlockYaml(text);
  const full = parseYamlText(text, DEFAULT_LIMITS);
  if (!fast) {
    // A text the fast path leaves to the full parse: the reader may not have read it as valid plain YAML.
    if (locate?.value !== undefined) expect({ text, problems: full.problems }).toEqual({ text, problems: [] });
    return counts;
  }
  if (locate?.value !== undefined) {
    counts.read = true;
    expect({ text, value: locate.value }).toEqual({ text, value: full.documents[0].value });
    // Its nesting stands in for the depth walk.
    for (const d of [1, 2, 3, 4, 6]) expect({ text, d, deep: locate.nesting > d }).toEqual({ text, d, deep: tooDeep(locate.value, d) });
  }
  for (const pointer of allPointers(fast.value)) {
    const v = getAt(fast.value, pointer);
    if (v === null || typeof v !== 'object') counts.scalars++;
    const keys = locate?.keysAt(pointer) ?? UNSURE;
    if (keys !== UNSURE) expect({ text, pointer, keys }).toEqual({ text, pointer, keys: full.documents[0].keysAt?.(pointer) });
    // A root key's one-line scalar, told at once: locate's value span, on one line.
    const root = locate?.rootScalar(pointer);
    if (root !== undefined) {
      expect({ text, pointer, root }).toEqual({ text, pointer, root: full.documents[0].locate(pointer)?.value });
      expect(text.slice(root.start, root.end)).not.toMatch(/[\r\n]/);
    }
    const got = locate?.locate(pointer) ?? UNSURE;
    if (got === UNSURE) continue;
    counts.answered++;
    expect({ text, pointer, got }).toEqual({ text, pointer, got: full.documents[0].locate(pointer) });
  }
  return counts;
}

const yamlFiles = (dir: string): string[] => filesUnder(dir, /\.ya?ml$/);

describe('block-YAML reader', () => {
  it('agrees with the full parse on the examples, the docs examples and the corpus, and answers for most of their values', async () => {
    const { loadAllMeta } = await import('../../rules/registry');
    const texts = [
      ...yamlFiles(path.join(ROOT, 'examples')).map((f) => readFileSync(f, 'utf8')),
      ...yamlFiles(CORPUS).map((f) => readFileSync(f, 'utf8')),
      ...(await loadAllMeta()).flatMap((m) => [m.docs.bad, m.docs.good]),
    ];
    let answered = 0;
    let scalars = 0;
    let read = 0;
    for (const t of texts) {
      const c = compare(t);
      answered += c.answered;
      scalars += c.scalars;
      if (c.read) read++;
    }
    expect(scalars).toBeGreaterThan(500);
    expect(answered / scalars).toBeGreaterThan(0.8);
    expect(read / texts.length).toBeGreaterThan(0.6);
  });

  it('agrees on the benchmark corpus (comments, quoting, flow sequences, CRLF) and answers for nearly all of it', () => {
    const rng = makeRng(7);
    const used = new Set<string>();
    let answered = 0;
    let scalars = 0;
    let read = 0;
    for (let i = 0; i < 150; i++) {
      const text = alertYaml(alertConfig(rng, i, `p${i % 3}`, used, 0.2));
      for (const t of [text, text.replace(/\n/g, '\r\n'), `---\n${text}`]) {
        const c = compare(t);
        answered += c.answered;
        scalars += c.scalars;
        if (c.read) read++;
      }
    }
    expect(answered / scalars).toBeGreaterThan(0.95);
    expect(read / 450).toBeGreaterThan(0.9);
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

  it('reads plain scalars as the YAML 1.2 core schema does', () => {
    const table: [string, unknown][] = [
      ['', null], ['~', null], ['null', null], ['Null', null], ['NULL', null], ['nULL', 'nULL'],
      ['true', true], ['True', true], ['TRUE', true], ['false', false], ['FALSE', false], ['yes', 'yes'], ['on', 'on'], ['n', 'n'],
      ['0', 0], ['-0', -0], ['+12', 12], ['012', 12], ['0o17', 15], ['0o8', '0o8'], ['0x1F', 31], ['0X1F', '0X1F'],
      ['1.5', 1.5], ['1.', 1], ['.5', 0.5], ['+.5', 0.5], ['-.5', -0.5], ['1e3', 1000], ['1.5E-2', 0.015], ['1e', '1e'], ['.', '.'],
      ['-', '-'], ['+', '+'], ['1.2.3', '1.2.3'], ['10.0.0.1', '10.0.0.1'], ['tru', 'tru'], ['GROUP_OWNER', 'GROUP_OWNER'],
    ];
    for (const [text, value] of table) expect({ text, value: plainScalar(text) }).toEqual({ text, value });
  });

  it('reads the values of plain scalars, keys and flow sequences as the full parse does', () => {
    const plain = fc.oneof(
      fc.stringMatching(/^[-+.0-9eExXoOa-fA-F~]{1,6}$/),
      fc.constantFrom('null', 'Null', 'NULL', '~', 'true', 'True', 'TRUE', 'false', 'FALSE', 'yes', 'No', 'on', 'y', '.5', '+.5', '1.', '1e3', '0o17', '0x1F', '012', '-0', 'a b', 'x#y', 'é', '"q"', "'q'", 'nullx', 'Nul', 'trueish', 'FALSEy', 'n', 'T', 'f', '12345678901234567890', '007', '9'),
    );
    let read = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.stringMatching(/^[a-z_][a-z0-9_-]{0,5}$/), plain, fc.boolean()), { minLength: 1, maxLength: 6 }), (entries) => {
        const keys = new Set<string>();
        let text = '';
        for (const [key, value, flow] of entries) {
          if (keys.has(key)) continue;
          keys.add(key);
          text += flow ? `${key}: [${value}, ${value}]\n` : `${key}: ${value}\n`;
        }
        if (compare(text).read) read++;
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 500), seed: 20261121 },
    );
    expect(read).toBeGreaterThan(30);
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

  it('reads a mutated file only when it is valid YAML with the same value', () => {
    // Random edits of generated configurations with YAML's punctuation: whatever the fast path
    // takes from the reader must be what the full parse reads, without a problem.
    const rng = makeRng(20261121);
    const used = new Set<string>();
    const pieces = [' ', '\n', ':', '-', '#', '"', "'", '[', ']', ',', '{', '}', 'x: ', '\n  ', '\n- ', 'null', '0x1', '+', '  #', '|', '&a', '*a', '!', '%', '?', '\r\n', '\t', '---', '...', ': ', '.5', '.inf', '1_0', 'é', '\n---\n', '\n...\n', '\n--- ', '\u2028---', '\u2029... ', '0123', 'True', 'nul', 'x: 1\nx: '];
    let read = 0;
    for (let i = 0; i < 150; i++) {
      const base = alertYaml(alertConfig(rng, i, `p${i % 3}`, used, 0.2));
      for (let m = 0; m < 6; m++) {
        let text = base;
        for (let e = rng.int(1, 3); e > 0; e--) {
          const at = rng.int(0, text.length);
          text = text.slice(0, at) + rng.pick(pieces) + text.slice(at + rng.int(0, 1));
        }
        const fast = fastYamlDocument(text, DEFAULT_LIMITS, () => undefined);
        if (!fast || readBlockYaml(text)?.value === undefined) continue;
        read++;
        const full = parseYamlText(text, DEFAULT_LIMITS);
        expect({ text, problems: full.problems, value: fast.value }).toEqual({ text, problems: [], value: full.documents[0].value });
      }
    }
    expect(read).toBeGreaterThan(300);
    // Found so: "---#" is no document marker (a comment needs a space before its "#").
    expect(readBlockYaml('---# x\na: 1\n')).toBeUndefined();
    expect(readBlockYaml('--- # x\na: 1\n')?.value).toEqual({ a: 1 });
  });

  it('reads a mutated YAML-suite or JSONTestSuite text only when the full parse reads it the same', () => {
    // The suites' texts as seeds: the same mutations as above, over every corner of the syntax.
    const rng = makeRng(20261123);
    const pieces = [' ', '\n', ':', '-', '#', '"', "'", '[', ']', ',', '{', '}', 'x: ', '\n  ', '\n- ', 'null', '0x1', '  #', '|', '&a', '*a', '!', '%', '?', '\r\n', '\t', '---', ': ', '\\', 'é'];
    const seeds = [...YAML_CASES.map((c) => c.text), ...JSON_CASES.filter((c) => c.input.length < 2_000).map((c) => c.input)];
    let read = 0;
    for (const seed of seeds) {
      for (let m = 0; m < 4; m++) {
        let text = seed;
        for (let e = rng.int(0, 2); e > 0; e--) {
          const at = rng.int(0, text.length);
          text = text.slice(0, at) + rng.pick(pieces) + text.slice(at + rng.int(0, 1));
        }
        const fast = fastYamlDocument(text, DEFAULT_LIMITS, () => undefined);
        if (!fast) continue;
        read++;
        const full = parseYamlText(text, DEFAULT_LIMITS);
        expect({ text, problems: full.problems, value: fast.value }).toEqual({ text, problems: [], value: full.documents[0].value });
        for (const pointer of allPointers(full.documents[0].value)) {
          const at = readBlockYaml(text)!.locate(pointer);
          if (at !== UNSURE) expect({ text, pointer, at }).toEqual({ text, pointer, at: full.documents[0].locate(pointer) });
        }
      }
    }
    expect(read).toBeGreaterThan(30);
  });

  it('steps aside for what it does not read', () => {
    const answers = (t: string, p: string) => readBlockYaml(t)?.locate(p) ?? UNSURE;
    expect(answers('a: |\n  x\n', '/a')).toBe(UNSURE); // block scalar
    expect(answers('a: {b: 1}\n', '/a/b')).toBe(UNSURE); // flow mapping
    expect(answers('a: x\n  y\n', '/a')).toBe(UNSURE); // multi-line plain scalar
    expect(answers('"a": 1\n', '/a')).toBe(UNSURE); // quoted key
    expect(answers('a: "x\\x41y"\n', '/a')).toBe(UNSURE); // escapes JSON does not have
    expect(answers('a: "x\\ty"\n', '/a')).toEqual({ key: { start: 0, end: 1 }, value: { start: 3, end: 9 } }); // JSON's escapes are read
    expect(answers('a: "x\\x41y"\n', '/a')).toBe(UNSURE); // YAML's own escapes
    expect(answers("a: 'x''y'\n", '/a')).toBe(UNSURE); // '' in a single-quoted scalar
    // Escapes JSON also has, and an empty flow mapping, are read (as JSON.stringify writes them).
    expect(answers('a: "C:\\\\x\\ty"\n', '/a')).toEqual({ key: { start: 0, end: 1 }, value: { start: 3, end: 13 } });
    expect(readBlockYaml('a: "C:\\\\x\\ty"\nb: {}\nc: []\n')?.value).toEqual({ a: 'C:\\x\ty', b: {}, c: [] });
    expect(answers('a:\n  b: 1\n# c\nd: 2\n', '/a')).toBe(UNSURE); // a collection followed by a comment
    expect(answers('a:\n  b:\nd: 2\n', '/a')).toBe(UNSURE); // a collection that ends with an empty value
    expect(answers('a:\n  b: 1\n', '/a/b')).toEqual({ key: { start: 5, end: 6 }, value: { start: 8, end: 9 } });
  });

  it('declines a text at the first value it does not read, without reading on (the full parse reads it whole)', () => {
    const rest = Array.from({ length: 1000 }, (_, i) => `k${i}: ${i}`).join('\n');
    let before = workCounts.blockLines;
    expect(readBlockYaml(`a: 1\nb: {c: 1}\n${rest}\n`)).toBeUndefined();
    expect(workCounts.blockLines - before).toBe(1);
    before = workCounts.blockLines;
    expect(readBlockYaml(`a: 1\nb:\n  - [x, {c: 1}]\n${rest}\n`)).toBeUndefined();
    expect(workCounts.blockLines - before).toBe(2);
    before = workCounts.blockLines;
    expect(readBlockYaml(`a: 1\nb: 2\n${rest}\n`)?.value).toMatchObject({ a: 1, b: 2, k999: 999 });
    expect(workCounts.blockLines - before).toBe(1002);
  });

  describe('positions from the one read', () => {
    // A generated automation config: processes with nested args, flow sequences, "-" alone, "{}".
    const processes = Array.from({ length: 300 }, (_, i) => ({
      name: `rs0_${i}`,
      hostname: `host${i}.example.com`,
      args2_6: { net: { port: 27017 + i, bindIpAll: true }, replication: { replSetName: 'rs0' }, storage: { dbPath: `/data/${i}` } },
      tags: ['a', 'b'],
      empty: {},
      path: 'C:\\MMS\\x',
    }));
    const config = stringify({ version: 3, processes, replicaSets: [{ _id: 'rs0', members: processes.slice(0, 3).map((p, i) => ({ _id: i, host: p.name })) }] }, { flowCollectionPadding: false });

    it('answers every question about a text without reading it again', () => {
      const before = workCounts.blockReads;
      const block = readBlockYaml(config)!;
      const full = parseYamlText(config, DEFAULT_LIMITS).documents[0];
      for (const pointer of allPointers(full.value)) {
        expect({ pointer, at: block.locate(pointer) }).toEqual({ pointer, at: full.locate(pointer) });
        const keys = block.keysAt(pointer);
        if (keys !== UNSURE) expect({ pointer, keys }).toEqual({ pointer, keys: full.keysAt?.(pointer) });
      }
      expect(workCounts.blockReads - before).toBe(1);
    });

    it('places every node of a big text (read into arrays of its own) as the full parse does', () => {
      const big = stringify({ processes: Array.from({ length: 8 }, () => structuredClone(processes)).flat(), tags: ['x', 'y'] }, { flowCollectionPadding: false });
      expect(big.length).toBeGreaterThan(256 * 1024);
      const block = readBlockYaml(big)!;
      const full = parseYamlText(big, DEFAULT_LIMITS).documents[0];
      expect(block.value).toEqual(full.value);
      const pointers = allPointers(full.value);
      for (let i = 0; i < pointers.length; i += 7) expect({ pointer: pointers[i], at: block.locate(pointers[i]) }).toEqual({ pointer: pointers[i], at: full.locate(pointers[i]) });
      for (const pointer of pointers.slice(-50)) expect({ pointer, at: block.locate(pointer) }).toEqual({ pointer, at: full.locate(pointer) });
      expect(block.positionBytes).toBeLessThanOrEqual(32 * pointers.length);
    });

    it('reads an edited version from the earlier read exactly as a whole read would, or declines', () => {
      // Random edits, chained: each version is read from the read of the one before.
      const rng = makeRng(20261124);
      const commented = config.replace(/([^:-])\n/g, (_m, last: string, at: number) => (at % 7 === 0 ? `${last}  # c\n` : `${last}\n`)).replace('version: 3', 'version: 3\nq: "quoted \\\\ value"\ns: \'single\'');
      const pieces = ['1', '42', 'x', 'é', ' ', '  ', ':', ': ', '#', ' #', '"', "'", '[', ']', ',', '{}', '-', '- ', '\n', '\\', '.5', '0x1', 'null', 'true', '~', '&a', '*a', '!t', '|'];
      let text = commented;
      let read = readBlockYaml(text)!;
      expect(read.value).toBeDefined();
      let reread = 0;
      for (let i = 0; i < 250; i++) {
        if (i % 25 === 0) {
          text = commented;
          read = readBlockYaml(text)!;
        }
        const at = rng.int(0, text.length);
        const next = text.slice(0, at) + rng.pick(pieces) + text.slice(at + rng.int(0, 3));
        const snapshot = structuredClone(read.value);
        const got = rereadBlockYaml(next, read, () => true);
        expect(read.value).toEqual(snapshot); // the earlier read's value is never changed
        const whole = readBlockYaml(next);
        if (got) {
          reread++;
          expect({ next, value: got.value }).toEqual({ next, value: whole?.value });
          const pointers = allPointers(whole!.value);
          for (let k = rng.int(0, 5); k < pointers.length; k += 5) {
            const pointer = pointers[k];
            expect({ next, pointer, at: got.locate(pointer), keys: got.keysAt(pointer) }).toEqual({ next, pointer, at: whole!.locate(pointer), keys: whole!.keysAt(pointer) });
          }
        }
        if (whole?.value !== undefined) {
          text = next;
          read = got ?? whole;
        }
      }
      expect(reread).toBeGreaterThan(40);
    });

    it('parseText reads a new version of a big text from the last read, with the positions of a whole parse', () => {
      const big = stringify({ processes: Array.from({ length: 4 }, () => structuredClone(processes)).flat() }, { flowCollectionPadding: false });
      expect(big.length).toBeGreaterThan(64 * 1024);
      const cache = new YamlDocumentCache();
      parseText(big, 'ac.yaml', DEFAULT_LIMITS, cache);
      const at = big.indexOf('port: 27', big.length / 2) + 'port: '.length;
      const edited = `${big.slice(0, at)}9${big.slice(at)}`;
      const before = workCounts.blockRereads;
      const got = parseText(edited, 'ac.yaml', DEFAULT_LIMITS, cache).documents[0];
      expect(workCounts.blockRereads).toBe(before + 1);
      const whole = parseText(edited, 'ac.yaml').documents[0];
      expect(got.value).toEqual(whole.value);
      for (const pointer of allPointers(whole.value)) expect({ pointer, at: got.locate(pointer) }).toEqual({ pointer, at: whole.locate(pointer) });
      // An edit of another shape (a new line) is read whole.
      const added = `${edited.slice(0, at)}1\nextra: 2${edited.slice(at)}`;
      const other = parseText(added, 'ac.yaml', DEFAULT_LIMITS, cache);
      expect(workCounts.blockRereads).toBe(before + 1);
      expect(other.documents[0].value).toEqual(parseText(added, 'ac.yaml').documents[0].value);
      // Edits the whole text's checks would send to the full parse are not read in place either:
      // the CLI (no cache) and the server (a cache) see the same value and problems.
      expect(edited.slice(at, at + 6)).toBe('927017');
      for (const value of ['.inf', '-.Inf', '.nan', 'x\u0007', 'x'.repeat(1100)]) {
        parseText(edited, 'ac.yaml', DEFAULT_LIMITS, cache);
        const n = workCounts.blockRereads;
        const changed = `${edited.slice(0, at)}${value}${edited.slice(at + '927017'.length)}`;
        const got2 = parseText(changed, 'ac.yaml', DEFAULT_LIMITS, cache);
        const whole2 = parseText(changed, 'ac.yaml');
        expect({ value, rereads: workCounts.blockRereads }).toEqual({ value, rereads: n });
        expect(got2.documents.map((d) => d.value)).toEqual(whole2.documents.map((d) => d.value));
        expect(got2.problems).toEqual(whole2.problems);
      }
      // A version read another way (here as JSON) lets the kept read go.
      parseText(edited, 'ac.yaml', DEFAULT_LIMITS, cache);
      expect(cache.block).toBeDefined();
      parseText('{"processes": []}', 'ac.yaml', DEFAULT_LIMITS, cache);
      expect(cache.block).toBeUndefined();
    });

    it('keeps positions in a table of numbers: at most 32 bytes a node', () => {
      const block = readBlockYaml(config)!;
      const nodes = allPointers(block.value).length;
      expect(nodes).toBeGreaterThan(4000);
      expect(block.positionBytes).toBeLessThanOrEqual(32 * nodes);
      expect(block.positionBytes).toBeGreaterThan(0);
    });

    it('places findings exactly with CRLF line ends and a byte order mark, through parseText', () => {
      for (const text of [config.replace(/\n/g, '\r\n'), `\uFEFF${config}`, `\uFEFF---\r\n${config.replace(/\n/g, '\r\n')}`]) {
        const file = parseText(text, 'ac.yaml');
        const stripped = text.replace(/^\uFEFF/, '');
        const full = parseYamlText(stripped, DEFAULT_LIMITS).documents[0];
        expect(file.documents).toHaveLength(1);
        const doc = file.documents[0];
        const before = workCounts.blockReads;
        for (const pointer of allPointers(full.value)) expect({ pointer, at: doc.locate(pointer) }).toEqual({ pointer, at: full.locate(pointer) });
        expect(workCounts.blockReads).toBe(before);
      }
    });

    it('leaves several documents and flow mappings to the full parse, whose positions are exact', () => {
      for (const text of [`a: 1\n---\n${config}`, `x: {a: 1, b: [2, 3]}\n${config}`]) {
        const file = parseText(text, 'ac.yaml');
        const full = parseYamlText(text, DEFAULT_LIMITS);
        expect(file.documents.map((d) => d.value)).toEqual(full.documents.map((d) => d.value));
        file.documents.forEach((doc, i) => {
          for (const pointer of allPointers(full.documents[i].value).slice(0, 400)) expect({ pointer, at: doc.locate(pointer) }).toEqual({ pointer, at: full.documents[i].locate(pointer) });
        });
      }
    });
  });
});

describe('a root key\'s one-line scalar (rootScalar: a digest\'s place)', () => {
  it('is locate\'s value span for a root key\'s scalar, and undefined for anything else (then locate answers)', () => {
    const text = '# a comment\nkind: alert\nquoted: "a b"\nempty:\nlist: [1, 2]\nmap:\n  inner: 1\nitems:\n  - x\nlast: z # note\n';
    const read = readBlockYaml(text)!;
    for (const pointer of ['/kind', '/quoted', '/empty', '/last']) expect({ pointer, span: read.rootScalar(pointer) }).toEqual({ pointer, span: (read.locate(pointer) as { value: unknown }).value });
    expect(text.slice(read.rootScalar('/quoted')!.start, read.rootScalar('/quoted')!.end)).toBe('"a b"');
    // Collections, deeper, escaped and absent pointers, the root itself, and a key's prefix: none.
    for (const pointer of ['/list', '/map', '/items', '/map/inner', '/items/0', '/kin', '/kinds', '/ki~1nd', '', '/', 'kind']) expect({ pointer, span: read.rootScalar(pointer) }).toEqual({ pointer, span: undefined });
    // A root that is a sequence: none.
    expect(readBlockYaml('- kind\n- b\n')!.rootScalar('/0')).toBeUndefined();
  });

  it('answers for the root scalars of the benchmark corpus, as locate does', () => {
    let answered = 0;
    const rng = makeRng(11);
    const used = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const text = alertYaml(alertConfig(rng, i, `p${i % 3}`, used, 0.2));
      const read = readBlockYaml(text);
      if (!read) continue;
      for (const [key, value] of Object.entries(read.value as Record<string, unknown>)) {
        const span = read.rootScalar(`/${key}`);
        if (value === null || typeof value !== 'object') {
          expect({ key, span }).toEqual({ key, span: (read.locate(`/${key}`) as { value: unknown }).value });
          answered++;
        } else expect({ key, span }).toEqual({ key, span: undefined });
      }
    }
    expect(answered).toBeGreaterThan(20);
  });
});

describe('what the block reader keeps between reads', () => {
  // Keys met before are given again by a hash of their name, and the positions of small texts
  // share a slab: neither may mix one text's keys or positions with another's.
  const slotOf = (key: string) => {
    let h = key.charCodeAt(0);
    for (let i = 1; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
    return h;
  };
  /** Two keys of one length whose hashes agree in their low `bits`. */
  const clash = (bits: number): [string, string] => {
    const seen = new Map<number, string>();
    for (let i = 0; ; i++) {
      const key = `k${i.toString(36).padStart(4, '0')}`;
      const slot = slotOf(key) & ((1 << bits) - 1);
      const other = seen.get(slot);
      if (other) return [other, key];
      seen.set(slot, key);
    }
  };

  it('reads a key that shares a slot with one met before as itself', () => {
    const [a, b] = clash(10);
    expect(readBlockYaml(`${a}: 1\n`)?.value).toEqual({ [a]: 1 });
    expect(readBlockYaml(`${b}: 1\n`)?.value).toEqual({ [b]: 1 });
    expect(readBlockYaml(`${a}: 1\n${b}: 2\n${a}x: 3\n`)?.value).toEqual({ [a]: 1, [b]: 2, [`${a}x`]: 3 });
  });

  it('still finds a key given twice, whatever the keys between share with it', () => {
    const [a, b] = clash(5);
    expect(readBlockYaml(`${a}: 1\n${b}: 2\n`)?.value).toEqual({ [a]: 1, [b]: 2 });
    expect(readBlockYaml(`${a}: 1\n${b}: 2\n${a}: 3\n`)).toBeUndefined();
    expect(readBlockYaml(`x: 1\ny: 2\nx: 3\n`)).toBeUndefined();
    // Names of Object.prototype's properties are keys like any other, once each.
    expect(readBlockYaml(`constructor: 1\ntoString: 2\n`)?.value).toEqual(JSON.parse('{"constructor":1,"toString":2}'));
    expect(readBlockYaml(`constructor: 1\nconstructor: 2\n`)).toBeUndefined();
    for (const k of ['true', 'null', 'False', '__proto__']) expect(readBlockYaml(`${k}: 1\n`)).toBeUndefined();
  });

  it('keeps the positions of each read while many reads fill the slab after it', () => {
    const rng = makeRng(20261124);
    const used = new Set<string>();
    const reads = Array.from({ length: 300 }, (_, i) => {
      const text = alertYaml(alertConfig(rng, i, 'p', used, 0.2));
      return { text, block: readBlockYaml(text)! };
    });
    let placed = 0;
    for (const { text, block } of reads) {
      const full = parseYamlText(text, DEFAULT_LIMITS).documents[0];
      for (const pointer of allPointers(full.value)) {
        const got = block.locate(pointer);
        if (got === UNSURE) continue;
        placed++;
        expect({ pointer, got }).toEqual({ pointer, got: full.locate(pointer) });
      }
    }
    expect(placed).toBeGreaterThan(300 * 10);
  });
});
