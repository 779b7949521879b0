// Standard output and error of the CLI, written with fs.writeSync. Reading process.stdout or
// process.stderr loads Node's streams, net and tty (a few milliseconds of every start, more than
// the lint of one small file), and a CLI run writes its report in one piece. On Linux Node writes
// files, pipes and terminals synchronously too, so nothing changes but the start-up: where a
// write cannot complete now (a non-blocking pipe that is full), the rest goes to Node's stream.
import { fstatSync, writeSync } from 'node:fs';

export interface StdWriter {
  write(s: string): boolean;
  readonly isTTY: boolean;
  /** Whether some output went to Node's stream, which may still hold it (the process must not exit before it drains). */
  readonly streamed: boolean;
}

/**
 * `stream()` is Node's stream for the descriptor (opened only if needed). When the reader has gone
 * (`omlint check | head`), the rest of the output is dropped and the run ends as it would have:
 * its exit code still says whether there were errors.
 */
export function stdWriter(fd: 1 | 2, stream: () => NodeJS.WriteStream, write: typeof writeSync = writeSync): StdWriter {
  let fallback: NodeJS.WriteStream | undefined;
  let closed = false;
  let tty: boolean | undefined;
  // One buffer for every write (a report comes in many pieces: one buffer each would be garbage outside the heap).
  let buffer: Buffer | undefined;
  return {
    get streamed() {
      return fallback !== undefined;
    },
    get isTTY() {
      // A terminal is a character device: only then is Node's stream asked (and opened).
      return (tty ??= isCharacterDevice(fd) && Boolean(stream().isTTY));
    },
    write(s) {
      if (fallback) return fallback.write(s);
      if (closed) return false;
      // A big report is encoded a piece at a time into one buffer: its whole UTF-8 copy would add
      // its size to the run's peak memory (bench/README.md, mem37 of the fifteenth session).
      const need = Math.min(s.length, WRITE_CHUNK_CHARS) * 3;
      // The first write's size (most runs write a few lines), then the most a chunk can take.
      if (!buffer || buffer.length < need) buffer = Buffer.allocUnsafe(buffer ? WRITE_CHUNK_CHARS * 3 : need);
      for (let from = 0; from < s.length; ) {
        let to = Math.min(s.length, from + WRITE_CHUNK_CHARS);
        // A surrogate pair is encoded whole (cut, each half would become U+FFFD).
        if (to < s.length && isHighSurrogate(s.charCodeAt(to - 1)) && to - 1 > from) to--;
        const length = buffer.write(from === 0 && to === s.length ? s : s.slice(from, to), 'utf8');
        let done = 0;
        while (done < length) {
          try {
            done += write(fd, buffer, done, length - done);
          } catch (e) {
            const code = (e as NodeJS.ErrnoException).code;
            if (code === 'EPIPE') {
              closed = true;
              return false;
            }
            if (code !== 'EAGAIN') throw e;
            fallback = stream();
            // A copy: the stream may hold it after this call, and the text's rest as it is.
            fallback.write(Buffer.from(buffer.subarray(done, length)));
            return to < s.length ? fallback.write(s.slice(to)) : true;
          }
        }
        from = to;
      }
      return true;
    },
  };
}

/** Characters of a text encoded and written at a time (at most three bytes each in UTF-8). */
export const WRITE_CHUNK_CHARS = 64 * 1024;

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

function isCharacterDevice(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false; // closed
  }
}
