// Output formats. Each is a pure function of the results (STYLE.md: one module per format).
import { FORMATS, type FormatName } from '../core/public-shapes';
import type { LintRun } from '../core/types';
import { formatCompact } from './compact';
import { formatGithub } from './github';
import { formatGitlab } from './gitlab';
import { formatJson } from './json';
import { formatJunit } from './junit';
import { formatSarif } from './sarif';
import { formatStylish, stylishPieces } from './stylish';

export { FORMATS, type FormatName } from '../core/public-shapes';

export interface FormatOptions {
  color: boolean;
  cwd: string;
  fixDryRun: boolean;
  /** Problems --quiet left out (the summary must not say "no problems" over them). */
  hidden?: { warnings: number; infos: number };
  /** Files skipped as no Ops Manager document (named in the summary). */
  skipped?: number;
  /** The run exits 2 for suppressions that no longer occur: the summary must not say all is well. */
  unprunedSuppressions?: boolean;
  /** `i/n` of a sharded run (`check --shard`): SARIF records it for `omlint merge`. */
  shard?: string;
  /** A --fix or --fix-dry-run of files: stylish says what was (would be) fixed and which suggestions were not applied. */
  fixRun?: FixRunReport;
}

export interface FixRunReport {
  dryRun: boolean;
  /** --fix-suggestions: a finding's one suggestion was applied too. */
  suggestions: boolean;
  /** Dry run: each changed file's unified diff, by result path (secrets masked). */
  diffs: ReadonlyMap<string, string>;
}

/** The run without the fixed texts of its results (the sources stay: they are keyed by path). */
export function withoutOutput(run: LintRun): LintRun {
  return { ...run, results: run.results.map(({ output, ...rest }) => rest) };
}

/**
 * formatResults's text in pieces to write one after the other, each made when the one before has
 * been taken (stylish: its findings a bounded piece at a time, then its summary, stylishPieces), so
 * that the CLI writes each as it comes and never holds the whole report.
 */
export function formatPieces(format: FormatName, run: LintRun, opts: FormatOptions): Iterable<string> {
  if (format !== 'stylish' && FORMATS.includes(format)) return [formatResults(format, run, opts)];
  return stylishPieces(run, stylishOptions(opts));
}

const stylishOptions = (opts: FormatOptions) => ({ color: opts.color, hidden: opts.hidden, skipped: opts.skipped, unprunedSuppressions: opts.unprunedSuppressions, fixRun: opts.fixRun });

/** A run's text in a format. The run's sources give code frames and the secrets to mask. */
export function formatResults(format: FormatName, run: LintRun, opts: FormatOptions): string {
  switch (format) {
    case 'json':
      return formatJson(opts.fixDryRun ? run : withoutOutput(run));
    case 'sarif':
      return formatSarif(run, { cwd: opts.cwd, shard: opts.shard });
    case 'junit':
      return formatJunit(run);
    case 'github':
      return formatGithub(run);
    case 'gitlab':
      return formatGitlab(run);
    case 'compact':
    case 'concise':
      return formatCompact(run);
    case 'stylish':
    default:
      return formatStylish(run, stylishOptions(opts));
  }
}
