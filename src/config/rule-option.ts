// `--rule '<id>: <severity>'` (ESLint's flag): severities from the command line, which win over
// every configuration file, for the whole run.
import type { SeveritySetting } from '../core/types';
import { ConfigError, type FileSettings } from './load';
import { didYouMean } from './did-you-mean';
import { SEVERITY_SPELLINGS, SEVERITY_WORDS, severitySetting } from './severity';

/**
 * Parses one --rule value: `id: severity`, several joined by commas (`a: off, b: error`), or
 * ESLint's object form `{a: off}`. Throws ConfigError naming the nearest rule id or severity.
 */
export function parseRuleOption(text: string, knownRules: Set<string>): Record<string, SeveritySetting> {
  const body = text.trim().replace(/^\{([\s\S]*)\}$/, '$1');
  const out: Record<string, SeveritySetting> = {};
  for (const part of body.split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*["']?([A-Za-z0-9_/-]+)["']?\s*:\s*["']?([A-Za-z0-9]+)["']?\s*$/.exec(part);
    if (!m) throw new ConfigError(`--rule ${JSON.stringify(text)}: expected "<rule-id>: <severity>", e.g. --rule 'enabled-omitted: error'`);
    const [, id, word] = m;
    if (!knownRules.has(id)) throw new ConfigError(`--rule: unknown rule id "${id}".${didYouMean(id, knownRules)} (omlint rules lists them)`);
    // A command line has no numbers: "2" there is ESLint's 2.
    const severity = severitySetting(/^[0-9]$/.test(word) ? Number(word) : word.toLowerCase());
    if (!severity) throw new ConfigError(`--rule: severity of "${id}" must be one of ${SEVERITY_SPELLINGS}, not "${word}".${didYouMean(word, [...SEVERITY_WORDS, 'warn'])}`);
    out[id] = severity;
  }
  return out;
}

/**
 * The command line's severities put on top of a file's settings (undefined: none given), one object
 * per settings object of the base; ConfigResolver applies it once per file, so that a run's settings
 * are one function, compiled once, not a closure over it compiled again with it inlined.
 */
export function ruleOverrides(rules: Record<string, SeveritySetting>): ((base: FileSettings) => FileSettings) | undefined {
  if (Object.keys(rules).length === 0) return undefined;
  const memo = new WeakMap<FileSettings, FileSettings>();
  return (base) => {
    let s = memo.get(base);
    if (!s) memo.set(base, (s = { ...base, rules: { ...base.rules, ...rules } }));
    return s;
  };
}
