// The library API (docs/api.md) on the CLI's own run: each call is the command a user would type,
// run in this process with `--format json` and its report parsed, so a program gets exactly what
// the CLI's JSON holds (the same walk, configuration, baseline, masking) and nothing else to drift.
// Read-only: no flag that writes (--fix, --output-file, --cache, --suppress-*) is ever passed.
import type { FileReport, FormatName, FormatOptions, LintOptions, LintTextOptions, PlanOptions, PlanReport, RuleInfo, RunOptions } from './types';
import { OmlintError } from './types';

/** What the API needs of the CLI: its `main` (src/cli/main.ts) and the formatters of src/format. */
export interface ApiCore {
  main(argv: string[], io: ApiIO): Promise<number>;
  formatResults(format: FormatName, run: { results: FileReport[]; sources: ReadonlyMap<string, never> }, opts: { color: boolean; cwd: string; fixDryRun: boolean }): string;
}

export interface ApiIO {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
  readStdin(): Promise<Uint8Array>;
  cwd: string;
  env: Record<string, string | undefined>;
}

export interface OmlintApi {
  /** Lints files and directories as `omlint check --format json <paths>` does. */
  lint(paths: string | string[], options?: LintOptions): Promise<FileReport[]>;
  /** Lints one text as `omlint check --stdin --stdin-filename <filePath> --format json` does. */
  lintText(text: string, options?: LintTextOptions): Promise<FileReport[]>;
  /** What applying the files would change against their base, as `omlint plan --format json`. */
  plan(paths: string | string[], options?: PlanOptions): Promise<PlanReport>;
  /** Reports of `lint` in another of the CLI's formats (no code frames: the texts are not kept). */
  formatResults(results: FileReport[], format: FormatName, options?: FormatOptions): string;
  /** The rule catalogue, with the policies of the configuration, as `omlint rules --format json`. */
  rules(options?: { cwd?: string; config?: string }): Promise<RuleInfo[]>;
}

export const FORMAT_NAMES: readonly FormatName[] = ['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab', 'compact', 'concise'];

/** Runs one command; its stdout when it exited 0 or 1 (findings), else an OmlintError with its stderr. */
export async function runCommand(core: Pick<ApiCore, 'main'>, argv: string[], cwd: string | undefined, stdin?: string): Promise<string> {
  let out = '';
  let err = '';
  const io: ApiIO = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    // A Buffer, as the CLI's own entry gives (typed as Uint8Array: the declarations need no @types/node).
    readStdin: async () => Buffer.from(stdin ?? '', 'utf8'),
    cwd: cwd ?? process.cwd(),
    // No colour, whatever the caller's environment says: the output is parsed.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  };
  const code = await core.main(argv, io);
  if (code !== 0 && code !== 1) throw new OmlintError(err.trim().replace(/^omlint: /, '') || `omlint ${argv[0]} exited ${code}`, code);
  return out;
}

function runFlags(o: RunOptions): string[] {
  const flags: string[] = ['--no-color'];
  if (o.config !== undefined) flags.push('--config', o.config);
  if (o.kind !== undefined) flags.push('--kind', o.kind);
  if (o.targetVersion !== undefined) flags.push('--target-version', o.targetVersion);
  if (o.now !== undefined) flags.push('--now', o.now instanceof Date ? o.now.toISOString() : o.now);
  return flags;
}

const ruleFlags = (o: RunOptions) => Object.entries(o.rules ?? {}).flatMap(([id, severity]) => ['--rule', `${id}: ${severity}`]);

const list = (paths: string | string[]) => {
  const all = typeof paths === 'string' ? [paths] : paths;
  if (all.length === 0) throw new OmlintError('no path to lint: name files or directories');
  return all;
};

export function createApi(core: ApiCore): OmlintApi {
  return {
    async lint(paths, o = {}) {
      const flags = [...runFlags(o), ...ruleFlags(o)];
      if (o.baseline !== undefined) flags.push('--suppressions-location', o.baseline);
      for (const p of o.ignorePatterns ?? []) flags.push('--ignore-pattern', p);
      if (o.base !== undefined) flags.push('--base', o.base);
      if (o.partial) flags.push('--partial');
      if (o.quiet) flags.push('--quiet');
      // Lone files are named by the caller: no `--skip-unknown`, as on the command line.
      const argv = ['check', '--format', 'json', ...flags, '--', ...list(paths)];
      return JSON.parse(await runCommand(core, argv, o.cwd)) as FileReport[];
    },
    async lintText(text, o = {}) {
      if (typeof text !== 'string') throw new OmlintError('lintText: the text must be a string');
      const argv = ['check', '--format', 'json', '--stdin', ...(o.filePath !== undefined ? ['--stdin-filename', o.filePath] : []), ...runFlags(o), ...ruleFlags(o)];
      return JSON.parse(await runCommand(core, argv, o.cwd, text)) as FileReport[];
    },
    async plan(paths, o = {}) {
      const argv = ['plan', '--format', 'json', ...runFlags(o), ...(o.base !== undefined ? ['--base', o.base] : []), ...(o.partial ? ['--partial'] : []), '--', ...list(paths)];
      return JSON.parse(await runCommand(core, argv, o.cwd)) as PlanReport;
    },
    formatResults(results, format, o = {}) {
      if (!FORMAT_NAMES.includes(format)) throw new OmlintError(`unknown format "${format}": one of ${FORMAT_NAMES.join(', ')}`);
      if (!Array.isArray(results)) throw new OmlintError('formatResults: the results of lint() or lintText() (an array)');
      // The reports are already masked; without their texts the formats print no code frame.
      return core.formatResults(format, { results, sources: new Map<string, never>() }, { color: Boolean(o.color), cwd: o.cwd ?? process.cwd(), fixDryRun: false });
    },
    async rules(o = {}) {
      return JSON.parse(await runCommand(core, ['rules', '--format', 'json', ...(o.config !== undefined ? ['--config', o.config] : [])], o.cwd)) as RuleInfo[];
    },
  };
}
