// Redaction of every answer, with the project's one secret mechanism: the secret fields are those
// src/model/secrets.ts finds in each document (the same finders `omlint check` masks by), shown in
// Ops Manager's redaction formats (DOMAIN §5); the text sent then passes through
// src/engine/mask.ts's maskSecrets with every secret the state holds, so that a secret copied into
// another field (a description, a comment) is not sent either.
import { findSecretsOfAnyKind } from '../model/secrets';
import { maskSecrets } from '../engine/mask';
import { getAt, lastToken, parentPointer } from '../core/pointer';
import type { Doc } from './state';

/** Asterisks before the last 4 characters, by field (Atlas OpenAPI, DOMAIN §5); others: 28. */
const PARTIAL_WIDTH: Record<string, number> = { datadogApiKey: 28, serviceKey: 28, opsGenieApiKey: 32, victorOpsApiKey: 32, notificationToken: 36, apiToken: 70 };
/** Fields shown completely redacted (the spec: webhook secrets; a password is never partly shown). */
const COMPLETE = new Set(['webhookSecret', 'secret', 'tlsPemPassword']);
/** URLs: scheme and host shown, the rest masked ("https://webhook.com/****"). */
const URLS = new Set(['webhookUrl', 'microsoftTeamsWebhookUrl', 'url']);
export const COMPLETE_MASK = '******';

/** The redacted form of one secret value of a field. */
export function redactedValue(field: string, value: string): string {
  if (COMPLETE.has(field)) return COMPLETE_MASK;
  // Another private key falls to the rule below: a short one keeps nothing.
  if (field === 'privateKey' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return `********-****-****-${value.slice(-12)}`;
  if (URLS.has(field)) {
    const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#@]*)/i.exec(value);
    return m ? `${m[1]}/****` : COMPLETE_MASK;
  }
  // A short secret keeps nothing: its last 4 characters would be most of it.
  if (value.length < 12) return COMPLETE_MASK;
  return `${'*'.repeat(PARTIAL_WIDTH[field] ?? 28)}${value.slice(-4)}`;
}

/**
 * A resource (or list of them) with every secret field in its redacted form: a copy when it holds
 * one, the value itself otherwise (what it returns is only masked and serialised, never changed).
 */
export function redactDoc<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const found = findSecretsOfAnyKind(value);
  if (found.length === 0) return value;
  const copy = structuredClone(value) as unknown as Doc;
  for (const s of found) {
    const holder = getAt(copy, parentPointer(s.pointer)) as Record<string, unknown>;
    const last = lastToken(s.pointer);
    // PROMETHEUS: the spec omits `password` from the read form.
    if (last === 'password' && holder.type === 'PROMETHEUS') delete holder[last];
    else holder[last] = redactedValue(s.field, s.value);
  }
  return copy as unknown as T;
}

/** The one mask for texts and for links (SecretsNet remembers what it answered; a list of secrets masks anew). */
export interface Masker {
  maskText(text: string): string;
  maskUrl(url: string): string;
}

/**
 * A value with every string through the one mask (maskSecrets: the state's secrets, and values
 * shaped like secrets). Links are masked piece by piece: a whole URL would read as a token to the
 * shape net (`itemsPerPage=100` mixes cases and digits), each path segment and query value alone
 * does not, unless it is one. Only what a mask changed is copied (and objects that are not plain
 * JSON, as before): an answer with nothing to mask is the value itself, since most answers hold
 * no secret and each copy was garbage to collect. Callers only serialise what it returns.
 */
export function maskDeep(value: unknown, mask: Masker, key?: string): unknown {
  if (typeof value === 'string') return key === 'href' ? mask.maskUrl(value) : mask.maskText(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = maskDeep(value[i], mask);
      if (out) out.push(v);
      else if (v !== value[i]) (out = value.slice(0, i)).push(v);
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value);
  const obj = value as Record<string, unknown>;
  // Not a plain object (a Date, a Map): copied as before, its own enumerable keys only.
  if (proto !== Object.prototype && proto !== null) {
    const copy: Record<string, unknown> = {};
    for (const k of Object.keys(obj)) setOwn(copy, k, maskDeep(obj[k], mask, k));
    return copy;
  }
  let out: Record<string, unknown> | undefined;
  // for…in, not Object.keys: no array per object (own keys only: a plain object inherits none of its own).
  for (const k in obj) {
    if (!Object.hasOwn(obj, k)) continue;
    const was = obj[k];
    const v = maskDeep(was, mask, k);
    if (!out) {
      if (v === was) continue;
      // The first change: the keys before it copied as they are.
      out = {};
      for (const j in obj) {
        if (j === k) break;
        if (Object.hasOwn(obj, j)) setOwn(out, j, obj[j]);
      }
    }
    setOwn(out, k, v);
  }
  return out ?? value;
}

function setOwn(out: Record<string, unknown>, k: string, v: unknown): void {
  // A body's own `__proto__` key stays a key (an assignment would set the prototype).
  if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  else out[k] = v;
}

/** A URL with each path segment and query name and value masked alone. */
export function maskUrl(text: string, secrets: readonly string[]): string {
  return text.replace(/[^/?&=#]+/g, (piece) => maskSecrets(piece, secrets));
}
