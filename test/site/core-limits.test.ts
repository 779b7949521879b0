// Issue 32 in the playground: a share link of 1.3 MB froze the page for 31 s. The playground lints
// with the same engine (site/src/core.ts), so the same bounds hold there: the limit finding for a
// stream of too many documents, one library resolution per alias for anchors each aliased once.
import { describe, expect, it } from 'vitest';
import { lintFiles } from '../../site/src/core';
import { decodeState, encodeState } from '../../site/src/share';
import { workCounts } from '../../src/syntax/work-counts';
import { anchorPairs, countLibraryResolves, libraryResolves } from '../syntax/alias-work';

countLibraryResolves();

/** What the playground lints for a share link (site/src/playground.ts). */
async function lintShared(text: string) {
  const state = decodeState(`#s=${encodeState({ text, kind: 'alert-config', target: '', config: '' })}`)!;
  const result = await lintFiles({ files: [{ filePath: '/playground/document', text: state.text }], kind: state.kind, cwd: '/playground' });
  return result.files[0].diagnostics;
}

describe('the playground core on texts that were quadratic to parse', () => {
  it('a share link of 80,000 "---" lines: the --max-documents finding, the count stopped at the limit', async () => {
    const before = workCounts.markers;
    const diagnostics = await lintShared('---\n'.repeat(80_000));
    expect(diagnostics.filter((d) => d.ruleId === 'limit-exceeded').map((d) => d.message)).toEqual([expect.stringMatching(/more than 10,000 documents, the limit \(--max-documents\)/)]);
    expect(workCounts.markers - before).toBe(10_001);
  });

  it('a share link of 8,000 anchors each aliased once: linted, one library resolution per alias, two nodes scanned each', async () => {
    const n = 8_000;
    const diagnostics = await lintShared(`eventTypeName: HOST_DOWN\nenabled: true\nnotifications: []\n${anchorPairs(n)}`);
    expect(diagnostics.some((d) => d.ruleId === 'unknown-field')).toBe(true);
    expect(libraryResolves.calls).toBe(n);
    expect(libraryResolves.scanned).toBeLessThanOrEqual(2 * n);
    expect(libraryResolves.fullWalks).toBe(0);
  });
});
