// The precompiled validators give each big subschema a function of its own (scripts/gen-validators.ts
// splitLarge): one function of the whole inlined automation-config schema was too big for V8's
// optimizing compiler (issue 22). These tests hold the split to what the single function did:
// the same errors, with the same full schemaPaths, on real documents and on mutations of them.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { generateValidator } from '../../scripts/gen-validators';
import { SCHEMA_NAMES, type SchemaName } from '../../src/schema/names';

const ROOT = path.resolve(__dirname, '../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** Function name → source length, of each validate function in a generated module. */
function functionSizes(code: string): number[] {
  return code.split(/(?=function validate\d+\()/).slice(1).map((part) => part.length);
}

function documentsUnder(dir: string): unknown[] {
  const out: unknown[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(json|ya?ml)$/.test(entry.name)) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    try {
      if (entry.name.endsWith('.json')) out.push(JSON.parse(text));
      else for (const doc of parseAllDocuments(text)) if (doc.errors.length === 0) out.push(doc.toJS());
    } catch {
      // not a document these tests can use
    }
  }
  return out.filter((d) => typeof d === 'object' && d !== null);
}

/** A seeded mutation: keys dropped, values of other types, near-miss keys, shortened strings. */
function mutator(seed: number): (doc: unknown) => unknown {
  let s = seed;
  const rnd = (n: number): number => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
  const odd = [null, 1, 1.5, 'x', true, {}, [], { zz: 1 }, ['a'], 'REPLICA_SET', -1, '2024-01-01T00:00:00Z', 'bad date'];
  const paths = (v: unknown, p: string[] = [], out: string[][] = []): string[][] => {
    if (p.length > 0) out.push(p);
    if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...p, k], out);
    return out;
  };
  return (doc) => {
    const d = structuredClone(doc) as Record<string, unknown>;
    const all = paths(d);
    for (let m = 0, n = 1 + rnd(3); m < n && all.length > 0; m++) {
      const p = all[rnd(all.length)];
      let parent: unknown = d;
      for (const k of p.slice(0, -1)) parent = (parent as Record<string, unknown> | undefined)?.[k];
      if (typeof parent !== 'object' || parent === null) continue;
      const obj = parent as Record<string, unknown>;
      const k = p[p.length - 1];
      const op = rnd(4);
      if (op === 0) delete obj[k];
      else if (op === 1) obj[k] = structuredClone(odd[rnd(odd.length)]);
      else if (op === 2 && !Array.isArray(obj)) obj[k + 'x'] = obj[k];
      else if (typeof obj[k] === 'string') obj[k] = (obj[k] as string).slice(1);
    }
    return d;
  };
}

describe('validators split into functions per big subschema', () => {
  // Inside the project, so the modules' imports (ajv's runtime, ajv-formats) resolve.
  let dir: string;
  const split = new Map<SchemaName, Validate>();
  const whole = new Map<SchemaName, Validate>();

  beforeAll(async () => {
    mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
    dir = mkdtempSync(path.join(ROOT, 'node_modules/.cache/validator-split-'));
    for (const name of SCHEMA_NAMES) {
      for (const [map, code, tag] of [
        [split, generateValidator(name), 'split'],
        [whole, generateValidator(name, Infinity), 'whole'],
      ] as const) {
        const file = path.join(dir, `${name}.${tag}.mjs`);
        writeFileSync(file, code);
        map.set(name, ((await import(pathToFileURL(file).href)) as { default: Validate }).default);
      }
    }
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the automation config no function of more than 64 KB but its root', () => {
    const sizes = functionSizes(generateValidator('automation-config'));
    const wholeSizes = functionSizes(generateValidator('automation-config', Infinity));
    expect(wholeSizes).toHaveLength(1);
    expect(wholeSizes[0]).toBeGreaterThan(200_000);
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    // ajv writes the root function first in the file… or last: the root is the one biggest.
    const [, ...rest] = [...sizes].sort((a, b) => b - a);
    for (const size of rest) expect(size).toBeLessThan(64 * 1024);
  }, 60_000);

  it('reports the same errors as one function, on real documents and 11 mutations of each', () => {
    const docs = [...documentsUnder(CORPUS), ...documentsUnder(path.join(ROOT, 'examples'))];
    expect(docs.length).toBeGreaterThan(100);
    const mutate = mutator(42);
    let compared = 0;
    let failing = 0;
    let pathsOfSplitFunctions = 0;
    for (const doc of docs) {
      for (let i = 0; i < 12; i++) {
        const d = i === 0 ? doc : mutate(doc);
        for (const name of SCHEMA_NAMES) {
          const a = whole.get(name)!;
          const b = split.get(name)!;
          const okA = a(d);
          const okB = b(d);
          expect(okB).toBe(okA);
          expect(b.errors ?? null).toEqual(a.errors ?? null);
          compared++;
          if (!okA) failing++;
          if (name === 'automation-config' && JSON.stringify(b.errors ?? []).includes('"#/properties/processes/items/')) pathsOfSplitFunctions++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    expect(failing).toBeGreaterThan(compared / 2);
    // Errors from inside a split-out function were among those compared, with their full paths.
    expect(pathsOfSplitFunctions).toBeGreaterThan(100);
  }, 120_000);
});
