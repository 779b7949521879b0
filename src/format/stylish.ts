// The default human output: one block per file, each problem with its code frame (the offending
// span underlined, actionlint-style), then a summary.
import type { Diagnostic, LintRun } from '../core/types';
import type { FixRunReport } from './index';
import { frameReader, type FrameReader } from '../engine/frame-lines';
import { palette, type Palette } from './color';
import { cutLine, FRAME_WIDTH, frameWindow, windowAround, type FrameWindow } from './frame-window';
import { escapeControls, hasControls } from './escape';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** What the findings' lines share in a run, made once (the palette's strings), and what they add up to. */
interface Look {
  c: Palette;
  /** The codes around a dim text ('' without colours), for a line made in one template. */
  dimOpen: string;
  dimClose: string;
  /** A frame's `|` dimmed and `>` bold, as every frame writes them. */
  dimBar: string;
  boldMark: string;
  /** The lines codeFrame wrote last. */
  frameLines: number;
  /** `error`, `warning`, `info` as the header shows them. */
  error: string;
  warning: string;
  info: string;
  /** --fix-suggestions: a finding's one suggestion was applied (not counted as left). */
  suggestionsApplied: boolean;
  /** The last message and rule id written, as written: a rule's repeat from file to file. */
  said: string | undefined;
  escapedSaid: string;
  ruleSaid: string | undefined;
  dimRule: string;
  /** The findings' text being made (each line followed by a line break) and its lines. */
  text: string;
  lines: number;
  /** What the findings add up to, for the summary; the findings whose suggestions --fix left, and those of them with one suggestion. */
  errors: number;
  warnings: number;
  infos: number;
  fixableErrors: number;
  fixableWarnings: number;
  unapplied: number;
  oneChange: number;
}

function lookOf(c: Palette, suggestionsApplied: boolean): Look {
  // A colour is its codes around the text: split at a mark, the codes alone ('' without colours).
  const [dimOpen, dimClose] = c.dim('\u0000').split('\u0000');
  return {
    c,
    dimOpen,
    dimClose,
    dimBar: c.dim('|'),
    boldMark: c.bold('>'),
    frameLines: 0,
    error: c.red('error'),
    warning: c.yellow('warning'),
    info: c.blue('info'),
    suggestionsApplied,
    said: undefined,
    escapedSaid: '',
    ruleSaid: undefined,
    dimRule: '',
    text: '',
    lines: 0,
    errors: 0,
    warnings: 0,
    infos: 0,
    fixableErrors: 0,
    fixableWarnings: 0,
    unapplied: 0,
    oneChange: 0,
  };
}

/**
 * One finding's lines added to `look.text` (its header, its code frame when `lines` are known, where
 * else a repeated finding is) and counted. A small function called for each finding, optimized on
 * its own: the report's generator runs unoptimized, or is compiled whole (one large function)
 * when it runs long. Its frame is codeFrame's (the one frame of every finding).
 */
function addFinding(d: Diagnostic, lines: FrameReader | undefined, look: Look): void {
  // A rule's message repeats from file to file: escaped once while it repeats (its id dimmed once).
  if (d.message !== look.said) look.escapedSaid = escapeControls((look.said = d.message));
  if (d.ruleId !== look.ruleSaid) look.dimRule = look.c.dim((look.ruleSaid = d.ruleId));
  const severity = d.severity;
  const start = d.range.start;
  const line = start.line;
  const column = start.column;
  let text = `  ${look.dimOpen}${line}:${column}${look.dimClose}  ${severity === 'error' ? look.error : severity === 'warning' ? look.warning : look.info}  ${look.escapedSaid}  ${look.dimRule}\n`;
  let added = 1;
  const count = lines === undefined ? 0 : lines.lineCount;
  if (lines !== undefined && line >= 1 && line <= count) {
    // Its lines written straight into the text (no array of them to join).
    text += codeFrame(lines, d, look);
    added += look.frameLines;
  }
  if (d.occurrences) {
    text += look.c.dim(`      also at ${alsoAt(d)}`) + '\n';
    added++;
  }
  look.text += text;
  look.lines += added;
  if (!d.fix && d.suggestions?.length && !(look.suggestionsApplied && d.suggestions.length === 1)) {
    look.unapplied++;
    if (d.suggestions.length === 1) look.oneChange++;
  }
  // A repeated finding (one diagnostic for several places) counts every place.
  const n = d.occurrences ?? 1;
  if (severity === 'error') {
    look.errors += n;
    if (d.fixable) look.fixableErrors += n;
  } else if (severity === 'warning') {
    look.warnings += n;
    if (d.fixable) look.fixableWarnings += n;
  } else look.infos += n;
}

/** A finding's code frame: its lines, each followed by a line break, their number left in `look.frameLines`. */
function codeFrame(lines: FrameReader, d: Diagnostic, look: Look): string {
  const c = look.c;
  const line = d.range.start.line;
  look.frameLines = 0;
  if (line < 1 || line > lines.lineCount) return '';
  let out = '';
  const width = String(Math.min(lines.lineCount, line + 1)).length;
  // Each line masked whole, once per file (frame-lines.ts), before any cut: masking keeps lengths, so columns still hold.
  const marked = lines.shown(line);
  const endCol = d.range.end.line === line ? Math.max(d.range.end.column, d.range.start.column + 1) : marked.length + 1;
  // A long line shows a window around the problem; the line above shows the same columns. A line
  // that fits (most) is its own frame: no window and no cut copies of it or of the line above.
  const frame = marked.length <= FRAME_WIDTH ? wholeLine(marked, d.range.start.column, endCol) : frameWindow(marked, d.range.start.column, endCol);
  if (line > 1 && !lines.blank(line - 1)) {
    const above = lines.shown(line - 1);
    if (frame.from === 0 && frame.to === marked.length && above.length <= FRAME_WIDTH) out = frameLine(line - 1, width, escapeControls(above), false, look);
    else {
      const { from, to } = frame.from === 0 && frame.to === marked.length ? windowAround(above, 0) : { from: frame.from, to: Math.min(above.length, frame.to) };
      out = frameLine(line - 1, width, escapeControls(from >= above.length && from > 0 ? '…' : cutLine(above, from, to)), false, look);
    }
    look.frameLines = 1;
  }
  // Columns as shown: an escaped control character takes six (a line without one: no copies to measure).
  const plain = !hasControls(frame.text);
  out += frameLine(line, width, plain ? frame.text : escapeControls(frame.text), true, look);
  const caretAt = plain ? Math.min(frame.caretAt, frame.text.length) : escapeControls(frame.text.slice(0, frame.caretAt)).length;
  const caretCount = Math.max(1, plain ? Math.min(frame.caretCount, frame.text.length - frame.caretAt) : escapeControls(frame.text.slice(frame.caretAt, frame.caretAt + frame.caretCount)).length);
  const caret = d.severity === 'error' ? c.red : d.severity === 'warning' ? c.yellow : c.blue;
  look.frameLines += 2;
  return `${out}      ${' '.repeat(width)} ${look.dimBar} ${' '.repeat(caretAt)}${caret('^'.repeat(caretCount))}\n`;
}

/** frameWindow of a line no wider than FRAME_WIDTH: the whole line. */
function wholeLine(line: string, startColumn: number, endColumn: number): FrameWindow {
  const start = Math.max(0, Math.min(startColumn - 1, line.length));
  return { from: 0, to: line.length, text: line, caretAt: start, caretCount: Math.max(1, Math.min(endColumn - 1, line.length) - start) };
}

/** One line of a code frame (`text` escaped already) and its line break: its number, `>` on the finding's line. */
function frameLine(n: number, width: number, text: string, mark: boolean, look: Look): string {
  return `    ${mark ? look.boldMark : ' '} ${look.dimOpen}${String(n).padStart(width)} |${look.dimClose} ${text}\n`;
}

/** Where else a repeated finding is: the first few places, then how many more. */
const ALSO_AT_SHOWN = 5;
function alsoAt(d: Diagnostic): string {
  const places = (d.related ?? []).filter((r) => r.range).map((r) => `${r.range!.start.line}:${r.range!.start.column}`);
  const shown = places.slice(0, ALSO_AT_SHOWN).join(', ');
  return places.length > ALSO_AT_SHOWN ? `${shown} and ${places.length - ALSO_AT_SHOWN} more` : shown;
}

/** What --fix left to the user: suggestions, with how to apply each sort. */
function suggestionsLine(unapplied: number, oneChange: number, c: Palette): string {
  const ways = [
    oneChange ? `${oneChange} with one change: --fix-suggestions applies ${oneChange === 1 ? 'it' : 'them'}` : '',
    unapplied - oneChange ? `${unapplied - oneChange} offering a choice: pick one in your editor's quick fixes` : '',
  ].filter(Boolean);
  return c.dim(`${plural(unapplied, 'suggestion')} not applied (${ways.join('; ')}).`);
}

function hiddenCounts(h: { warnings: number; infos: number }): string {
  return [h.warnings ? plural(h.warnings, 'warning') : '', h.infos ? plural(h.infos, 'info') : ''].filter(Boolean).join(' and ');
}

export type StylishOptions = { color: boolean; frames?: boolean; hidden?: { warnings: number; infos: number }; skipped?: number; unprunedSuppressions?: boolean; fixRun?: FixRunReport };

export function formatStylish(run: LintRun, opts: StylishOptions = { color: false }): string {
  return stylishParts(run, opts).join('');
}

/**
 * The stylish report in two pieces, the findings and the summary, whose concatenation is
 * formatStylish's text: the summary's mark (✖, ✔) is the only character outside Latin-1 of most
 * reports, and written apart it leaves the findings a one-byte string, which V8 joins and encodes
 * as UTF-8 several times faster than a two-byte one (bench/README.md, finding37).
 */
export function stylishParts(run: LintRun, opts: StylishOptions = { color: false }): [string, string] {
  const parts: [string[], string[]] = [[], []];
  let part = 0;
  for (const piece of stylishPiecesMarked(run, opts)) {
    if (piece === SUMMARY_FOLLOWS) part = 1;
    else parts[part].push(piece);
  }
  return [parts[0].join(''), parts[1].join('')];
}

/** Lines of findings text a piece of stylishPieces holds at most before it is given out (a finding's lines are never more than a few). */
export const STYLISH_PIECE_LINES = 2048;
/** Told by stylishPiecesMarked between the findings and the summary (never written). */
const SUMMARY_FOLLOWS = Symbol('summary follows');

/**
 * stylishParts's text a bounded piece at a time, each given out as soon as it is made: the
 * findings in pieces of at most STYLISH_PIECE_LINES lines, then the summary. A report of tens of
 * thousands of findings is never whole in memory, nor its lines all at once (bench/README.md, dup17).
 */
export function* stylishPieces(run: LintRun, opts: StylishOptions = { color: false }): Generator<string> {
  for (const piece of stylishPiecesMarked(run, opts)) if (piece !== SUMMARY_FOLLOWS) yield piece;
}

function* stylishPiecesMarked(run: LintRun, opts: StylishOptions): Generator<string | typeof SUMMARY_FOLLOWS> {
  const { results } = run;
  const c = palette(opts.color);
  const look = lookOf(c, Boolean(opts.fixRun?.suggestions));
  // The findings' lines appended to one string (look.text), given out every STYLISH_PIECE_LINES lines.
  let gave = false;
  const flush = (): string => {
    const text = look.text;
    look.text = '';
    look.lines = 0;
    gave = true;
    return text;
  };
  // --fix-dry-run / --diff: the change first, as Ruff's --diff shows it.
  for (const r of results) {
    const diff = opts.fixRun?.diffs.get(r.filePath);
    if (diff) {
      look.text += diff + '\n';
      look.lines++;
    }
    if (look.lines >= STYLISH_PIECE_LINES) yield flush();
  }
  let fixed = 0;
  for (const r of results) {
    fixed += r.fixCount ?? 0;
    if (r.diagnostics.length === 0) continue;
    const source = run.sources.get(r.filePath);
    const lines = source && opts.frames !== false ? frameReader(source) : undefined;
    look.text += c.underline(escapeControls(r.filePath)) + '\n';
    look.lines++;
    for (const d of r.diagnostics) {
      addFinding(d, lines, look);
      if (look.lines >= STYLISH_PIECE_LINES) yield flush();
    }
    look.text += '\n';
    look.lines++;
  }
  if (look.lines > 0) yield flush();
  const { errors, warnings, infos, fixableErrors, fixableWarnings, unapplied, oneChange } = look;
  const out: string[] = [];
  yield SUMMARY_FOLLOWS;
  const total = errors + warnings + infos;
  if (total > 0) {
    const summary = `✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'info')})`;
    out.push(errors ? c.red(c.bold(summary)) : c.yellow(c.bold(summary)));
    if (fixableErrors + fixableWarnings > 0) {
      out.push(c.dim(`  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`));
    }
  }
  const fixedFiles = plural(results.filter((r) => r.fixCount).length, 'file');
  if (fixed > 0) out.push(opts.fixRun?.dryRun ? `Would fix ${plural(fixed, 'problem')} in ${fixedFiles} (nothing was written; --fix writes the change shown above).` : `Fixed ${plural(fixed, 'problem')} in ${fixedFiles}.`);
  if (opts.fixRun && unapplied > 0) out.push(suggestionsLine(unapplied, oneChange, c));
  const hidden = (opts.hidden?.warnings ?? 0) + (opts.hidden?.infos ?? 0);
  if (total === 0 && fixed === 0 && opts.unprunedSuppressions) {
    // The run exits 2 (cli/baseline.ts): no green line above the notice.
    out.push(c.red(c.bold(`✖ ${plural(results.length, 'file')} checked: suppressions are left that do not occur anymore (exit 2).`)));
  } else if (total === 0 && fixed === 0) {
    // --quiet hid warnings: "no problems" would not be true.
    out.push(`✔ ${plural(results.length, 'file')} checked, ${hidden > 0 ? `no errors (${hiddenCounts(opts.hidden!)} not shown: --quiet)` : 'no problems'}.`);
  } else if (hidden > 0) out.push(c.dim(`  ${hiddenCounts(opts.hidden!)} not shown (--quiet).`));
  if (opts.skipped) out.push(c.dim(`${plural(opts.skipped, 'file')} skipped: not Ops Manager documents; --debug lists them.`));
  // (An empty summary never happens; were it so, the text would still be the one piece's.)
  if (out.length > 0) yield out.join('\n') + '\n';
  else if (!gave) yield '\n';
}
