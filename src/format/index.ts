// Output formats. Each is a pure function of the results (STYLE.md: one module per format).
import type { FileResult } from '../engine/types';
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
}

export function formatResults(format: FormatName, results: FileResult[], opts: FormatOptions): string {
  switch (format) {
    case 'json':
      return formatJson(opts.fixDryRun ? results : results.map(({ output, ...r }) => r as FileResult));
    case 'sarif':
      return formatSarif(results, { cwd: opts.cwd });
    case 'junit':
      return formatJunit(results);
    case 'github':
      return formatGithub(results);
    case 'gitlab':
      return formatGitlab(results);
    case 'stylish':
    default:
      return formatStylish(results, { color: opts.color });
  }
}
