// The one UTF-8 chunk encoder of the CLI's standard output and the atomic file write
// (src/io/utf8-chunks.ts): the same bytes as Buffer.from, pairs whole across cuts, one buffer.
import { describe, expect, it } from 'vitest';
import { Utf8Chunks, UTF8_CHUNK_CHARS } from '../../src/io/utf8-chunks';

function encodeAll(chunks: Utf8Chunks, texts: string[]) {
  const out: Buffer[] = [];
  const buffers = new Set<Buffer>();
  const ends: number[] = [];
  for (const t of texts) {
    expect(chunks.encode(t, (buffer, length, end) => (buffers.add(buffer), ends.push(end), out.push(Buffer.from(buffer.subarray(0, length))), true))).toBe(true);
  }
  return { bytes: Buffer.concat(out), buffers, ends };
}

describe('Utf8Chunks', () => {
  it('gives the bytes of Buffer.from, a surrogate pair on a cut encoded whole, in chunks of at most UTF8_CHUNK_CHARS', () => {
    const text = 'a'.repeat(UTF8_CHUNK_CHARS - 1) + '\u{1F600}' + 'é✖'.repeat(UTF8_CHUNK_CHARS) + '\ud800 lone';
    const { bytes, ends } = encodeAll(new Utf8Chunks(), [text]);
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
    // The first cut moved back one: the pair's high half goes with its low half.
    expect(ends[0]).toBe(UTF8_CHUNK_CHARS - 1);
    expect(ends.at(-1)).toBe(text.length);
    for (let i = 1; i < ends.length; i++) expect(ends[i] - ends[i - 1]).toBeLessThanOrEqual(UTF8_CHUNK_CHARS);
  });

  it('serves many texts through two buffers at most (the first text\'s size, then a chunk\'s)', () => {
    const texts = ['short\n', 'x'.repeat(3 * UTF8_CHUNK_CHARS), ...Array.from({ length: 50 }, (_, i) => `line ${i}\n`)];
    const { bytes, buffers } = encodeAll(new Utf8Chunks(), texts);
    expect(bytes.toString('utf8')).toBe(texts.join(''));
    expect(buffers.size).toBe(2);
  });

  it('stops at the first chunk its writer refuses, and says so', () => {
    let calls = 0;
    expect(new Utf8Chunks().encode('y'.repeat(5 * UTF8_CHUNK_CHARS), () => ++calls < 2)).toBe(false);
    expect(calls).toBe(2);
    expect(new Utf8Chunks().encode('', () => false)).toBe(true);
  });
});
