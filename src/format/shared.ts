// What the CI formats (sarif, junit, github, gitlab) share: secret masking over a whole run,
// rule documentation links and stable fingerprints.
import type { Diagnostic, LintRun } from '../core/types';
import { nodeCrypto } from '../core/lazy-builtins';
import { maskSecrets } from '../engine/mask';

/** Where the generated rule pages live (docs/rules/<id>.md). */
export const RULE_DOCS_BASE = 'https://github.com/omlint/omlint/blob/main/docs/rules/';
export const INFORMATION_URI = 'https://github.com/omlint/omlint';

export function ruleDocsUrl(ruleId: string): string {
  return `${RULE_DOCS_BASE}${encodeURIComponent(ruleId)}.md`;
}

/**
 * A masking function for every text of a run. Messages are masked by the engine already; this is
 * the second line of defence, and it uses the secrets of all files because a message may quote
 * another document (related information).
 */
export function secretMasker(run: LintRun): (text: string) => string {
  const all = new Set<string>();
  for (const r of run.results) for (const s of run.sources.get(r.filePath)?.secrets ?? []) all.add(s);
  if (all.size === 0) return (text) => text;
  const secrets = [...all].sort((a, b) => b.length - a.length);
  return (text) => maskSecrets(text, secrets);
}

/**
 * Fingerprints that survive unrelated edits: built from the path, rule, pointer, document index and
 * message (masked, like everything else), never from line numbers. Identical findings in one file are told apart by their
 * occurrence number, so every fingerprint of a run is unique.
 */
export function fingerprints(filePath: string, diagnostics: Diagnostic[], mask: (s: string) => string): string[] {
  const seen = new Map<string, number>();
  return diagnostics.map((d) => {
    const base = [filePath, d.ruleId, mask(d.pointer), String(d.documentIndex), mask(d.message)].join('\u0000');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return nodeCrypto().createHash('sha256').update(n === 0 ? base : `${base}\u0000${n}`).digest('hex');
  });
}
