// The disk as a project reads it: the other files of a scope (listed, stat'ed, sniffed, read).
// Given to a Project by its host (the language server); a closed project (the CLI, the playground's
// browser core) has none, so the lint path imports no file system.
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { SNIFF_BYTES } from './sniff';

export interface ProjectDisk {
  list(dir: string): { name: string; isDirectory(): boolean }[];
  stat(filePath: string): { isFile(): boolean; size: number; mtimeMs: number };
  readText(filePath: string): string;
  readPrefix(filePath: string): string | undefined;
}

export const nodeDisk: ProjectDisk = {
  list: (dir) => readdirSync(dir, { withFileTypes: true }),
  stat: (filePath) => statSync(filePath),
  readText: (filePath) => readFileSync(filePath, 'utf8'),
  readPrefix: (filePath) => readPrefix(filePath),
};

/** The first bytes of a file as text (a cut UTF-8 sequence at the end is harmless here). */
export function readPrefix(filePath: string, bytes = SNIFF_BYTES): string | undefined {
  let fd: number | undefined;
  try {
    // Non-blocking, and a regular file only: a file swapped for a FIFO since its stat is refused, not awaited.
    fd = openSync(filePath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    if (!fstatSync(fd).isFile()) return undefined;
    const buf = Buffer.alloc(bytes);
    const got = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, got).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

