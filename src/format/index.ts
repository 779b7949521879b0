// Output formats. Each is a pure function of the results (STYLE.md: one module per format).
import type { FileResult } from '../core/types';
import { RESULT_INTERNALS } from '../engine/lint';
import { formatGithub } from './github';
import { formatGitlab } from './gitlab';
import { formatJson } from './json';
import { formatJunit } from './junit';
import { formatSarif } from './sarif';
import { formatStylish } from './stylish';

export const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab'] as const;
export type FormatName = (typeof FORMATS)[number];

export interface FormatOptions {
  color: boolean;
  cwd: string;
  fixDryRun: boolean;
  /** Problems --quiet left out (the summary must not say "no problems" over them). */
  hidden?: { warnings: number; infos: number };
  /** Files skipped as no Ops Manager document (named in the summary). */
  skipped?: number;
  /** `i/n` of a sharded run (`check --shard`): SARIF records it for `omlint merge`. */
  shard?: string;
}

/** Copies of results without their fixed text, keeping what formatters need to mask secrets. */
export function withoutOutput(results: FileResult[]): FileResult[] {
  return results.map((r) => {
    const { output, ...rest } = r;
    return keepInternals(r, rest as FileResult);
  });
}

/** Registers a copy of a result with the original's internals (text, secrets). */
export function keepInternals(original: FileResult, copy: FileResult): FileResult {
  const internals = RESULT_INTERNALS.get(original);
  if (internals) RESULT_INTERNALS.set(copy, internals);
  return copy;
}

export function formatResults(format: FormatName, results: FileResult[], opts: FormatOptions): string {
  switch (format) {
    case 'json':
      return formatJson(opts.fixDryRun ? results : withoutOutput(results));
    case 'sarif':
      return formatSarif(results, { cwd: opts.cwd, shard: opts.shard });
    case 'junit':
      return formatJunit(results);
    case 'github':
      return formatGithub(results);
    case 'gitlab':
      return formatGitlab(results);
    case 'stylish':
    default:
      return formatStylish(results, { color: opts.color, hidden: opts.hidden, skipped: opts.skipped });
  }
}
