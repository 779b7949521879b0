// Reading one input file without ever throwing or hanging: unreadable, vanished, FIFO, oversize,
// binary or non-UTF-8 files become the file's one diagnostic; UTF-16 (with a BOM) is decoded.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { LintInput } from '../core/types';
import { describeFsError } from './fs-errors';
import { decodeUtf8Input } from '../syntax/utf8';

/** One read buffer for the small files that most runs are made of (reads are synchronous). */
const SMALL = 64 * 1024;
let smallBuffer: Buffer | undefined;

/**
 * Opening with O_NONBLOCK never waits for a FIFO's writer (a FIFO swapped in after the walk
 * looked, or named as a config); on regular files the flag changes nothing.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** A directory, FIFO, socket or device where a file was expected. */
class NotRegular extends Error {}

function readProblem(e: unknown): LintInput['problem'] {
  if (e instanceof NotRegular) return { ruleId: 'syntax-error', message: `This is ${e.message}; omlint does not read it${e.message.includes('directory') ? '' : ' (to lint a stream, pipe it with --stdin)'}.` };
  const code = (e as NodeJS.ErrnoException).code;
  const why = describeFsError(e);
  if (code === 'ENOENT') return { ruleId: 'syntax-error', message: `The file cannot be read (${why}): it was deleted or moved after omlint found it.` };
  return { ruleId: 'syntax-error', message: `The file cannot be read (${why}).` };
}

function notRegularError(fd: number): NotRegular | undefined {
  const st = fstatSync(fd);
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return new NotRegular('a directory, not a file');
  const what = st.isFIFO() ? 'a FIFO (named pipe)' : st.isSocket() ? 'a socket' : st.isCharacterDevice() ? 'a character device' : 'a special file';
  return new NotRegular(`${what}, not a regular file`);
}

/**
 * Reads a file as text; problems (unreadable, not UTF-8, larger than maxBytes) become a
 * diagnostic, not a crash. A file over limits.maxBytes is refused before it is read whole
 * (bounded memory).
 */
export function readInput(filePath: string, limits?: { maxBytes: number }): LintInput {
  const maxBytes = limits?.maxBytes ?? Infinity;
  let buf: Buffer;
  let fd: number | undefined;
  try {
    fd = openSync(filePath, OPEN_FLAGS);
    // A small file is read whole into one shared buffer: open, read, close, and no fstat (whose
    // Stats object and four Dates were a tenth of the reading of 2,000 files). Every read gives
    // its offset (pread): a pipe, FIFO or terminal has none and fails (ESPIPE, caught below), and
    // a regular file gives less than asked only at its end, so a short first read is the file.
    smallBuffer ??= Buffer.allocUnsafe(SMALL);
    const n = readSync(fd, smallBuffer, 0, SMALL, 0);
    if (n < SMALL) {
      // Nothing read: an empty file, or a device with nothing to give. Only then is fstat worth it.
      const odd = n === 0 ? notRegularError(fd) : undefined;
      if (odd) throw odd;
      if (n > maxBytes) return tooLarge(filePath, n, maxBytes);
      buf = smallBuffer.subarray(0, n);
    } else {
      // A bigger file: one fstat, and the size checked before the rest is read.
      const size = fstatSync(fd).size;
      if (size > maxBytes) return tooLarge(filePath, size, maxBytes);
      const text = size >= BIG ? plainUtf8Text(fd, smallBuffer, n, size) : undefined;
      if (text !== undefined) return { filePath, text };
      const whole = Buffer.allocUnsafe(Math.max(size, n));
      smallBuffer.copy(whole, 0, 0, n);
      let m = n;
      for (let got; m < whole.length && (got = readSync(fd, whole, m, whole.length - m, m)) > 0; ) m += got;
      // More than fstat said (a device, a file that grows): read on in chunks, the limit still held.
      const chunks = [whole.subarray(0, m)];
      for (let got; (got = readSync(fd, smallBuffer, 0, SMALL, m)) > 0; ) {
        m += got;
        if (m > maxBytes) return tooLarge(filePath, m, maxBytes);
        chunks.push(Buffer.from(smallBuffer.subarray(0, got)));
      }
      buf = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, m);
    }
  } catch (e) {
    // ESPIPE: no offsets (a FIFO, a terminal); EAGAIN: no data yet. Not a regular file either way.
    const code = (e as NodeJS.ErrnoException).code;
    const problem = (code === 'ESPIPE' || code === 'EAGAIN') && fd !== undefined ? readProblem(notRegularError(fd) ?? e) : readProblem(e);
    return { filePath, text: '', problem };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return decodeInput(filePath, buf);
}

/** From this size on, a UTF-8 file is read whole and decoded in one call (plainUtf8Text). */
const BIG = 1024 * 1024;

/** ArrayBuffer's resizable form (ES2024; Node 20's V8 has it): shrinking it gives its memory back. */
type Resizable = ArrayBuffer & { resize?(length: number): void };
const ResizableArrayBuffer = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => Resizable;

/**
 * A big file's text when it is plain UTF-8 (no UTF-16 mark, no invalid byte): its bytes read into
 * one buffer of the size fstat gave and decoded in one call, then the buffer shrunk to nothing,
 * which gives its memory back at once (a Buffer's bytes otherwise stay until a full collection
 * finds it: the file's size, held through the run). Cheaper than Node's `readFileSync(file,
 * 'utf8')`, which grows a copy of the file chunk by chunk before decoding it (bench/README.md,
 * "Big JSON against its floor"). Undefined for anything else, and for a file grown since its fstat: the byte-wise
 * path then says what is wrong with it. `head`: the first `n` bytes, read already.
 */
function plainUtf8Text(fd: number, head: Buffer, n: number, size: number): string | undefined {
  if (utf16Bom(head) || ((head[0] === 0 || head[1] === 0) && looksLikeUtf16WithoutBom(head))) return undefined;
  const bytes = new ResizableArrayBuffer(size, { maxByteLength: size });
  try {
    const buf = Buffer.from(bytes, 0, size);
    head.copy(buf, 0, 0, n);
    let m = n;
    for (let got; m < size && (got = readSync(fd, buf, m, size - m, m)) > 0; ) m += got;
    if (m === size && readSync(fd, Buffer.alloc(1), 0, 1, m) > 0) return undefined;
    const text = buf.toString('utf8', 0, m);
    // Invalid bytes come back as U+FFFD (a one-byte string holds none: no scan).
    return text.includes('\uFFFD') ? undefined : text;
  } finally {
    bytes.resize?.(0);
  }
}

/**
 * A small regular file's UTF-8 text (configs, ignore files, the cache), refusing FIFOs and other
 * special files instead of blocking on them. Throws the fs error, or an Error naming the file type,
 * or one saying that the file is over `maxBytes` (checked by its size before it is read, and while
 * reading: a file that grows).
 */
export function readRegularText(filePath: string, maxBytes = Infinity): string {
  const fd = openSync(filePath, OPEN_FLAGS);
  try {
    const odd = notRegularError(fd);
    if (odd) throw odd;
    const over = (size: number) => new Error(`the file is ${megabytes(size)} MB, over the ${megabytes(maxBytes)} MB limit; it was not read`);
    if (maxBytes !== Infinity) {
      const size = fstatSync(fd).size;
      if (size > maxBytes) throw over(size);
    }
    const chunks: Buffer[] = [];
    const chunk = Buffer.allocUnsafe(SMALL);
    let total = 0;
    for (let got; (got = readSync(fd, chunk, 0, SMALL, null)) > 0; ) {
      if ((total += got) > maxBytes) throw over(total);
      chunks.push(Buffer.from(chunk.subarray(0, got)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const megabytes = (n: number) => (n / 1048576).toFixed(n % 1048576 ? 1 : 0);

function tooLarge(filePath: string, size: number, maxBytes: number): LintInput {
  const mb = megabytes;
  return { filePath, text: '', problem: { ruleId: 'limit-exceeded', message: `The file is ${mb(size)} MB, over the ${mb(maxBytes)} MB limit; omlint did not read it. Raise the limit with --max-file-size (MB) if it is genuine.` } };
}

/**
 * decode() without {stream} starts afresh each call: one decoder serves every file. ignoreBOM
 * keeps a BOM in the text: the parser records it, and --fix writes it back.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const UTF16 = { 'utf-16le': new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }), 'utf-16be': new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true }) };

/** The UTF-16 byte-order mark, if the bytes start with one. */
function utf16Bom(buf: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe && !(buf.length >= 4 && buf[2] === 0 && buf[3] === 0)) return 'utf-16le';
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return 'utf-16be';
  return undefined;
}

const UTF16_NO_BOM = 'The file looks like UTF-16 without a byte-order mark; save it as UTF-8 (or UTF-16 with a BOM).';

export function decodeInput(filePath: string, buf: Buffer): LintInput {
  const utf16 = utf16Bom(buf);
  // UTF-16 without a BOM decodes as "valid" UTF-8 full of NULs: name it before it is called binary.
  if (!utf16 && buf.length >= 4 && (buf[0] === 0 || buf[1] === 0) && looksLikeUtf16WithoutBom(buf)) {
    return { filePath, text: '', problem: { ruleId: 'syntax-error', message: UTF16_NO_BOM } };
  }
  try {
    // YAML 1.2 (5.2) allows UTF-16 with a BOM; JSON texts exchanged are UTF-8, but decoding costs nothing.
    if (utf16) return { filePath, text: UTF16[utf16].decode(buf), encoding: utf16 };
    return { filePath, text: UTF8.decode(buf) };
  } catch {
    let message: string;
    if (utf16) message = `The file starts with a ${utf16.toUpperCase()} byte-order mark but is not valid ${utf16.toUpperCase()}.`;
    else if (buf.indexOf(0) >= 0) message = 'The file contains NUL bytes: it is binary, not JSON or YAML text.';
    else return decodeUtf8Input(filePath, buf); // the error at the first bad byte, the text for the frame
    return { filePath, text: '', problem: { ruleId: 'syntax-error', message } };
  }
}

/** ASCII text in UTF-16: every other byte of the first ones is NUL. */
function looksLikeUtf16WithoutBom(buf: Buffer): boolean {
  const n = Math.min(buf.length - (buf.length % 2), 64);
  if (n < 4) return false;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenNul++;
    if (buf[i + 1] === 0) oddNul++;
  }
  return evenNul === n / 2 || oddNul === n / 2;
}
