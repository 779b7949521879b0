// `--format compact` (also `concise`, Ruff's name): one line a finding, `path:line:col: severity
// rule-id message`, for grep, editors' problem matchers and terminals that want no frames.
import type { LintRun } from '../core/types';
import { escapeControls } from './escape';
import { secretMasker } from './shared';

export function formatCompact(run: LintRun): string {
  const mask = secretMasker(run);
  const lines: string[] = [];
  for (const r of run.results) {
    for (const d of r.diagnostics) {
      // A message or path with a line break would start a false finding: control characters are shown escaped.
      lines.push(`${escapeControls(r.filePath)}:${d.range.start.line}:${d.range.start.column}: ${d.severity} ${d.ruleId} ${escapeControls(mask(d.message))}`);
    }
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}
