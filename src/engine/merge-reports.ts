// A workspace rule's findings added to a file finished already, at the places its digests
// recorded (WorkspaceRule.places): no second read or parse of the file, nor of the file its
// related location names. Where anything of the file could make the result differ from linting it
// again (inline directives, the problem limit, a template value, a fix, a finding that might be
// merged with another, a clean file whose secrets were looked for narrowly), it is linted again.
import type { Diagnostic, FileResult, Range, RunSource, Severity } from '../core/types';
import type { FileSettings } from '../config/load';
import { severityOf, unpackPlaces, type PackedPlaces, type Place } from './file-report';
import { countsOf, maskAll, sortDiagnostics } from './finish';
import type { WorkspaceReport } from './passes';
import { MAX_PROBLEMS_PER_FILE, type LintRunOptions } from './run-options';

/** The key of a recorded place: file (as results show it), document, pointer. */
export const placeKey = (filePath: string, documentIndex: number, pointer: string) => `${filePath}\0${documentIndex}\0${pointer}`;

/** The recorded places of a run's digests, by placeKey. */
export function placesOf(records: readonly { sd: { filePath: string; documentIndex: number }; places?: PackedPlaces }[]): Map<string, Place> {
  const out = new Map<string, Place>();
  for (const r of records) for (const p of r.places ? unpackPlaces(r.places) : []) out.set(placeKey(r.sd.filePath, r.sd.documentIndex, p.pointer), p);
  return out;
}

/**
 * Adds `reports` to the finished `done` of a file (one without inline directives, within the
 * problem limit), as linting it again with them would; false (and `done` untouched) where it
 * cannot be sure to.
 */
export function mergeReports(done: { result: FileResult; source: RunSource }, reports: readonly WorkspaceReport[], places: ReadonlyMap<string, Place>, settings: FileSettings, opts: LintRunOptions): boolean {
  const { result, source } = done;
  // A clean file's secrets were found without the walks a file with findings gets (finish.ts).
  if (result.diagnostics.length === 0) return false;
  // Without directives or a limit reached, every problem recorded is in the result (each place of an aggregate counted).
  const recorded: Record<Severity, number> = { error: result.errorCount, warning: result.warningCount, info: result.infoCount };
  const max = opts.maxProblemsPerFile ?? MAX_PROBLEMS_PER_FILE;
  const had = new Set(result.diagnostics.map((d) => d.ruleId));
  const added: Diagnostic[] = [];
  for (const w of reports) {
    const r = w.report;
    if (!r || r.fix || r.suggestions || (r.target ?? 'value') !== 'value') return false;
    // Findings of one rule without related places may be one aggregate (aggregate.ts).
    if (had.has(w.ruleId) || (!r.related?.length && reports.some((o) => o !== w && o.ruleId === w.ruleId))) return false;
    const place = places.get(placeKey(result.filePath, w.documentIndex, r.pointer));
    if (!place || place.template) return false;
    const severity = severityOf(w.ruleId, r.severity, { settings }, opts);
    if (severity === 'off') continue;
    if (recorded[severity] >= max) return false;
    recorded[severity]++;
    // The shape addReport gives a finding (the same keys in the same order: JSON output).
    added.push({
      ruleId: w.ruleId,
      severity,
      message: r.message,
      messageId: r.messageId,
      pointer: r.pointer,
      range: copyRange(place.range),
      kind: result.kinds[w.documentIndex] ?? 'unknown',
      documentIndex: w.documentIndex,
      fixable: false,
      fix: undefined,
      suggestions: undefined,
      related: r.related,
      span: place.span,
    });
  }
  maskAll(added, source.secrets);
  result.diagnostics = sortDiagnostics([...result.diagnostics, ...added]);
  Object.assign(result, countsOf(result.diagnostics));
  return true;
}

/** A range of its own for each finding (as a placement afresh gives). */
const copyRange = (r: Range): Range => ({ start: { ...r.start }, end: { ...r.end } });

/** Related locations given their ranges from recorded places; true when some are left. */
export function placeRelatedFrom(result: FileResult, places: ReadonlyMap<string, Place>): boolean {
  let left = false;
  for (const d of result.diagnostics) {
    for (const rel of d.related ?? []) {
      if (rel.range) continue;
      const place = places.get(placeKey(rel.filePath, rel.documentIndex, rel.pointer));
      if (place) rel.range = copyRange(place.range);
      else left = true;
    }
  }
  return left;
}
