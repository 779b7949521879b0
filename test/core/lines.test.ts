// The sparse line index of big texts answers exactly what the dense one answers, in any order.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countBelow, LineIndex, lineTables } from '../../src/core/lines';

const DENSE = Number.POSITIVE_INFINITY;
const SPARSE = 0;

/** Texts of many short lines with every kind of line break (LF, CRLF, lone CR). */
const lineText = fc.array(fc.constantFrom('a', ' ', '"x"', '{', '\t', 'é', '😀'), { maxLength: 4 }).map((parts) => parts.join(''));
const textArb = (breaks: string[]) =>
  fc.array(fc.tuple(lineText, fc.constantFrom(...breaks)), { maxLength: 300 }).map((lines) => lines.map(([t, b]) => t + b).join(''));

type Query = { op: 'position'; n: number } | { op: 'start' | 'end' | 'text'; n: number } | { op: 'offset'; line: number; column: number } | { op: 'count' };

function answer(index: LineIndex, q: Query): unknown {
  switch (q.op) {
    case 'position':
      return index.position(q.n);
    case 'start':
      return index.lineStart(q.n);
    case 'end':
      return index.lineEnd(q.n);
    case 'text':
      return index.lineText(q.n);
    case 'offset':
      return index.offset({ line: q.line, column: q.column });
    case 'count':
      return index.lineCount;
  }
}

const queryArb = fc.oneof(
  fc.record({ op: fc.constant('position' as const), n: fc.integer({ min: -3, max: 2000 }) }),
  fc.record({ op: fc.constantFrom('start' as const, 'end' as const, 'text' as const), n: fc.integer({ min: -2, max: 320 }) }),
  fc.record({ op: fc.constant('offset' as const), line: fc.integer({ min: -2, max: 320 }), column: fc.integer({ min: -2, max: 30 }) }),
  fc.constant({ op: 'count' as const }),
);

function agree(text: string, queries: Query[]): void {
  const dense = new LineIndex(text, DENSE);
  const sparse = new LineIndex(text, SPARSE);
  for (const q of queries) expect(answer(sparse, q), JSON.stringify(q)).toEqual(answer(dense, q));
}

describe('line index: sparse and dense agree', () => {
  it('on LF and CRLF texts, for queries in any order', () => {
    fc.assert(fc.property(textArb(['\n', '\r\n', '']), fc.array(queryArb, { maxLength: 60 }), agree), { numRuns: 400 });
  });

  it('on texts with lone CRs (the sparse index is then not used)', () => {
    fc.assert(fc.property(textArb(['\n', '\r\n', '\r', '']), fc.array(queryArb, { maxLength: 40 }), agree), { numRuns: 200 });
  });

  it('on every offset and line of a text with many lines', () => {
    const text = Array.from({ length: 1000 }, (_, i) => 'x'.repeat(i % 7) + (i % 3 === 0 ? '\r\n' : '\n')).join('') + 'tail';
    const dense = new LineIndex(text, DENSE);
    const sparse = new LineIndex(text, SPARSE);
    // Backwards first: the sparse index then scans to the end at once, then answers from its marks.
    for (let o = text.length + 1; o >= -1; o--) expect(sparse.position(o)).toEqual(dense.position(o));
    for (let l = 0; l <= 1002; l++) expect([sparse.lineStart(l), sparse.lineEnd(l), sparse.lineText(l)]).toEqual([dense.lineStart(l), dense.lineEnd(l), dense.lineText(l)]);
    expect(sparse.lineCount).toBe(1001);
  });

  it('handles texts without any line break, and the empty text', () => {
    for (const text of ['', 'x', '{"a": 1}', '\n', '\r\n', '\n\n']) agree(text, [{ op: 'position', n: 0 }, { op: 'position', n: 5 }, { op: 'count' }, { op: 'text', n: 1 }, { op: 'end', n: 1 }, { op: 'offset', line: 2, column: 1 }]);
  });

  it('range() and spansLines() of any span agree with the positions of its two ends', () => {
    fc.assert(
      fc.property(textArb(['\n', '\r\n', '\r']), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 300 })), { maxLength: 40 }), fc.constantFrom(DENSE, SPARSE), (text, spans, sparse) => {
        const index = new LineIndex(text, sparse);
        for (const [from, length] of spans) {
          const start = text.length ? from % (text.length + 1) : 0;
          const span = { start, end: start + length };
          const ends = { start: index.position(span.start), end: index.position(span.end) };
          expect({ text, span, range: index.range(span) }).toEqual({ text, span, range: ends });
          expect({ text, span, across: index.spansLines(span) }).toEqual({ text, span, across: ends.start.line !== ends.end.line });
        }
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 300), seed: 20261124 },
    );
    // A span that ends between the \r and the \n of a break stays on its line.
    expect(new LineIndex('ab\r\ncd').range({ start: 0, end: 3 })).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: 4 } });
  });
});

describe('line index: firstLineEnd, where a span over lines leaves its first line', () => {
  it('agrees with the line end of the span start for spans over lines (undefined within one line), on any text', () => {
    fc.assert(
      fc.property(textArb(['\n', '\r\n', '\r', '']), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 300 })), { maxLength: 20 }), fc.constantFrom(DENSE, SPARSE), (text, spans, sparse) => {
        const index = new LineIndex(text, sparse);
        const table = new LineIndex(text, sparse);
        for (const [from, length] of spans) {
          const start = text.length ? from % (text.length + 1) : 0;
          const span = { start, end: start + length };
          const expected = table.spansLines(span) ? table.lineEnd(table.position(start).line) : undefined;
          expect({ text, span, end: index.firstLineEnd(span) }).toEqual({ text, span, end: expected });
        }
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 300), seed: 20261129 },
    );
  });

  it('finds it on a text without \\r with no line table', () => {
    const before = lineTables.built;
    const text = 'a: 1\nb:\n  c: 2\n  d: 3\n';
    const index = new LineIndex(text);
    expect(index.firstLineEnd({ start: 5, end: text.length })).toBe(7);
    expect(index.firstLineEnd({ start: 0, end: 4 })).toBeUndefined();
    expect(lineTables.built).toBe(before);
  });

  it('agrees on lines longer than it reads from a span start (minified JSON, long values)', () => {
    const long = fc.array(fc.tuple(fc.nat({ max: 700 }), fc.constantFrom('\n', '\r\n', '\r')), { minLength: 1, maxLength: 6 }).map((ls) => ls.map(([n, br]) => 'x'.repeat(n) + br).join(''));
    fc.assert(
      fc.property(long, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 1500 })), { maxLength: 20 }), fc.constantFrom(DENSE, SPARSE), (text, spans, sparse) => {
        const index = new LineIndex(text, sparse);
        const table = new LineIndex(text, sparse);
        for (const [from, length] of spans) {
          const start = from % (text.length + 1);
          const span = { start, end: start + length };
          const expected = table.spansLines(span) ? table.lineEnd(table.position(start).line) : undefined;
          expect({ text, span, end: index.firstLineEnd(span) }).toEqual({ text, span, end: expected });
        }
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 200), seed: 20261129 },
    );
  });

  it('asks the line table, built once, where the first line is long: no search to the next break for each span (linear on one-line texts)', () => {
    // One line of 2 MB (a minified GET list) and a place in each of its 2,000 items: a search from
    // each start to the next line break would read the rest of the text every time.
    const item = `{"id":"${'a'.repeat(24)}","eventTypeName":"HOST_DOWN","enabled":true,"notifications":[]}`;
    const text = `[${Array.from({ length: 2000 }, () => item).join(',')}]`.padEnd(2_000_000, ' ') + '\n';
    const before = lineTables.built;
    const index = new LineIndex(text);
    for (let k = 0; k < 2000; k++) {
      const start = 1 + k * (item.length + 1);
      expect(index.firstLineEnd({ start, end: text.length - 1 })).toBeUndefined();
    }
    expect(lineTables.built).toBe(before + 1);
  });
});

/** rangeOnce of `index` on each span (start wrapped into the text) is what a line table of the text gives. */
function countsAsTable(index: LineIndex, text: string, spans: readonly [number, number][], sparse: number): void {
  const table = new LineIndex(text, sparse);
  for (const [from, length] of spans) {
    const start = text.length ? from % (text.length + 1) : 0;
    const span = { start, end: start + length };
    expect({ text, span, range: index.rangeOnce(span) }).toEqual({ text, span, range: table.range(span) });
  }
}

describe('line index: rangeOnce, a range counted to without a table', () => {
  it('agrees with range() on any span, and builds no table for a first short count', () => {
    fc.assert(
      fc.property(textArb(['\n', '\r\n', '\r']), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 300 })), { minLength: 1, maxLength: 12 }), fc.constantFrom(DENSE, SPARSE), (text, spans, sparse) => {
        countsAsTable(new LineIndex(text, sparse), text, spans, sparse);
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 300), seed: 20261129 },
    );
    const before = lineTables.built;
    const text = 'a: 1\nb: 2\nc: three\n'.repeat(50);
    const index = new LineIndex(text);
    expect(index.rangeOnce({ start: 26, end: 30 })).toEqual({ start: { line: 5, column: 3 }, end: { line: 6, column: 2 } });
    expect(lineTables.built).toBe(before);
    // Counting again and again would be quadratic: past the text's length in all, the table is built.
    for (let k = 0; k < 5; k++) index.rangeOnce({ start: text.length - 3, end: text.length - 2 });
    expect(lineTables.built).toBe(before + 1);
  });
});

describe('line index: counting from a line another read counted to (countedBefore, report21)', () => {
  it('gives the positions the table gives, before and after that line, whatever the line told', () => {
    fc.assert(
      fc.property(textArb(['\n', '\r\n', '\r']), fc.nat(), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 300 })), { minLength: 1, maxLength: 12 }), fc.constantFrom(DENSE, SPARSE), (text, k, spans, sparse) => {
        // A line start as a read splitting at \n would tell it (line numbers by \n alone).
        const starts = [0];
        for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
        const line = k % starts.length;
        const told = new LineIndex(text, sparse);
        told.countedBefore(line + 1, starts[line]);
        countsAsTable(told, text, spans, sparse);
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 300), seed: 20261131 },
    );
  });
});

describe('line index: startInLine, rangeOnce of a span within one line', () => {
  it('agrees with rangeOnce (its start; the end on the same line, the span\'s length on), in the same order, counted or by the table', () => {
    fc.assert(
      fc.property(textArb(['\n', '\r\n', '\r']), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 300 })), { minLength: 1, maxLength: 12 }), fc.constantFrom(DENSE, SPARSE), (text, spans, sparse) => {
        const inLine = new LineIndex(text, sparse);
        const once = new LineIndex(text, sparse);
        for (const [from, length] of spans) {
          // A span within one line: cut at the first line break after its start.
          const start = text.length ? from % (text.length + 1) : 0;
          let end = Math.min(start + length, text.length);
          const cut = text.slice(start, end).search(/[\r\n]/);
          if (cut >= 0) end = start + cut;
          const { line, column } = inLine.startInLine(start, end);
          const span = { start, end };
          expect({ text, span, range: { start: { line, column }, end: { line, column: column + end - start } } }).toEqual({ text, span, range: once.rangeOnce(span) });
        }
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 300), seed: 20261130 },
    );
    const before = lineTables.built;
    const text = 'a: 1\nb: 2\nc: three\n'.repeat(50);
    const index = new LineIndex(text);
    expect(index.startInLine(26, 28)).toEqual({ line: 5, column: 3 });
    expect(lineTables.built).toBe(before);
    // As rangeOnce: past the text's length counted in all, the table is built.
    for (let k = 0; k < 5; k++) index.startInLine(text.length - 3, text.length - 2);
    expect(lineTables.built).toBe(before + 1);
  });
});

describe('line index: facts of the text found with its line starts', () => {
  it('knows a lone \\r (dense and sparse) and the line break new lines take', () => {
    for (const sparse of [1, Infinity]) {
      expect(new LineIndex('a\nb\r\nc', sparse).loneCr).toBe(false);
      expect(new LineIndex('a\rb\nc', sparse).loneCr).toBe(true);
      expect(new LineIndex('a\r\nb', sparse).loneCr).toBe(false);
    }
    expect(new LineIndex('a\nb\r\nc').lineBreak).toBe('\r\n');
    expect(new LineIndex('a\nb\nc').lineBreak).toBe('\n');
    expect(new LineIndex('a\rb').lineBreak).toBe('\n');
  });
});

describe('countBelow: the one bisection of sorted offsets (lines, markers, edit points)', () => {
  it('counts the items below a value, or at or below it, as a scan does', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: -60, max: 60 }), (items, x) => {
        const sorted = [...items].sort((a, b) => a - b);
        expect(countBelow(sorted, x)).toBe(sorted.filter((v) => v < x).length);
        expect(countBelow(sorted, x, true)).toBe(sorted.filter((v) => v <= x).length);
      }),
    );
  });
});

describe('the dense table of texts of a few lines to tens of thousands', () => {
  /** Positions counted by hand: line breaks \n only. */
  const naive = (text: string, o: number) => {
    const before = text.slice(0, o);
    const line = before.split('\n').length;
    return { line, column: o - (before.lastIndexOf('\n') + 1) + 1 };
  };
  for (const lines of [1, 3, 200, 16 * 1024 - 1, 16 * 1024, 16 * 1024 + 1, 40_000]) {
    it(`a text of ${lines} lines`, () => {
      const text = Array.from({ length: lines }, (_, i) => `k${i % 7}: ${'v'.repeat(i % 5)}`).join('\n');
      const index = new LineIndex(text, DENSE);
      expect(index.lineCount).toBe(lines);
      for (const o of [0, 1, Math.floor(text.length / 3), Math.floor(text.length / 2), text.length - 1, text.length]) expect(index.position(o)).toEqual(naive(text, o));
      expect(index.lineStart(lines)).toBe(text.lastIndexOf('\n') + 1);
    });
  }
});
