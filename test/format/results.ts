// Results the format tests share: the fixtures of test/fixtures/format linted with lint(), as the
// CLI would, with a fixed clock. Errors, warnings, infos, a multi-document stream, a syntax error,
// a clean file and control characters in a message.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lintProject, projectOf, type LintRunOptions } from '../../src/engine/lint';
import type { Diagnostic, FileResult, LintInput, LintRun } from '../../src/core/types';

export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'format');
export const NOW = new Date('2026-11-21T00:00:00Z');

function input(name: string) {
  return { filePath: path.join(FIXTURES, name), text: readFileSync(path.join(FIXTURES, name), 'utf8') };
}

/** The fixture set, in a stable order; paths relative to FIXTURES (the cwd of the run). */
export async function fixtureResults(): Promise<FileResult[]> {
  return (await fixtureRun()).results;
}

export function allDiagnostics(results: FileResult[]): { file: FileResult; d: Diagnostic }[] {
  return results.flatMap((file) => file.diagnostics.map((d) => ({ file, d })));
}

/** A hand-made result (no internals): for exact escaping and path tests. */
export function handResult(filePath: string, diagnostics: Partial<Diagnostic>[], documents = 1): FileResult {
  const full = diagnostics.map((d) => ({
    ruleId: 'invalid-value',
    severity: 'error' as const,
    message: 'A message.',
    pointer: '/a',
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
    kind: 'alert-config' as const,
    documentIndex: 0,
    fixable: false,
    ...d,
  }));
  const count = (s: string) => full.filter((d) => d.severity === s).length;
  return {
    filePath,
    kinds: Array.from({ length: documents }, () => 'alert-config' as const),
    documents,
    errorCount: count('error'),
    warningCount: count('warning'),
    infoCount: count('info'),
    diagnostics: full,
  };
}

/** The fixture set must keep covering what the format tests claim to cover. */
export function assertCoverage(results: FileResult[]): void {
  const ds = allDiagnostics(results).map((x) => x.d);
  const need: [string, boolean][] = [
    ['an error', ds.some((d) => d.severity === 'error')],
    ['a warning', ds.some((d) => d.severity === 'warning')],
    ['an info', ds.some((d) => d.severity === 'info')],
    ['a syntax error', ds.some((d) => d.ruleId === 'syntax-error')],
    ['a multi-document file with findings in several documents', results.some((r) => r.documents > 1 && new Set(r.diagnostics.map((d) => d.documentIndex)).size > 1)],
    ['a clean file', results.some((r) => r.diagnostics.length === 0)],
  ];
  const missing = need.filter(([, ok]) => !ok).map(([what]) => what);
  if (missing.length) throw new Error(`format fixtures no longer produce ${missing.join(', ')}`);
}

/** lint() of texts as a run: the results with their sources (code frames, the secrets to mask), as the CLI formats them. */
export async function runOf(inputs: LintInput[], opts: LintRunOptions = {}): Promise<LintRun> {
  return lintProject(projectOf(opts), inputs, opts);
}

/** A run of hand-made results: no sources (no code frames, nothing known to mask). */
export function handRun(results: FileResult[]): LintRun {
  return { results, sources: new Map() };
}

/** The fixture set as one run (results and sources). */
export async function fixtureRun(): Promise<LintRun> {
  // alerts.yaml has no kind in its name: force it, as `--kind` or a config override would.
  const alerts = await runOf([input('alerts.yaml')], { now: NOW, cwd: FIXTURES, kind: 'alert-config' });
  const others = await runOf(['broken.yaml', 'clean.alert-config.yaml', 'controls.integration.json'].map(input), { now: NOW, cwd: FIXTURES });
  return { results: [...alerts.results, ...others.results], sources: new Map([...alerts.sources, ...others.sources]) };
}
