// Texts encoded as UTF-8 a chunk at a time into one reused buffer, for the CLI's standard output
// (bin/std-writer.ts) and the atomic file write (write-file.ts): a report's whole UTF-8 copy would
// add its size to the run's peak memory (bench/README.md, mem37 of the fifteenth session, dup17).

/** Characters of a text encoded at a time (at most three bytes each in UTF-8). */
export const UTF8_CHUNK_CHARS = 64 * 1024;

/**
 * Gives each chunk's bytes to a writer; one buffer serves every text given to it: the first text's
 * size (most runs write a few lines), then the most a chunk can take.
 */
export class Utf8Chunks {
  private buffer: Buffer | undefined;

  /**
   * Encodes `text` chunk by chunk and calls `write(buffer, length, end)` for each, `end` the text's
   * position the chunk reaches. Stops when `write` returns false, and returns false then.
   */
  encode(text: string, write: (buffer: Buffer, length: number, end: number) => boolean): boolean {
    for (let from = 0; from < text.length; ) {
      let to = Math.min(text.length, from + UTF8_CHUNK_CHARS);
      // A surrogate pair is encoded whole (cut, each half would become U+FFFD).
      const last = text.charCodeAt(to - 1);
      if (to < text.length && last >= 0xd800 && last <= 0xdbff && to - 1 > from) to--;
      let buffer = this.buffer;
      if (!buffer || buffer.length < (to - from) * 3) this.buffer = buffer = Buffer.allocUnsafe(buffer ? UTF8_CHUNK_CHARS * 3 : (to - from) * 3);
      if (!write(buffer, buffer.write(from === 0 && to === text.length ? text : text.slice(from, to), 'utf8'), to)) return false;
      from = to;
    }
    return true;
  }
}
