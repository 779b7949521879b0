// `--rule '<id>: <severity>'` (ESLint's flag): severities from the command line, which win over
// every configuration file, for the whole run.
import type { SeveritySetting } from '../core/types';
import { ConfigError, type FileSettings } from './load';
import { didYouMean } from './did-you-mean';

const SEVERITY_WORDS: Record<string, SeveritySetting> = {
  off: 'off', info: 'info', warning: 'warning', error: 'error',
  // ESLint's spellings, so that a habit carries over.
  warn: 'warning', '0': 'off', '1': 'warning', '2': 'error',
};

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
    // Own keys only: `constructor` is no severity (Object.prototype's).
    const severity = Object.hasOwn(SEVERITY_WORDS, word.toLowerCase()) ? SEVERITY_WORDS[word.toLowerCase()] : undefined;
    if (!severity) throw new ConfigError(`--rule: severity of "${id}" must be one of off, info, warning, error, not "${word}".${didYouMean(word, ['off', 'info', 'warning', 'error'])}`);
    out[id] = severity;
  }
  return out;
}

/** Settings with the command line's severities on top; each file's computed once. */
export function withRuleOverrides(settingsFor: (filePath: string) => FileSettings, rules: Record<string, SeveritySetting>): (filePath: string) => FileSettings {
  if (Object.keys(rules).length === 0) return settingsFor;
  const memo = new Map<string, FileSettings>();
  return (filePath) => {
    let s = memo.get(filePath);
    if (!s) {
      const base = settingsFor(filePath);
      s = { ...base, rules: { ...base.rules, ...rules } };
      memo.set(filePath, s);
    }
    return s;
  };
}
