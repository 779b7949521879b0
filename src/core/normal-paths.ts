// Absolute, normal paths without path.resolve's cost. No file system (the playground's browser
// bundle lints with these; core/paths.ts adds the package root).
import path from 'node:path';

// A path that is absolute and normal already (no ".", "..", "//" or trailing "/"), as a
// directory walk makes them: path.resolve and path.relative re-split such paths each call, and
// a run over thousands of files asks several times per file.
const NOT_NORMAL = /\/\.{0,2}(?:\/|$)/;
const isNormalAbsolute = (p: string) => path.sep === '/' && p.charCodeAt(0) === 47 && !NOT_NORMAL.test(p);

/** path.resolve(p), without its cost for paths that are absolute and normal already. */
export function absolutePath(p: string): string {
  return isNormalAbsolute(p) ? p : path.resolve(p);
}

/**
 * Whether `to` is not below `from` (outside it, or `from` itself), told without path.relative
 * for absolute, normal paths (then path.relative(from, to) is "" or climbs with ".."); false
 * when it cannot tell.
 */
export function notBelow(from: string, to: string): boolean {
  if (from === '/' || !isNormalAbsolute(from) || !isNormalAbsolute(to)) return false;
  return !(to.startsWith(from) && to.charCodeAt(from.length) === 47);
}

/** path.relative(from, to) for `to` inside `from`, else undefined (the caller asks path.relative). */
export function pathBelow(from: string, to: string): string | undefined {
  if (from === '/' || !to.startsWith(from) || to.charCodeAt(from.length) !== 47) return undefined;
  return isNormalAbsolute(from) && isNormalAbsolute(to) ? to.slice(from.length + 1) : undefined;
}
