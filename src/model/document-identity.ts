// Which document of a base is the previous state of which document now: documents are
// matched by kind and identity. Alert configs by `id`, else by event type and matchers (a POST body
// has no id yet); maintenance windows by `id`; integrations by `type` (one per type and project);
// every other kind, automation configs included, by file: the n-th document of the kind in the
// file is the n-th of the kind in the base.
import type { Kind } from '../core/kinds';
import { isObject } from '../core/is-object';

export interface KindedDocument {
  kind: Kind;
  value: unknown;
}

export interface DocumentMatch<T extends KindedDocument> {
  pairs: { now: T; base: T }[];
  /** In the file, not in the base. */
  added: T[];
  /** In the base, not in the file. */
  removed: T[];
}


function idOf(doc: KindedDocument): string | undefined {
  if (!isObject(doc.value)) return undefined;
  const id = doc.value.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Event type and matchers, matchers in any order: what makes two alert configs the same alert. */
function alertKey(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.eventTypeName !== 'string') return undefined;
  const matchers = Array.isArray(value.matchers) ? value.matchers.map((m) => (isObject(m) ? JSON.stringify([m.fieldName, m.operator, m.value]) : JSON.stringify(m))).sort() : [];
  return `${value.eventTypeName}\0${matchers.join('\0')}`;
}

const KEY_STRENGTH = ['id:', 'event:', 'type:', 'ordinal:'];

/** The identity keys of a document (prefixed by KEY_STRENGTH). */
function keysOf(doc: KindedDocument, ordinal: number): string[] {
  const id = idOf(doc);
  const keys: string[] = [];
  switch (doc.kind) {
    case 'alert-config':
    case 'global-alert-config': {
      if (id) keys.push(`id:${id}`);
      const event = alertKey(doc.value);
      if (event !== undefined) keys.push(`event:${event}`);
      return keys;
    }
    case 'maintenance-window':
      if (id) keys.push(`id:${id}`);
      return keys.length ? keys : [`ordinal:${ordinal}`];
    case 'integration':
      if (isObject(doc.value) && typeof doc.value.type === 'string') return [`type:${doc.value.type}`];
      return [`ordinal:${ordinal}`];
    default:
      return [`ordinal:${ordinal}`];
  }
}

/**
 * Pairs each document of `now` with the base document of the same kind and identity. A key
 * matches only when it is unique on both sides (two alert configs of one event and matchers
 * without ids cannot be told apart, so neither is paired).
 */
export function matchDocuments<T extends KindedDocument>(now: readonly T[], base: readonly T[]): DocumentMatch<T> {
  const keyed = (docs: readonly T[]) => {
    const ordinals = new Map<Kind, number>();
    return docs.map((doc) => {
      const n = ordinals.get(doc.kind) ?? 0;
      ordinals.set(doc.kind, n + 1);
      return { doc, keys: keysOf(doc, n).map((k) => `${doc.kind}\0${k}`) };
    });
  };
  const nowKeyed = keyed(now);
  const baseKeyed = keyed(base);
  const pairs: { now: T; base: T }[] = [];
  const pairedNow = new Set<T>();
  const pairedBase = new Set<T>();
  // Strongest keys first: an alert config keeps its id partner even when its matchers changed,
  // and one with an id finds its POST body (no id yet) by event and matchers.
  for (const prefix of KEY_STRENGTH) {
    const index = (side: typeof nowKeyed, paired: Set<T>) => {
      const byKey = new Map<string, T | null>();
      for (const { doc, keys } of side) {
        if (paired.has(doc)) continue;
        const key = keys.find((k) => k.startsWith(prefix, k.indexOf('\0') + 1));
        if (key !== undefined) byKey.set(key, byKey.has(key) ? null : doc);
      }
      return byKey;
    };
    const baseByKey = index(baseKeyed, pairedBase);
    const nowByKey = index(nowKeyed, pairedNow);
    for (const [key, doc] of nowByKey) {
      const partner = baseByKey.get(key);
      if (!doc || !partner) continue;
      pairs.push({ now: doc, base: partner });
      pairedNow.add(doc);
      pairedBase.add(partner);
    }
  }
  // In file order, whatever level paired them.
  const order = new Map(now.map((d, i) => [d, i]));
  pairs.sort((a, b) => order.get(a.now)! - order.get(b.now)!);
  return { pairs, added: now.filter((d) => !pairedNow.has(d)), removed: base.filter((d) => !pairedBase.has(d)) };
}
