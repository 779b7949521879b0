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

export { absolutePath, pathBelow } from './normal-paths';
