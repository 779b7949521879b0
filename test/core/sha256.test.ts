// The one SHA-256 of fingerprints and cache keys (core/lazy-builtins.ts sha256Hex): its keys must
// stay the bytes they always were, or every saved cache and baseline fingerprint would change.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/lazy-builtins';
import { sha256 } from '../../src/cli/cache';

const streamed = (...parts: string[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex');
};

const TEXTS = ['', 'a', 'é漢字 😀', '\ud800', '\udfff\ud800x', 'line\r\nline\u0000', 'x'.repeat(70_000)];

describe('sha256Hex and the cache keys', () => {
  it('sha256Hex is the SHA-256 of the UTF-8 bytes in hex (lone surrogates as U+FFFD, as Hash.update)', () => {
    for (const t of TEXTS) expect(sha256Hex(t)).toBe(createHash('sha256').update(t).digest('hex'));
  });

  it('a cache key hashes each part followed by a NUL, as the streamed hash did (no part: the empty text)', () => {
    expect(sha256()).toBe(streamed());
    for (const a of TEXTS) {
      expect(sha256(a)).toBe(streamed(a));
      for (const b of TEXTS.slice(0, 4)) expect(sha256(a, b, a)).toBe(streamed(a, b, a));
    }
    // The NUL after each part keeps ('ab', '') and ('a', 'b') apart.
    expect(sha256('ab', '')).not.toBe(sha256('a', 'b'));
  });
});
