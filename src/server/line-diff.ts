// The difference of two texts as line hunks, from the unified diff's edit script (Myers), so that
// formatting answers with the lines it changes rather than one edit over the whole text (the
// client keeps its cursor, folds and markers on the lines left alone).
import { editScript, linesOf } from '../format/unified-diff';

/** Lines [oldStart, oldEnd) of the old text become `lines` (each with its line break). */
export interface LineHunk {
  oldStart: number;
  oldEnd: number;
  lines: string[];
}

/** The lines of a text, each with its line break, the last one possibly without. */
export const splitLines = linesOf;

export function lineHunks(before: string[], after: string[]): LineHunk[] {
  const hunks: LineHunk[] = [];
  let at = 0;
  let open: LineHunk | undefined;
  for (const op of editScript(before, after)) {
    if (op.t === ' ') {
      open = undefined;
      at++;
      continue;
    }
    if (!open) hunks.push((open = { oldStart: at, oldEnd: at, lines: [] }));
    if (op.t === '-') open.oldEnd = ++at;
    else open.lines.push(op.line);
  }
  return hunks;
}
