// The library's public types (docs/api.md): the shapes of `--format json` of `check`, `plan` and
// `rules`, field for field (src/format/json.ts, src/plan/render.ts, src/cli/main.ts), so that a
// program and a CI log read the same thing. Those the engine writes too are declared once, in
// core/public-shapes.ts (a leaf the package's d.ts carries along).
import type { FilePlan, RelatedPlace, Range, Severity } from '../core/public-shapes';

export type { DocumentPlan, FilePlan, FormatName, PlanChange, Position, Range, RelatedPlace, Severity } from '../core/public-shapes';

export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  /** JSON pointer of the value in its document. */
  pointer: string;
  range: Range;
  kind: string;
  documentIndex: number;
  fixable: boolean;
  /** A repeated finding reported once: how many places it stands for. */
  occurrences?: number;
  related?: RelatedPlace[];
}

export interface FileReport {
  filePath: string;
  kinds: string[];
  documents: number;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  diagnostics: Finding[];
}

export interface RuleInfo {
  id: string;
  kinds: string[];
  defaultSeverity: Severity | 'off';
  fixable: boolean;
  description: string;
  /** Policies of a configuration: the file that declares them. */
  source?: string;
}

export interface PlanReport {
  plans: FilePlan[];
  summary: Record<string, number>;
  /** The findings of the same run, as `lint` returns them (the transition rules included). */
  results: FileReport[];
}

/** Options shared by `lint`, `lintText` and `plan`: each is the CLI flag of the same name. */
export interface RunOptions {
  /** Directory that relative paths, the configuration and the baseline are found from (default: process.cwd()). */
  cwd?: string;
  /** A configuration file for every input (`--config`); default: the `omlint.config.yaml` governing each file. */
  config?: string;
  /** Force the kind of every input (`--kind`). */
  kind?: string;
  /** The Ops Manager version the documents are for, e.g. "7.0" (`--target-version`). */
  targetVersion?: string;
  /** Clock for date rules (`--now`). */
  now?: Date | string;
  /** Rule severities over the configuration (`--rule 'id: severity'`). */
  rules?: Record<string, Severity | 'off'>;
}

export interface LintOptions extends RunOptions {
  /**
   * The baseline of bulk suppressions, a file (`--suppressions-location`): its recorded errors
   * are left out. Default: as the CLI, the default suppressions file in `cwd` when it exists. Never written.
   */
  baseline?: string;
  /** Gitignore-style patterns of files to skip (`--ignore-pattern`). */
  ignorePatterns?: string[];
  /** The previous state for the transition rules: a file, a directory of the same layout, or a git revision (`--base`). */
  base?: string;
  /** The files are partial documents (write bodies) (`--partial`). */
  partial?: boolean;
  /** Errors only (`--quiet`). */
  quiet?: boolean;
}

export interface LintTextOptions extends RunOptions {
  /** The file name the text stands for (kind, configuration, report path); default "<stdin>". */
  filePath?: string;
}

export interface PlanOptions extends RunOptions {
  /** The previous state: a file, a directory of the same layout, or a git revision (default HEAD). */
  base?: string;
  partial?: boolean;
}

export interface FormatOptions {
  /** Paths in the report are relative to it (SARIF, stylish). Default: process.cwd(). */
  cwd?: string;
  color?: boolean;
}

/** A run that could not be made: a usage or configuration error (the CLI's exit 2), with its message. */
export class OmlintError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 2) {
    super(message);
    this.name = 'OmlintError';
    this.exitCode = exitCode;
  }
}
