// The pre-scan that bounds a text's cost before any parser sees it: its nesting matches the
// parsers' around the limit in every syntax, its node count stays near the real one, and no real
// document comes near a limit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { alertConfig, alertYaml, makeRng } from '../../bench/generate';
import { buildAutomationConfig } from '../../bench/automation-fixtures';
import { costProblem, documentCount, fullYamlParseProblem, yamlCost } from '../../src/syntax/cost';
import { splitStream } from '../../src/syntax/yaml';
import { jsonCost } from '../../src/syntax/json';
import { parseText } from '../../src/syntax/index';
import { DEFAULT_LIMITS } from '../../src/syntax/types';
import { filesUnder } from '../files';
import { YAML_CASES } from './suites';
import { workCounts } from '../../src/syntax/work-counts';

const ROOT = path.join(__dirname, '..', '..');

/** Keys and values of a plain value. */
function nodesOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 1;
  return 1 + Object.entries(v).reduce((n, [, x]) => n + (Array.isArray(v) ? 0 : 1) + nodesOf(x), 0);
}

const NESTINGS: [string, (n: number) => string][] = [
  ['block mappings', (n) => Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n'],
  ['block sequences', (n) => Array.from({ length: n }, (_, i) => `${' '.repeat(2 * i)}-`).join('\n') + ' 1\n'],
  ['compact sequences', (n) => '- '.repeat(n) + '1\n'],
  ['flow sequences', (n) => '['.repeat(n) + '1' + ']'.repeat(n) + '\n'],
  ['flow mappings', (n) => '{a: '.repeat(n) + '1' + '}'.repeat(n) + '\n'],
  ['flow inside block', (n) => 'a:\n  b: ' + '['.repeat(n - 2) + ']'.repeat(n - 2) + '\n'],
];

describe('the cost pre-scan', () => {
  it.each(NESTINGS)('%s: refused just over --max-depth, read just under it (as the full parse judges)', (_, make) => {
    const limit = 40;
    const limits = { ...DEFAULT_LIMITS, maxDepth: limit };
    for (const n of [limit - 1, limit]) {
      const f = parseText(make(n), 'x.yaml', limits);
      expect(f.problems, `${n}`).toEqual([]);
    }
    for (const n of [limit + 2, limit + 20, 5_000]) {
      const f = parseText(make(n), 'x.yaml', limits);
      expect(f.problems.map((p) => p.ruleId), `${n}`).toEqual(['limit-exceeded']);
      expect(yamlCost(make(n), limit).tooDeepAt, `${n}`).toBeDefined();
    }
  });

  it('counts nodes near the real count, and no real document near a limit', () => {
    const rng = makeRng(7);
    const texts = [
      ...filesUnder(path.join(ROOT, 'examples'), /\.ya?ml$/).map((f) => readFileSync(f, 'utf8')),
      ...Array.from({ length: 20 }, (_, i) => alertYaml(alertConfig(rng, i, 'p', new Set()))),
      stringify(buildAutomationConfig(200)),
      ...YAML_CASES.filter((c) => !c.invalid && c.json !== undefined && !c.text.includes('*')).map((c) => c.text),
    ];
    for (const text of texts) {
      const f = parseText(text, 'x.yaml');
      if (f.problems.length || f.documents.length !== 1) continue;
      const real = nodesOf(f.documents[0].value);
      const estimate = yamlCost(text, DEFAULT_LIMITS.maxDepth).nodes;
      expect(estimate, text.slice(0, 200)).toBeGreaterThanOrEqual(Math.floor(real / 3));
      expect(estimate, text.slice(0, 200)).toBeLessThanOrEqual(3 * real + 3);
      expect(costProblem(text, 'yaml', DEFAULT_LIMITS)).toBeUndefined();
    }
    // A 24 MB automation config of 20,000 processes is read as JSON within every limit.
    const big = JSON.stringify(buildAutomationConfig(20_000), null, 2);
    expect(costProblem(big, 'json', DEFAULT_LIMITS)).toBeUndefined();
    const value = JSON.parse(big);
    expect(jsonCost(big, DEFAULT_LIMITS.maxDepth).nodes).toBeGreaterThan(nodesOf(value) / 2);
  });

  it('names the limit it applies: nodes, memory, nesting', () => {
    const limits = { ...DEFAULT_LIMITS, maxNodes: 1_000, maxMemoryMB: 1 };
    expect(costProblem(`[${Array(2_000).fill('1').join(',')}]`, 'json', limits)?.message).toMatch(/more than 1,000 nodes.*--max-nodes/);
    expect(costProblem('-\n'.repeat(15_000), 'yaml', { ...limits, maxNodes: 100_000 })?.message).toMatch(/about 2 MB to read \(15,000 nodes\), over the per-file memory budget of 1 MB \(--max-memory\)/);
    expect(fullYamlParseProblem('-\n'.repeat(1_500), { ...limits, maxNodes: 10_000 })?.message).toMatch(/about 2 MB to read \(1,500 nodes\), over the per-file memory budget of 1 MB \(--max-memory\)/);
    expect(costProblem('- '.repeat(300), 'yaml', limits)?.message).toMatch(/Nesting deeper than 256 levels.*--max-depth/);
    expect(costProblem('a: 1\n', 'yaml', limits)).toBeUndefined();
  });

  it('passes big JSON within the limits on a count of four characters; nesting too deep is then found after JSON.parse, at the same place', () => {
    const limits = { ...DEFAULT_LIMITS, maxNodes: 1_000, maxMemoryMB: 1, maxDepth: 40 };
    // 1,201 nodes at most by the count of "," and ":", 50 brackets deep: the count alone passes it.
    const deep = `{"a": [${Array(600).fill('1').join(', ')}], "b": ${'['.repeat(50)}${']'.repeat(50)}}`;
    const walked = jsonCost(deep, limits.maxDepth);
    expect(walked.tooDeepAt).toBeDefined();
    expect(costProblem(deep, 'json', { ...limits, maxNodes: 2_000 })).toBeUndefined();
    const f = parseText(deep, 'x.json', { ...limits, maxNodes: 2_000 });
    expect(f.problems.map((p) => [p.ruleId, p.span.start])).toEqual([['limit-exceeded', walked.tooDeepAt]]);
    expect(f.problems[0].message).toMatch(/Nesting deeper than 40 levels/);
    // More brackets than nodes (nesting, not content): walked, and refused before JSON.parse.
    const brackets = '['.repeat(3_000) + ']'.repeat(3_000);
    expect(costProblem(brackets, 'json', limits)?.message).toMatch(/Nesting deeper than 40 levels/);
    // Over the node limit by the count: walked, which counts the nodes outside strings only.
    const inStrings = `[${Array(300).fill('"a,b,c:d"').join(',')}]`;
    expect(costProblem(inStrings, 'json', limits)).toBeUndefined();
  });

  it('does not count what lies in block scalars, quotes or comments', () => {
    const text = 'a: |\n  - [x, [y, {z: 1}]]\n  - b: c\nb: "[[[[ , , :"\n# [[[[ - - - \nc: d\n';
    expect(yamlCost(text, 2).tooDeepAt).toBeUndefined();
    expect(yamlCost(text, 2).nodes).toBe(6);
  });

  it('budgets YAML by the parser that reads it: the block reader cheaply, the full parse at ~1 KB a node', () => {
    // 3,000 plain block entries: ~300 KB at the block reader's rate, ~3 MB for the full parse.
    const plain = Array.from({ length: 1_500 }, (_, i) => `k${i}: v${i}`).join('\n') + '\n';
    const limits = { ...DEFAULT_LIMITS, maxMemoryMB: 2 };
    expect(parseText(plain, 'big.yaml', limits).problems).toEqual([]);
    // The same entries in a form the block reader leaves to the full parse (a flow mapping).
    const flow = `{${Array.from({ length: 1_500 }, (_, i) => `k${i}: v${i}`).join(', ')}}\n`;
    expect(parseText(flow, 'big.yaml', limits).problems.map((p) => p.ruleId)).toEqual(['limit-exceeded']);
  });

  it('scans a YAML text the block reader reads only when its length could break the node or memory limit', () => {
    const plain = stringify({ processes: Array.from({ length: 500 }, (_, i) => ({ name: `p${i}`, args: { port: 27017 + i } })) });
    const count = (text: string, limits = DEFAULT_LIMITS) => {
      const before = workCounts.yamlScans;
      const f = parseText(text, 'x.yaml', limits);
      expect(f.documents[0].unusable).toBeFalsy();
      return workCounts.yamlScans - before;
    };
    expect(count(plain)).toBe(0);
    // The block reader declines a flow mapping: the scan runs before the full parse.
    expect(count(`${plain}x: {a: 1}\n`)).toBe(1);
    // Longer than the node limit allows nodes: scanned first.
    expect(count(plain, { ...DEFAULT_LIMITS, maxNodes: plain.length - 1 })).toBe(1);
  });
});

// Issue 32: a stream of 80,000 "---" lines (320 KB) took 38 s; each document costs the `yaml`
// library and every rule a pass whatever its size, so the stream's documents are counted first.
describe('documents per YAML stream', () => {
  it('counts documents by their marker lines, never fewer than the yaml library reads (every valid suite case)', () => {
    let exact = 0;
    for (const c of YAML_CASES.filter((c) => !c.invalid)) {
      const real = parseAllDocuments(c.text).length;
      const counted = documentCount(c.text).documents;
      expect(counted, JSON.stringify(c.text)).toBeGreaterThanOrEqual(real);
      if (counted === real) exact++;
    }
    // Above it: an empty text (no document for yaml, one here) and streams ending in "...".
    expect(exact).toBeGreaterThan(280);
    expect(documentCount('a: 1\n---\nb: 2\n...\n%YAML 1.2\n---\nc: 3\n...\nd: 4\n').documents).toBe(4);
    expect(documentCount('# c\n%YAML 1.2\n---\na: 1\n---\n---\n').documents).toBe(3);
  });

  it('refuses a stream over --max-documents at the first document past it, having read no more markers', () => {
    const text = '---\n'.repeat(80_000);
    const before = workCounts.markers;
    const f = parseText(text, 'x.yaml');
    expect(workCounts.markers - before).toBe(10_001);
    expect(f.problems).toEqual([expect.objectContaining({ ruleId: 'limit-exceeded', span: { start: 4 * 10_000, end: 4 * 10_000 + 3 } })]);
    expect(f.problems[0].message).toMatch(/more than 10,000 documents, the limit \(--max-documents\)/);
    expect(f.documents).toHaveLength(1);
    // With content, and lowered.
    const lowered = parseText('a: 1\n---\n'.repeat(101), 'x.yaml', { ...DEFAULT_LIMITS, maxDocuments: 100 });
    expect(lowered.problems.map((p) => [p.ruleId, lowered.lines.position(p.span.start).line])).toEqual([['limit-exceeded', 200]]); // the "---" that starts the 101st (line 200)
  });

  it('reads a stream of exactly --max-documents documents through the yaml library', () => {
    const text = 'a: 1\n---\n'.repeat(9_999) + 'a: 1\n';
    const f = parseText(text, 'x.yaml');
    expect(f.problems).toEqual([]);
    expect(f.documents).toHaveLength(10_000);
    expect(f.documents[9_999].value).toEqual({ a: 1 });
  });

  it('splits a stream for the per-document cache in one pass: each character tested once', () => {
    // "---" lines with no content between them (the shape that was quadratic), then documents.
    for (const text of ['---\n'.repeat(9_000), 'a: 1\n---\n'.repeat(5_000), `${'---\n# c\n'.repeat(3_000)}a: 1\n`]) {
      const before = workCounts.streamCharacters;
      const chunks = splitStream(text);
      expect(workCounts.streamCharacters - before).toBeLessThanOrEqual(text.length);
      expect(chunks.map((c) => c.text).join('')).toBe(text);
    }
    expect(splitStream('---\n'.repeat(9_000))).toHaveLength(1);
    expect(splitStream('a: 1\n---\n'.repeat(5_000))).toHaveLength(5_001); // the last "---" too
  });
});
