// Aliases are resolved through a map built once per document (issue 32: 32,000 anchors each aliased
// once took over two minutes, because the `yaml` library's Alias.resolve scans its list of anchors
// and aliases from the document's start for every alias). These tests count the library's work.
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { anchorPairs, countLibraryResolves, libraryResolves } from './alias-work';
import { parseText } from '../../src/syntax/index';
import { workCounts } from '../../src/syntax/work-counts';
import { DEFAULT_LIMITS } from '../../src/syntax/types';

countLibraryResolves();

describe('alias resolution', () => {
  it('10,000 anchors each aliased once: each alias looked up once, the library scanning two nodes for it', () => {
    const n = 10_000;
    const before = workCounts.aliasLookups;
    const f = parseText(anchorPairs(n), 'x.yaml');
    expect(f.problems).toEqual([]);
    const value = f.documents[0].value as Record<string, string>;
    expect([value.b0, value.b1234, value[`b${n - 1}`]]).toEqual(['v0', 'v1234', `v${n - 1}`]);
    expect(workCounts.aliasLookups - before).toBe(n);
    expect(libraryResolves.calls).toBe(n);
    expect(libraryResolves.fullWalks).toBe(0);
    expect(libraryResolves.scanned).toBeLessThanOrEqual(2 * n);
  });

  it('locates a value through aliases without walking the document', () => {
    const f = parseText(`${anchorPairs(2_000)}x: &x {k: [1, 2]}\ny: *x\n`, 'x.yaml');
    const calls = libraryResolves.calls;
    expect(f.documents[0].locate('/y/k/1')).toBeDefined();
    expect(libraryResolves.calls).toBe(calls); // the map answered: no call of the library's resolve
  });

  it('resolves as the library does: the last anchor of a name before the alias, self-reference, merge keys, --max-aliases per anchor', () => {
    const texts = [
      'a: &x 1\nb: *x\nc: &x 2\nd: *x\ne: [*x, &x 3, *x]\n',
      'a: &s [1, 2]\nb: [*s, *s]\nc: {k: *s}\n',
      'base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n',
      '%YAML 1.1\n---\nbase: &b {x: 1}\nm: {<<: *b, z: 2}\n',
      '? &k key\n: *k\n',
      'list: &l [a, b]\ncopies: [*l, *l, *l]\n',
    ];
    for (const text of texts) {
      const expected = parseDocument(text, { uniqueKeys: false, schema: 'core', resolveKnownTags: false }).toJS({ maxAliasCount: DEFAULT_LIMITS.maxAliases });
      const f = parseText(text, 'x.yaml');
      expect(f.problems, text).toEqual([]);
      expect(f.documents.at(-1)!.value, text).toEqual(expected);
    }
    // --max-aliases still counts the uses of each anchor (with the anchor itself, and the aliases
    // within it), as the library does: ten uses are eleven, over a limit of 10.
    const ten = `a: &x [1]\nb: [${Array(10).fill('*x').join(', ')}]\n`;
    const libraryRefuses = (maxAliasCount: number) => {
      try {
        parseDocument(ten).toJS({ maxAliasCount });
        return false;
      } catch {
        return true;
      }
    };
    expect([libraryRefuses(10), libraryRefuses(11)]).toEqual([true, false]);
    expect(parseText(ten, 'x.yaml', { ...DEFAULT_LIMITS, maxAliases: 10 }).problems.map((p) => p.message)).toEqual([expect.stringMatching(/Alias expansion exceeds 10.*--max-aliases/)]);
    expect(parseText(ten, 'x.yaml', { ...DEFAULT_LIMITS, maxAliases: 11 }).problems).toEqual([]);
  });

  it('the largest anchor text the memory budget accepts goes through the library with work linear in its aliases', () => {
    // 16 MB of budget: about 16,000 nodes at the full parse's 1 KB a node, 4 per anchor and alias pair.
    const limits = { ...DEFAULT_LIMITS, maxMemoryMB: 16 };
    const accepted = parseText(anchorPairs(4_000), 'x.yaml', limits);
    expect(accepted.problems).toEqual([]);
    expect(libraryResolves.calls).toBe(4_000);
    expect(libraryResolves.scanned).toBeLessThanOrEqual(2 * 4_000);
    const refused = parseText(anchorPairs(4_200), 'x.yaml', limits);
    expect(refused.problems.map((p) => p.message)).toEqual([expect.stringMatching(/memory budget of 16 MB \(--max-memory\)/)]);
  });

  it('a broken document: its salvage (for masking secrets) resolves through the map too', () => {
    const f = parseText(`${anchorPairs(3_000)}apiToken: *a7\nbad: [\n`, 'x.yaml');
    expect(f.problems.map((p) => p.ruleId)).toContain('syntax-error');
    const salvaged = f.documents[0].salvage?.() as Record<string, string> | undefined;
    if (salvaged) expect(salvaged.apiToken).toBe('v7');
    expect(libraryResolves.fullWalks).toBe(0);
  });
});
