// The `yaml` library's own Alias.resolve, counted while a test runs: how often it is called, how
// many anchor and alias nodes its loop may scan (the list it is handed), and how often it has to
// find them itself by walking the whole document (issue 32: once per alias was quadratic).
import { Alias } from 'yaml';
import { afterEach, beforeEach } from 'vitest';

export const libraryResolves = { calls: 0, scanned: 0, fullWalks: 0 };

/** Counts the library's alias resolution in each test of the calling file (reset before each). */
export function countLibraryResolves(): void {
  const original = Object.getOwnPropertyDescriptor(Alias.prototype, 'resolve')!;
  beforeEach(() => {
    Object.assign(libraryResolves, { calls: 0, scanned: 0, fullWalks: 0 });
    Object.defineProperty(Alias.prototype, 'resolve', {
      ...original,
      value: function (this: Alias, doc: Parameters<Alias['resolve']>[0], ctx?: Parameters<Alias['resolve']>[1]) {
        libraryResolves.calls++;
        if (!ctx?.aliasResolveCache) libraryResolves.fullWalks++;
        const found = original.value.call(this, doc, ctx);
        libraryResolves.scanned += ctx?.aliasResolveCache?.length ?? 0;
        return found;
      },
    });
  });
  afterEach(() => {
    Object.defineProperty(Alias.prototype, 'resolve', original);
  });
}

/** N distinct anchors, each aliased once (the shape of issue 32), as mapping entries. */
export const anchorPairs = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: &a${i} v${i}\nb${i}: *a${i}\n`).join('');
