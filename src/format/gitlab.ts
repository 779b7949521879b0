// `--format gitlab`: a GitLab Code Quality report (artifacts: reports: codequality), the Code
// Climate issue subset GitLab reads. Fingerprints ignore line numbers, so unrelated edits above
// a finding do not turn it into a "new" one in the merge request widget.
import type { FileResult, LintRun, Severity } from '../core/types';
import { fingerprints, secretMasker } from './shared';

const SEVERITY: Record<Severity, 'major' | 'minor' | 'info'> = { error: 'major', warning: 'minor', info: 'info' };

export function formatGitlab(run: LintRun): string {
  const { results } = run;
  const mask = secretMasker(run);
  const issues = results.flatMap((r) => {
    const prints = fingerprints(r.filePath, r.diagnostics, mask);
    return r.diagnostics.map((d, i) => ({
      description: mask(d.message),
      check_name: d.ruleId,
      fingerprint: prints[i],
      severity: SEVERITY[d.severity],
      location: { path: r.filePath, lines: { begin: Math.max(1, d.range.start.line) } },
    }));
  });
  return JSON.stringify(issues, null, 2) + '\n';
}
