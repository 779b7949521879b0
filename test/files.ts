// Test inputs found on disk: every file under a directory whose name matches (none if it is absent).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function filesUnder(dir: string, name: RegExp): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((f) => name.test(f)).map((f) => path.join(dir, f)) : [];
}
