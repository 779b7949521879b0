// Test inputs found on disk: every file under a directory whose name matches (none if it is absent).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function filesUnder(dir: string, name: RegExp): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((f) => name.test(f)).map((f) => path.join(dir, f)) : [];
}

/** A fresh temporary directory holding the given files (name -> text or bytes). */
export function tempTree(files: Record<string, string | Buffer>, prefix = 'omlint-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
