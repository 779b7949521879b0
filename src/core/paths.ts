// The package root, found from this module's location: works from src/ (tests) and dist/ (bundle).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

export function packageRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'schemas')) || !existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('omlint: cannot find the package root (schemas/ and package.json)');
    dir = up;
  }
  return (root = dir);
}

// A path that is absolute and normal already (no ".", "..", "//" or trailing "/"), as a
// directory walk makes them: path.resolve and path.relative re-split such paths each call, and
// a run over thousands of files asks several times per file.
const NOT_NORMAL = /\/\.{0,2}(?:\/|$)/;
const isNormalAbsolute = (p: string) => path.sep === '/' && p.charCodeAt(0) === 47 && !NOT_NORMAL.test(p);

/** path.resolve(p), without its cost for paths that are absolute and normal already. */
export function absolutePath(p: string): string {
  return isNormalAbsolute(p) ? p : path.resolve(p);
}

/** path.relative(from, to) for `to` inside `from`, else undefined (the caller asks path.relative). */
export function pathBelow(from: string, to: string): string | undefined {
  if (from === '/' || !to.startsWith(from) || to.charCodeAt(from.length) !== 47) return undefined;
  return isNormalAbsolute(from) && isNormalAbsolute(to) ? to.slice(from.length + 1) : undefined;
}
