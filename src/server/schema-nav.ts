// Navigating a kind's JSON Schema (draft-07, as generated into schemas/) along a JSON pointer:
// $ref, properties, items, additionalProperties, allOf/anyOf/oneOf, and if/then/else (the
// integration union is decided by the instance's `type`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kind } from '../core/kinds';
import { packageRoot } from '../core/paths';
import { isObject } from '../core/is-object';

export type Schema = Record<string, any>;

const cache = new Map<Kind, Schema>();

export function kindSchema(kind: Kind): Schema | undefined {
  let s = cache.get(kind);
  if (!s) {
    try {
      s = JSON.parse(readFileSync(path.join(packageRoot(), 'schemas', `${kind}.schema.json`), 'utf8')) as Schema;
    } catch {
      return undefined;
    }
    cache.set(kind, s);
  }
  return s;
}


function deref(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: any = root;
  for (const raw of ref.slice(2).split('/')) {
    node = node?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(node) ? node : undefined;
}

/** A simple `if` (properties with const/enum, required) against an instance; absent means no. */
function ifMatches(cond: Schema, value: unknown): boolean {
  if (!isObject(value)) return false;
  for (const k of (cond.required as string[] | undefined) ?? []) if (!(k in value)) return false;
  for (const [k, ps] of Object.entries((cond.properties as Record<string, Schema> | undefined) ?? {})) {
    if (!(k in value)) return false;
    const v = value[k];
    if ('const' in ps && v !== ps.const) return false;
    if (Array.isArray(ps.enum) && !ps.enum.includes(v)) return false;
  }
  return true;
}

/**
 * The schemas that together describe a value: the schema itself first (its own description wins
 * over the one of the definition it refers to), then what $ref, allOf, anyOf/oneOf and the
 * matching if/then/else branches add. `loose`: every conditional branch, whatever the instance.
 */
export function expand(root: Schema, schema: Schema | undefined, value: unknown, loose = false, depth = 0): Schema[] {
  if (!schema || depth > 20) return [];
  const out: Schema[] = [schema];
  if (typeof schema.$ref === 'string') out.push(...expand(root, deref(root, schema.$ref), value, loose, depth + 1));
  for (const s of (schema.allOf as Schema[] | undefined) ?? []) out.push(...expand(root, s, value, loose, depth + 1));
  for (const key of ['anyOf', 'oneOf']) {
    for (const s of (schema[key] as Schema[] | undefined) ?? []) {
      if (s.type === 'null') continue;
      out.push(...expand(root, s, value, loose, depth + 1));
    }
  }
  if (isObject(schema.if)) {
    if (loose) {
      out.push(...expand(root, schema.then, value, loose, depth + 1), ...expand(root, schema.else, value, loose, depth + 1));
    } else {
      out.push(...expand(root, ifMatches(schema.if, value) ? schema.then : schema.else, value, loose, depth + 1));
    }
  }
  return out;
}

/** The schemas of a child (object key or array index) given the parent's schemas. */
export function childSchemas(root: Schema, parents: Schema[], token: string, childValue: unknown, loose = false): Schema[] {
  const out: Schema[] = [];
  for (const s of parents) {
    const props = s.properties as Record<string, Schema> | undefined;
    if (props && Object.prototype.hasOwnProperty.call(props, token)) {
      out.push(...expand(root, props[token], childValue, loose));
      continue;
    }
    if (isObject(s.patternProperties)) {
      let hit = false;
      for (const [re, ps] of Object.entries(s.patternProperties as Record<string, Schema>)) {
        if (new RegExp(re, 'u').test(token)) {
          out.push(...expand(root, ps, childValue, loose));
          hit = true;
        }
      }
      if (hit) continue;
    }
    if (/^\d+$/.test(token)) {
      if (isObject(s.items)) out.push(...expand(root, s.items, childValue, loose));
      else if (Array.isArray(s.items)) out.push(...expand(root, s.items[Number(token)], childValue, loose));
    }
    if (isObject(s.additionalProperties) && !props?.[token] && !/^\d+$/.test(token)) {
      out.push(...expand(root, s.additionalProperties, childValue, loose));
    }
  }
  return out;
}

function valueAt(value: unknown, tokens: string[], n: number): unknown {
  let cur: unknown = value;
  for (let i = 0; i < n; i++) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[tokens[i]];
  }
  return cur;
}

/**
 * The schemas at a pointer (as tokens, relative to the kind's document). `value`: the document's
 * value, for conditionals (may be stale or partial). Where no branch matches the instance (an
 * integration without a type yet), every branch is tried.
 */
export function schemasAt(kind: Kind, tokens: string[], value: unknown): { root: Schema; schemas: Schema[] } | undefined {
  const root = kindSchema(kind);
  if (!root) return undefined;
  let cur = expand(root, root, value);
  let loose = false;
  for (let i = 0; i < tokens.length; i++) {
    const childValue = valueAt(value, tokens, i + 1);
    let next = childSchemas(root, cur, tokens[i], childValue, loose);
    if (next.length === 0 && !loose) {
      loose = true;
      next = childSchemas(root, reexpand(root, tokens.slice(0, i), value), tokens[i], childValue, true);
    }
    if (next.length === 0) return { root, schemas: [] };
    cur = next;
  }
  return { root, schemas: cur };
}

function reexpand(root: Schema, tokens: string[], value: unknown): Schema[] {
  let cur = expand(root, root, value, true);
  for (let i = 0; i < tokens.length; i++) cur = childSchemas(root, cur, tokens[i], valueAt(value, tokens, i + 1), true);
  return cur;
}

/** Properties an object at these schemas accepts, in schema order, with their schemas. */
export function propertiesOf(root: Schema, schemas: Schema[], value: unknown): Map<string, Schema[]> {
  const out = new Map<string, Schema[]>();
  for (const s of schemas) {
    for (const [k, ps] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) {
      const list = out.get(k) ?? [];
      list.push(...expand(root, ps, isObject(value) ? value[k] : undefined));
      out.set(k, list);
    }
  }
  return out;
}

export function requiredOf(schemas: Schema[]): Set<string> {
  const out = new Set<string>();
  for (const s of schemas) for (const k of (s.required as string[] | undefined) ?? []) out.add(k);
  return out;
}

/** First value of a keyword among schemas. */
export function first<T = unknown>(schemas: Schema[], keyword: string): T | undefined {
  for (const s of schemas) if (s[keyword] !== undefined) return s[keyword] as T;
  return undefined;
}

/** Enum and const values allowed by the schemas. */
export function enumValues(schemas: Schema[]): unknown[] {
  const out: unknown[] = [];
  for (const s of schemas) {
    if (Array.isArray(s.enum)) for (const v of s.enum) if (!out.includes(v)) out.push(v);
    if ('const' in s && !out.includes(s.const)) out.push(s.const);
  }
  return out;
}

/** The JSON type(s) of the schemas, in words: "string", "number", "object", "array of string"… */
export function typeLabel(root: Schema, schemas: Schema[]): string | undefined {
  const types = new Set<string>();
  for (const s of schemas) {
    const t = s.type;
    if (typeof t === 'string') types.add(t === 'array' ? `array${itemLabel(root, s)}` : t);
    else if (Array.isArray(t)) for (const x of t) types.add(x);
  }
  if (types.size === 0) {
    if (schemas.some((s) => s.properties)) types.add('object');
    else if (schemas.some((s) => 'const' in s || s.enum)) types.add('string');
  }
  return types.size ? [...types].join(' | ') : undefined;
}

function itemLabel(root: Schema, s: Schema): string {
  if (!isObject(s.items)) return '';
  const items = expand(root, s.items, undefined);
  const t = typeLabel(root, items);
  return t ? ` of ${t}` : '';
}
