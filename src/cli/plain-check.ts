// The plain `omlint check <paths>` of most runs (a pre-commit hook, an editor on save, CI on a few
// files), read without commander: building commander's program (nine commands, seventy options)
// is a measurable part of every start (bench/README.md, history: cold start), and commander is a
// chunk of its own (scripts/build-chunks.ts) that such a run never loads.
// Only flags without a value, --format with a known format, and paths are read here; anything else
// (another command, another option, --help, a path that starts with '-', `--`) is commander's, and
// for what is read here commander reads the same (test/cli/plain-check.test.ts compares the two).
import { FORMATS, type FormatName } from '../format/index';
import type { CheckOptions } from './main';

type FlagOption = 'fix' | 'fixDryRun' | 'diff' | 'fixSuggestions' | 'quiet' | 'skipUnknown' | 'color' | 'exitZero' | 'cache' | 'inlineConfig' | 'errorOnUnmatchedPattern' | 'debug' | 'stats' | 'statistics' | 'staged' | 'partial' | 'suppressAll' | 'pruneSuppressions' | 'passOnUnprunedSuppressions';

/** The options a plain check sets: check's own options (a CheckOptions as commander would give it), typed, no cast. */
export type PlainCheckOptions = Pick<CheckOptions, FlagOption | 'format'>;

/** The flags without a value read here, each with the option it sets (commander's camel-cased name and value). */
const FLAGS: ReadonlyMap<string, readonly [FlagOption, boolean]> = new Map<string, readonly [FlagOption, boolean]>([
  ['--fix', ['fix', true]],
  ['--fix-dry-run', ['fixDryRun', true]],
  ['--diff', ['diff', true]],
  ['--fix-suggestions', ['fixSuggestions', true]],
  ['--quiet', ['quiet', true]],
  ['--skip-unknown', ['skipUnknown', true]],
  ['--color', ['color', true]],
  ['--no-color', ['color', false]],
  ['--exit-zero', ['exitZero', true]],
  ['--cache', ['cache', true]],
  ['--no-inline-config', ['inlineConfig', false]],
  ['--no-error-on-unmatched-pattern', ['errorOnUnmatchedPattern', false]],
  ['--debug', ['debug', true]],
  ['--stats', ['stats', true]],
  ['--statistics', ['statistics', true]],
  ['--staged', ['staged', true]],
  ['--partial', ['partial', true]],
  ['--suppress-all', ['suppressAll', true]],
  ['--prune-suppressions', ['pruneSuppressions', true]],
  ['--pass-on-unpruned-suppressions', ['passOnUnprunedSuppressions', true]],
]);

/** The options of `check` that have a default (commander gives them to every run). */
const DEFAULTS: PlainCheckOptions = { format: 'stylish', inlineConfig: true, errorOnUnmatchedPattern: true };

const isFormat = (v: string | undefined): v is FormatName => v !== undefined && (FORMATS as readonly string[]).includes(v);

/**
 * The paths and options of `check` when argv is a plain check this reads alone, else undefined
 * (commander reads it).
 */
export function plainCheck(argv: readonly string[]): { paths: string[]; options: PlainCheckOptions } | undefined {
  if (argv[0] !== 'check') return undefined;
  const paths: string[] = [];
  const options: PlainCheckOptions = { ...DEFAULTS };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '') return undefined; // an unset variable: commander refuses it (main.ts, refuseEmptyValues)
    if (!a.startsWith('-')) {
      paths.push(a);
      continue;
    }
    const flag = FLAGS.get(a);
    if (flag) {
      options[flag[0]] = flag[1];
      continue;
    }
    const format = a === '--format' || a === '-f' ? argv[++i] : a.startsWith('--format=') ? a.slice('--format='.length) : undefined;
    if (!isFormat(format)) return undefined;
    options.format = format;
  }
  return { paths, options };
}
