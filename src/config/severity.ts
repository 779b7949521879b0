// The severities a configuration (`rules:` of omlint.config.yaml, of its overrides and of the files
// it extends) and `--rule` may write: omlint's words, and ESLint's `warn`, 0, 1 and 2 so that a
// habit carries over (0 = off, 1 = warning, 2 = error, as in ESLint's config).
import type { SeveritySetting } from '../core/types';

/** omlint's own words (what every setting is read as). */
export const SEVERITY_WORDS = ['off', 'info', 'warning', 'error'] as const;

/** Every value a configuration accepts, as written in messages. */
export const SEVERITY_SPELLINGS = 'off, info, warning, error (ESLint\'s warn, 0, 1, 2 too)';

const ALIASES = new Map<unknown, SeveritySetting>([
  ['off', 'off'], ['info', 'info'], ['warning', 'warning'], ['error', 'error'],
  ['warn', 'warning'], [0, 'off'], [1, 'warning'], [2, 'error'],
]);

/** The setting a configuration value means, or undefined when it is none (`"2"` as a string is none, as in ESLint). */
export function severitySetting(value: unknown): SeveritySetting | undefined {
  return ALIASES.get(value);
}

/** A checked `rules:` mapping in omlint's words. */
export function severitySettings(rules: Record<string, unknown>): Record<string, SeveritySetting> {
  const out: Record<string, SeveritySetting> = {};
  for (const [id, v] of Object.entries(rules)) out[id] = severitySetting(v)!;
  return out;
}
