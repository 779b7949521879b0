// The skeleton of a new object: the fields a writer must give (the schema's `required`, and what
// the rules require: key-context.ts), with a value to start from for each: an enum or a short
// vocabulary as a choice, a boolean as true/false, a number from the schema or the model, a new
// nested object's own skeleton, one item of a required list. snippets.ts writes it as YAML or JSON.
import type { Kind } from '../core/kinds';
import { isObject } from '../model/alerts';
import { MIN_INTERVAL_MIN } from '../model/notifications';
import { keyContext } from './key-context';
import { childSchemas, enumValues, first, propertiesOf, requiredOf, type Schema } from './schema-nav';
import { modelValues } from './vocabulary';

export type SkeletonValue =
  | { t: 'object'; fields: SkeletonField[] }
  | { t: 'array'; item?: SkeletonValue }
  /** One of a few values; the first is the default. */
  | { t: 'choice'; options: unknown[] }
  /** A value to type: a string (quoted in JSON) or a number, with a value to start from. */
  | { t: 'input'; string: boolean; init?: number }
  | { t: 'fixed'; value: unknown };

export interface SkeletonField {
  key: string;
  value: SkeletonValue;
}

/** A vocabulary this long is a choice; longer ones are left to value completion. */
const MAX_CHOICES = 24;
const MAX_DEPTH = 6;

export interface SkeletonPlace {
  kind: Kind;
  root: Schema;
  /** The item's (possibly stale) value, for vocabularies that read the document (reference names). */
  itemValue: unknown;
}

/** The value at pointer tokens (undefined where the path leaves the value). */
export function valueAt(value: unknown, tokens: readonly string[]): unknown {
  let cur = value;
  for (const t of tokens) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return cur;
}

const hasType = (schemas: Schema[], type: string) => schemas.some((s) => s.type === type || (Array.isArray(s.type) && s.type.includes(type)));

/**
 * The fields to insert into the object at `tokens` (relative to the item) whose schemas are given,
 * `object` its value so far (present keys are left out), `fixed` values decided by the caller (a
 * notification's typeName). Order: the schema's required fields, then the rules' needed ones, then
 * the usual optional ones, each in schema order.
 */
export function objectSkeleton(place: SkeletonPlace, tokens: string[], schemas: Schema[], object: unknown, fixed: Record<string, unknown> = {}, depth = 0): SkeletonField[] {
  const value = { ...(isObject(object) ? object : {}), ...fixed };
  const context = keyContext(place.kind, tokens, value);
  const props = propertiesOf(place.root, schemas, value);
  const required = requiredOf(schemas);
  const present = isObject(object) ? object : {};
  const groups: string[][] = [[...Object.keys(fixed)], [], [], []];
  for (const [key, ps] of props) {
    if (key in fixed || Object.prototype.hasOwnProperty.call(present, key) || context.hidden.has(key) || first(ps, 'readOnly')) continue;
    if (required.has(key)) groups[1].push(key);
    else if (context.needed.includes(key)) groups[2].push(key);
    else if (context.usual.includes(key)) groups[3].push(key);
  }
  const usual = new Set(groups[3]);
  return groups.flat().map((key) => ({
    key,
    value: key in fixed ? { t: 'fixed', value: fixed[key] } : valueSkeleton(place, [...tokens, key], props.get(key) ?? [], usual.has(key), depth + 1),
  }));
}

function valueSkeleton(place: SkeletonPlace, tokens: string[], schemas: Schema[], optional: boolean, depth: number): SkeletonValue {
  const enums = enumValues(schemas);
  if (enums.length) return { t: 'choice', options: enums };
  const vocabulary = modelValues(place.kind, tokens, place.itemValue);
  if (vocabulary && vocabulary.length > 0 && vocabulary.length <= MAX_CHOICES) return { t: 'choice', options: [...vocabulary] };
  if (hasType(schemas, 'boolean')) return { t: 'choice', options: [true, false] };
  if (hasType(schemas, 'array')) {
    if (optional || depth > MAX_DEPTH) return { t: 'fixed', value: [] };
    const existing = valueAt(place.itemValue, tokens);
    const index = String(Array.isArray(existing) ? existing.length : 0);
    const items = childSchemas(place.root, schemas, index, undefined);
    return items.length ? { t: 'array', item: valueSkeleton(place, [...tokens, index], items, false, depth + 1) } : { t: 'fixed', value: [] };
  }
  if (hasType(schemas, 'object') || schemas.some((s) => s.properties)) {
    const fields = depth > MAX_DEPTH ? [] : objectSkeleton(place, tokens, schemas, undefined, {}, depth);
    return fields.length ? { t: 'object', fields } : { t: 'fixed', value: {} };
  }
  if (hasType(schemas, 'number') || hasType(schemas, 'integer')) return { t: 'input', string: false, init: numberToStart(place, tokens, schemas) };
  return { t: 'input', string: true };
}

/**
 * A number to start from: the schema's default or minimum; a notification's interval at the
 * model's minimum (notification-interval); an item's `_id` the next one free among its siblings
 * (a replica set member's); else 0.
 */
function numberToStart(place: SkeletonPlace, tokens: string[], schemas: Schema[]): number {
  const fromSchema = first<number>(schemas, 'default') ?? first<number>(schemas, 'minimum');
  if (typeof fromSchema === 'number') return fromSchema;
  const key = tokens[tokens.length - 1];
  if ((place.kind === 'alert-config' || place.kind === 'global-alert-config') && key === 'intervalMin') return MIN_INTERVAL_MIN;
  if (key === '_id' && tokens.length >= 3 && /^\d+$/.test(tokens[tokens.length - 2])) {
    const siblings = valueAt(place.itemValue, tokens.slice(0, -2));
    if (Array.isArray(siblings)) {
      let max = -1;
      for (const s of siblings) if (isObject(s) && typeof s._id === 'number' && s._id > max) max = s._id;
      return max + 1;
    }
  }
  return 0;
}
