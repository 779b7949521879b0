// `--format github`: GitHub Actions workflow commands, shown as annotations on the pull request.
// Escaping as @actions/core does it: data escapes % CR LF; properties also escape : and ,.
import type { FileResult, LintRun, Severity } from '../core/types';
import { secretMasker } from './shared';
import { escapeControls } from './escape';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

export function escapeData(s: string): string {
  // CR and LF keep their workflow-command escapes; other control characters (ESC…) are shown.
  return escapeControls(s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(run: LintRun): string {
  const { results } = run;
  const mask = secretMasker(run);
  const lines: string[] = [];
  for (const r of results) {
    for (const d of r.diagnostics) {
      const props = [
        `file=${escapeProperty(r.filePath)}`,
        `line=${d.range.start.line}`,
        `endLine=${Math.max(d.range.start.line, d.range.end.line)}`,
        `col=${d.range.start.column}`,
        `endColumn=${d.range.end.column}`,
        `title=${escapeProperty(d.ruleId)}`,
      ];
      lines.push(`::${COMMAND[d.severity]} ${props.join(',')}::${escapeData(mask(d.message))}`);
    }
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}
