// The default human output: one block per file, each problem with its code frame (the offending
// span underlined, actionlint-style), then a summary.
import type { Diagnostic, FileResult } from '../engine/types';
import { RESULT_INTERNALS } from '../engine/lint';
import { maskFrameLine } from '../engine/mask';
import { LineIndex } from '../parse/lines';
import { palette, type Palette } from './color';
import { escapeControls } from './escape';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A frame shows this many characters of a line at most. */
const FRAME_WIDTH = 200;

function codeFrame(lines: LineIndex, d: Diagnostic, secrets: string[], c: Palette, masked: Map<number, string>): string[] {
  const line = d.range.start.line;
  if (line < 1 || line > lines.lineCount) return [];
  const width = String(Math.min(lines.lineCount, line + 1)).length;
  const out: string[] = [];
  const show = (n: number, mark: boolean) => {
    // Mask first: a secret straddling the cut must not show its first characters. Once per line
    // (the diagnostics of a minified JSON document all stand on line 1).
    let m = masked.get(n);
    if (m === undefined) masked.set(n, (m = maskFrameLine((k) => lines.lineText(k), n, secrets, FRAME_WIDTH).replace(/\t/g, ' ')));
    const text = escapeControls(m.length > FRAME_WIDTH ? m.slice(0, FRAME_WIDTH) + '…' : m);
    out.push(`    ${mark ? c.bold('>') : ' '} ${c.dim(String(n).padStart(width) + ' |')} ${text}`);
  };
  if (line > 1 && lines.lineText(line - 1).trim() !== '') show(line - 1, false);
  show(line, true);
  const startCol = d.range.start.column;
  const endCol = d.range.end.line === line ? Math.max(d.range.end.column, startCol + 1) : lines.lineText(line).length + 1;
  // Columns as shown: an escaped control character takes six.
  const shown = (col: number) => escapeControls(lines.lineText(line).slice(0, Math.min(col - 1, 200))).length;
  const len = Math.max(1, Math.min(shown(endCol) - shown(startCol), 200));
  out.push(`      ${' '.repeat(width)} ${c.dim('|')} ${' '.repeat(shown(startCol))}${(d.severity === 'error' ? c.red : d.severity === 'warning' ? c.yellow : c.blue)('^'.repeat(len))}`);
  return out;
}

function hiddenCounts(h: { warnings: number; infos: number }): string {
  return [h.warnings ? plural(h.warnings, 'warning') : '', h.infos ? plural(h.infos, 'info') : ''].filter(Boolean).join(' and ');
}

export function formatStylish(
  results: FileResult[],
  opts: { color: boolean; frames?: boolean; hidden?: { warnings: number; infos: number }; skipped?: number } = { color: false },
): string {
  const c = palette(opts.color);
  const out: string[] = [];
  let errors = 0, warnings = 0, infos = 0, fixableErrors = 0, fixableWarnings = 0, fixed = 0;
  for (const r of results) {
    fixed += r.fixCount ?? 0;
    if (r.diagnostics.length === 0) continue;
    const internals = RESULT_INTERNALS.get(r);
    const lines = internals ? (internals.lines ?? new LineIndex(internals.text)) : undefined;
    out.push(c.underline(escapeControls(r.filePath)));
    const masked = new Map<number, string>();
    for (const d of r.diagnostics) {
      const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.blue('info');
      out.push(`  ${c.dim(`${d.range.start.line}:${d.range.start.column}`)}  ${sev}  ${escapeControls(d.message)}  ${c.dim(d.ruleId)}`);
      if (lines && opts.frames !== false) out.push(...codeFrame(lines, d, internals!.secrets, c, masked));
      if (d.severity === 'error') { errors++; if (d.fixable) fixableErrors++; }
      else if (d.severity === 'warning') { warnings++; if (d.fixable) fixableWarnings++; }
      else infos++;
    }
    out.push('');
  }
  const total = errors + warnings + infos;
  if (total > 0) {
    const summary = `✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'info')})`;
    out.push(errors ? c.red(c.bold(summary)) : c.yellow(c.bold(summary)));
    if (fixableErrors + fixableWarnings > 0) {
      out.push(c.dim(`  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`));
    }
  }
  if (fixed > 0) out.push(`Fixed ${plural(fixed, 'problem')} in ${plural(results.filter((r) => r.fixCount).length, 'file')}.`);
  const hidden = (opts.hidden?.warnings ?? 0) + (opts.hidden?.infos ?? 0);
  if (total === 0 && fixed === 0) {
    // --quiet hid warnings: "no problems" would not be true.
    out.push(`✔ ${plural(results.length, 'file')} checked, ${hidden > 0 ? `no errors (${hiddenCounts(opts.hidden!)} not shown: --quiet)` : 'no problems'}.`);
  } else if (hidden > 0) out.push(c.dim(`  ${hiddenCounts(opts.hidden!)} not shown (--quiet).`));
  if (opts.skipped) out.push(c.dim(`${plural(opts.skipped, 'file')} skipped: not Ops Manager documents; --debug lists them.`));
  return out.join('\n') + '\n';
}
