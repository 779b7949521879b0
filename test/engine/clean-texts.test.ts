// A run masks a text with no listed secret once (engine/mask.ts CleanTexts, held by the run's
// frame): the same message in every file, the same line in many frames. Counted, and the texts
// come out as the masking without it gives them, a secret's line never kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskAll } from '../../src/engine/finish';
import { keepFrames } from '../../src/engine/frame-lines';
import { maskFrameLine, maskSecrets, maskSecretsInPlace, runMasks } from '../../src/engine/mask';
import { LineIndex } from '../../src/core/lines';
import type { Diagnostic } from '../../src/core/types';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const finding = (message: string, pointer = ''): Diagnostic => ({
  ruleId: 'enabled-omitted', severity: 'warning', message, pointer, range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
  kind: 'alert-config', documentIndex: 0, fixable: false, suggestions: [{ title: 'Add enabled: true', edits: [] }],
} as unknown as Diagnostic);

describe('texts a run found clean', () => {
  it('a message repeated in every file is masked once per run, and reads as before', () => {
    const masks = runMasks();
    const message = 'enabled is omitted, and on update an omitted enabled disables the configuration; add enabled: true (or enabled: false to disable it on purpose).';
    for (let file = 0; file < 100; file++) {
      const d = [finding(`${message}`)];
      maskAll(d, [], masks);
      expect(d[0].message).toBe(maskSecrets(message, []));
    }
    // Three distinct texts (the message, the pointer '', the suggestion's title), each masked once in 100 files.
    expect(masks.texts.masked).toBe(3);
  });

  it('a text holding a secret is masked each time and never kept', () => {
    const masks = runMasks();
    const leak = 'token Qx7aBcDeFgHiJkLmN0pQ9 pasted';
    for (let k = 0; k < 5; k++) {
      const d = [finding(leak)];
      maskAll(d, [], masks);
      expect(d[0].message).toBe('token **** pasted');
    }
    // The leak five times (never kept); the pointer and the suggestion's title once each.
    expect(masks.texts.masked).toBe(7);
    expect(masks.texts.copyOf(leak)).toBeUndefined();
    // A listed secret: the run's clean texts are not asked.
    const d = [finding('the value hunter2-long')];
    maskAll(d, ['hunter2-long'], masks);
    expect(d[0].message).toBe('the value ****');
  });

  it('a frame line shown in many files is masked once per run; a line under a secret block is masked whole and never kept', () => {
    const masks = runMasks();
    const text = '# created\neventTypeName: OUTSIDE_METRIC_THRESHOLD\npassword: |\n  eventTypeName: OUTSIDE_METRIC_THRESHOLD\n';
    for (let file = 0; file < 50; file++) {
      const frames = keepFrames(new LineIndex(`${text}`), [], [2, 4], masks.lines);
      expect(frames.shown).toEqual(['eventTypeName: OUTSIDE_METRIC_THRESHOLD', '# created', '  ************** ************************', 'password: |']);
    }
    // The three lines masked once each in 50 files: the comment kept clean; the line under the
    // secret's block never reaches the run's masks, the `password: |` line is masked to itself and kept.
    expect(masks.lines.masked).toBe(3);
    expect(masks.lines.copyOf('  eventTypeName: OUTSIDE_METRIC_THRESHOLD')).toBeUndefined();
  });

  it('a file with listed secrets keeps no slice of its text for a line equal to one the run kept clean', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const masks = runMasks();
    const line = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD';
    keepFrames(new LineIndex(`${line}\n`), [], [1], masks.lines);
    gc();
    const before = process.memoryUsage().heapUsed;
    // Another file, 32 MB, with a listed secret: its line 1 equals the kept one, and masks to itself.
    const kept = (() => {
      const text = line + '\n' + Buffer.alloc(32 * 1048576, 'x').toString('latin1');
      return keepFrames(new LineIndex(text), ['hunter2-long'], [1], masks.lines);
    })();
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(kept.shown).toEqual([line]);
    // Its text is gone once the file is: a slice kept for the frame would hold all 32 MB.
    expect(grown).toBeLessThan(8 * 1048576);
  });

  it('any line reads as the masking without the run gives it', () => {
    const piece = fc.constantFrom('a', ' ', ':', ': ', '#', '-', 'apiToken', 'url', 'https://', 'u:p@', 'eyJ', 'xoxb-', 'Qx7aBcDeFgHiJkLmN0p', '0123456789abcdef0123456789abcdef', '\t', '"', '{', '}', '|');
    const masks = runMasks();
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 8 }).map((p) => p.join('')), { minLength: 1, maxLength: 6 }), (ls) => {
        const lines = new LineIndex(ls.join('\n'));
        const lineText = (n: number) => lines.lineText(n);
        for (let n = 1; n <= lines.lineCount; n++) {
          for (let again = 0; again < 2; again++) expect(maskFrameLine(lineText, n, [], Infinity, masks.lines)).toBe(maskFrameLine(lineText, n, []));
          expect(masks.texts.through(ls[n - 1])).toBe(maskSecrets(ls[n - 1], []));
        }
        expect(maskSecretsInPlace(ls[0], [])).toBe(masks.lines.through(ls[0]));
      }),
      { numRuns: 1500 },
    );
  });
});
