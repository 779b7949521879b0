// The server bounds its heap's growth between full collections while a big document is open, and
// gives V8 its own heuristics back when none is (the flag is set only when it changes).
import { describe, expect, it } from 'vitest';
import { BIG_DOCUMENT_GROWTH_PERCENT, BIG_OPEN_CHARS, heapGrowthPercent, HeapPolicy } from '../../src/server/heap';

describe('heap growth policy', () => {
  it('bounds the growth from BIG_OPEN_CHARS of open text on', () => {
    expect(heapGrowthPercent(0)).toBe(0);
    expect(heapGrowthPercent(100_000)).toBe(0);
    expect(heapGrowthPercent(BIG_OPEN_CHARS)).toBe(BIG_DOCUMENT_GROWTH_PERCENT);
    expect(BIG_DOCUMENT_GROWTH_PERCENT).toBeGreaterThan(0);
    expect(BIG_DOCUMENT_GROWTH_PERCENT).toBeLessThan(100);
  });

  it('sets the V8 flag when the open documents cross the bound, both ways, and only then', () => {
    const set: string[] = [];
    const policy = new HeapPolicy((flags) => set.push(flags));
    policy.update(98_000);
    expect(set).toEqual([]);
    policy.update(21_000_000);
    policy.update(21_000_005);
    expect(set).toEqual([`--heap-growing-percent=${BIG_DOCUMENT_GROWTH_PERCENT}`]);
    policy.update(98_000);
    expect(set).toEqual([`--heap-growing-percent=${BIG_DOCUMENT_GROWTH_PERCENT}`, '--heap-growing-percent=0']);
  });
});
