// Secret shapes (SECRET_SHAPES) are searched only in a text that holds what a match needs
// (SecretShape.needs): a run of token characters long enough, or a fixed string. Counted (the
// shapes' searches), and the masking the same as searching every shape in every text.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maskLine, maskSecrets, maskSecretsInPlace, MASK, cutQuoted } from '../../src/engine/mask';
import { SECRET_SHAPES } from '../../src/model/secrets';
import { hasTokenRun, SHORTEST_RUN_NEEDED, tokenRuns } from '../../src/engine/secret-text';

/** How many shapes were searched while `fn` ran (their expressions' exec calls). */
function searches(fn: () => void): number {
  const shapes = new Set(SECRET_SHAPES.map((s) => s.re));
  const exec = RegExp.prototype.exec;
  const searched = new Set<RegExp>();
  const spy = vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, s: string) {
    if (shapes.has(this)) searched.add(this);
    return exec.call(this, s);
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return searched.size;
}

/** Every shape searched in every text, by String.replace (the texts below are short: no shape's `tail` is needed). */
function everyShape(text: string, mask: (m: string) => string): string {
  return SECRET_SHAPES.reduce((out, { re, part }) => out.replace(re, (m: string) => {
    const [a, b] = part ? (part(m) ?? [0, 0]) : [0, m.length];
    return a === b ? m : m.slice(0, a) + mask(m.slice(a, b)) + m.slice(b);
  }), text);
}

afterEach(() => vi.restoreAllMocks());

describe('hasTokenRun: a run as long as a shape needs, told without reading every character', () => {
  it('says what tokenRuns says', () => {
    const piece = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_+=-]{0,40}$/), fc.constantFrom(' ', '.', '/', ':', 'é', '\n', '@'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.integer({ min: SHORTEST_RUN_NEEDED, max: 34 }), (parts, n) => {
        const text = parts.join('');
        expect(hasTokenRun(text, n), JSON.stringify(text)).toBe(tokenRuns(text).longest >= n);
      }),
      { numRuns: 3000 },
    );
    for (const n of [13, 16, 34]) for (const len of [n - 1, n, n + 1]) {
      const run = 'aB3'.repeat(20).slice(0, len);
      for (const text of [run, ` ${run}`, `${run} `, `x.${run}.y`, `${'ab '.repeat(9)}${run}`]) expect(hasTokenRun(text, n), text).toBe(len >= n);
    }
  });

  it('reads a fraction of a text of short runs (a message of words)', () => {
    const text = 'enabled is omitted, and on update an omitted enabled disables the alert; '.repeat(50);
    const spy = vi.spyOn(String.prototype, 'charCodeAt');
    expect(hasTokenRun(text, 13)).toBe(false);
    const reads = spy.mock.calls.length;
    spy.mockRestore();
    expect(reads).toBeLessThan(text.length / 2);
  });

  it("a message whose longest run (13, 'configuration') is shorter than every shape it could match needs: not read whole", () => {
    const message = 'enabled is omitted, and on update an omitted enabled disables the configuration; add enabled: true (or enabled: false to disable it on purpose).';
    const spy = vi.spyOn(String.prototype, 'charCodeAt');
    expect(maskSecrets(message, [])).toBe(message);
    const reads = spy.mock.calls.length;
    spy.mockRestore();
    expect(reads).toBeLessThan(message.length);
  });
});

describe('secret shapes searched only where they can match', () => {
  it('a code frame line or a message without a long token run, "eyJ" or "://": no shape is searched', () => {
    expect(searches(() => maskSecretsInPlace('    emailAddress: dba-oncall@example.com', []))).toBe(0);
    expect(searches(() => maskSecrets('`enabled` is omitted: say whether the alert is on.', []))).toBe(0);
  });

  it('a run of 24 hex digits (an id): no shape; 32 of them: the hex shape alone; a mixed run of 16 or more: the long token alone', () => {
    expect(searches(() => maskSecretsInPlace('    teamId: 5cb00720d3695898863af6eb', []))).toBe(0);
    expect(searches(() => maskSecretsInPlace('    checksum: 0123456789abcdef0123456789abcdef', []))).toBe(1);
    expect(searches(() => maskSecrets('a token Zx9Qw8Er7Ty6Ui5Op4 here', []))).toBe(1);
    // A vendor's prefix with a long enough run: its shape too (AKIA: a run of 20 holding "IA").
    expect(searches(() => maskSecrets('key AKIAABCDEFGHIJKLMNOP', []))).toBe(1);
  });

  it('a URL: its password shape is searched', () => {
    expect(searches(() => maskSecrets('see https://example.com/a', []))).toBe(1);
  });

  it('masks what searching every shape masks', () => {
    const texts: string[] = [
      'token xoxb-1234567890-abcdefghij here',
      'ghp_abcdefghijABCDEFGHIJ0123456789 and AKIAABCDEFGHIJKLMNOP, ASIAABCDEFGHIJKLMNOP',
      'xoxp-12345678 too short a run? xoxp-123456789012 and gho_abcdefghij0123456789',
      'EXTRA_INFO_PAGE_FAULTS and a long lower run abcdefghijklmnopqrstuvwxyzabcdefghij',
      'AIzaSyA1234567890abcdefghijklmnopqrstu',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end',
      'mongodb://admin:s3cr3tPassw0rd@db.example.com:27017/admin',
      'key 0123456789abcdef0123456789abcdef done',
      'a generated token Zx9Qw8Er7Ty6Ui5Op4 and a word supercalifragilistic',
      'eyJ alone, :// alone, a run abcdefghijklmnopqrstuvwxyz0123456789',
      'short: abc-def_ghi=jkl+mno',
      `${'A1b2'.repeat(40)} ${'x'.repeat(33)}`,
    ];
    // And seeded random texts of token pieces, prefixes and separators.
    const pieces = ['xox', 'b-', 'p-', 'gh', 'p_', 'AKIA', 'ASIA', 'AIza', 'eyJ', '.', '://', ':', '@', '/', ' ', '_', '-', '=', '+', 'A', 'Z', 'a', 'z', '0', '9', 'f', 'Q1w2E3r4', 'abcdef0123456789', 'ABCDEFGHIJ', 'é'];
    let seed = 37;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 3000; k++) texts.push(Array.from({ length: 1 + Math.floor(next() * 40) }, () => pieces[Math.floor(next() * pieces.length)]).join(''));
    for (const text of texts) {
      expect(maskSecretsInPlace(text, []), text).toBe(everyShape(maskLine(text), (m) => '*'.repeat(m.length)));
      expect(maskSecrets(text, []), text).toBe(cutQuoted(everyShape(text, () => MASK)));
    }
  });
  // The shortest secret each shape matches, alone in a short text: a `needs` that asks for more
  // than the shape's shortest match (a longer run, another prefix) leaves it unmasked here.
  const SHORTEST: Record<string, string> = {
    Slack: 'xoxb-12345678',
    GitHub: 'ghp_abcdefghij0123456789',
    AWS: 'AKIAABCDEFGHIJKLMNOP',
    Google: 'AIzaabcdefghijklmnopqrstuvwxyz0123',
    JWT: 'eyJabcdefgh.abcdefgh.abcdefgh',
    'URL password': 'https://u:pw@h',
    hex: '0123456789abcdef0123456789abcdef',
    token: 'Aa1Aa1Aa1Aa1Aa1A',
  };

  it('the shortest match of each shape, alone in a text, is masked in messages and frame lines', () => {
    // Every shape has its sample: the sample is a match of exactly one more shape than before.
    const matched = SECRET_SHAPES.map(({ re }) => Object.values(SHORTEST).filter((t) => new RegExp(re.source, re.flags.replace('g', '')).test(t)));
    expect(matched.every((m) => m.length >= 1), 'a shape without a sample in SHORTEST').toBe(true);
    for (const [name, sample] of Object.entries(SHORTEST)) {
      const secret = name === 'URL password' ? 'pw@' : sample;
      for (const text of [`note: ${sample}`, `${sample}`, `a: ${sample} b`]) {
        expect(maskSecrets(text, []), `${name}: ${text}`).not.toContain(secret);
        expect(maskSecretsInPlace(text, []), `${name}: ${text}`).not.toContain(secret);
      }
    }
  });
});
