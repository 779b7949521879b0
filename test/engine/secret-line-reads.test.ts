// What the text scan reads of a line with a secret-named key (src/engine/secret-text.ts): its key
// judged once, by the scan of the whole text; the line read for a flow collection (where a value
// ends at `,` `}` `]`) only when a bracket stands before the key.
import { describe, expect, it, vi } from 'vitest';
import { maskLine, secretSpansInLine, secretsInText } from '../../src/engine/mask';
import { firstOutsideQuotes } from '../../src/syntax/outside-quotes';

vi.mock('../../src/syntax/outside-quotes', async (original) => {
  const m = await original<typeof import('../../src/syntax/outside-quotes')>();
  return { ...m, firstOutsideQuotes: vi.fn(m.firstOutsideQuotes) };
});

describe('a flow collection looked for only before a key that may stand in one', () => {
  it('a block key (nothing but blanks or "- " before it): its line is not read for a flow collection', () => {
    const read = vi.mocked(firstOutsideQuotes);
    read.mockClear();
    for (const line of ['    apiToken: Qx7145Leak,Canary}', '  - serviceKey: Qx7146Leak]Canary', 'password: a,b']) {
      expect(secretSpansInLine(line).map((s) => s.text), line).toEqual([line.slice(line.indexOf(': ') + 2)]);
    }
    expect(read).not.toHaveBeenCalled();
  });

  it('a key after a bracket: the value ends where the flow collection says', () => {
    expect(secretSpansInLine('x: {apiToken: Qx7147LeakCanary, b: c}').map((s) => s.text)).toEqual(['Qx7147LeakCanary']);
    expect(maskLine('{a: 1, b: [x, y], secret: q,r}')).toBe('{a: 1, b: [x, y], secret: *,r}');
    expect(secretSpansInLine('- [a, {password: Qx7148LeakCanary}]').map((s) => s.text)).toEqual(['Qx7148LeakCanary']);
    // A bracket in quotes before the key opens no collection: the value goes to the line's end.
    expect(maskLine("'[' : 1, apiToken: Qx71,49")).toBe("'[' : 1, apiToken: *******");
    expect(maskLine('k: "{", apiToken: q1,q2')).toBe('k: "{", apiToken: *****');
  });
});

describe('the key of a line the scan found: judged once', () => {
  /** How many times `name` is cut out of a text or a line while `fn` runs (a judgement of the name: secret-keys.ts namesOf). */
  function cuts(name: string, fn: () => void): number {
    const slice = String.prototype.slice;
    let n = 0;
    const spy = vi.spyOn(String.prototype, 'slice').mockImplementation(function (this: string, ...args: [number?, number?]) {
      const out = slice.apply(this, args);
      if (out === name) n++;
      return out;
    });
    try {
      fn();
    } finally {
      spy.mockRestore();
    }
    return n;
  }

  it('once by the scan of the text, not again by the read of its line', () => {
    const text = 'eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: SLACK\n    apiToken: Qx7150LeakCanary\n';
    expect(secretsInText(text)).toEqual(['Qx7150LeakCanary']);
    expect(cuts('apiToken', () => secretsInText(text))).toBe(1);
  });

  it('a text with a lone CR: the line judges its keys itself (a key read backwards in the text crosses no LF only)', () => {
    const text = 'eventTypeName: HOST_DOWN\rnotifications:\r  - typeName: SLACK\r    apiToken: Qx7151LeakCanary\r';
    expect(secretsInText(text)).toEqual(['Qx7151LeakCanary']);
    expect(cuts('apiToken', () => secretsInText(text))).toBe(2);
  });

  it('the same values as a read of each line alone, on lines of several keys', () => {
    for (const text of ['a: 1, apiToken: Qx7152LeakCanary, password: Qx7153LeakCanary\n', '{x: y, secret: Qx7154Leak, url: https://h.example.com/Qx7155LeakCanaryAbc}\n', '"apiToken": "Qx7156LeakCanary" # token: Qx7157LeakCanary\n']) {
      expect(secretsInText(text), text).toEqual(secretSpansInLine(text.slice(0, -1)).map((s) => s.text).filter((t) => t !== ''));
    }
  });
});

