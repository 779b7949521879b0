// Which files a `check` run reads, and reading them without ever throwing.
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LintInput } from '../engine/lint';
import { absolutePath } from '../paths';

const LINTABLE = /\.(json|ya?ml)$/i;
const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn']);

export interface FoundFile {
  filePath: string;
  /** Found by walking a directory (not named on the command line). */
  discovered: boolean;
}

/** Expands paths: files as given, directories walked for *.json, *.yaml, *.yml. */
export function findFiles(paths: string[], isIgnored: (filePath: string) => boolean): { files: FoundFile[]; missing: string[] } {
  const files: FoundFile[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const add = (filePath: string, discovered: boolean) => {
    const abs = discovered ? filePath : absolutePath(filePath); // a walk's paths are resolved already
    if (seen.has(abs)) return;
    seen.add(abs);
    files.push({ filePath: abs, discovered });
  };
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !isIgnored(p)) walk(p);
      } else if (e.isFile() && LINTABLE.test(e.name) && !/^omlint\.config\./.test(e.name) && !isIgnored(p)) {
        add(p, true);
      }
    }
  };
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      missing.push(p);
      continue;
    }
    if (st.isDirectory()) walk(path.resolve(p));
    else if (!isIgnored(absolutePath(p))) add(p, false);
  }
  return { files, missing };
}

/** One read buffer for the small files that most runs are made of (reads are synchronous). */
const SMALL = 64 * 1024;
let smallBuffer: Buffer | undefined;

/**
 * Reads a file as UTF-8 text; problems (unreadable, not UTF-8, larger than maxBytes) become a
 * diagnostic, not a crash. A file over limits.maxBytes is refused before it is read whole
 * (bounded memory).
 */
export function readInput(filePath: string, limits?: { maxBytes: number }): LintInput {
  const maxBytes = limits?.maxBytes ?? Infinity;
  let buf: Buffer;
  let fd: number | undefined;
  try {
    fd = openSync(filePath, 'r');
    // A small file is read whole into one shared buffer: open, read, read (0: the end), close, and
    // no fstat (whose Stats object and four Dates were a tenth of the reading of 2,000 files).
    smallBuffer ??= Buffer.allocUnsafe(SMALL);
    let n = 0;
    for (let got; n < SMALL && (got = readSync(fd, smallBuffer, n, SMALL - n, null)) > 0; ) n += got;
    if (n < SMALL) {
      if (n > maxBytes) return tooLarge(filePath, n, maxBytes);
      buf = smallBuffer.subarray(0, n);
    } else {
      // A bigger file: one fstat, and the size checked before the rest is read.
      const size = fstatSync(fd).size;
      if (size > maxBytes) return tooLarge(filePath, size, maxBytes);
      const whole = Buffer.allocUnsafe(Math.max(size, n));
      smallBuffer.copy(whole, 0, 0, n);
      let m = n;
      for (let got; m < whole.length && (got = readSync(fd, whole, m, whole.length - m, null)) > 0; ) m += got;
      // More than fstat said (a pipe, a file that grows): read on in chunks, the limit still held.
      const chunks = [whole.subarray(0, m)];
      for (let got; (got = readSync(fd, smallBuffer, 0, SMALL, null)) > 0; ) {
        m += got;
        if (m > maxBytes) return tooLarge(filePath, m, maxBytes);
        chunks.push(Buffer.from(smallBuffer.subarray(0, got)));
      }
      buf = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, m);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return { filePath, text: '', problem: { ruleId: 'syntax-error', message: `The file cannot be read (${code}).` } };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return decodeInput(filePath, buf);
}

function tooLarge(filePath: string, size: number, maxBytes: number): LintInput {
  const mb = (n: number) => (n / 1048576).toFixed(n % 1048576 ? 1 : 0);
  return { filePath, text: '', problem: { ruleId: 'limit-exceeded', message: `The file is ${mb(size)} MB, over the ${mb(maxBytes)} MB limit; omlint did not read it. Raise the limit with --max-file-size (MB) if it is genuine.` } };
}

/** decode() without {stream} starts afresh each call: one decoder serves every file. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function decodeInput(filePath: string, buf: Buffer): LintInput {
  try {
    return { filePath, text: UTF8.decode(buf) };
  } catch {
    const nul = buf.indexOf(0);
    const message = nul >= 0 ? 'The file contains NUL bytes: it is binary, not JSON or YAML text.' : 'The file is not valid UTF-8 text; JSON and YAML files must be UTF-8.';
    return { filePath, text: '', problem: { ruleId: 'syntax-error', message } };
  }
}
