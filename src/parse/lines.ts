// Offset ↔ line/column for a text. Lines end at \n, \r\n or a lone \r (as YAML and editors say).
import type { Position, Range, Span } from '../engine/types';

export class LineIndex {
  private lineStarts: number[] | undefined;
  constructor(readonly text: string) {}

  /** Computed on first use: most files of a run need no position at all. */
  private get starts(): number[] {
    return (this.lineStarts ??= this.compute());
  }

  private compute(): number[] {
    const text = this.text;
    const starts = [0];
    if (!text.includes('\r')) {
      // The common case, with indexOf's fast search.
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      return starts;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    return starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** 1-based position of a 0-based offset. */
  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo] + 1 };
  }

  /** 0-based offset of a 1-based position (clamped to the line). */
  offset(pos: Position): number {
    const line = Math.max(1, Math.min(pos.line, this.starts.length));
    const start = this.starts[line - 1];
    const end = this.lineEnd(line);
    return Math.min(start + Math.max(0, pos.column - 1), end);
  }

  range(span: Span): Range {
    return { start: this.position(span.start), end: this.position(span.end) };
  }

  lineStart(line: number): number {
    return this.starts[line - 1] ?? this.text.length;
  }

  /** Offset of the end of a 1-based line, before its line break. */
  lineEnd(line: number): number {
    const next = this.starts[line];
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
