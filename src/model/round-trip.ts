// Keys of a base document that a new document lost: the GET → edit → PUT round trip through a
// client that does not know every field drops them silently (mongodb-atlas-cli #1755 dropped
// processes[].defaultRWConcern; go-client-mongodb-ops-manager #207/#210 added missing fields).
// Arrays of named things are matched by name (processes, mongoDbVersions) or by _id (replica
// sets, members), other arrays item by item when their lengths agree.
import { escapeToken } from '../core/pointer';
import { isObject } from '../core/is-object';

export interface DroppedKey {
  /** Pointer of the object in the new document that lacks the key. */
  parent: string;
  /** Pointer of the key in the base. */
  basePointer: string;
  key: string;
  /** The dropped key's path with array positions as [] (`processes[].args2_6.net.tls.certificateKeyFilePassword`). */
  path: string;
}

type Json = Record<string, unknown>;

/** The identity of the objects of an array: a key every item has as a string or number. */
function identityKey(a: unknown[], b: unknown[]): string | undefined {
  for (const key of ['name', '_id', 'id']) {
    const all = (arr: unknown[]) => arr.length > 0 && arr.every((x) => isObject(x) && (typeof x[key] === 'string' || typeof x[key] === 'number'));
    if (all(a) && all(b)) return key;
  }
  return undefined;
}

export function droppedKeys(base: unknown, now: unknown): DroppedKey[] {
  const out: DroppedKey[] = [];
  const walk = (b: unknown, n: unknown, bp: string, np: string, path: string): void => {
    if (isObject(b) && isObject(n)) {
      for (const key of Object.keys(b)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        const token = escapeToken(key);
        if (!Object.prototype.hasOwnProperty.call(n, key)) {
          if (b[key] !== null) out.push({ parent: np, basePointer: `${bp}/${token}`, key, path: childPath });
          continue;
        }
        walk(b[key], n[key], `${bp}/${token}`, `${np}/${token}`, childPath);
      }
      return;
    }
    if (Array.isArray(b) && Array.isArray(n)) {
      const id = identityKey(b, n);
      if (id !== undefined) {
        const byId = new Map<unknown, number>();
        n.forEach((x, i) => {
          const k = (x as Json)[id];
          if (!byId.has(k)) byId.set(k, i);
        });
        b.forEach((x, i) => {
          const j = byId.get((x as Json)[id]);
          if (j !== undefined) walk(x, n[j], `${bp}/${i}`, `${np}/${j}`, `${path}[]`);
        });
      } else if (b.length === n.length) {
        for (let i = 0; i < b.length; i++) walk(b[i], n[i], `${bp}/${i}`, `${np}/${i}`, `${path}[]`);
      }
    }
  };
  walk(base, now, '', '', '');
  return out;
}
