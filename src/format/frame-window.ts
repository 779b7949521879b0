// Which part of a long line a code frame shows (minified JSON from curl is one line of megabytes):
// a window around the problem, `…` on each cut side, so the carets stay under the problem.

/** Widest line shown whole; longer lines show a window of this many characters. */
export const FRAME_WIDTH = 200;
/** Characters of context kept before the problem when the line is cut. */
const LEAD = 60;

export interface FrameWindow {
  /** 0-based offsets of the part of the line shown. */
  from: number;
  to: number;
  /** The text to show: the part, with `…` where the line was cut. */
  text: string;
  /** Where the problem's first column is in `text` (0-based), and how many carets. */
  caretAt: number;
  caretCount: number;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The window [from, to) of the line that shows the 0-based column `start`. */
export function windowAround(line: string, start: number, width = FRAME_WIDTH): { from: number; to: number } {
  if (line.length <= width) return { from: 0, to: line.length };
  let from = Math.max(0, Math.min(start - LEAD, line.length - width));
  let to = Math.min(line.length, from + width);
  // Never split a surrogate pair at a cut.
  if (from > 0 && isHighSurrogate(line.charCodeAt(from - 1))) from--;
  if (to < line.length && isHighSurrogate(line.charCodeAt(to - 1))) to--;
  return { from, to };
}

/** A line cut to [from, to), with `…` on each cut side. */
export function cutLine(line: string, from: number, to: number): string {
  return (from > 0 ? '…' : '') + line.slice(from, to) + (to < line.length ? '…' : '');
}

/**
 * The frame of one line: `startColumn` and `endColumn` are 1-based, end exclusive (`endColumn`
 * past the line's end: up to the end of what is shown).
 */
export function frameWindow(line: string, startColumn: number, endColumn: number, width = FRAME_WIDTH): FrameWindow {
  const start = Math.max(0, Math.min(startColumn - 1, line.length));
  const { from, to } = windowAround(line, start, width);
  const caretAt = start - from + (from > 0 ? 1 : 0);
  const caretCount = Math.max(1, Math.min(endColumn - 1, to) - start);
  return { from, to, text: cutLine(line, from, to), caretAt, caretCount };
}
