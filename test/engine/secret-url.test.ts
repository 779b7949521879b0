// urlHoldsSecret (src/engine/secret-text.ts): user-info and a query asked by one expression.
// Held to the verdict of the two expressions and tokenRuns for every URL: user-info, a query, a
// token-like run of 16 (upper case, lower case and digits) or a run of 32 hex digits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenRuns, urlHoldsSecret } from '../../src/engine/secret-text';

/** The verdict as tokenRuns gives it (the one before the expression). */
function byRuns(url: string): boolean {
  if (/:\/\/[^\s/@]*@/.test(url) || /\?./.test(url)) return true;
  const runs = tokenRuns(url);
  return runs.mixed >= 16 || runs.hex32;
}

const hex = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${min},${max}}$`));

describe('urlHoldsSecret: the verdict of tokenRuns', () => {
  const piece = fc.oneof(
    hex(30, 34),
    hex(1, 8),
    fc.stringMatching(/^[A-Za-z0-9_+=-]{1,40}$/),
    fc.stringMatching(/^[a-z0-9._-]{1,40}$/),
    fc.constantFrom('https://', '://', 'user:pw@', '://a b@', '://x/@', '?\n', '?\u2028', '? ', 'fastdl.mongodb.org', '/', '.', '-', '_', '+', '=', '?', '?x', '@', ':', '#', ' ', '\n', 'é', '\u{1F600}', 'A', 'Z', 'g', 'x86_64', '8.3.4.zip'),
  );
  it('is the same for every string', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const url = parts.join('');
        expect(urlHoldsSecret(url), JSON.stringify(url)).toBe(byRuns(url));
      }),
      { numRuns: 20000 },
    );
  });

  it('at the edges of a hex run of 32', () => {
    const h = '0123456789abcdef0123456789abcdef';
    for (const [before, after] of [['', ''], ['/', '.zip'], ['-', ''], ['', '_'], ['g', ''], ['', 'G'], ['é', 'é'], ['+', '/'], ['/x', '='], ['/', 'a'], ['0', '/']]) {
      for (const run of [h, h.slice(1), `${h}0`, h.toUpperCase(), `${h.slice(0, 31)}g`]) {
        const url = `https://example.com/${before}${run}${after}`;
        expect(urlHoldsSecret(url), url).toBe(byRuns(url));
      }
    }
    expect(urlHoldsSecret(`https://example.com/${h}.zip`)).toBe(true);
    expect(urlHoldsSecret('https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-rhel80-8.3.4.tgz')).toBe(false);
    expect(urlHoldsSecret('https://hooks.example.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX1a')).toBe(true);
  });
});
