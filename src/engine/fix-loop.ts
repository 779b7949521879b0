// The fix loop: a file's safe fixes applied and the text linted again, to a fixed point.
import { applyEdits } from '../syntax/fix';
import type { Diagnostic, LintInput, LintRun, TextFix } from '../core/types';
import { displayPath } from './file-report';
import type { ProjectLintOptions } from './run-options';

/** The change fixProject() applies for a finding: its safe fix, or (with fixSuggestions) its one suggestion. */
export function appliedChange(d: Diagnostic, fixSuggestions: boolean | undefined): TextFix | undefined {
  if (d.fix) return d.fix;
  return fixSuggestions && d.suggestions?.length === 1 ? d.suggestions[0] : undefined;
}

const MAX_FIX_PASSES = 20;

/** What a pass did to a file, to take it back if the file then parses worse. */
interface PassRecord {
  problems: number;
  /** More than one fix was applied (else there is nothing to take back). */
  several: boolean;
  firstOnly: () => string;
  places: number;
  firstPlaces: number;
}

/**
 * Applies the safe fixes of the inputs' findings, linting again (`lintTexts`) to a fixed point in
 * bounded passes. A pass applies n fixes in O(size + n log n) (applyEdits), and its lint also
 * tells whether the fixes broke the syntax; the lint that finds nothing more to fix is the result.
 */
export async function fixToFixedPoint(inputs: LintInput[], opts: ProjectLintOptions, lintInputs: (texts: LintInput[]) => Promise<LintRun>, first?: LintRun): Promise<LintRun> {
  const texts = new Map(inputs.map((i) => [i.filePath, i.text]));
  const fixCounts = new Map<string, number>();
  // A file that could not be read keeps its problem (never "empty") and is never fixed.
  const unread = new Map(inputs.filter((i) => i.problem).map((i) => [i.filePath, i]));
  const lintTexts = () => lintInputs([...texts].map(([filePath, text]) => unread.get(filePath) ?? { filePath, text }));
  const byDisplay = new Map([...texts.keys()].map((p) => [displayPath(p, opts.cwd), p]));
  const count = (filePath: string, places: number) => fixCounts.set(filePath, (fixCounts.get(filePath) ?? 0) + places);
  let final = first ?? (await lintTexts());
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const records = new Map<string, PassRecord>();
    for (const r of final.results) {
      const filePath = byDisplay.get(r.filePath);
      const internals = final.sources.get(r.filePath)!;
      const fixed = r.diagnostics.filter((d) => appliedChange(d, opts.fixSuggestions));
      if (fixed.length === 0 || !filePath) continue;
      const groups = fixed.map((d) => appliedChange(d, opts.fixSuggestions)!.edits);
      const { text, accepted } = applyEdits(internals.text, groups);
      if (accepted.length === 0 || text === internals.text) continue;
      const bom = internals.bom ? '\uFEFF' : '';
      // A repeated finding (one diagnostic for several places) counts each place it fixes.
      const places = accepted.reduce((n, i) => n + (fixed[i].occurrences ?? 1), 0);
      records.set(filePath, {
        several: accepted.length > 1,
        problems: internals.parseProblems ?? 0,
        firstOnly: () => bom + applyEdits(internals.text, groups.slice(0, 1)).text,
        places,
        firstPlaces: fixed[0].occurrences ?? 1,
      });
      texts.set(filePath, bom + text);
      count(filePath, places);
    }
    if (records.size === 0) break;
    final = await lintTexts();
    // Fixes at different places can still clash in meaning (adding `enabled` while another
    // renames `enabeld` to it). When a file now parses worse, this pass applies only its first
    // fix there; the next pass sees the new text.
    let retake = false;
    for (const r of final.results) {
      const filePath = byDisplay.get(r.filePath);
      const rec = filePath ? records.get(filePath) : undefined;
      if (!rec?.several || (final.sources.get(r.filePath)?.parseProblems ?? 0) <= rec.problems) continue;
      texts.set(filePath!, rec.firstOnly());
      count(filePath!, rec.firstPlaces - rec.places);
      retake = true;
    }
    if (retake) final = await lintTexts();
  }
  const original = new Map(inputs.map((i) => [displayPath(i.filePath, opts.cwd), i]));
  for (const r of final.results) {
    const input = original.get(r.filePath);
    if (!input) continue;
    const now = texts.get(input.filePath)!;
    if (now !== input.text) {
      r.output = now;
      r.fixCount = fixCounts.get(input.filePath) ?? 0;
    }
  }
  return final;
}

