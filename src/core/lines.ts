// Offset ↔ line/column for a text. Lines end at \n, \r\n or a lone \r (as YAML and editors say).
import type { Position, Range, Span } from './types';

/**
 * From this size on (and without a lone \r), only every STRIDE-th line start is kept, found with
 * indexOf as far as the offsets asked for reach: a 22 MB text needs a handful of positions, and
 * storing its 800,000 line starts cost more than the lint's own work on them.
 */
export const SPARSE_MIN_CHARS = 512 * 1024;
const STRIDE = 64;

/** How many items of an ascending list are below `x` (with `orEqual`: at or below it), by bisection. */
export function countBelow(sorted: readonly number[], x: number, orEqual = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x || (orEqual && sorted[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Line starts of a text, by 0-based line index. */
interface LineStarts {
  /** A \r stands somewhere not followed by \n (found while the line starts were). */
  readonly loneCr: boolean;
  /** Start of line `i`, or undefined when there is no such line (as an array would say). */
  start(i: number): number | undefined;
  /** Index of the line holding offset `o` (0 ≤ o ≤ text length). */
  lineOf(o: number): number;
  count(): number;
}

/** Every line start, computed at once. */
class DenseLines implements LineStarts {
  private readonly starts: number[];
  readonly loneCr: boolean = false;
  constructor(text: string) {
    const starts = [0];
    this.starts = starts;
    if (!text.includes('\r')) {
      // The common case, with indexOf's fast search.
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        else this.loneCr = true;
        starts.push(i + 1);
      }
    }
  }
  start(i: number): number | undefined {
    return this.starts[i];
  }
  lineOf(o: number): number {
    return Math.max(0, countBelow(this.starts, o, true) - 1);
  }
  count(): number {
    return this.starts.length;
  }
}

/**
 * Every STRIDE-th line start, found by a forward scan that goes only as far as asked; the lines
 * in between are counted again on demand (at most STRIDE indexOf calls). Only for texts whose
 * every line break ends with \n (LF or CRLF): then the line starts are the offsets after each \n.
 */
class SparseLines implements LineStarts {
  /** Made only for a text without one. */
  readonly loneCr = false;
  /** marks[j] = start of line j * STRIDE. */
  private readonly marks: number[] = [0];
  /** The furthest line start found so far, and its index. */
  private frontierIndex = 0;
  private frontierStart = 0;
  /** True when no line starts after frontierStart. */
  private done = false;
  constructor(private readonly text: string) {}

  /** Moves the frontier on until it passes offset `o` or reaches line `i`, or the text ends. */
  private scan(o: number, i: number): void {
    if (this.done) return;
    const text = this.text;
    const marks = this.marks;
    let index = this.frontierIndex;
    let start = this.frontierStart;
    while (start <= o && index < i) {
      const k = text.indexOf('\n', start);
      if (k < 0) {
        this.done = true;
        break;
      }
      start = k + 1;
      if (++index % STRIDE === 0) marks.push(start);
    }
    this.frontierIndex = index;
    this.frontierStart = start;
  }

  start(i: number): number | undefined {
    if (!Number.isInteger(i) || i < 0) return undefined;
    this.scan(Infinity, i);
    if (i > this.frontierIndex) return undefined;
    const j = Math.floor(i / STRIDE);
    let s = this.marks[j];
    for (let k = j * STRIDE; k < i; k++) s = this.text.indexOf('\n', s) + 1;
    return s;
  }

  lineOf(o: number): number {
    this.scan(o, Infinity);
    if (this.frontierStart <= o) return this.frontierIndex; // the last line
    // Now o < frontierStart: the last mark at or before o, then line by line (never past the frontier).
    const marks = this.marks;
    const lo = Math.max(0, countBelow(marks, o, true) - 1);
    let index = lo * STRIDE;
    for (let s = marks[lo]; ; index++) {
      const next = this.text.indexOf('\n', s) + 1;
      if (next === 0 || next > o) return index;
      s = next;
    }
  }

  count(): number {
    this.scan(Infinity, Infinity);
    return this.frontierIndex + 1;
  }
}

/** True when a \r stands somewhere not followed by \n (then \n alone does not mark every line). */
function hasLoneCr(text: string): boolean {
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) return true;
  return false;
}

/**
 * Whether a line starts within (a, b] — the ends of [a, b) on different lines — read from the
 * text when the span is short; undefined when it is long or reversed (then ask the line starts).
 */
function breakWithin(text: string, a: number, b: number): boolean | undefined {
  if (b < a || b - a > 256) return undefined;
  for (let i = a; i < b; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return true;
    // A \r\n break ends after its \n: a span that ends between the two stays on its line.
    if (c === 13 && !(i + 1 === b && text.charCodeAt(b) === 10)) return true;
  }
  return false;
}

/** Characters firstLineEnd reads from a span's start before it asks the line table. */
const FIRST_LINE_READ = 256;

/** Line-start tables built since the process started (tests count them: a text no finding is placed in builds none). */
export const lineTables = { built: 0 };

export class LineIndex {
  private index: LineStarts | undefined;
  private breakFound: string | undefined;
  /** Characters rangeOnce counted lines over so far. */
  private counted = 0;
  /**
   * Where counting stands: a line start and its 1-based line, every line break before it counted.
   * A count to an offset at or past it goes on from there (a file's finding and then its digest's
   * place, on the same line or further down), not from the text's start.
   */
  private countLine = 1;
  private countStart = 0;
  /** Where the text's first \r stands (-1: none), once asked. */
  private firstCr?: number;
  /** `sparseMinChars`: tests lower it to check both representations on small texts. */
  constructor(
    readonly text: string,
    private readonly sparseMinChars = SPARSE_MIN_CHARS,
  ) {}

  /** Computed on first use: most files of a run need no position at all. */
  private get lines(): LineStarts {
    if (this.index) return this.index;
    lineTables.built++;
    return (this.index = this.text.length >= this.sparseMinChars && !hasLoneCr(this.text) ? new SparseLines(this.text) : new DenseLines(this.text));
  }

  /** Where the text's first \r stands (-1: none), searched once (forward: V8 searches one character natively forward, not backward). */
  private crAt(): number {
    return (this.firstCr ??= this.text.indexOf('\r'));
  }

  /**
   * Where the line of a span's start ends (before its line break) when the span goes on past
   * it; undefined for a span within one line. Found from the span's start for a text without a
   * \r, reading at most FIRST_LINE_READ characters (no search of the line starts for the span's
   * end); else, or when that line is longer (minified JSON: a search to the next \n could run to
   * the end of the text for each span), by the line table, built once.
   */
  firstLineEnd(span: Span): number | undefined {
    const a = this.clamp(span.start);
    const b = this.clamp(span.end);
    if (b >= a && this.crAt() < 0) {
      const to = Math.min(b, a + FIRST_LINE_READ);
      for (let i = a; i < to; i++) if (this.text.charCodeAt(i) === 10) return i;
      if (to === b) return undefined;
    }
    return this.spansLines(span) ? this.lineEnd(this.position(span.start).line) : undefined;
  }

  /** Whether a \r stands somewhere not followed by \n (known once the line starts are). */
  get loneCr(): boolean {
    return this.lines.loneCr;
  }

  /** The line break new lines of this text take: \r\n when the text has one, else \n (found once). */
  get lineBreak(): string {
    return (this.breakFound ??= this.text.includes('\r\n') ? '\r\n' : '\n');
  }

  get lineCount(): number {
    return this.lines.count();
  }

  /** 1-based position of a 0-based offset. */
  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const lines = this.lines;
    const line = lines.lineOf(o);
    return { line: line + 1, column: o - lines.start(line)! + 1 };
  }

  /** 0-based offset of a 1-based position (clamped to the line). */
  offset(pos: Position): number {
    // The line count needs a scan of the whole text: only when the line may be past the end.
    const known = Number.isInteger(pos.line) && pos.line >= 1 && this.lines.start(pos.line - 1) !== undefined;
    const line = known ? pos.line : Math.max(1, Math.min(pos.line, this.lineCount));
    const start = this.lines.start(line - 1)!;
    const end = this.lineEnd(line);
    return Math.min(start + Math.max(0, pos.column - 1), end);
  }

  range(span: Span): Range {
    const start = this.position(span.start);
    // A short span within one line (most findings: a key or a scalar) needs no second search of
    // the line starts (on a big text, each is up to STRIDE indexOf calls).
    const a = this.clamp(span.start);
    const b = this.clamp(span.end);
    if (breakWithin(this.text, a, b) === false) return { start, end: { line: start.line, column: start.column + (b - a) } };
    return { start, end: this.position(span.end) };
  }

  /**
   * range(span) without a line table where none is built yet: the lines before the span counted
   * (a digest's place in a file that may never show a finding: most files of a run). Each call
   * counts to its span's start (and end, for a span over lines), on from where the last count
   * stopped when the span is further down; once a count would take the characters counted past
   * the text's length, or a \r stands before the span, the table is built and asked.
   */
  rangeOnce(span: Span): Range {
    const a = this.clamp(span.start);
    const b = this.clamp(span.end);
    if (this.index || this.counted + this.toCount(a) > this.text.length) return this.range(span);
    const cr = this.crAt();
    if (cr >= 0 && cr <= b) return this.range(span);
    const start = this.countedPosition(a);
    if (breakWithin(this.text, a, b) === false) return { start, end: { line: start.line, column: start.column + (b - a) } };
    return { start, end: this.countedPosition(b) };
  }

  /**
   * rangeOnce's start of a span [a, b) within one line (a block reader's scalar: its end is on the
   * same line, b - a columns on), with the same counting and bound, in one small function (a
   * digest's place on every file of a run compiles no more).
   */
  startInLine(a: number, b: number): Position {
    if (this.index || this.counted + this.toCount(a) > this.text.length || (this.crAt() >= 0 && this.crAt() <= b)) return this.position(a);
    return this.countedPosition(a);
  }

  /**
   * Told by a read of the text that counted its lines (the block reader's): line `line` starts at
   * `start`. Counting starts there, not at the text's start (a file's comments above its content
   * are not counted again for its first position); only before anything was counted.
   */
  countedBefore(line: number, start: number): void {
    if (this.countStart === 0 && this.counted === 0) {
      this.countLine = line;
      this.countStart = start;
    }
  }

  /** How many characters countedPosition(o) reads: from where counting stands, or from the start for an offset before it. */
  private toCount(o: number): number {
    return o >= this.countStart ? o - this.countStart : o;
  }

  /** The position of offset o by counting the line breaks before it (no \r stands before it), on from where counting stands. */
  private countedPosition(o: number): Position {
    const text = this.text;
    let line = this.countLine;
    let start = this.countStart;
    if (o < start) {
      line = 1;
      start = 0;
    }
    this.counted += o - start;
    for (let i = text.indexOf('\n', start); i >= 0 && i < o; i = text.indexOf('\n', i + 1)) {
      line++;
      start = i + 1;
    }
    this.countLine = line;
    this.countStart = start;
    return { line, column: o - start + 1 };
  }

  /** Whether a span's ends stand on different lines. */
  spansLines(span: Span): boolean {
    const a = this.clamp(span.start);
    const b = this.clamp(span.end);
    const within = breakWithin(this.text, a, b);
    return within ?? this.lines.lineOf(a) !== this.lines.lineOf(b);
  }

  private clamp(offset: number): number {
    return Math.max(0, Math.min(offset, this.text.length));
  }

  lineStart(line: number): number {
    return this.lines.start(line - 1) ?? this.text.length;
  }

  /** Offset of the end of a 1-based line, before its line break. */
  lineEnd(line: number): number {
    const next = this.lines.start(line);
    if (next === undefined) return this.text.length;
    let e = next;
    if (this.text.charCodeAt(e - 1) === 10) e--;
    if (this.text.charCodeAt(e - 1) === 13) e--;
    return e;
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }
}
