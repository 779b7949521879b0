// The frame lines a released run keeps read as the text's own reader reads them (issue 37: kept in
// plain arrays, searched in place while short, indexed once long), whatever their number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameReader, keepFrames } from '../../src/engine/frame-lines';
import { LineIndex } from '../../src/core/lines';
import { runMasks } from '../../src/engine/mask';

describe('kept frame lines', () => {
  const line = fc.constantFrom('', '  ', 'a: 1', '\tb: 2', 'token: hunter2hunter2', '  - x: y', '# c');
  it('give every line a frame asks (a finding line and the one above), as the text reader does, few or many', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 60, size: 'max' }), fc.array(fc.integer({ min: -1, max: 62 }), { maxLength: 40, size: 'max' }), fc.boolean(), (ls, at, listed) => {
        const text = ls.join('\n');
        const secrets = listed ? ['hunter2hunter2'] : [];
        const lines = new LineIndex(text);
        const kept = frameReader({ text: '', bom: false, secrets, frames: keepFrames(lines, secrets, at) });
        const whole = frameReader({ text, bom: false, secrets, lines });
        expect(kept.lineCount).toBe(whole.lineCount);
        for (const n of at) {
          if (n < 1 || n > lines.lineCount) continue;
          expect(kept.shown(n), JSON.stringify([text, at, n])).toBe(whole.shown(n));
          if (n === 1) continue;
          expect(kept.blank(n - 1)).toBe(whole.blank(n - 1));
          if (!whole.blank(n - 1)) expect(kept.shown(n - 1)).toBe(whole.shown(n - 1));
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('read as the text reader does when kept through the run\'s clean lines, a secret or shape in a line still masked', () => {
    const piece = fc.constantFrom('', '  ', 'a: 1', '\tb: 2', 'token: hunter2hunter2', 'password: |', '  - x: y', '# c', 'k: xoxb-1234567890ab', 'u: https://u:pw1234@h/x', 'eventTypeName: HOST_DOWN', '\t# Qx7aBcDeFgHiJkLmN0p');
    const masks = runMasks();
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 6 }), fc.boolean(), (ls, at, listed) => {
        const text = ls.join('\n');
        const secrets = listed ? ['hunter2hunter2'] : [];
        const lines = new LineIndex(text);
        // Twice: the second file meets the lines the run kept clean from the first.
        for (let again = 0; again < 2; again++) {
          const kept = frameReader({ text: '', bom: false, secrets, frames: keepFrames(lines, secrets, at, masks.lines) });
          const whole = frameReader({ text, bom: false, secrets, lines });
          for (const n of at) {
            if (n > lines.lineCount) continue;
            expect(kept.shown(n), JSON.stringify([text, at, n])).toBe(whole.shown(n));
            if (n > 1 && !whole.blank(n - 1)) expect(kept.shown(n - 1)).toBe(whole.shown(n - 1));
          }
        }
      }),
      { numRuns: 1000 },
    );
    const frames = keepFrames(new LineIndex('# c\ntoken: Qx7aBcDeFgHiJkLmN0pQ9\n'), [], [2, 2], masks.lines);
    expect(frames.shown).toEqual(['token: *********************', '# c']);
  });

  it('keep each line once, in the order first asked, however many findings stand on it', () => {
    const text = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? '' : `k${i}: v`)).join('\n');
    const at = [5, 5, 3, 12, 30, 2, 3, 12, 20, 21, 22, 23, 24, 25, 26, 27, 5];
    const frames = keepFrames(new LineIndex(text), [], at);
    // Lines 1, 4, 7, … are blank: a blank line above a finding is listed as blank, not kept.
    expect(frames.at).toEqual([5, 3, 2, 12, 11, 30, 29, 20, 21, 22, 23, 24, 25, 26, 27]);
    expect(new Set(frames.at).size).toBe(frames.at.length);
    expect([...frames.blank].sort((a, b) => a - b)).toEqual([1, 4, 19, 22, 25]);
  });
});
