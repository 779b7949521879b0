// No output of omlint ever contains a secret's value: every message (and code frame) passes here.
import { findSecrets, isPlaceholder, isRedactionMask, KINDS_WITH_SECRETS, type SecretLocation } from '../model/secrets';
import type { Kind } from '../kinds/names';

export interface SecretSource {
  /** The document's kind; without one, the secret fields of every kind count. */
  kind?: Kind;
  value: unknown;
  /** The source text of the value at a pointer, when known. */
  sourceOf?: (pointer: string) => string | undefined;
}

function secretsOf(d: SecretSource): readonly SecretLocation[] {
  if (d.value === null || typeof d.value !== 'object') return [];
  if (d.kind) return findSecrets(d.kind, d.value);
  // A document of unknown kind, or one that does not parse: mask whatever looks like a secret.
  return KINDS_WITH_SECRETS.flatMap((k) => findSecrets(k, d.value));
}

/**
 * The secret values of some documents (short values are left out: masking them would garble text).
 * Code frames show source text, which differs from the value when it is escaped ("https:\/\/…",
 * "\x41") or folded over lines: those source forms are masked too, line by line.
 */
export function collectSecretValues(docs: SecretSource[]): string[] {
  const out = new Set<string>();
  for (const d of docs) {
    for (const s of secretsOf(d)) {
      // Placeholders and redaction masks are not secrets; showing them helps.
      if (s.value.length < 4 || isPlaceholder(s.value) || isRedactionMask(s.value)) continue;
      out.add(s.value);
      const raw = d.sourceOf?.(s.pointer);
      if (raw === undefined || raw === s.value) continue;
      for (const piece of raw.replace(/^["']|["']$/g, '').split(/\r\n|\r|\n/)) {
        const p = piece.trim();
        if (p.length >= 4) out.add(p);
      }
    }
  }
  // Longest first, so that a secret containing another is masked whole.
  return [...out].sort((a, b) => b.length - a.length);
}

export const MASK = '****';

export function maskSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(MASK);
  return out;
}

/** Masks secrets keeping the text's length, so that columns of a code frame still line up. */
export function maskSecretsInPlace(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('*'.repeat(s.length));
  return out;
}
