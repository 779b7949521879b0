// What the CI formats (sarif, junit, github, gitlab) share: secret masking over a whole run,
// rule documentation links and stable fingerprints.
import type { Diagnostic, LintRun } from '../core/types';
import { sha256Hex } from '../core/lazy-builtins';
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
 * another document (related information). Each distinct text is masked once: a rule's message
 * and pointer repeat from file to file, and a run-wide list makes every masking read each character.
 */
export function secretMasker(run: LintRun, maskWith: (text: string, secrets: readonly string[]) => string = maskSecrets): (text: string) => string {
  const all = new Set<string>();
  for (const r of run.results) for (const s of run.sources.get(r.filePath)?.secrets ?? []) all.add(s);
  if (all.size === 0) return (text) => text;
  const secrets = [...all].sort((a, b) => b.length - a.length);
  // Masking is a function of the text alone (the list is the run's): the same text, the same answer.
  const done = new Map<string, string>();
  return (text) => {
    let masked = done.get(text);
    if (masked === undefined) {
      // Bounded: a report of many distinct texts keeps no second copy of them all.
      if (done.size >= MASKED_KEPT) done.clear();
      done.set(text, (masked = maskWith(text, secrets)));
    }
    return masked;
  };
}

/** Distinct texts a run's masker remembers at most. */
const MASKED_KEPT = 4096;

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
    return sha256Hex(n === 0 ? base : `${base}\u0000${n}`);
  });
}
