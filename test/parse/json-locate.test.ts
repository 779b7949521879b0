// The one-pass locator of big JSON texts gives exactly the positions of the syntax tree.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateJsonPointers } from '../../src/parse/json-locate';
import { jsonDocument } from '../../src/parse/json';
import { joinPointer } from '../../src/engine/pointer';

/** Every pointer of a value. */
function pointersOf(v: unknown, base = '', out: string[] = []): string[] {
  out.push(base);
  if (Array.isArray(v)) v.forEach((x, i) => pointersOf(x, joinPointer(base, i), out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pointersOf(x, joinPointer(base, k), out);
  return out;
}

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');
const files = [
  ...readdirSync(path.join(ROOT, 'examples'), { recursive: true }).map(String).filter((f) => f.endsWith('.json')).map((f) => path.join(ROOT, 'examples', f)),
  ...(existsSync(CORPUS) ? readdirSync(CORPUS, { recursive: true }).map(String).filter((f) => f.endsWith('.json')).map((f) => path.join(CORPUS, f)) : []),
].filter((f) => readFileSync(f).length < 200_000);

describe('one-pass JSON locator', () => {
  it('agrees with the syntax tree on every pointer of the examples and corpus files', () => {
    let checked = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8').replace(/^\uFEFF/, '');
      const value = JSON.parse(text);
      const pointers = pointersOf(value);
      const viaTree = jsonDocument(text, value); // small: syntax tree
      const got = locateJsonPointers(text, pointers);
      for (const p of pointers) {
        expect(got.locations.get(p), `${f} ${p}`).toEqual(viaTree.locate(p));
        checked++;
      }
      for (const p of pointers) if (got.keys.has(p)) expect(got.keys.get(p), `${f} ${p}`).toEqual(viaTree.keysAt!(p));
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('records the children of requested containers only, and escaped keys', () => {
    const text = '{"a": {"x": 1, "y": [true, null]}, "b\\u0022c": "s", "d": {"e": {"f": 2}}}';
    const got = locateJsonPointers(text, ['/a', '/b"c']);
    expect([...got.locations.keys()].sort()).toEqual(['/a', '/a/x', '/a/y', '/b"c'].sort());
    expect(got.keys.get('/a')).toEqual(['x', 'y']);
    expect(got.locations.get('/b"c')).toEqual(jsonDocument(text, JSON.parse(text)).locate('/b"c'));
    expect(text.slice(got.locations.get('/b"c')!.key!.start, got.locations.get('/b"c')!.key!.end)).toBe('"b\\u0022c"');
  });
});

describe('big JSON documents: prepared positions', () => {
  it('give what the syntax tree gives, for prepared pointers, their neighbours and the rest', () => {
    const value = { processes: Array.from({ length: 4000 }, (_, i) => ({ name: `p${i}`, hostname: `h${i}.example.net`, args2_6: { net: { port: 27017 + (i % 3) } } })), tail: { 'a/b': 1, 'c~d': [true] } };
    const text = JSON.stringify(value, null, 2);
    expect(text.length).toBeGreaterThan(512 * 1024);
    const prepared = jsonDocument(text, value);
    const plain = jsonDocument(text, value);
    const asked = ['/processes/3999/args2_6/net/port', '/tail/a~1b', '/processes/17/name'];
    prepared.prepare!(asked);
    // Asked pointers, their ancestors' children (fix neighbours), keys, and pointers never asked.
    const probes = [...asked, '/processes/3999/args2_6', '/processes/3999/hostname', '/tail/c~0d', '/tail/c~0d/0', '/processes/5/name', '/missing', '/processes/17/nope'];
    for (const p of probes) expect(prepared.locate(p), p).toEqual(plain.locate(p));
    expect(prepared.keysAt!('/tail')).toEqual(['a/b', 'c~d']);
    expect(prepared.keysAt!('/processes/3999')).toEqual(plain.keysAt!('/processes/3999'));
  });
});
