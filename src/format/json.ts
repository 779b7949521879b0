// `--format json`: exactly the contract of DESIGN.md, field for field (plus `output` with --fix-dry-run).
import type { FileResult } from '../engine/types';

export function formatJson(results: FileResult[]): string {
  return JSON.stringify(
    results.map((r) => ({
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
      })),
      ...(r.output !== undefined ? { output: r.output } : {}),
    })),
  ) + '\n';
}
