// `--format json`: exactly the contract of DESIGN.md, field for field (plus `output` with
// --fix-dry-run: the fixed text with its secrets masked, since a report ends up in CI logs).
import type { LintRun, RelatedInfo } from '../core/types';
import { maskText } from '../engine/mask';

function relatedJson(r: RelatedInfo) {
  return {
    filePath: r.filePath,
    documentIndex: r.documentIndex,
    pointer: r.pointer,
    message: r.message,
    ...(r.range ? { range: { start: { line: r.range.start.line, column: r.range.start.column }, end: { line: r.range.end.line, column: r.range.end.column } } } : {}),
  };
}

export function formatJson(run: LintRun): string {
  return JSON.stringify(
    run.results.map((r) => ({
      filePath: r.filePath,
      kinds: r.kinds,
      documents: r.documents,
      errorCount: r.errorCount,
      warningCount: r.warningCount,
      infoCount: r.infoCount,
      diagnostics: r.diagnostics.map((d) => ({
        ruleId: d.ruleId,
        severity: d.severity,
        message: d.message,
        pointer: d.pointer,
        range: { start: { line: d.range.start.line, column: d.range.start.column }, end: { line: d.range.end.line, column: d.range.end.column } },
        kind: d.kind,
        documentIndex: d.documentIndex,
        fixable: d.fixable,
        // Where else the finding is: the other places of a repeated finding (then `occurrences`
        // counts them all), or the other documents a cross-document finding names.
        ...(d.occurrences ? { occurrences: d.occurrences } : {}),
        ...(d.related?.length ? { related: d.related.map(relatedJson) } : {}),
      })),
      ...(r.output !== undefined ? { output: maskText(r.output, run.sources.get(r.filePath)?.secrets ?? []) } : {}),
    })),
  ) + '\n';
}
