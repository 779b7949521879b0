// The text scan's first look at a colon (src/engine/secret-keys.ts nextSecretColon): a colon whose
// plain key holds no letter pair of SECRET_LETTERS is passed over in one backward read, the rest
// judged as before. Held to an oracle written with regular expressions: the first colon whose key,
// read as the scan defines it, names a secret or `url`.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { keyBefore, nextSecretColon } from '../../src/engine/secret-keys';
import { isSecretFieldName, mayNameSecret } from '../../src/model/secrets';

/** The plain key before a colon: up to 128 key characters, starting a name, after a blank, an indicator, a flow delimiter or nothing. */
function oracleNames(text: string, colon: number): boolean {
  const m = /([\w$.-]{1,128})[ \t]*$/.exec(text.slice(Math.max(0, colon - 300), colon));
  if (!m) return false;
  const name = m[1];
  const start = colon - m[0].length;
  if (!/^[A-Za-z_$]/.test(name)) return false;
  if (start > 0 && !/[\s{,[?-]/.test(text[start - 1])) return false;
  return isSecretFieldName(name) || name.toLowerCase() === 'url';
}

function oracleNext(text: string, from: number): number {
  for (let c = text.indexOf(':', from); c >= 0; c = text.indexOf(':', c + 1)) if (oracleNames(text, c)) return c;
  return -1;
}

describe('nextSecretColon: colons without a letter pair passed over in one read', () => {
  const piece = fc.oneof(
    fc.constantFrom('apiToken', 'password', 'pwd', 'Secret', 'url', 'URL', 'operator', 'threshold', 'hostname', 'key', 'tkn', 'passwd', 'apiTokn', 'publicKey', 'x', 'k123', 'a.b', 'a-b', '$v', '_k'),
    fc.constantFrom(':', ': ', ' : ', ':\n', '\n', ' ', '\t', '- ', '{', '}', ',', '[', ']', '?', '@', '#', '/', 'é', '.', '-', '1'),
    fc.stringMatching(/^[A-Za-z0-9_$.-]{1,20}$/),
  );
  it('finds the colons the oracle finds, from any offset', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.nat(200), (parts, at) => {
        const text = parts.join('');
        const from = Math.min(at, text.length);
        expect(nextSecretColon(text, from, keyBefore(), undefined), JSON.stringify(text)).toBe(oracleNext(text, from));
      }),
      { numRuns: 3000 },
    );
  });

  it('at the bound of a key read backwards (128 characters)', () => {
    for (const n of [126, 127, 128, 129, 130, 200]) {
      for (const name of [`${'a'.repeat(n)}Token`, `${'a'.repeat(n - 5)}-pass${'b'.repeat(5)}Token`, `apiToken${'z'.repeat(n)}`, `${'x'.repeat(n)}-apiToken`]) {
        for (const text of [`${name}: v`, ` ${name}: v`, `@${name}: v`]) expect(nextSecretColon(text, 0, keyBefore(), undefined), text).toBe(oracleNext(text, 0));
      }
    }
  });

  it('a name with a letter pair judged plain is not lower-cased to be asked whether it is `url` (only a name of three characters may be)', () => {
    const text = 'operator: GREATER_THAN\nthreshold: 5\nuRl: https://hooks.example.com/x\n';
    const colons = (): number[] => {
      const key = keyBefore();
      const out: number[] = [];
      for (let c = nextSecretColon(text, 0, key, undefined); c >= 0; c = nextSecretColon(text, c + 1, key, undefined)) out.push(c);
      return out;
    };
    // The verdicts of the names remembered first (isSecretFieldName lower-cases a name it judges).
    expect(colons()).toEqual([text.indexOf('uRl:') + 3]);
    const lower = vi.spyOn(String.prototype, 'toLowerCase');
    try {
      expect(colons()).toEqual([text.indexOf('uRl:') + 3]);
      expect(lower.mock.contexts).toEqual(['uRl']);
    } finally {
      lower.mockRestore();
    }
  });
});

describe('nextSecretColon: the letter pairs read through one table (secret-keys.ts KEY_TABLE)', () => {
  it('a plain key is judged (cut out) exactly when it holds a pair of mayNameSecret: every two key characters, in both cases', () => {
    const keyChars: string[] = [];
    for (let c = 0; c < 128; c++) if (/[\w$.-]/.test(String.fromCharCode(c))) keyChars.push(String.fromCharCode(c));
    const slice = vi.spyOn(String.prototype, 'slice');
    try {
      for (const a of keyChars) {
        for (const b of keyChars) {
          // Around the two: characters that make no pair with any letter.
          for (const name of [`x${a}${b}`, `_${a}${b}1`, `$1${a}${b}`]) {
            slice.mockClear();
            nextSecretColon(`${name}: v`, 0, keyBefore(), undefined);
            expect(slice.mock.contexts.length > 0, name).toBe(mayNameSecret(name, 0, name.length));
          }
        }
      }
    } finally {
      slice.mockRestore();
    }
  });
});
