// The lines a code frame shows of a file (stylish), read from its text or from the few lines a
// released run keeps of it instead of the text: a big run's memory then follows its findings, not
// the size of its files.
import type { FrameLines, RunSource } from '../core/types';
import { LineIndex } from '../core/lines';
import { maskFrameLine, type CleanTexts } from './mask';
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
  if (kept) return new KeptReader(kept);
  return textReader(source.lines ?? new LineIndex(source.text), source.secrets);
}

/** A few lines searched in place; from this many on, indexed (a file of many findings is looked up in constant time). */
const SEARCHED = 8;

/**
 * The kept lines of a file: most files with findings keep two or three, read without a table
 * (a Set and a Map per file were most of a file's frame cost in a short run).
 */
class KeptReader implements FrameReader {
  readonly lineCount: number;
  private index: Map<number, string> | undefined;
  private blanks: Set<number> | undefined;
  constructor(private readonly kept: FrameLines) {
    this.lineCount = kept.lineCount;
  }
  blank(n: number): boolean {
    const list = this.kept.blank;
    if (list.length <= SEARCHED) return list.includes(n);
    return (this.blanks ??= new Set(list)).has(n);
  }
  shown(n: number): string {
    const { at, shown } = this.kept;
    if (at.length <= SEARCHED) {
      const k = at.indexOf(n);
      // A line that was not kept is never asked for (keepFrames keeps every line a finding's frame shows).
      return k < 0 ? '' : shown[k];
    }
    if (!this.index) {
      this.index = new Map();
      for (let k = 0; k < at.length; k++) this.index.set(at[k], shown[k]);
    }
    return this.index.get(n) ?? '';
  }
}

function textReader(lines: LineIndex, secrets: readonly string[]): FrameReader {
  const masked = new Map<number, string>();
  const lineText = (k: number) => lines.lineText(k);
  return {
    get lineCount() {
      return lines.lineCount;
    },
    blank: (n) => isBlank(lines, n),
    shown: (n) => {
      let m = masked.get(n);
      if (m === undefined) masked.set(n, (m = shownLine(lineText, n, secrets)));
      return m;
    },
  };
}

/** No blank line kept: one array for every file (read only). */
const NO_LINES: readonly number[] = Object.freeze([]);

/**
 * What frames on `at` (1-based lines: the findings', and where findings may be added) read of a
 * file: each such line and the line above it, as shown, or that the line above is blank. Kept in
 * plain arrays, searched in place while they are short (most files keep two lines).
 */
export function keepFrames(lines: LineIndex, secrets: readonly string[], at: readonly number[], clean?: CleanTexts): FrameLines {
  const lineCount = lines.lineCount;
  const lineText = (k: number) => lines.lineText(k);
  // One line (most files with findings): its arrays made at their length, with no search.
  if (at.length === 1 && at[0] >= 1 && at[0] <= lineCount) return keepOne(lines, lineText, secrets, at[0], clean);
  // Each line masked once (as textReader's shown), kept in the order first asked.
  const kept: number[] = [];
  const shown: string[] = [];
  let blank: number[] | undefined;
  // The lines met (`at` before k, searched in place while short) and kept, as sets once they are many.
  let metSet: Set<number> | undefined;
  let keptSet: Set<number> | undefined;
  for (let k = 0; k < at.length; k++) {
    const line = at[k];
    if (line < 1 || line > lineCount) continue;
    // A finding's line met again: its frame is kept already.
    if (k > SEARCHED) {
      metSet ??= new Set(at.slice(0, k));
      if (metSet.has(line)) continue;
      metSet.add(line);
    } else if (k > 0 && at.lastIndexOf(line, k - 1) >= 0) continue;
    for (let n = line; n >= line - 1 && n >= 1; n--) {
      // The line above: blank as written (no copy of it trimmed), else kept as shown.
      // (Each finding's line is met once: the lines above are distinct.)
      if (n < line && isBlank(lines, n)) {
        (blank ??= []).push(n);
        continue;
      }
      if (keptSet ? keptSet.has(n) : kept.includes(n)) continue;
      kept.push(n);
      shown.push(keptLine(lineText, n, secrets, clean));
      if (keptSet) keptSet.add(n);
      else if (kept.length > SEARCHED) keptSet = new Set(kept);
    }
  }
  // Kept until the report: arrays of their length (one pushed into keeps room for 17: 50,000 files with findings, 12 MB).
  return { lineCount, at: kept.slice(), shown: shown.slice(), blank: blank ? blank.slice() : NO_LINES };
}

/** keepFrames of one line (1 ≤ line ≤ the line count): the line, and the one above kept or listed blank. */
function keepOne(lines: LineIndex, lineText: (n: number) => string, secrets: readonly string[], line: number, clean: CleanTexts | undefined): FrameLines {
  const lineCount = lines.lineCount;
  const shown = keptLine(lineText, line, secrets, clean);
  const above = line - 1;
  if (above < 1) return { lineCount, at: [line], shown: [shown], blank: NO_LINES };
  if (isBlank(lines, above)) return { lineCount, at: [line], shown: [shown], blank: [above] };
  return { lineCount, at: [line, above], shown: [shown, keptLine(lineText, above, secrets, clean)], blank: NO_LINES };
}

/**
 * shownLine as kept until the report: the run's clean copy of an equal line (one string for a line
 * every file shows, detached already), else detached (a line equal to a kept one may still be a
 * slice of this file's text, which it would keep alive).
 */
function keptLine(lineText: (n: number) => string, n: number, secrets: readonly string[], clean: CleanTexts | undefined): string {
  const shown = shownLine(lineText, n, secrets, clean);
  return clean?.copyOf(shown) ?? detached(shown);
}

/** Line n as a frame shows it: masked whole, tabs as spaces (one definition for the text's reader and the kept lines). */
function shownLine(lineText: (n: number) => string, n: number, secrets: readonly string[], clean?: CleanTexts): string {
  const masked = maskFrameLine(lineText, n, secrets, Infinity, clean);
  // Most lines hold no tab: no pattern replace for them.
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
