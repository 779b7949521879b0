// Keys present in a base document and absent now (what a GET → edit → PUT round trip
// silently dropped). Array items are paired by identity, not position, when every item of both
// sides carries a unique `name`, `_id`, `id` or `host` (processes by name, replica sets by _id,
// members by host, versions by name); else by index. One walk, linear in the size of both values.
import { joinPointer } from '../core/pointer';
import { isObject } from '../core/is-object';

export interface RemovedField {
  /** Where the key was, in the base. */
  basePointer: string;
  /** The nearest place that still exists now: the object that lost the key. */
  pointer: string;
}

const IDENTITY_KEYS = ['name', '_id', 'id', 'host'] as const;

/** The identity key all items of both arrays carry, unique on each side; undefined: by index. */
function identityKey(a: unknown[], b: unknown[]): string | undefined {
  for (const key of IDENTITY_KEYS) {
    const unique = (items: unknown[]) => {
      const seen = new Set<unknown>();
      for (const item of items) {
        const id = isObject(item) ? item[key] : undefined;
        if ((typeof id !== 'string' && typeof id !== 'number') || seen.has(id)) return false;
        seen.add(id);
      }
      return true;
    };
    if (a.length + b.length > 0 && unique(a) && unique(b)) return key;
  }
  return undefined;
}

/** A place as a chain of keys up to the root: pointers are spelt only for what is reported. */
interface Place {
  up: Place | undefined;
  key: string;
}
const ROOT: Place | undefined = undefined;
function pointerOf(place: Place | undefined): string {
  const keys: string[] = [];
  for (let p = place; p; p = p.up) keys.push(p.key);
  return joinPointer('', ...keys.reverse());
}

/**
 * Every key of `base` (nested) that `now` lacks where its parent still exists. An array item gone
 * as a whole is not a removed field (the plan lists removed processes and members), nor is
 * anything below a key that is itself reported.
 */
export function removedFields(base: unknown, now: unknown, limit = Infinity): RemovedField[] {
  const out: RemovedField[] = [];
  const stack: [unknown, unknown, Place | undefined, Place | undefined][] = [[base, now, ROOT, ROOT]];
  while (stack.length > 0 && out.length < limit) {
    const [b, n, bp, np] = stack.pop()!;
    if (isObject(b) && isObject(n)) {
      const keys = Object.keys(b);
      // The removals of an object come before those of its children (pushed backwards, popped forwards).
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        if (!Object.prototype.hasOwnProperty.call(n, k)) out.push({ basePointer: pointerOf({ up: bp, key: k }), pointer: pointerOf(np) });
        else if (typeof b[k] === 'object' && b[k] !== null) stack.push([b[k], n[k], { up: bp, key: k }, { up: np, key: k }]);
      }
      continue;
    }
    if (Array.isArray(b) && Array.isArray(n)) {
      const key = identityKey(b, n);
      if (key === undefined) {
        for (let i = Math.min(b.length, n.length) - 1; i >= 0; i--) stack.push([b[i], n[i], { up: bp, key: String(i) }, { up: np, key: String(i) }]);
      } else {
        const nowIndex = new Map(n.map((item, i) => [(item as Record<string, unknown>)[key], i]));
        for (let i = b.length - 1; i >= 0; i--) {
          const j = nowIndex.get((b[i] as Record<string, unknown>)[key]);
          if (j !== undefined) stack.push([b[i], n[j], { up: bp, key: String(i) }, { up: np, key: String(j) }]);
        }
      }
    }
  }
  return out;
}
