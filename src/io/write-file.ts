// Atomic file writes for everything omlint writes (fixed files, reports, the cache, the starter
// config): the bytes go to a temporary file beside the target, are flushed, and replace the target
// with one rename. A kill, a crash or a full disk leaves the old file or the new one, never a cut one.
// `fs` is used through its module object so that tests can make a call fail (ENOSPC) in-process.
import fs from 'node:fs';
import path from 'node:path';
import { nodeCrypto } from '../core/lazy-builtins';
import { describeFsError } from './fs-errors';
import { Utf8Chunks } from './utf8-chunks';

/** A file the CLI could not write: one clear line, exit 2 (never a stack trace). */
export class FileWriteError extends Error {
  constructor(
    readonly filePath: string,
    readonly cause: unknown,
    what: string,
  ) {
    super(`cannot write ${what} ${filePath}: ${describeFsError(cause)}`);
    this.name = 'FileWriteError';
  }
}

export interface AtomicWriteOptions {
  /** Create missing parent directories (reports, the cache). */
  makeDirs?: boolean;
  /** How the message names the file ("the report to", "the fixes to"). */
  what?: string;
  /**
   * A symbolic link at the target is replaced by the new file, its target never read nor written
   * (reports, the cache, the baseline: a committed link must not aim omlint's output at the user's files).
   */
  replaceLinks?: boolean;
  /**
   * Asked just before the new file is renamed into place: false leaves the target as it is (the file
   * changed since it was read, `--fix`), so that the gap is the rename alone.
   */
  stillCurrent?: () => boolean;
}

/**
 * Writes data to target atomically. An existing target keeps its mode (and owner, where allowed);
 * a symbolic link is written through (its target is replaced, the link stays), or with
 * `replaceLinks` replaced itself (the new file gets the default mode). Throws FileWriteError.
 * Returns false when `stillCurrent` said no (nothing was replaced).
 */
export function writeFileAtomic(target: string, data: string | Uint8Array | Iterable<string>, o: AtomicWriteOptions = {}): boolean {
  const what = o.what ?? 'the file';
  let real = o.replaceLinks ? path.resolve(target) : target;
  let mode = 0o666 & ~process.umask();
  let owner: { uid: number; gid: number } | undefined;
  try {
    const st = o.replaceLinks ? fs.lstatSync(real) : fs.statSync((real = fs.realpathSync(target)));
    if (st.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    // A link (replaceLinks): renamed over like a missing file, so its target's mode is not taken either.
    if (!st.isSymbolicLink()) {
      if (!st.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
      mode = st.mode & 0o7777;
      owner = { uid: st.uid, gid: st.gid };
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTREG') throw new FileWriteError(target, 'it is not a regular file', what);
    if (code !== 'ENOENT') throw new FileWriteError(target, e, what);
    real = path.resolve(target); // a new file
  }
  const dir = path.dirname(real);
  if (o.makeDirs) {
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw new FileWriteError(target, e, what);
    }
  }
  const tmp = path.join(dir, `.${path.basename(real)}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.omlint-tmp`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(tmp, 'wx', mode);
    fs.fchmodSync(fd, mode); // open's mode is masked by the umask; the old file's mode is kept whole
    if (owner && process.getuid?.() === 0) fs.fchownSync(fd, owner.uid, owner.gid);
    if (data instanceof Uint8Array) writeAll(fd, data, data.length);
    else writeTexts(fd, typeof data === 'string' ? [data] : data);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    if (o.stillCurrent && !o.stillCurrent()) {
      fs.unlinkSync(tmp);
      return false;
    }
    fs.renameSync(tmp, real);
    return true;
  } catch (e) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // already failing: the first error is the one reported
      }
    }
    try {
      fs.unlinkSync(tmp);
    } catch {
      // never created, or already gone
    }
    throw new FileWriteError(target, e, what);
  }
}

function writeAll(fd: number, bytes: Uint8Array, length: number): void {
  for (let off = 0; off < length; ) off += fs.writeSync(fd, bytes, off, length - off);
}

/** Texts written as UTF-8 one after the other, through one buffer (Utf8Chunks). */
function writeTexts(fd: number, texts: Iterable<string>): void {
  const chunks = new Utf8Chunks();
  const write = (buffer: Buffer, length: number) => (writeAll(fd, buffer, length), true);
  for (const text of texts) chunks.encode(text, write);
}

/** The bytes of a text in the encoding it was read in (UTF-16 files stay UTF-16). */
export function encodeText(text: string, encoding?: 'utf-16le' | 'utf-16be'): Buffer {
  if (!encoding) return Buffer.from(text, 'utf8');
  const le = Buffer.from(text, 'utf16le');
  return encoding === 'utf-16le' ? le : le.swap16();
}
