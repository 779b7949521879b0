// A workspace rule's findings added to a file finished already, at the places its digests
// recorded (WorkspaceRule.places): no second read or parse of the file, nor of the file its
// related location names. Where anything of the file could make the result differ from linting it
// again (inline directives, the problem limit, a template value, a fix, a finding that might be
// merged with another, a clean file whose secrets were looked for narrowly), it is linted again.
import type { Diagnostic, FileResult, Range, RunSource, Severity } from '../core/types';
import type { FileSettings } from '../config/load';
import { packedPlace, severityOf, type PackedPlaces, type Place } from './file-report';
import { compareDiagnostics, countsOf, maskAll } from './finish';
import type { WorkspaceReport } from './passes';
import { MAX_PROBLEMS_PER_FILE, type LintRunOptions } from './run-options';

/** A record of a digest as placesOf reads it. */
type PlacedRecord = { sd: { filePath: string; documentIndex: number }; places?: PackedPlaces };

/**
 * The places a run's digests recorded, found by file (as results show it), document and pointer.
 * A Place is made only for a place asked for: a run keeps one record per document of every file,
 * and a map of all their places, made at once, was garbage the size of the run (bench/README.md, dup17).
 */
export interface RecordedPlaces {
  get(filePath: string, documentIndex: number, pointer: string): Place | undefined;
}

/** The recorded places of a run's digests; where several hold the same place, the last one's. */
export function placesOf(records: readonly PlacedRecord[]): RecordedPlaces {
  // Each document's records with places as a chain from its last: the index of the one before, -1
  // at its first. A file's last record stands for its chain while the file has one document with
  // places (most files: no map per file); a file of more documents gets a map of their last records,
  // so that a list of thousands of items is not walked through for each of its findings.
  const last = new Map<string, number | Map<number, number>>();
  const before = new Int32Array(records.length);
  for (let k = 0; k < records.length; k++) {
    const r = records[k];
    if (!r.places) continue;
    const { filePath, documentIndex } = r.sd;
    const at = last.get(filePath);
    if (at === undefined) {
      before[k] = -1;
      last.set(filePath, k);
    } else if (typeof at === 'number') {
      const atDocument = records[at].sd.documentIndex;
      before[k] = atDocument === documentIndex ? at : -1;
      last.set(filePath, atDocument === documentIndex ? k : new Map([[atDocument, at], [documentIndex, k]]));
    } else {
      before[k] = at.get(documentIndex) ?? -1;
      at.set(documentIndex, k);
    }
  }
  return {
    get(filePath, documentIndex, pointer) {
      const at = last.get(filePath);
      let k = at === undefined ? -1 : typeof at === 'number' ? (records[at].sd.documentIndex === documentIndex ? at : -1) : (at.get(documentIndex) ?? -1);
      for (; k >= 0; k = before[k]) {
        const place = packedPlace(records[k].places!, pointer);
        if (place) return place;
      }
      return undefined;
    },
  };
}

/**
 * Adds `reports` to the finished `done` of a file (one without inline directives, within the
 * problem limit), as linting it again with them would; false (and `done` untouched) where it
 * cannot be sure to.
 */
export function mergeReports(done: { result: FileResult; source: RunSource }, reports: readonly WorkspaceReport[], places: RecordedPlaces, settings: FileSettings, opts: LintRunOptions): boolean {
  const { result, source } = done;
  // A clean file's secrets were found without the walks a file with findings gets (finish.ts).
  if (result.diagnostics.length === 0) return false;
  // Without directives or a limit reached, every problem recorded is in the result (each place of an aggregate counted).
  const recorded: Record<Severity, number> = { error: result.errorCount, warning: result.warningCount, info: result.infoCount };
  const max = opts.maxProblemsPerFile ?? MAX_PROBLEMS_PER_FILE;
  const added: Diagnostic[] = [];
  // Asked once per report: a list of many items has as many findings and reports (linear, not their product).
  const had = new Set<string>();
  for (const d of result.diagnostics) had.add(d.ruleId);
  const reportsOf = new Map<string, number>();
  for (const w of reports) reportsOf.set(w.ruleId, (reportsOf.get(w.ruleId) ?? 0) + 1);
  for (const w of reports) {
    const r = w.report;
    if (!r || r.fix || r.suggestions || (r.target ?? 'value') !== 'value') return false;
    // Findings of one rule without related places may be one aggregate (aggregate.ts).
    if (had.has(w.ruleId) || (!r.related?.length && reportsOf.get(w.ruleId)! > 1)) return false;
    const place = places.get(result.filePath, w.documentIndex, r.pointer);
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
  result.diagnostics = mergeSorted(result.diagnostics, added);
  const counts = countsOf(result.diagnostics);
  result.errorCount = counts.errorCount;
  result.warningCount = counts.warningCount;
  result.infoCount = counts.infoCount;
  return true;
}

/**
 * `sorted` (in sortDiagnostics's order) and `more` in one array of their length, in the order
 * sortDiagnostics gives the two concatenated (stable: on a tie, `sorted`'s first, then `more`'s in
 * their order), without a sort's scratch per file.
 */
function mergeSorted(sorted: readonly Diagnostic[], more: Diagnostic[]): Diagnostic[] {
  if (more.length > 1) more.sort(compareDiagnostics);
  // Packed (a copy of both, overwritten in order below): `new Array(n)` is holey, a map the readers
  // of findings (countsOf, the formats) meet nowhere else, and were compiled again for.
  const out = sorted.concat(more);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++) out[k] = j >= more.length || (i < sorted.length && compareDiagnostics(sorted[i], more[j]) <= 0) ? sorted[i++] : more[j++];
  return out;
}

/** A range of its own for each finding (as a placement afresh gives). */
const copyRange = (r: Range): Range => ({ start: { ...r.start }, end: { ...r.end } });

/** Related locations given their ranges from recorded places; true when some are left. */
export function placeRelatedFrom(result: FileResult, places: RecordedPlaces): boolean {
  let left = false;
  for (const d of result.diagnostics) {
    // No `?? []`: an empty literal's map is not a related list's (another compile of the loop).
    if (d.related === undefined) continue;
    for (const rel of d.related) {
      if (rel.range) continue;
      const place = places.get(rel.filePath, rel.documentIndex, rel.pointer);
      if (place) rel.range = copyRange(place.range);
      else left = true;
    }
  }
  return left;
}
