// The stylish code frame on long lines: a window around the problem, `…` on the cut sides.
import { describe, expect, it } from 'vitest';
import { runOf } from './results';
import { formatStylish } from '../../src/format/stylish';
import { FRAME_WIDTH, frameWindow } from '../../src/format/frame-window';

/** The frame line of a problem and the column (in that line) of the first caret below it. */
function frame(out: string): { line: string; text: string; caret: number; carets: number } {
  const lines = out.split('\n');
  const i = lines.findIndex((l) => /^ {4}> /.test(l));
  const line = lines[i];
  const textStart = line.indexOf('| ') + 2;
  const caretLine = lines[i + 1];
  const caret = caretLine.indexOf('^');
  return { line, text: line.slice(textStart), caret: caret - textStart, carets: caretLine.lastIndexOf('^') - caret + 1 };
}

describe('stylish code frames', () => {
  it('on a long minified JSON line: a window around the problem, … on both cut sides, carets under the problem', async () => {
    const filler = Array.from({ length: 120 }, (_, i) => `"fieldName${i}": "value number ${i}"`).join(',');
    const text = `[{"eventTypeName":"HOST_DOWN","enabled":true,"notifications":[{"typeName":"EMAIL","emailAddress":"a@example.com","intervalMin":60,"delayMin":0}],"tags":{${filler}},"enabeld":true,"matchers":[],"labels":{${filler}}}]`;
    expect(text.length).toBeGreaterThan(4000);
    const run = await runOf([{ filePath: 'curl.json', text }], { kind: 'alert-config', now: new Date('2026-11-21T00:00:00Z') });
    const [r] = run.results;
    const d = r.diagnostics.find((x) => x.ruleId === 'unknown-field' && x.pointer === '/enabeld')!;
    expect(d.range.start.column).toBeGreaterThan(FRAME_WIDTH);
    const out = formatStylish({ results: [{ ...r, diagnostics: [d] }], sources: run.sources }, { color: false });
    const f = frame(out);
    expect(f.text.startsWith('…')).toBe(true);
    expect(f.text.endsWith('…')).toBe(true);
    expect(f.text.length).toBeLessThanOrEqual(FRAME_WIDTH + 2);
    expect(f.text.slice(f.caret, f.caret + f.carets)).toBe('"enabeld"');
  });

  it('on a long line, a problem near its end: the window ends with the line (no … on that side)', () => {
    const line = 'x'.repeat(1000) + 'PROBLEM';
    const w = frameWindow(line, 1001, 1008);
    expect(w.text.startsWith('…')).toBe(true);
    expect(w.text.endsWith('PROBLEM')).toBe(true);
    expect(w.text.slice(w.caretAt, w.caretAt + w.caretCount)).toBe('PROBLEM');
  });

  it('short lines are shown whole; a cut never splits a surrogate pair', () => {
    expect(frameWindow('abc: def', 6, 9)).toEqual({ from: 0, to: 8, text: 'abc: def', caretAt: 5, caretCount: 3 });
    const line = '😀'.repeat(300);
    const w = frameWindow(line, 301, 303);
    expect(w.from % 2).toBe(0);
    expect(w.to % 2).toBe(0);
    expect(w.text.slice(w.caretAt, w.caretAt + w.caretCount)).toBe('😀');
  });

  it('a line of exactly the frame width is shown whole; the line above it, one wider, is cut as the window of its start', () => {
    const above = `a: ${'b'.repeat(FRAME_WIDTH - 2)}`;
    const at = `c: ${'d'.repeat(FRAME_WIDTH - 3)}`;
    expect([above.length, at.length]).toEqual([FRAME_WIDTH + 1, FRAME_WIDTH]);
    const text = `${above}\n${at}\n`;
    const d = { ruleId: 'r', severity: 'warning' as const, message: 'm', pointer: '/c', range: { start: { line: 2, column: 4 }, end: { line: 2, column: 6 } }, kind: 'alert-config' as const, documentIndex: 0, fixable: false };
    const result = { filePath: 'a.yaml', kinds: ['alert-config' as const], documents: 1, errorCount: 0, warningCount: 1, infoCount: 0, diagnostics: [d] };
    const out = formatStylish({ results: [result], sources: new Map([['a.yaml', { text, bom: false, secrets: [] }]]) }, { color: false }).split('\n');
    expect(out.slice(2, 5)).toEqual([`      1 | ${above.slice(0, FRAME_WIDTH)}…`, `    > 2 | ${at}`, `        |    ^^`]);
  });
});
