// The lines a code frame shows of a file (stylish), read from its text or from the few lines a
// released run keeps of it instead of the text: a big run's memory then follows its findings, not
// the size of its files.
import type { FrameLines, RunSource } from '../core/types';
import { LineIndex } from '../core/lines';
import { maskFrameLine } from './mask';
// A line cut from the text may be V8's slice of it, keeping the whole text alive: kept detached.
import { detached } from '../core/detached';

/** What a code frame reads of a file: its line count, whether a line is blank, a line as shown. */
export interface FrameReader {
  readonly lineCount: number;
  /** Whether line n (1-based) is blank as written (a blank line above a finding is not shown). */
  blank(n: number): boolean;
  /** Line n masked whole (a secret straddling a window's cut must not show), tabs as spaces. */
  shown(n: number): string;
}

/** The frames of a source: its kept lines, else its text (each line masked once, however many findings stand on it). */
export function frameReader(source: RunSource): FrameReader {
  const kept = source.frames;
  if (kept) {
    const blank = new Set(kept.blank);
    // Indexed while its file is formatted only (a file of many findings is looked up in constant time).
    const index = new Map<number, string>();
    for (let k = 0; k < kept.at.length; k++) index.set(kept.at[k], kept.shown[k]);
    // A line that was not kept is never asked for (keepFrames keeps every line a finding's frame shows).
    return { lineCount: kept.lineCount, blank: (n) => blank.has(n), shown: (n) => index.get(n) ?? '' };
  }
  return textReader(source.lines ?? new LineIndex(source.text), source.secrets);
}

function textReader(lines: LineIndex, secrets: readonly string[]): FrameReader {
  const masked = new Map<number, string>();
  return {
    get lineCount() {
      return lines.lineCount;
    },
    blank: (n) => isBlank(lines, n),
    shown: (n) => {
      let m = masked.get(n);
      if (m === undefined) masked.set(n, (m = shownLine(lines, n, secrets)));
      return m;
    },
  };
}

/** No blank line kept: one array for every file (read only). */
const NO_LINES: readonly number[] = Object.freeze([]);

/**
 * What frames on `at` (1-based lines: the findings', and where findings may be added) read of a
 * file: each such line and the line above it, as shown, or that the line above is blank.
 */
export function keepFrames(lines: LineIndex, secrets: readonly string[], at: Iterable<number>): FrameLines {
  const lineCount = lines.lineCount;
  // Each line masked once (as textReader's shown), kept in the order first asked.
  const shown = new Map<number, string>();
  const blank: number[] = [];
  const keep = (n: number) => {
    if (!shown.has(n)) shown.set(n, detached(shownLine(lines, n, secrets)));
  };
  // A finding's line met again: its frame is kept already (a set only from a second line on: most files have one finding).
  let first = 0;
  let done: Set<number> | undefined;
  for (const line of at) {
    if (line < 1 || line > lineCount) continue;
    if (first === 0) first = line;
    else if (line === first || (done ??= new Set([first])).has(line)) continue;
    else done.add(line);
    keep(line);
    if (line === 1) continue;
    // The line above: blank as written (no copy of it trimmed), else kept as shown.
    // (Each finding's line is met once: the lines above are distinct.)
    if (isBlank(lines, line - 1)) blank.push(line - 1);
    else keep(line - 1);
  }
  return { lineCount, at: [...shown.keys()], shown: [...shown.values()], blank: blank.length > 0 ? blank : NO_LINES };
}

/** Line n as a frame shows it: masked whole, tabs as spaces (one definition for the text's reader and the kept lines). */
function shownLine(lines: LineIndex, n: number, secrets: readonly string[]): string {
  const masked = maskFrameLine((k) => lines.lineText(k), n, secrets);
  // Most lines hold no tab: no replace (a regular expression's pass and a call) for them.
  return masked.includes('\t') ? masked.replace(/\t/g, ' ') : masked;
}

/** Whether line n holds only white space (as `lineText(n).trim() === ''`, without the copies). */
function isBlank(lines: LineIndex, n: number): boolean {
  const text = lines.text;
  const end = lines.lineEnd(n);
  for (let i = lines.lineStart(n); i < end; i++) if (!isTrimmed(text.charCodeAt(i))) return false;
  return true;
}

/** Whether String.prototype.trim takes this code unit away (ASCII by code, the rest asked of trim itself). */
function isTrimmed(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return String.fromCharCode(c).trim() === '';
}
