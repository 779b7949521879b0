// The timestamp fields' pointer patterns are read once, when the module loads, not once per
// document (issue 37, clean16): the table the rule walks holds each pattern read, and expanding a
// read pattern finds what expanding its text finds.
import { describe, expect, it } from 'vitest';
import { TIMESTAMP_FIELDS, TIMESTAMP_PATTERNS, expandPointerPattern } from '../../src/model/timestamps';

describe('TIMESTAMP_PATTERNS', () => {
  it('has each kind\'s patterns read: tokens, and the pointer of a pattern without *', () => {
    expect(Object.keys(TIMESTAMP_PATTERNS).sort()).toEqual(Object.keys(TIMESTAMP_FIELDS).sort());
    expect(TIMESTAMP_PATTERNS['alert-config']).toEqual([{ tokens: ['created'], pointer: '/created' }, { tokens: ['updated'], pointer: '/updated' }]);
    expect(TIMESTAMP_PATTERNS['access-list-entries'][0]).toEqual({ tokens: ['*', 'created'] });
  });

  it('expands as the pattern text does', () => {
    const docs: unknown[] = [
      { created: '2024-01-01T00:00:00+01:00', updated: 3 },
      [{ created: 'x', lastUsed: 'y' }, 7, { lastUsed: 'z' }],
      { processes: [{ lastCompact: 'a' }, {}, { lastResync: 'b', lastRestart: 'c' }] },
      null,
    ];
    for (const [kind, patterns] of Object.entries(TIMESTAMP_FIELDS) as [keyof typeof TIMESTAMP_FIELDS, readonly string[]][]) {
      patterns.forEach((text, k) => {
        for (const doc of docs) expect(expandPointerPattern(doc, TIMESTAMP_PATTERNS[kind][k])).toEqual(expandPointerPattern(doc, text));
      });
    }
  });
});
