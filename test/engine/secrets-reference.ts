// The secret collection as it was before findSecretsByName's for-in walk and urlHoldsSecret by
// character code (main 06e4d23), copied as the reference: test/engine/secrets-equivalence.test.ts
// holds the new one to it, bench/secrets.ts times both.
import { secretsInText, type SecretSource } from '../../src/engine/mask';
import { escapeToken } from '../../src/core/pointer';
import { findSecretsOfAnyKind, isRedactionMask, isSecretFieldName, isTokenLike, type SecretLocation } from '../../src/model/secrets';
import { isWholePlaceholder } from '../../src/model/placeholders';

export function urlHoldsSecretOld(url: string): boolean {
  if (/:\/\/[^\s/@]*@/.test(url) || /\?./.test(url)) return true;
  return (url.match(/[A-Za-z0-9_+=-]{16,}/g) ?? []).some((t) => isTokenLike(t) || /^[0-9a-f]{32}$/.test(t));
}

const MAX_KEYS_WALKED = 200_000;

/**
 * Secrets found by field name anywhere in any value: strings and numbers under secret names,
 * and `url` beside a `type` (an integration of any type, spelt in any case). For masking, not for
 * reports. Iterative: documents may be nested a million deep.
 */
export function findSecretsByNameOld(value: unknown): SecretLocation[] {
  const out: SecretLocation[] = [];
  if (value === null || typeof value !== 'object') return out;
  // Every container met, with its parent and its token there: a pointer is built only for a
  // secret found (a 4.6 MB automation config has 100,000 containers and a handful of secrets).
  const parents: number[] = [-1];
  const tokens: (string | number)[] = [''];
  // Whether a container stands under a secret-named key: its keys and scalars are all secrets.
  const hidden: boolean[] = [false];
  const pointerOf = (container: number, key: string | number): string => {
    let pointer = `/${typeof key === 'number' ? key : escapeToken(key)}`;
    for (let c = container; c > 0; c = parents[c]) pointer = `/${typeof tokens[c] === 'number' ? tokens[c] : escapeToken(tokens[c] as string)}${pointer}`;
    return pointer;
  };
  // The containers to visit and where each is in `parents` (two stacks: no pair per container).
  const stack: unknown[] = [value];
  const stackAt: number[] = [0];
  const enter = (node: unknown, parent: number, token: string | number, secret: boolean) => {
    parents.push(parent);
    tokens.push(token);
    hidden.push(secret);
    stack.push(node);
    stackAt.push(parents.length - 1);
  };
  const scalar = (v: unknown): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number';
  // Bounded: past this many keys (a hostile document of a million keys) the text scan of the
  // masking (secretsInText), which reads the same names as written, is the net.
  let budget = MAX_KEYS_WALKED;
  while (stack.length > 0 && budget > 0) {
    const node = stack.pop();
    const at = stackAt.pop()!;
    const secret = hidden[at];
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const v: unknown = node[i];
        if (v !== null && typeof v === 'object') enter(v, at, i, secret);
        else if (secret && scalar(v)) out.push({ pointer: pointerOf(at, i), value: String(v), field: String(i) });
      }
      continue;
    }
    const obj = node as Record<string, unknown>;
    const typed = Object.prototype.hasOwnProperty.call(obj, 'type') || Object.prototype.hasOwnProperty.call(obj, 'typeName');
    for (const key of Object.keys(obj)) {
      if (--budget < 0) break;
      const v = obj[key];
      // A key under a secret, or a secret-named key run into its value (`{apiToken:xoxb-…}`).
      if (secret) out.push({ pointer: pointerOf(at, key), value: key, field: key, inKey: true });
      else if (key.includes(':')) {
        const glued = /^\s*([^:\s]+)\s*:\s*(\S[^]*)$/.exec(key);
        if (glued && isSecretFieldName(glued[1])) out.push({ pointer: pointerOf(at, key), value: glued[2].trim(), field: glued[1], inKey: true });
      }
      const named = secret || isSecretFieldName(key);
      if (v !== null && typeof v === 'object') enter(v, at, key, named);
      else if (scalar(v) && (named || (typed && key.toLowerCase() === 'url'))) out.push({ pointer: pointerOf(at, key), value: String(v), field: key });
    }
  }
  return out;
}

function shownOld(value: string): boolean {
  return isWholePlaceholder(value) || isRedactionMask(value) || /^(true|false|null|~|yes|no|on|off)$/i.test(value);
}

export function collectOld(docs: SecretSource[], opts: { text?: string; wide?: boolean } = {}): string[] {
  let out: Set<string> | undefined;
  const add = (v: string) => {
    const t = v.trim();
    if (t.length >= 4 && !shownOld(t)) (out ??= new Set()).add(t);
  };
  for (const d of docs) {
    if (d.value === null || typeof d.value !== 'object') continue;
    const byKind = findSecretsOfAnyKind(d.value, d.facts);
    for (const found of opts.wide ?? true ? [byKind, findSecretsByNameOld(d.value)] : [byKind]) {
      for (const s of found) {
        if (s.value.length < 4 || (!out?.has(s.value) && shownOld(s.value))) continue;
        (out ??= new Set()).add(s.value);
        const raw = s.inKey ? undefined : d.sourceOf?.(s.pointer);
        if (raw === undefined || raw === s.value) continue;
        for (const piece of raw.replace(/^["']|["']$/g, '').split(/\r\n|\r|\n/)) add(piece);
      }
    }
  }
  if (opts.text !== undefined) for (const v of secretsInText(opts.text)) add(v);
  return out ? [...out].sort((a, b) => b.length - a.length) : [];
}

