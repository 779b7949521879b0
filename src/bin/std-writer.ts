// Standard output and error of the CLI, written with fs.writeSync. Reading process.stdout or
// process.stderr loads Node's streams, net and tty (a few milliseconds of every start, more than
// the lint of one small file), and a CLI run writes its report in one piece. On Linux Node writes
// files, pipes and terminals synchronously too, so nothing changes but the start-up: where a
// write cannot complete now (a non-blocking pipe that is full), the rest goes to Node's stream.
import { fstatSync, writeSync } from 'node:fs';
import { Utf8Chunks } from '../io/utf8-chunks';

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
  // One buffer for every write (a report comes in many pieces: one buffer each would be garbage
  // outside the heap), a big text encoded a piece at a time into it.
  const chunks = new Utf8Chunks();
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
      // What a full pipe left of the text for Node's stream.
      let rest = '';
      const whole = chunks.encode(s, (buffer, length, to) => {
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
            rest = s.slice(to);
            return false;
          }
        }
        return true;
      });
      if (whole) return true;
      if (closed) return false;
      // (Set inside the callback, which TypeScript's narrowing above does not see.)
      const opened = fallback as NodeJS.WriteStream | undefined;
      return rest && opened ? opened.write(rest) : true;
    },
  };
}

function isCharacterDevice(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false; // closed
  }
}
