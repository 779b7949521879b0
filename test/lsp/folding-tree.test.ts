// JSON folding from the parse's syntax tree gives what the bracket pass over the text gives, on every
// JSON of the shared corpus and examples/; the bracket pass stays where there is no tree.
import { describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { jsonFoldingRanges } from '../../src/server/folding';
import { parseText } from '../../src/syntax';
import { NAVIGATE_MIN_CHARS } from '../../src/syntax/json';
import { SourceFile } from '../../src/syntax/source-file';
import { OmlintLanguageService } from '../../src/server/service';
import { NOW, openDoc, tempDir } from './fixtures';
import { SHARED_CORPUS, describeWithCorpus } from '../shared-corpus';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(dir, f))
    .sort();
}

/** The ranges from the tree, checking that the tree was there to give them. */
function fromTree(text: string, name = 'doc.json') {
  const source = parseText(text, name);
  expect(source.jsonBrackets()).toBeDefined();
  return jsonFoldingRanges(source.text, source);
}

function expectSameAsBrackets(file: string): void {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const source = parseText(text, path.basename(file));
  const brackets = source.jsonBrackets();
  // Below the navigation size a JSON text that parses has its tree; above it none is built.
  if (source.documents[0]?.unusable || text.length >= NAVIGATE_MIN_CHARS) expect(brackets).toBeUndefined();
  else expect(brackets, file).toBeDefined();
  expect(jsonFoldingRanges(text, source), file).toEqual(jsonFoldingRanges(text));
}

describeWithCorpus('JSON folding from the syntax tree, on the shared corpus', () => {
  const files = jsonFiles(SHARED_CORPUS);
  it(`folds each of the corpus's JSON texts (${files.length}) as the bracket pass does`, () => {
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) expectSameAsBrackets(f);
  });
});

describe('JSON folding from the syntax tree', () => {
  it('folds each JSON of examples/ as the bracket pass does', () => {
    const files = jsonFiles(EXAMPLES);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expectSameAsBrackets(f);
  });

  it('folds a text with a repeated key, brackets in strings and every line break as the bracket pass does', () => {
    const text = '{\r\n  "a": [\r\n    1,\r\n    "]{"\r\n  ],\r\n  "a": {"c": [\n1,\r2\n]},\n  "b": {\n    "x": "\\"{"\n  }, "e": []\n}\n';
    const ranges = fromTree(text);
    expect(ranges.map((r) => `${r.startLine}-${r.endLine}`)).toEqual(['0-11', '1-3', '5-7', '5-7', '9-10']);
    expect(ranges).toEqual(jsonFoldingRanges(text));
  });

  it('reads the text itself when it does not parse, or when the parse is of another text', () => {
    // A trailing comma, and the outer object never closed.
    const broken = '{\n  "a": [\n    1,\n  ],\n  "b": {\n}\n';
    const source = parseText(broken, 'doc.json');
    expect(source.jsonBrackets()).toBeUndefined();
    const ranges = jsonFoldingRanges(broken, source);
    expect(ranges.map((r) => `${r.startLine}-${r.endLine}`)).toEqual(['1-2', '4-5']);
    const stale = parseText('{\n  "a": 1\n}\n', 'doc.json');
    expect(jsonFoldingRanges(broken, stale)).toEqual(ranges);
  });

  it('has no tree for a big text (read lazily): the bracket pass folds it', () => {
    const big = `{\n  "items": [\n${Array.from({ length: 20_000 }, (_, i) => `    {\n      "name": "item-${i}", "pad": "${'x'.repeat(20)}"\n    }`).join(',\n')}\n  ]\n}\n`;
    expect(big.length).toBeGreaterThan(NAVIGATE_MIN_CHARS);
    const source = parseText(big, 'big.json');
    expect(source.jsonBrackets()).toBeUndefined();
    const ranges = jsonFoldingRanges(big, source);
    expect(ranges).toHaveLength(20_002);
    expect(ranges.slice(0, 3)).toEqual([{ startLine: 0, endLine: 60_002 }, { startLine: 1, endLine: 60_001 }, { startLine: 2, endLine: 3 }]);
  });

  it('is what the language service answers, from the parse it shares with the lint', () => {
    const service = new OmlintLanguageService({ now: NOW });
    const text = '{\n  "processes": [\n    {\n      "name": "p", "version": "7.0.12"\n    }\n  ]\n}\n';
    const doc = openDoc(service, tempDir(), 'a.automation-config.json', text);
    const asked = vi.spyOn(SourceFile.prototype, 'jsonBrackets');
    try {
      expect(service.foldingRanges(doc)).toEqual(jsonFoldingRanges(text));
      expect(asked).toHaveBeenCalledTimes(1);
      expect(asked.mock.results[0].value).toHaveLength(3);
    } finally {
      asked.mockRestore();
    }
  });
});
