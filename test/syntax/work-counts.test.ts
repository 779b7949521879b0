// The test probes of the syntax room: one sealed record, a reset, and a parse counted once.
import { describe, expect, it } from 'vitest';
import { parseText } from '../../src/syntax/index';
import { resetWorkCounts, workCounts } from '../../src/syntax/work-counts';

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
    expect(Object.keys(workCounts)).toEqual(['parses', 'yamlScans', 'markers', 'markerPasses', 'blockReads', 'blockRereads', 'aliasLookups', 'positionParses', 'navigatorContainers', 'streamCharacters']);
  });
});
