// No output of omlint ever contains a secret's value: every message (and code frame) passes here.
import { findSecrets, isPlaceholder, isRedactionMask } from '../model/secrets';
import type { Kind } from '../kinds/names';

/** The secret values of some documents (short values are left out: masking them would garble text). */
export function collectSecretValues(docs: { kind: Kind; value: unknown }[]): string[] {
  const out = new Set<string>();
  for (const d of docs) {
    for (const s of findSecrets(d.kind, d.value)) {
      // Placeholders and redaction masks are not secrets; showing them helps.
      if (s.value.length >= 4 && !isPlaceholder(s.value) && !isRedactionMask(s.value)) out.add(s.value);
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
