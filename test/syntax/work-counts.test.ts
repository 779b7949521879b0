// The test probes of the syntax room: one sealed record, a reset, and a parse counted once.
import { describe, expect, it } from 'vitest';
import { parseText } from '../../src/syntax/index';
import { resetWorkCounts, workCounts } from '../../src/syntax/work-counts';
import { yamlPositions } from '../../src/syntax/yaml';

describe('workCounts', () => {
  it('counts from 0 after a reset: one parse of a YAML text is one parse and one block read', () => {
    parseText('a: 1\n', 'a.yaml');
    resetWorkCounts();
    expect(Object.values(workCounts).every((n) => n === 0)).toBe(true);
    parseText('a: 1\nb: [1, 2]\n', 'b.yaml');
    expect({ parses: workCounts.parses, blockReads: workCounts.blockReads, positionParses: workCounts.positionParses }).toEqual({ parses: 1, blockReads: 1, positionParses: 0 });
  });

  it('has a fixed shape: a misspelt count is an error, not a new field', () => {
    expect(() => {
      (workCounts as Record<string, number>).parse = 1;
    }).toThrow(TypeError);
    expect(Object.keys(workCounts)).toEqual(['parses', 'yamlScans', 'markers', 'markerPasses', 'blockReads', 'blockRereads', 'blockLines', 'blockWalks', 'aliasLookups', 'positionParses', 'pairIndexes', 'navigatorContainers', 'streamCharacters']);
  });
});

describe('locate in the `yaml` library\'s tree', () => {
  it('indexes a map\'s pairs once per document: every key of a big mapping located in linear time', () => {
    const n = 2_000;
    const text = `root:\n${Array.from({ length: n }, (_, i) => `  k${i}: ${i}\n`).join('')}`;
    const first = yamlPositions(text);
    const before = workCounts.pairIndexes;
    for (let i = 0; i < n; i++) expect(first.locate(`/root/k${i}`)?.value).toBeDefined();
    expect(workCounts.pairIndexes - before).toBe(2); // the document's map, and root's
    // Another parse of the same text has an index of its own, built on its first locate.
    const second = yamlPositions(text);
    expect(second.locate(`/root/k${n - 1}`)).toEqual(first.locate(`/root/k${n - 1}`));
    expect(workCounts.pairIndexes - before).toBe(4);
  });
});
