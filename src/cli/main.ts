// The omlint command line (commander). Exit codes: 0 clean, 1 lint errors (or too many
// warnings), 2 usage, config or internal error.
import { Command, InvalidArgumentError, Option } from 'commander';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/load';
import { ConfigResolver } from '../config/discover';
import { KNOWN_RULE_IDS, REGISTRY, RULE_INFO } from '../../rules/registry';
import { fixProject, lintProject, type LintInput, type LintRunOptions } from '../engine/lint';
import type { FileResult, LintRun } from '../core/types';
import { Project } from '../project/project';
import { KINDS, isKind } from '../core/kinds';
import { DEFAULT_LIMITS } from '../syntax/types';
import { packageRoot } from '../core/paths';
import { VERSION } from '../core/version';
import { useColor } from '../format/color';
import { formatPieces } from '../format/index';
import { decodeInput, findFiles, readInput, walkFolder, type FoundFiles, IGNORE_FILE } from './files';
import { DEFAULT_CACHE_FILE, ResultCache, cacheFilePath, cacheSecret } from './cache';
import { FileWriteError, writeFileAtomic } from '../io/write-file';
import { lintFiles } from './run-lint';
import { Baseline, BaselineError } from './baseline';
import { displayPath, type KindReport } from '../engine/lint';
import { parseRuleOption, ruleOverrides } from '../config/rule-option';
import { resolvedConfig } from './print-config';
import { closeNames, didYouMean } from '../config/did-you-mean';
import type { SeveritySetting } from '../core/types';
import { formatStatistics, ruleStatistics } from './statistics';
import { debugLog, describeFound, describeRun, type DebugLog } from './debug';
import { STARTER_CONFIG } from './starter-config';
import { progressReporter } from './progress';
import { filesOfShard } from './shard';
import { DEFAULT_MAX_MERGE_MB, MergeError, mergeReports, readParts } from './merge';
import { BaseError, withBases } from './bases';
import { GitError } from '../io/git';
import { runPlan, type PlanOptions } from './plan';
import { CHECK_OPTIONS, collect, parseCount, parseKind, parseNow, parseVersion, parseWarningLimit, readCheckArgs, type CheckOptions } from './check-args';
import { fixFiles, type FixFilesOutcome, type FixStep } from './fix-files';

export interface CliIO {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  readStdin(): Promise<Buffer>;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Told the files a check will lint, before any is read (the entry tunes V8 to them); a line for --debug back, and where later ones go. */
  filesFound?(files: string[], debug?: (line: string) => void): string | undefined;
  /** Told each step of --fix, file by file (tests: an edit between a file's read and its write). */
  fixStep?: FixStep;
  /** Sets V8 flags at run time (the entry's; `omlint lsp` bounds the heap's growth with it). */
  setV8Flags?(flags: string): void;
}

/** A usage problem: exit 2. */
class UsageError extends Error {}


function statSafe(p: string) {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

async function runCheck(paths: string[], o: CheckOptions, io: CliIO): Promise<number> {
  if (o.stdinFilename !== undefined && !o.stdin) throw new UsageError('--stdin-filename names standard input: use it with --stdin (to lint a file, name it as an argument).');
  if (o.config && !existsSync(path.resolve(io.cwd, o.config))) throw new ConfigError(`${o.config}: no such configuration file`);
  // --rule and --suppress-rule may name the policies of the configuration too.
  const ruleIds = o.rule?.length || o.suppressRule?.length ? new Set([...KNOWN_RULE_IDS, ...policiesOfConfig(io.cwd, o.config).map((p) => p.rule.meta.id)]) : KNOWN_RULE_IDS;
  const cliRules: Record<string, SeveritySetting> = Object.assign({}, ...(o.rule ?? []).map((r) => parseRuleOption(r, ruleIds)));
  const resolver = new ConfigResolver(KNOWN_RULE_IDS, o.config ? path.resolve(io.cwd, o.config) : undefined, ruleOverrides(cliRules));
  // Bound, not wrapped: a closure over it, called for every file, was compiled again with it inlined.
  const settingsFor = resolver.settingsFor.bind(resolver);
  const debug = debugLog(io.stderr, Boolean(o.debug));
  const kindReports = new Map<string, { documents: KindReport[]; skipped: string | false }>();
  const onKinds = debug ? (filePath: string, documents: KindReport[], skipped: string | false) => void kindReports.set(filePath, { documents, skipped }) : undefined;
  const timed = <T>(name: string, run: () => T): T => (debug ? debug.phase(name, run) : run());
  const limits = {
    maxBytes: o.maxFileSize !== undefined ? o.maxFileSize * 1024 * 1024 : DEFAULT_LIMITS.maxBytes,
    maxDepth: o.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxAliases: o.maxAliases ?? DEFAULT_LIMITS.maxAliases,
    maxNodes: o.maxNodes ?? DEFAULT_LIMITS.maxNodes,
    maxMemoryMB: o.maxMemory ?? DEFAULT_LIMITS.maxMemoryMB,
    maxDocuments: o.maxDocuments ?? DEFAULT_LIMITS.maxDocuments,
  };
  const now = o.now ?? new Date();
  if (o.printConfig !== undefined) {
    const file = path.resolve(io.cwd, o.printConfig);
    const input = existsSync(file) && !statSafe(file)?.isDirectory() ? readInput(file, limits) : undefined;
    const config = await resolvedConfig(file, input, settingsFor(file), { kind: o.kind, targetVersion: o.targetVersion, cwd: io.cwd, limits });
    io.stdout.write(JSON.stringify(config, null, 2) + '\n');
    return 0;
  }
  if (o.exitZero && o.maxWarnings !== undefined && o.maxWarnings >= 0) throw new UsageError('--exit-zero never fails on findings and --max-warnings fails on warnings: use one of them.');
  if (o.diff) o.fixDryRun = true;
  if (o.fixSuggestions && !o.fixDryRun) o.fix = true;
  const fixing = o.fix || o.fixDryRun;
  if (o.shard && (o.stdin || o.suppressAll || o.suppressRule || o.pruneSuppressions)) {
    // Each part would write its own share of the baseline over the others'.
    throw new UsageError(`--shard splits a run of files; it cannot be used with ${o.stdin ? '--stdin' : o.suppressAll ? '--suppress-all' : o.suppressRule ? '--suppress-rule' : '--prune-suppressions'} (record or prune the baseline in one run)`);
  }
  const withBase = o.base !== undefined || Boolean(o.staged);
  if (withBase && (fixing || o.stdin)) throw new UsageError(`--${o.base !== undefined ? 'base' : 'staged'} compares files with their previous state: it does not go with ${fixing ? '--fix' : '--stdin'}.`);
  // A run with bases lints its files in this thread, unsplit: --shard would not split it.
  if (o.shard && withBase) throw new UsageError(`--shard splits a run of files; it cannot be used with --${o.base !== undefined ? 'base' : 'staged'} (compare with the previous state in one run)`);
  const baseline = Baseline.forRun(o, io.cwd, Boolean(o.stdin), ruleIds);
  let results: FileResult[];
  /** The texts and secrets behind the results (code frames, masking), by result path. */
  let sources: LintRun['sources'];
  let unwritten = 0;
  let linted: string[] = [];
  /** --fix and --fix-dry-run of a walk: what was fixed (would be), file by file, before the check. */
  let fixedFiles: FixFilesOutcome | undefined;
  if (o.stdin || withBase) {
    let inputs: LintInput[];
    let discovered = new Set<string>();
    if (o.stdin) {
      const name = o.stdinFilename ? path.resolve(io.cwd, o.stdinFilename) : '<stdin>';
      inputs = [decodeInput(name, await io.readStdin())];
    } else {
      const found = timed('find files', () => walk(paths, o, io, settingsFor, debug));
      inputs = found.files.map((f) => (f.problem ? { filePath: f.filePath, text: '', problem: f.problem } : readInput(f.filePath, limits)));
      // Transition rules: each file with its previous state, linted in this thread.
      if (withBase) {
        const read = new Map(inputs.map((i) => [i.filePath, i]));
        inputs = withBases([...read.keys()], o, io.cwd, limits.maxBytes, (f) => read.get(f)!).inputs;
      }
      discovered = new Set(found.files.filter((f) => f.discovered || o.skipUnknown).map((f) => f.filePath));
    }
    linted = inputs.map((i) => i.filePath);
    const runOptions: LintRunOptions = { now, targetVersion: o.targetVersion, kind: o.kind, settingsFor, limits, skipUnknown: (p) => discovered.has(p), cwd: io.cwd, inlineConfig: o.inlineConfig, onKinds, fixSuggestions: o.fixSuggestions };
    const project = Project.ofFiles(settingsFor);
    ({ results, sources } = await timed(fixing ? 'lint and fix' : 'lint', () => (fixing ? fixProject(project, inputs, runOptions) : lintProject(project, inputs, runOptions))));
  } else {
    const found = timed('find files', () => walk(paths, o, io, settingsFor, debug));
    const files = found.files.map((f) => f.filePath);
    linted = files;
    // Config problems surface here, in this thread, before any worker starts.
    timed('configuration', () => files.forEach((f) => settingsFor(f)));
    if (fixing) {
      // Fixed and written file by file; the report is then the check of the files as they are.
      const discovered = new Set(found.files.filter((f) => f.discovered || o.skipUnknown).map((f) => f.filePath));
      const runOptions = { now, targetVersion: o.targetVersion, kind: o.kind, limits, skipUnknown: (p: string) => discovered.has(p), cwd: io.cwd, inlineConfig: o.inlineConfig, fixSuggestions: o.fixSuggestions };
      fixedFiles = await timed('fix', () => fixFiles(found.files, { settingsFor, runOptions, limits, cwd: io.cwd, dryRun: Boolean(o.fixDryRun), color: !o.outputFile && useColor(io.stdout, o.color, io.env), stderr: io.stderr, onStep: io.fixStep }));
      unwritten = fixedFiles.unwritten;
    }
    const progress = progressReporter(io.stderr);
    const cache = o.cache ? openCache(o, io) : undefined;
    ({ results, sources } = await timed('lint', () => lintFiles({
      files,
      discovered: new Set(found.files.filter((f) => f.discovered || o.skipUnknown).map((f) => f.filePath)),
      settingsFor,
      explicitConfig: o.config ? path.resolve(io.cwd, o.config) : undefined,
      now,
      fixedNow: Boolean(o.now),
      targetVersion: o.targetVersion,
      kind: o.kind,
      limits,
      cwd: io.cwd,
      // --debug lints in this thread: the kind of each document is known only where it is linted.
      jobs: debug ? 1 : o.jobs,
      rules: cliRules,
      onKinds,
      cache,
      unread: new Map(found.files.filter((f) => f.problem).map((f) => [f.filePath, { filePath: f.filePath, text: '', problem: f.problem }])),
      version: VERSION,
      progress: progress.update,
      inlineConfig: o.inlineConfig,
      // No format prints a suggestion; the summary of a --fix run counts those not applied.
      suggestionEdits: fixing ? undefined : false,
    })));
    progress.end();
    for (const n of cache?.notes ?? []) io.stderr.write(`omlint: note: ${n}\n`);
    if (fixedFiles) results = withFixes(results, fixedFiles, io.cwd);
  }
  const skipped = linted.length - results.length;
  if (debug) for (const line of describeRun(linted, kindReports, results, io.cwd)) debug(line);
  // After fixing (what --fix repairs is not recorded), before --quiet (as ESLint).
  if (baseline) results = baseline.apply(results, io.stderr);
  const hidden = { warnings: 0, infos: 0 };
  if (o.quiet) {
    for (const r of results) {
      hidden.warnings += r.warningCount;
      hidden.infos += r.infoCount;
    }
    results = results.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d) => d.severity === 'error'), warningCount: 0, infoCount: 0 }));
  }
  const color = o.outputFile ? o.color === true : useColor(io.stdout, o.color, io.env);
  const reportStart = debug ? performance.now() : 0;
  const pieces =
    o.stats || o.statistics
      ? [formatStatistics(ruleStatistics(results), o.format === 'json' ? 'json' : 'text')]
      : formatPieces(o.format, { results, sources }, { color, cwd: io.cwd, fixDryRun: Boolean(o.fixDryRun || (o.fix && o.stdin)), fixRun: fixedFiles ? { dryRun: Boolean(o.fixDryRun), suggestions: Boolean(o.fixSuggestions), diffs: diffsByResult(fixedFiles, io.cwd) } : undefined, hidden: o.quiet ? hidden : undefined, unprunedSuppressions: baseline?.unpruned(), skipped, shard: o.shard ? `${o.shard.index}/${o.shard.count}` : undefined });
  // Each piece written as it is made (stylish: a bounded piece at a time): the report is never whole in memory.
  if (o.outputFile) writeFileAtomic(path.resolve(io.cwd, o.outputFile), pieces, { makeDirs: true, what: 'the report to', replaceLinks: true });
  else for (const piece of pieces) if (piece !== '') io.stdout.write(piece);
  if (debug) {
    debug.record('report', performance.now() - reportStart);
    debug(`${skipped} file${skipped === 1 ? '' : 's'} skipped: not Ops Manager documents`);
    debug(`timings: ${debug.timings()}`);
  }
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  if (baseline?.failsOnUnpruned(io.stderr)) return 2;
  if (unwritten > 0) return 2;
  if (errors > 0) return o.exitZero ? 0 : 1;
  if (o.maxWarnings !== undefined && o.maxWarnings >= 0 && warnings > o.maxWarnings) {
    io.stderr.write(`omlint found too many warnings (maximum: ${o.maxWarnings}, found: ${warnings}).\n`);
    return 1;
  }
  return 0;
}

/**
 * The files of a run (notes on stderr). A named path that does not exist, or an argument that
 * yields no file to lint (ESLint's "No files matching"), is a usage error.
 */
function walk(paths: string[], o: CheckOptions, io: CliIO, settingsFor: (p: string) => { ignored: boolean; scope: string }, debug?: DebugLog): FoundFiles {
  // For --debug: what the configs' ignore lists kept out (directories too, which the walk does not list).
  const configIgnored = new Set<string>();
  const isIgnored = (p: string) => {
    const ignored = settingsFor(p).ignored;
    if (ignored && debug) configIgnored.add(p);
    return ignored;
  };
  const found = findFiles(paths.length ? paths : ['.'], { cwd: io.cwd, isIgnored, ignorePatterns: o.ignorePattern });
  for (const n of found.notes) io.stderr.write(`omlint: note: ${n}\n`);
  if (found.missing.length) throw new UsageError(`No such file or directory: ${found.missing.join(', ')}`);
  if (debug) for (const line of describeFound(found, configIgnored, io.cwd)) debug(line);
  if (o.errorOnUnmatchedPattern) {
    // A named file an ignore pattern excludes gets a note (ESLint warns), and is an error only
    // when nothing else is checked: then the run would pass over nothing. With --skip-unknown (the
    // pre-commit hook: staged files by name) it is never one: the commit is not blocked.
    const namedIgnored = (m: FoundFiles['perArgument'][number]) => m.ignored.length === 1 && m.ignored[0] === path.resolve(io.cwd, m.argument);
    const unmatched = found.perArgument.filter((m) => m.matched === 0 && !(namedIgnored(m) && (found.files.length > 0 || o.skipUnknown)));
    if (unmatched.length) {
      const why = unmatched
        .filter((m) => m.ignored.length > 0)
        .map((m) => `"${m.argument}" ${m.ignored.length === 1 && path.resolve(io.cwd, m.argument) === m.ignored[0] ? 'is' : `holds ${m.ignored.length} file${m.ignored.length === 1 ? '' : 's'}`} ignored by an ignore pattern (the configuration's ignore, ${IGNORE_FILE} or --ignore-pattern)`);
      throw new UsageError(
        `No files matching ${unmatched.map((m) => `"${m.argument}"`).join(', ')} were found${why.length ? ` (${why.join('; ')})` : ''}: omlint lints *.json, *.yaml and *.yml files. ` +
          'Pass --no-error-on-unmatched-pattern to allow this.',
      );
    }
  }
  if (o.shard) {
    // After the "No files matching" check: that is about the whole run, not this part of it.
    const all = found.files.map((f) => f.filePath);
    const mine = new Set(filesOfShard(all, (f) => settingsFor(f).scope, o.shard, io.cwd));
    const files = found.files.filter((f) => mine.has(f.filePath));
    io.stderr.write(`omlint: note: part ${o.shard.index}/${o.shard.count} lints ${files.length} of ${all.length} file${all.length === 1 ? '' : 's'} (split by project scope)\n`);
    return filesFound({ ...found, files }, io, debug);
  }
  return filesFound(found, io, debug);
}

function filesFound(found: FoundFiles, io: CliIO, debug?: DebugLog): FoundFiles {
  const note = io.filesFound?.(found.files.map((f) => f.filePath), debug);
  if (note && debug) debug(note);
  return found;
}

function openCache(o: CheckOptions, io: CliIO): ResultCache | undefined {
  const notes: string[] = [];
  const location = o.cacheLocation ?? DEFAULT_CACHE_FILE;
  // A trailing separator names a directory (a link to one is then followed, as ESLint's).
  const file = cacheFilePath(path.resolve(io.cwd, location) + (/[\\/]$/.test(location) ? path.sep : ''));
  const secret = cacheSecret(io.env, notes);
  for (const n of notes) io.stderr.write(`omlint: note: ${n}\n`);
  return secret ? new ResultCache(file, VERSION, secret) : undefined;
}

/** The check's results with what --fix did (--fix-dry-run: would do) to each file: its count, and (dry run) its fixed text. */
function withFixes(results: FileResult[], fixed: FixFilesOutcome, cwd: string): FileResult[] {
  return results.map((r) => {
    const abs = path.resolve(cwd, r.filePath);
    const n = fixed.fixed.get(abs);
    if (n === undefined) return r;
    const output = fixed.outputs.get(abs);
    return { ...r, fixCount: n, ...(output !== undefined ? { output } : {}) };
  });
}

/** The dry run's diffs by the results' paths, for stylish. */
function diffsByResult(fixed: FixFilesOutcome, cwd: string): Map<string, string> {
  return new Map([...fixed.diffs].map(([abs, diff]) => [displayPath(abs, cwd), diff]));
}

/**
 * An empty value (an unset `$BASE` in CI) is a usage error for every option and argument: `--base ""`
 * resolved to the current directory and compared each file with itself, so a change passed unseen.
 */
function refuseEmptyValues(command: Command): void {
  for (const option of command.options) {
    if (!option.required && !option.optional) continue;
    const value: unknown = command.getOptionValue(option.attributeName());
    if (value === '' || (Array.isArray(value) && value.includes(''))) throw new UsageError(`${option.long ?? option.short} "": the value is empty (an unset variable?); give one, or leave the option out.`);
  }
  if (command.processedArgs.flat().includes('')) throw new UsageError(`${command.name()}: an argument is empty (an unset variable?); name a path${command.name() === 'check' ? ', or none for the current directory' : ''}.`);
}

/** `check` runs `runCheck` here only for a test that compares commander's reading with check-args.ts's (main gives secondReading). */
export function buildProgram(io: CliIO, setExit: (code: number) => void, check = (paths: string[], o: CheckOptions) => runCheck(paths, o, io)): Command {
  const program = new Command();
  program
    .name('omlint')
    .description('Offline validator and linter for Ops Manager Public API v1.0 configuration documents.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .hook('preAction', (_, command) => refuseEmptyValues(command));

  const checkCommand = program
    .command('check', { isDefault: true })
    .description('lint files and directories (default: .), globbing *.json *.yaml *.yml')
    .argument('[paths...]', 'files or directories');
  for (const option of CHECK_OPTIONS) checkCommand.addOption(option.commander());
  checkCommand.action(async (paths: string[], o: CheckOptions) => {
    setExit(await check(paths, o));
  });

  program
    .command('plan')
    .description('what a PUT of each file would change against its previous state (--base), and the findings, transition rules included')
    .argument('<files...>')
    .option('--base <file|dir|git-ref>', 'the previous state: a file (a saved GET), a directory of the same layout, or a git revision (default HEAD)')
    .option('--staged', 'plan the staged content of each file (the pre-commit hook)')
    .option('--partial', 'the files are partial documents (write bodies): no round-trip-loss findings')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['stylish', 'json', 'markdown']).default('stylish'))
    .option('-o, --output-file <file>', 'write the plan to a file')
    .option('--kind <kind>', 'force the kind of every input', parseKind)
    .option('-c, --config <file>', 'use this configuration file for every input')
    .option('--target-version <x.y>', 'Ops Manager version, e.g. 7.0', parseVersion)
    .option('--now <iso-8601>', 'clock for date rules (reproducible CI)', parseNow)
    .option('--color', 'colours even when the output is no terminal')
    .option('--no-color', 'no colours')
    .option('--max-file-size <mb>', `largest file read, in MB (default ${DEFAULT_LIMITS.maxBytes / 1048576})`, parseCount)
    .action(async (paths: string[], o: PlanOptions) => {
      setExit(await runPlan(paths, o, io));
    });

  program
    .command('test')
    .description('run alert tests: alert configurations against series and events over time, expected alerts and notifications (docs/alert-tests.md)')
    .argument('[paths...]', 'alert test files, or directories holding *.alert-test.yaml')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['stylish', 'json', 'junit']).default('stylish'))
    .option('-o, --output-file <file>', 'write the report to a file')
    .option('--explain <alert-config>', 'print the timeline of an alert configuration over --series, without expectations')
    .option('--series <series>', 'with --explain: "METRIC: values" of the one host, e.g. "CONNECTIONS: 100 200 5000x10" (repeatable)', collect)
    .option('--event <event>', 'with --explain: "<time> <type>", e.g. "10m HOST_DOWN" (repeatable)', collect)
    .option('--window <file>', 'with --explain: a maintenance window to load (repeatable)', collect)
    .option('--global', 'with --explain: the file holds global alert configurations')
    .option('--step <duration>', 'with --explain: time between two samples (default 1m)')
    .action(async (paths: string[], o: { format: 'stylish' | 'json' | 'junit'; outputFile?: string; explain?: string; series?: string[]; event?: string[]; window?: string[]; global?: boolean; step?: string }) => {
      const tests = await import('./alert-test');
      let text: string;
      let code: number;
      if (o.explain !== undefined) {
        if (paths.length) throw new UsageError('test --explain takes no test files: give the alert configuration to --explain and its series to --series');
        try {
          text = tests.explainAlert(o.explain, { series: o.series ?? [], events: o.event ?? [], windows: o.window ?? [], step: o.step, global: o.global }, io.cwd);
        } catch (e) {
          throw e instanceof tests.ExplainUsageError ? new UsageError(e.message) : e;
        }
        code = 0;
      } else {
        if (o.series || o.event || o.window || o.global || o.step !== undefined) throw new UsageError('--series, --event, --window, --global and --step go with --explain');
        if (paths.length === 0) throw new UsageError('test needs alert test files or directories (or --explain <alert-config>)');
        // Ignore files and the configurations' ignore lists as `check` applies them.
        const resolver = new ConfigResolver(KNOWN_RULE_IDS, undefined);
        const found = tests.findTestFiles(paths, io.cwd, (p) => resolver.settingsFor(p).ignored);
        for (const n of found.notes) io.stderr.write(`omlint: note: ${n}\n`);
        if (found.missing.length) throw new UsageError(found.missing.map((m) => `${m}: no such file or directory`).join('; '));
        if (found.files.length === 0) {
          const why = found.ignored.length ? ` (ignored by an ignore pattern, the configuration's ignore or ${IGNORE_FILE}: ${found.ignored.map((p) => displayPath(p, io.cwd)).join(', ')})` : '';
          throw new UsageError(`no alert test (*.alert-test.yaml) in ${paths.join(', ')}${why}`);
        }
        const results = [];
        for (const f of found.files) results.push(f.problem ? { filePath: f.problem.filePath, problems: [f.problem], cases: [], notes: [] } : await tests.runTestFile(f.filePath, io.cwd, new Date()));
        text = tests.formatTestResults(results, o.format);
        code = tests.exitCodeOf(results);
      }
      if (o.outputFile) writeFileAtomic(path.resolve(io.cwd, o.outputFile), text, { makeDirs: true, what: 'the report to', replaceLinks: true });
      else io.stdout.write(text);
      setExit(code);
    });

  program
    .command('rules')
    .description('list the rule catalogue (and the policies of the configuration)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-c, --config <file>', 'list the policies of this configuration (default: the one governing the current directory)')
    .action((o: { format: string; config?: string }) => {
      const policies = policiesOfConfig(io.cwd, o.config).map((p) => ({ id: p.rule.meta.id, kinds: p.rule.meta.kinds, severity: p.rule.meta.defaultSeverity, fixable: Boolean(p.rule.meta.fixable), summary: p.rule.meta.description, source: p.source }));
      const all = [...REGISTRY.map((m) => ({ ...m, source: undefined as string | undefined })), ...policies];
      if (o.format === 'json') {
        io.stdout.write(JSON.stringify(all.map((m) => ({ id: m.id, kinds: m.kinds, defaultSeverity: m.severity, fixable: m.fixable, description: m.summary, ...(m.source ? { source: m.source } : {}) })), null, 2) + '\n');
      } else {
        const w = Math.max(...all.map((m) => m.id.length));
        for (const m of all) io.stdout.write(`${m.id.padEnd(w)}  ${m.severity.padEnd(7)}  ${m.fixable ? 'fix' : '   '}  ${m.summary}${m.source ? ` (policy of ${m.source})` : ''}\n`);
      }
      setExit(0);
    });

  program
    .command('explain')
    .description("print a rule's documentation")
    .argument('<rule-id>')
    .option('-c, --config <file>', 'a configuration whose policies to look in (default: the one governing the current directory)')
    .action(async (id: string, o: { config?: string }) => {
      const entry = RULE_INFO.get(id);
      const policy = entry ? undefined : policiesOfConfig(io.cwd, o.config).find((p) => p.rule.meta.id === id);
      if (policy) {
        const m = policy.rule.meta;
        io.stdout.write(`# ${m.id}\n\n${m.description}\n\nPolicy of \`${policy.source}\` — ${m.defaultSeverity}, kinds: ${(m.kinds as string[]).join(', ')}${m.scope === 'workspace' ? ' (over the documents of a project scope)' : ''}${m.fixable ? ', fixable' : m.hasSuggestions ? ', quick fix' : ''}.\n\n${m.docs.why}\n`);
        setExit(0);
        return;
      }
      if (!entry) throw new UsageError(`Unknown rule id "${id}".${didYouMean(id, RULE_INFO.keys())} \`omlint rules\` lists them.`);
      const [{ meta }, { ruleDocMarkdown }] = await Promise.all([entry.load(), import('../engine/rule-docs')]);
      io.stdout.write(ruleDocMarkdown(meta));
      setExit(0);
    });

  const policy = program.command('policy').description('policy packs (docs/policies.md)');
  policy
    .command('test')
    .description("run a pack's valid/ and invalid/ example documents")
    .argument('<dir>')
    .option('--now <iso-8601>', 'clock for date rules', parseNow)
    .action(async (dir: string, o: { now?: Date }) => {
      const { runPolicyTests } = await import('./policy-test');
      setExit(await runPolicyTests(path.resolve(io.cwd, dir), io, o.now));
    });

  program
    .command('schema')
    .description("print a kind's JSON Schema")
    .argument('<kind>', KINDS.join(' | '))
    .action((kind: string) => {
      if (!isKind(kind)) throw new UsageError(`Unknown kind "${kind}".${didYouMean(kind, KINDS)} Kinds: ${KINDS.join(', ')}.`);
      io.stdout.write(readFileSync(path.join(packageRoot(), 'schemas', `${kind}.schema.json`), 'utf8'));
      setExit(0);
    });

  program
    .command('init')
    .description('write a starter omlint.config.yaml')
    .action(() => {
      const p = path.join(io.cwd, 'omlint.config.yaml');
      if (existsSync(p)) throw new UsageError('omlint.config.yaml already exists; not overwritten.');
      writeFileAtomic(p, STARTER_CONFIG, { what: 'the starter config to', replaceLinks: true });
      io.stdout.write('Wrote omlint.config.yaml\n');
      setExit(0);
    });

  program
    .command('merge')
    .description('join the JSON or SARIF reports of a sharded run (check --shard i/n) into one')
    .argument('<report...>', 'the reports of every part')
    .option('-o, --output-file <file>', 'write the merged report to a file')
    .option('--expect <n>', 'the count of parts the run was split into (SARIF reports say it themselves)', parseCount)
    .option('--max-warnings <n>', 'exit 1 when warnings exceed n (-1: no limit)', parseWarningLimit)
    .option('--max-size <mb>', `most MB of reports read, all parts together (default ${DEFAULT_MAX_MERGE_MB})`, parseCount)
    .action((reports: string[], mo: { outputFile?: string; expect?: number; maxWarnings?: number; maxSize?: number }) => {
      const merged = mergeReports(readParts(reports, io.cwd, mo.maxSize), mo.expect);
      if (mo.outputFile) writeFileAtomic(path.resolve(io.cwd, mo.outputFile), merged.text, { makeDirs: true, what: 'the merged report to', replaceLinks: true });
      else io.stdout.write(merged.text);
      io.stderr.write(`omlint: merged ${merged.parts} report${merged.parts === 1 ? '' : 's'} (${merged.format}): ${merged.files} file${merged.files === 1 ? '' : 's'}, ${merged.errors} error${merged.errors === 1 ? '' : 's'}, ${merged.warnings} warning${merged.warnings === 1 ? '' : 's'}\n`);
      if (merged.errors > 0) return setExit(1);
      if (mo.maxWarnings !== undefined && mo.maxWarnings >= 0 && merged.warnings > mo.maxWarnings) {
        io.stderr.write(`omlint found too many warnings (maximum: ${mo.maxWarnings}, found: ${merged.warnings}).\n`);
        return setExit(1);
      }
      setExit(0);
    });

  program
    .command('lsp')
    .description('start the language server (same as omlint-language-server)')
    .option('--stdio', 'talk over standard input and output (the default)')
    .action(async () => {
      const { startServer } = await import('../server/main');
      startServer({ setV8Flags: io.setV8Flags, walkFolder });
      setExit(-1);
    });

  program
    .command('mcp')
    .description('an MCP server over stdio for editors and assistants: check, explain, plan, kinds and schemas as read-only tools')
    .action(async () => {
      const { runMcp } = await import('../mcp/main');
      // The API's io gives stdin as a Buffer (src/api/api.ts runCommand).
      await runMcp((argv, apiIo) => main(argv, apiIo as CliIO), io.cwd);
      setExit(-1);
    });

  program
    .command('serve')
    .description('an offline, validating emulator of the Public API: digest auth, every body judged as `check` judges it (docs/serve.md)')
    .option('--port <n>', 'port to listen on (0: a free one, printed at start-up)', (v: string) => {
      if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) throw new InvalidArgumentError('expected a port from 0 to 65535');
      return Number(v);
    }, 8080)
    .option('--host <address>', 'address to bind (loopback unless told otherwise)', '127.0.0.1')
    .option('--seed <file>', 'the starting state, YAML or JSON (default: one project, one owner key, a 3-member replica set)')
    .option('--user <publicKey:privateKey>', 'add a GLOBAL_OWNER API key (repeatable)', collect)
    .addOption(new Option('--max-body-size <size>', 'largest request body: bytes, or with kb or mb').default(10 * 1048576, '10mb').argParser((v: string) => {
      const m = /^(\d{1,10})(kb|mb)?$/i.exec(v.trim());
      if (!m || Number(m[1]) === 0) throw new InvalidArgumentError('expected a size such as 1048576, 512kb or 10mb');
      return Number(m[1]) * (m[2] ? (m[2].toLowerCase() === 'kb' ? 1024 : 1048576) : 1);
    }))
    .option('--control', 'the control API under /__omlint/: reset, load a seed, advance the clock, inject automation errors (docs/serve.md)')
    .option('--automation-delay <seconds>', 'seconds a process takes to reach a new automation goal, on the emulator clock (default 10)', (v: string) => {
      if (!/^\d{1,9}$/.test(v)) throw new InvalidArgumentError('expected a whole number of seconds');
      return Number(v);
    })
    .option('--state-dir <dir>', 'keep the state in DIR/state.json (mode 0600: it holds the keys), written after each change; a restart resumes it (over --seed)')
    .option('--tls-cert <file>', 'serve HTTPS with this PEM certificate (with --tls-key)')
    .option('--tls-key <file>', 'the PEM private key of --tls-cert')
    .option('--proxy <url>', 'forward each valid request, digest exchange included, to this Ops Manager (e.g. https://opsmanager.example:8443)')
    .addOption(new Option('--proxy-mode <mode>', 'with --proxy: block (the default) answers an invalid body with the 400 here; warn forwards it, its findings in X-Omlint-Findings').choices(['block', 'warn']))
    .action(async (o: { port: number; host: string; seed?: string; user?: string[]; maxBodySize: number; control?: boolean; automationDelay?: number; stateDir?: string; tlsCert?: string; tlsKey?: string; proxy?: string; proxyMode?: 'block' | 'warn' }) => {
      const { runServe, ServeUsageError } = await import('../serve/main');
      try {
        await runServe(o, io);
      } catch (e) {
        throw e instanceof ServeUsageError ? new UsageError(e.message) : e;
      }
      setExit(-1);
    });
  return program;
}

/** The policies of the configuration named, or governing `cwd` (loading it records them for SARIF too). */
function policiesOfConfig(cwd: string, config?: string) {
  const resolver = new ConfigResolver(KNOWN_RULE_IDS, config ? path.resolve(cwd, config) : undefined);
  const loaded = resolver.configFor(path.join(cwd, 'any-file'));
  return loaded ? loaded.policies.map((p) => ({ rule: p.rule, source: p.source })) : [];
}

/** The commands of omlint (buildProgram declares each; a test holds the two together). */
export const COMMANDS: readonly string[] = ['check', 'plan', 'test', 'rules', 'explain', 'policy', 'schema', 'init', 'merge', 'lsp', 'mcp', 'serve'];

/**
 * `omlint chek .`: `check` is the default command, so a first word that is no command is a path.
 * When no such path exists and the word is near a command's name, it was a mistyped command.
 */
function mistypedCommand(argv: string[], cwd: string): string | undefined {
  const first = argv[0];
  if (first === undefined || first.startsWith('-')) return undefined;
  const names = [...COMMANDS, 'help'];
  if (names.includes(first) || existsSync(path.resolve(cwd, first))) return undefined;
  const near = closeNames(first, names, 1);
  return near.length ? `Unknown command '${first}'. Did you mean '${near[0]}'?` : undefined;
}

/** commander running `check` would read its options a second time, and differently from check-args.ts: a bug to show, not to run. */
function secondReading(argv: string[]): () => Promise<number> {
  return async () => {
    throw new Error(`commander read a check that check-args.ts refused: ${JSON.stringify(argv)}`);
  };
}

/** Runs the CLI; resolves to the exit code (-1: keep running, e.g. the language server). */
export async function main(argv: string[], io: CliIO): Promise<number> {
  let code = 0;
  try {
    const mistyped = mistypedCommand(argv, io.cwd);
    if (mistyped) throw new UsageError(mistyped);
    // `check` (the default command) is read by check-args.ts alone; commander answers the rest.
    const check = readCheckArgs(argv, COMMANDS);
    if (check) return await runCheck(check.paths, check.options, io);
    await buildProgram(io, (c) => (code = c), secondReading(argv)).parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    const err = e as { code?: string; exitCode?: number; message?: string };
    if (typeof err.code === 'string' && err.code.startsWith('commander.')) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return 0;
      return 2; // commander already printed the usage problem
    }
    if (e instanceof ConfigError) {
      io.stderr.write(`omlint: configuration error: ${e.message}\n`);
      return 2;
    }
    if (e instanceof UsageError || e instanceof FileWriteError || e instanceof BaselineError || e instanceof MergeError || e instanceof BaseError || e instanceof GitError) {
      io.stderr.write(`omlint: ${e.message}\n`);
      return 2;
    }
    io.stderr.write(`omlint: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 2;
  }
}
