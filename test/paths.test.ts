// The path shortcuts must give what path.resolve and path.relative give, for every path.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absolutePath, pathBelow } from '../src/core/paths';
import { notBelow } from '../src/core/normal-paths';

const segment = fc.constantFrom('a', 'b.yaml', '.', '..', '', 'x y', '.hidden', '...');
const somePath = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 6 })).map(([abs, parts]) => (abs ? '/' : '') + parts.join('/'));

describe('path shortcuts', () => {
  it('absolutePath is path.resolve', () => {
    fc.assert(fc.property(somePath, (p) => {
        expect({ p, r: absolutePath(p) }).toEqual({ p, r: path.resolve(p) });
      }), { numRuns: 2000 });
    for (const p of ['/', '/a', '/a/', '//a', '/a/./b', '/a/../b', '/a/.', '/a/..', '/a/.b', '/a/..b']) expect({ p, r: absolutePath(p) }).toEqual({ p, r: path.resolve(p) });
  });

  it('pathBelow is path.relative where it answers, and answers for normal paths below', () => {
    fc.assert(
      fc.property(somePath, somePath, (from, to) => {
        const got = pathBelow(from, to);
        if (got !== undefined) expect({ from, to, got }).toEqual({ from, to, got: path.relative(from, to) });
      }),
      { numRuns: 2000 },
    );
    expect(pathBelow('/work/x', '/work/x/p/a.yaml')).toBe('p/a.yaml');
    expect(pathBelow('/work/x', '/work/xy/a.yaml')).toBeUndefined();
    expect(pathBelow('/work/x', '/work/x/../a.yaml')).toBeUndefined();
    expect(pathBelow('/', '/a.yaml')).toBeUndefined();
  });

  it('notBelow: where it says so, path.relative is "" or climbs with ".." (displayPath then shows the path as it is)', () => {
    fc.assert(
      fc.property(somePath, somePath, (from, to) => {
        if (!notBelow(from, to)) return;
        const rel = path.relative(from, to);
        expect({ from, to, rel, outside: rel === '' || rel.startsWith('..') }).toEqual({ from, to, rel, outside: true });
      }),
      { numRuns: 2000 },
    );
    expect(notBelow('/work/x', '/tmp/s7/a.yaml')).toBe(true);
    expect(notBelow('/work/x', '/work/xy/a.yaml')).toBe(true);
    expect(notBelow('/work/x', '/work/x')).toBe(true);
    expect(notBelow('/work/x', '/work/x/a.yaml')).toBe(false);
    expect(notBelow('/', '/a.yaml')).toBe(false);
    expect(notBelow('/work/x', 'a.yaml')).toBe(false);
  });
});
