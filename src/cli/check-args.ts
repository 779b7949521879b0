// The one reader of `check`'s command line (also `omlint <paths>`, check being the default command).
// Its options are declared once here: commander's `check` command is built from this table for
// --help and for wording a usage error, and every argv it accepts is read here, into a typed
// CheckOptions, the way commander would read it. So a run of `check` never builds commander's
// program of every command or loads its chunk (the cost of every start of the commonest run).
// What this refuses (help, --version, an unknown option, a missing or invalid value, an empty
// value) goes to commander, which prints the help or the error; test/cli/check-args.test.ts
// compares both readings on tables and on random argv.
import { InvalidArgumentError, Option } from 'commander';
import { KINDS, isKind, type Kind } from '../core/kinds';
import { DEFAULT_LIMITS } from '../syntax/types';
import { FORMATS, type FormatName } from '../format/index';
import type { BaselineFlags } from './baseline';
import { DEFAULT_SUPPRESSIONS_FILE } from './baseline';
import type { BaseOptions } from './bases';
import { DEFAULT_CACHE_FILE } from './cache';
import { IGNORE_FILE } from './files';
import { parseShard, ShardError, type Shard } from './shard';

export interface CheckOptions extends BaselineFlags, BaseOptions {
  shard?: Shard;
  format: FormatName;
  outputFile?: string;
  kind?: Kind;
  config?: string;
  fix?: boolean;
  fixDryRun?: boolean;
  /** Same as --fix-dry-run (Ruff's name). */
  diff?: boolean;
  /** Also apply a finding's one suggestion (Ruff's --unsafe-fixes); implies --fix unless a dry run. */
  fixSuggestions?: boolean;
  maxWarnings?: number;
  quiet?: boolean;
  stdin?: boolean;
  stdinFilename?: string;
  targetVersion?: string;
  now?: Date;
  /** --color (true), --no-color (false), neither (undefined: the environment and the terminal decide). */
  color?: boolean;
  exitZero?: boolean;
  maxFileSize?: number;
  maxDepth?: number;
  maxAliases?: number;
  maxNodes?: number;
  maxMemory?: number;
  maxDocuments?: number;
  jobs?: number;
  cache?: boolean;
  cacheLocation?: string;
  skipUnknown?: boolean;
  ignorePattern?: string[];
  inlineConfig: boolean;
  /** False with --no-error-on-unmatched-pattern. */
  errorOnUnmatchedPattern: boolean;
  rule?: string[];
  printConfig?: string;
  debug?: boolean;
  stats?: boolean;
  statistics?: boolean;
}

export function parseNow(v: string): Date {
  const d = new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(d.getTime())) throw new InvalidArgumentError('expected an ISO-8601 date-time such as 2026-01-31T00:00:00Z');
  return d;
}
export function parseCount(v: string): number {
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError('expected a whole number');
  return Number(v);
}
/** --max-warnings: a count, or -1 for no limit (ESLint's convention). */
export function parseWarningLimit(v: string): number {
  if (v.trim() === '-1') return -1;
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError('expected a whole number, or -1 for no limit');
  return Number(v);
}
export function collect(v: string, previous: string[] = []): string[] {
  return [...previous, v];
}
export function parseVersion(v: string): string {
  if (!/^\d+\.\d+(\.\d+)?$/.test(v)) throw new InvalidArgumentError('expected a version such as 7.0');
  return v;
}
export function parseKind(v: string): Kind {
  if (!isKind(v)) throw new InvalidArgumentError(`expected one of ${KINDS.join(', ')}`);
  return v;
}
function parseShardOption(v: string): Shard {
  try {
    return parseShard(v);
  } catch (e) {
    throw new InvalidArgumentError((e as ShardError).message);
  }
}
function parseFormat(v: string): FormatName {
  const format = FORMATS.find((f) => f === v);
  if (format === undefined) throw new InvalidArgumentError(`Allowed choices are ${FORMATS.join(', ')}.`);
  return format;
}

type Keys<T> = { [K in keyof CheckOptions]-?: NonNullable<CheckOptions[K]> extends T ? K : never }[keyof CheckOptions];

/** One option of `check`: commander's flags and description, and how its value lands on the options. */
interface CheckOption {
  flags: string;
  description: string;
  /** `--name`, and `-x` when it has a short form. */
  names: string[];
  takesValue: boolean;
  /** Reads one occurrence (its value, for an option that takes one) into the options; throws on a bad value. */
  read(o: CheckOptions, value: string | undefined): void;
  /** The option as commander declares it (for --help and for wording a usage error). */
  commander(): Option;
}

function namesOf(flags: string): string[] {
  return flags.replace(/ <[^>]+>$/, '').split(', ');
}

/** The key of CheckOptions a long flag sets, named as commander names it: `--fix-dry-run` → fixDryRun, `--no-color` → color. */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type KeyOf<F extends string> = F extends `${string}--no-${infer N}` ? Camel<N> : F extends `${string}--${infer N} <${string}` ? Camel<N> : F extends `${string}--${infer N}` ? Camel<N> : never;
function keyOf(flags: string): string {
  return namesOf(flags).pop()!.replace(/^--(?:no-)?/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** A flag without a value: `--x` sets true, `--no-x` false (a flag whose key is no boolean option does not compile). */
function flag<F extends string>(flags: F & (KeyOf<F> extends Keys<boolean> ? unknown : never), description: string): CheckOption {
  const key = keyOf(flags) as Keys<boolean>;
  const value = !flags.startsWith('--no-');
  return { flags, description, names: namesOf(flags), takesValue: false, read: (o) => void (o[key] = value), commander: () => new Option(flags, description) };
}

/** An option with a value, read by `parse` (given the value so far, for a repeatable one) or taken as written. */
function valued<F extends string, K extends KeyOf<F> & keyof CheckOptions = KeyOf<F> & keyof CheckOptions>(flags: F, description: string, parse: (v: string, previous: CheckOptions[K]) => CheckOptions[K]): CheckOption {
  const key = keyOf(flags) as K;
  return {
    flags,
    description,
    names: namesOf(flags),
    takesValue: true,
    read: (o, v = '') => void (o[key] = parse(v, o[key])),
    commander: () => new Option(flags, description).argParser(parse),
  };
}
const text = (v: string): string => v;

/** check's options, in the order of `omlint check --help` (the order they came in), each run of one topic under its line. */
export const CHECK_OPTIONS: readonly CheckOption[] = [
  // The report: its format and where it goes.
  { ...valued('-f, --format <format>', 'output format', parseFormat), commander: () => new Option('-f, --format <format>', 'output format').choices(FORMATS).default('stylish') },
  valued('-o, --output-file <file>', 'write the report to a file', text),
  // What every input is taken as.
  valued('--kind <kind>', 'force the kind of every input', parseKind),
  valued('-c, --config <file>', 'use this configuration file for every input', text),
  // Fixes: applied, or shown as a diff.
  flag('--fix', 'apply safe fixes to the files (suggestions are listed, not applied)'),
  flag('--fix-dry-run', 'show what --fix would change as a unified diff, write nothing, exit as check does (json: the fixed text in output)'),
  flag('--diff', 'same as --fix-dry-run (Ruff\'s --diff)'),
  flag('--fix-suggestions', 'with the safe fixes, apply each finding\'s suggestion where it offers only one (Ruff\'s --unsafe-fixes); implies --fix unless --fix-dry-run'),
  // What fails a run, and what the report shows.
  valued('--max-warnings <n>', 'exit 1 when warnings exceed n (-1: no limit)', parseWarningLimit),
  flag('--quiet', 'report errors only'),
  // Which inputs: named files of no known kind, standard input.
  flag('--skip-unknown', 'skip named files that hold no document of a known kind, as directory walks do (for pre-commit)'),
  flag('--stdin', 'lint standard input'),
  valued('--stdin-filename <name>', 'file name for standard input (kind, config, format)', text),
  // What the rules assume: the Ops Manager version, the clock.
  valued('--target-version <x.y>', 'Ops Manager version, e.g. 7.0: removed features and fields it does not know yet are errors', parseVersion),
  valued('--now <iso-8601>', 'clock for date rules (reproducible CI)', parseNow),
  // The terminal's colours; the exit code.
  flag('--color', 'colours even when the output is no terminal (over NO_COLOR and FORCE_COLOR, which are honoured otherwise)'),
  flag('--no-color', 'no colours (over FORCE_COLOR)'),
  flag('--exit-zero', 'exit 0 even when errors are found (2 stays for usage, configuration and internal errors), as Ruff'),
  // Parser limits (more below: the groups stand in the order their options came).
  valued('--max-file-size <mb>', `largest file read, in MB (default ${DEFAULT_LIMITS.maxBytes / 1048576})`, parseCount),
  valued('--max-depth <n>', `deepest nesting read (default ${DEFAULT_LIMITS.maxDepth})`, parseCount),
  // Big runs: threads, the cache, files left out.
  valued('-j, --jobs <n>', 'threads that lint (1: no worker thread; default: one per 20,000 files, at most half the cores)', parseCount),
  flag('--cache', 'reuse the results of unchanged files (like ESLint --cache)'),
  valued('--cache-location <file>', `cache file (default ${DEFAULT_CACHE_FILE})`, text),
  valued('--ignore-pattern <pattern>', `skip files matching a pattern (gitignore syntax, like a line of ${IGNORE_FILE}; repeatable)`, collect),
  // Parser limits.
  valued('--max-aliases <n>', `most YAML alias expansions (default ${DEFAULT_LIMITS.maxAliases})`, parseCount),
  // Inline directives.
  flag('--no-inline-config', 'ignore omlint-disable/omlint-enable comments'),
  // The baseline of bulk suppressions (cli/baseline.ts).
  flag('--suppress-all', `record every error found in ${DEFAULT_SUPPRESSIONS_FILE} (a baseline): only new ones fail later runs`),
  valued('--suppress-rule <rule-id>', `record the errors of this rule in ${DEFAULT_SUPPRESSIONS_FILE} (repeatable)`, collect),
  flag('--prune-suppressions', `lower the counts in ${DEFAULT_SUPPRESSIONS_FILE} to the errors still found`),
  valued('--suppressions-location <file>', `suppressions file (default ${DEFAULT_SUPPRESSIONS_FILE})`, text),
  flag('--pass-on-unpruned-suppressions', 'do not exit 2 when recorded suppressions no longer occur'),
  // Parser limits.
  valued('--max-nodes <n>', `most keys and values in a file, aliases expanded (default ${DEFAULT_LIMITS.maxNodes})`, parseCount),
  valued('--max-memory <mb>', `memory budget of one file's parse, in MB (default ${DEFAULT_LIMITS.maxMemoryMB})`, parseCount),
  valued('--max-documents <n>', `most documents in a YAML stream (default ${DEFAULT_LIMITS.maxDocuments})`, parseCount),
  // Rules' severities for this run; a path that yields nothing.
  valued('--rule <id: severity>', "a rule's severity for this run, over the configuration (repeatable): --rule 'enabled-omitted: error'", collect),
  flag('--no-error-on-unmatched-pattern', 'a path that yields no file to lint is no error'),
  // Looking into a run instead of its report.
  valued('--print-config <file>', 'print the configuration resolved for a file (kinds, rules, scope, target version) as JSON; lint nothing', text),
  flag('--debug', 'tell on stderr which files were found and skipped, each kind and its source, and the time of each phase'),
  flag('--stats', 'print the count of problems per rule instead of the report (Ruff\'s --statistics)'),
  flag('--statistics', 'same as --stats'),
  // One part of a run, for a CI matrix.
  valued('--shard <i/n>', 'lint part i of n of the files, split by project scope, for a CI matrix (join the reports with omlint merge)', parseShardOption),
  // Transition rules against a previous state (cli/bases.ts).
  valued('--base <file|dir|git-ref>', 'also run the transition rules against this previous state: a file, a directory of the same layout, or a git revision (the same path there)', text),
  flag('--staged', 'check the staged content of each file against --base (default HEAD): the pre-commit hook'),
  flag('--partial', 'the files are partial documents (write bodies): no round-trip-loss findings'),
];

const BY_NAME: ReadonlyMap<string, CheckOption> = new Map(CHECK_OPTIONS.flatMap((option) => option.names.map((name) => [name, option] as const)));

/** What `check` is given when an option is left out (commander's defaults: --no-x alone defaults x to true). */
const DEFAULTS = (): CheckOptions => ({ format: 'stylish', inlineConfig: true, errorOnUnmatchedPattern: true });

const looksLikeOption = (arg: string) => arg.length > 1 && arg[0] === '-';
/** A negative number is an argument of a command without subcommands (commander), e.g. a path `-1`. */
const negativeNumber = (arg: string) => /^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg);

/**
 * The paths and options of `check` for the argv of `omlint`, or undefined when commander answers:
 * another command, help, the version, or a usage error. `commands`: the names of omlint's commands.
 */
export function readCheckArgs(argv: readonly string[], commands: readonly string[]): { paths: string[]; options: CheckOptions } | undefined {
  // The program's own reading: its one option (--version) anywhere before `--`; then the first of
  // the arguments before any option names the command, or `check` runs on all of them.
  const operands: string[] = [];
  const rest: string[] = [];
  let dest = operands;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      if (dest === rest) rest.push(arg);
      dest.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '--version' || arg.startsWith('-V')) return undefined; // `-Vx` too: -V, then a group
    if (dest === operands && looksLikeOption(arg)) dest = rest;
    dest.push(arg);
  }
  if (operands[0] === 'check') operands.shift();
  else if (commands.includes(operands[0] ?? '') || operands[0] === 'help' || rest.some(isHelp)) return undefined;
  return readCheck(operands, rest);
}

const isHelp = (arg: string) => arg === '-h' || arg === '--help';

/** check's own reading of its arguments (commander's parseOptions for a command without subcommands). */
function readCheck(operands: string[], args: readonly string[]): { paths: string[]; options: CheckOptions } | undefined {
  const options = DEFAULTS();
  const paths = [...operands];
  let unknown = false;
  try {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--') {
        if (unknown) return undefined;
        paths.push(...args.slice(i + 1));
        break;
      }
      if (looksLikeOption(arg)) {
        const option = BY_NAME.get(arg);
        if (option) {
          if (option.takesValue && i + 1 >= args.length) return undefined; // its value is missing
          option.read(options, option.takesValue ? args[++i] : undefined);
          continue;
        }
      }
      // `-fjson`: a short option with its value.
      if (arg.length > 2 && arg[0] === '-' && arg[1] !== '-') {
        const option = BY_NAME.get(arg.slice(0, 2));
        if (option) {
          if (!option.takesValue) return undefined; // a group of short flags: check has none
          option.read(options, arg.slice(2));
          continue;
        }
      }
      // `--format=json`
      const eq = /^--[^=]+=/.test(arg) ? arg.indexOf('=') : -1;
      if (eq > 0) {
        const option = BY_NAME.get(arg.slice(0, eq));
        if (option?.takesValue) {
          option.read(options, arg.slice(eq + 1));
          continue;
        }
      }
      if (looksLikeOption(arg) && !negativeNumber(arg)) unknown = true; // help, or an unknown option
      if (!unknown) paths.push(arg);
    }
  } catch {
    return undefined; // a value its option refuses
  }
  if (unknown) return undefined;
  // An empty value (an unset variable in CI) is a usage error main.ts words (refuseEmptyValues).
  const values: unknown[] = Object.values(options);
  if (paths.includes('') || values.some((v) => v === '' || (Array.isArray(v) && v.includes('')))) return undefined;
  return { paths, options };
}
