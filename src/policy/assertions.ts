// The `then` / `when` / `contains.where` assertions of a policy: checked once when the config is
// loaded (each problem at its exact spot), then compiled to plain functions over JSON values.
// Regular expressions run in RE2 (re2js, linear time); JSON Schema fragments in
// @cfworker/json-schema, an interpreter (no code generation, unlike ajv's compile).
import { RE2JS } from 're2js';
import { Validator } from '@cfworker/json-schema';
import { escapeToken, unescapeToken } from '../core/pointer';
import { isObject } from '../core/is-object';
import { nearMatches } from '../core/near';
import { POLICY_LIMITS } from './limits';
import { quoteForCut } from '../model/secrets';
import { parseTimestamp } from '../model/timestamps';

/** Throws a config error at a pointer of the policy file (the caller's `where`). */
export type Fail = (pointer: string, message: string) => never;

/** A place that breaks an assertion. */
export interface Failure {
  /** Pointer of the offending value (or of the missing field), relative to the document. */
  pointer: string;
  /** The assertion's field path as written ('' for the match itself). */
  field: string;
  value: unknown;
  /** A few words on what was expected, for `{{expected}}`. */
  expected: string;
  /** True when the failure is about the field's own value: then a policy's fix value can replace it. */
  fixable: boolean;
}

export interface Subject {
  pointer: string;
  value: unknown;
}

/** An assertion set compiled: the failures of a subject (none: it holds). */
export type Check = (subject: Subject) => Failure[];

export const ASSERTION_KEYS = ['field', 'required', 'forbidden', 'equals', 'notEquals', 'enum', 'notEnum', 'pattern', 'notPattern', 'minimum', 'maximum', 'versionMatches', 'maxDaysAfter', 'count', 'some', 'every', 'none', 'schema'] as const;


export function unknownKey(key: string, allowed: readonly string[], what: string): string {
  const near = nearMatches(key, [...allowed])[0];
  return `unknown ${what} field "${key}";${near ? ` did you mean "${near}"?` : ''} fields: ${allowed.join(', ')}`;
}

/** Compiles one assertion or a list of them (all must hold), checking each at `at`. */
export function compileAssertions(raw: unknown, at: string, fail: Fail, depth = 0): Check {
  if (depth > POLICY_LIMITS.maxAssertionDepth) fail(at, `assertions nest deeper than ${POLICY_LIMITS.maxAssertionDepth} levels`);
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) fail(at, 'must list at least one assertion');
  const checks = list.map((a, i) => compileAssertion(a, Array.isArray(raw) ? `${at}/${i}` : at, fail, depth));
  return (subject) => checks.flatMap((c) => c(subject));
}

/** Whether a subject satisfies an assertion set (no failure). */
export const holds = (check: Check, subject: Subject): boolean => check(subject).length === 0;

function compileAssertion(raw: unknown, at: string, fail: Fail, depth: number): Check {
  if (!isObject(raw)) fail(at, `an assertion is a mapping of ${ASSERTION_KEYS.join(', ')}`);
  const a = raw as Record<string, unknown>;
  for (const k of Object.keys(a)) if (!(ASSERTION_KEYS as readonly string[]).includes(k)) fail(`${at}/${k}`, unknownKey(k, ASSERTION_KEYS, 'assertion'));
  if (Object.keys(a).every((k) => k === 'field')) fail(at, 'an assertion needs at least one check besides "field"');
  const fieldText = a.field === undefined ? '' : a.field;
  if (typeof fieldText !== 'string') fail(`${at}/field`, 'must be a dotted path (net.tls.mode) or a JSON pointer (/net/tls/mode)');
  const field = parseField(fieldText as string, `${at}/field`, fail);
  const tests: ((found: Found) => Failure | Failure[] | undefined)[] = [];
  const failure = (found: Found, expected: string, fixable = true): Failure => ({ pointer: found.pointer, field: fieldText as string, value: found.value, expected, fixable });
  const bool = (k: string) => {
    if (a[k] !== undefined && typeof a[k] !== 'boolean') fail(`${at}/${k}`, 'must be true or false');
    return a[k] === true;
  };
  if (bool('required')) tests.push((f) => (f.exists ? undefined : failure(f, 'present')));
  if (bool('forbidden')) tests.push((f) => (f.exists ? failure(f, 'absent', false) : undefined));
  if (a.equals !== undefined) {
    const want = a.equals;
    tests.push((f) => (!f.exists || deepEqual(f.value, want) ? undefined : failure(f, show(want))));
  }
  if (a.notEquals !== undefined) {
    const not = a.notEquals;
    tests.push((f) => (f.exists && deepEqual(f.value, not) ? failure(f, `not ${show(not)}`) : undefined));
  }
  for (const k of ['enum', 'notEnum'] as const) {
    if (a[k] === undefined) continue;
    if (!Array.isArray(a[k]) || (a[k] as unknown[]).length === 0) fail(`${at}/${k}`, 'must be a non-empty list of values');
    const values = a[k] as unknown[];
    const inList = (f: Found) => f.exists && values.some((v) => deepEqual(f.value, v));
    tests.push(k === 'enum' ? (f) => (!f.exists || inList(f) ? undefined : failure(f, `one of ${values.map(show).join(', ')}`)) : (f) => (inList(f) ? failure(f, `none of ${values.map(show).join(', ')}`) : undefined));
  }
  for (const k of ['pattern', 'notPattern'] as const) {
    if (a[k] === undefined) continue;
    const re = compileRegex(a[k], `${at}/${k}`, fail);
    const src = a[k] as string;
    tests.push(k === 'pattern'
      ? (f) => (!f.exists || (typeof f.value === 'string' && re.test(f.value)) ? undefined : failure(f, `a string matching ${src}`))
      : (f) => (f.exists && typeof f.value === 'string' && re.test(f.value) ? failure(f, `a string not matching ${src}`) : undefined));
  }
  for (const k of ['minimum', 'maximum'] as const) {
    if (a[k] === undefined) continue;
    if (typeof a[k] !== 'number' || !Number.isFinite(a[k])) fail(`${at}/${k}`, 'must be a number');
    const bound = a[k] as number;
    const ok = (v: unknown) => typeof v === 'number' && (k === 'minimum' ? v >= bound : v <= bound);
    tests.push((f) => (!f.exists || ok(f.value) ? undefined : failure(f, `a number ${k === 'minimum' ? '≥' : '≤'} ${bound}`)));
  }
  if (a.versionMatches !== undefined) {
    // The release series (major.minor) of a version string equals that of another field of the
    // match: featureCompatibilityVersion "7.0" against version "7.0.12-ent". Quiet when either is absent.
    if (typeof a.versionMatches !== 'string') fail(`${at}/versionMatches`, 'must be the path of another field of the match (e.g. version)');
    const other = parseField(a.versionMatches as string, `${at}/versionMatches`, fail);
    const otherText = a.versionMatches as string;
    tests.push((f) => {
      const o = resolveField({ pointer: f.matchPointer ?? '', value: f.matchValue }, other);
      if (!f.exists || !o.exists || typeof o.value !== 'string') return undefined;
      const mine = typeof f.value === 'string' ? series(f.value) : undefined;
      const theirs = series(o.value);
      if (theirs === undefined || mine === theirs) return undefined;
      return failure(f, `the release series of ${otherText} (${theirs})`, false);
    });
  }
  if (a.maxDaysAfter !== undefined) {
    // A timestamp at most `days` after another timestamp field of the match: a maintenance window's
    // endDate against its startDate. Quiet when either is absent or no timestamp (the schema's).
    const spec = a.maxDaysAfter;
    const where = `${at}/maxDaysAfter`;
    if (!isObject(spec) || typeof spec.field !== 'string' || Object.keys(spec).some((k) => k !== 'field' && k !== 'days')) fail(where, 'must be {field: <another timestamp field of the match>, days: <number>}');
    const { field: otherText, days } = spec as { field: string; days: unknown };
    if (typeof days !== 'number' || !Number.isFinite(days) || days < 0) fail(`${where}/days`, 'must be a number of days, 0 or more');
    const other = parseField(otherText, `${where}/field`, fail);
    const limitMs = (days as number) * 86_400_000;
    tests.push((f) => {
      const o = resolveField({ pointer: f.matchPointer ?? '', value: f.matchValue }, other);
      const end = f.exists ? parseTimestamp(f.value) : undefined;
      const start = o.exists ? parseTimestamp(o.value) : undefined;
      if (!end || !start || end.epochMs - start.epochMs <= limitMs) return undefined;
      return failure(f, `at most ${days as number} day(s) after ${otherText}`, false);
    });
  }
  if (a.count !== undefined) tests.push(compileCount(a.count, `${at}/count`, fail, depth, failure));
  for (const k of ['some', 'every', 'none'] as const) {
    if (a[k] === undefined) continue;
    const inner = compileAssertions(a[k], `${at}/${k}`, fail, depth + 1);
    tests.push((f) => {
      const items = itemsOf(f);
      // An absent list has no item: `every` and `none` hold, `some` does not.
      if (!items && !f.exists && k !== 'some') return undefined;
      if (!items) return failure(f, `a list whose ${k === 'some' ? 'items include one that satisfies' : k === 'every' ? 'items all satisfy' : 'items never satisfy'} the assertion`, false);
      if (k === 'some') return items.some((s) => holds(inner, s)) ? undefined : failure(f, 'an item that satisfies the assertion', false);
      // every / none: each offending item is reported where it stands.
      const bad = items.filter((s) => holds(inner, s) === (k === 'none'));
      return bad.map((s) => ({ pointer: s.pointer, field: fieldText as string, value: s.value, expected: k === 'every' ? 'an item that satisfies the assertion' : 'no item that satisfies the assertion', fixable: false }));
    });
  }
  if (a.schema !== undefined) tests.push(compileSchema(a.schema, `${at}/schema`, fail, failure));
  return (subject) => {
    const found = { ...resolveField(subject, field), matchValue: subject.value, matchPointer: subject.pointer };
    return tests.flatMap((t) => t(found) ?? []);
  };
}

const series = (v: string) => /^(\d+)\.(\d+)(?:[.-]|$)/.exec(v)?.slice(1, 3).join('.');

function compileCount(raw: unknown, at: string, fail: Fail, depth: number, failure: (f: Found, expected: string, fixable?: boolean) => Failure): (f: Found) => Failure | undefined {
  if (!isObject(raw)) fail(at, 'must be a mapping {min?, max?, where?}');
  const c = raw as Record<string, unknown>;
  for (const k of Object.keys(c)) if (!['min', 'max', 'where'].includes(k)) fail(`${at}/${k}`, unknownKey(k, ['min', 'max', 'where'], 'count'));
  const { min, max } = bounds(c, at, fail);
  const where = c.where === undefined ? undefined : compileAssertions(c.where, `${at}/where`, fail, depth + 1);
  const wanted = describeBounds(min, max);
  return (f) => {
    const items = itemsOf(f);
    const n = items ? (where ? items.filter((s) => holds(where, s)).length : items.length) : 0;
    return n >= (min ?? 0) && n <= (max ?? Infinity) ? undefined : { ...failure(f, `${wanted}${where ? ' matching items' : ' items'}, not ${n}`, false), count: n } as Failure;
  };
}

/** `min`/`max` of a count: non-negative integers, min ≤ max. */
export function bounds(c: Record<string, unknown>, at: string, fail: Fail): { min?: number; max?: number } {
  for (const k of ['min', 'max']) if (c[k] !== undefined && (typeof c[k] !== 'number' || !Number.isInteger(c[k]) || (c[k] as number) < 0)) fail(`${at}/${k}`, 'must be a whole number ≥ 0');
  const min = c.min as number | undefined;
  const max = c.max as number | undefined;
  if (min === undefined && max === undefined) fail(at, 'needs "min" or "max"');
  if (min !== undefined && max !== undefined && min > max) fail(`${at}/max`, `is less than min (${min})`);
  return { min, max };
}

export const describeBounds = (min?: number, max?: number) => (min !== undefined && max !== undefined ? (min === max ? `exactly ${min}` : `${min} to ${max}`) : min !== undefined ? `at least ${min}` : `at most ${max}`);

function compileSchema(raw: unknown, at: string, fail: Fail, failure: (f: Found, expected: string, fixable?: boolean) => Failure): (f: Found) => Failure | undefined {
  if (!isObject(raw) && typeof raw !== 'boolean') fail(at, 'must be a JSON Schema (a mapping)');
  // Walk without recursion: the fragment may be deep. RegExp-bearing keywords are refused (ReDoS).
  const stack: [unknown, string][] = [[raw, at]];
  let nodes = 0;
  while (stack.length) {
    const [node, where] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (++nodes > POLICY_LIMITS.maxSchemaNodes) fail(at, `the schema has more than ${POLICY_LIMITS.maxSchemaNodes} parts`);
    for (const [k, v] of Object.entries(node)) {
      const here = `${where}/${escapeToken(k)}`;
      if (!Array.isArray(node) && (k === 'pattern' || k === 'patternProperties')) fail(here, `"${k}" runs a JavaScript regular expression, which can take for ever on some inputs; use the assertion "pattern" (RE2) instead`);
      if (!Array.isArray(node) && (k === '$ref' || k === '$dynamicRef') && (typeof v !== 'string' || !v.startsWith('#'))) fail(here, 'only references inside the fragment (#/...) are allowed: nothing is fetched');
      stack.push([v, here]);
    }
  }
  let validator: Validator;
  try {
    validator = new Validator(raw as never, '2020-12', false);
  } catch (e) {
    return fail(at, `not a usable JSON Schema: ${(e as Error).message}`);
  }
  return (f) => {
    if (!f.exists) return undefined;
    const result = validator.validate(f.value);
    if (result.valid) return undefined;
    // The deepest error says most: "must be >= 3" rather than "properties do not match".
    const deepest = result.errors.reduce((a, b) => (b.instanceLocation.length > a.instanceLocation.length ? b : a));
    const below = deepest.instanceLocation.replace(/^#/, '');
    return { ...failure(f, deepest.error, false), pointer: f.pointer + below.split('/').slice(1).map((t) => '/' + escapeToken(decodeURIComponent(t))).join('') };
  };
}

export function compileRegex(raw: unknown, at: string, fail: Fail): RE2JS {
  if (typeof raw !== 'string') fail(at, 'must be a regular expression (a string)');
  const src = raw as string;
  if (src.length > POLICY_LIMITS.maxRegexLength) fail(at, `the regular expression is ${src.length} characters long; at most ${POLICY_LIMITS.maxRegexLength}`);
  try {
    return RE2JS.compile(src);
  } catch (e) {
    return fail(at, `invalid regular expression: ${(e as Error).message.replace(/^error parsing regexp: /, '')} (RE2 syntax: no look-around or back-references)`);
  }
}

/** A field path's tokens: `a.b.0` or `/a/b/0`. */
export function parseField(text: string, at: string, fail: Fail): string[] {
  if (text === '') return [];
  const tokens = text.startsWith('/') ? text.slice(1).split('/').map(unescapeToken) : text.split('.');
  if (tokens.length > POLICY_LIMITS.maxPathSegments) fail(at, `the path has ${tokens.length} parts; at most ${POLICY_LIMITS.maxPathSegments}`);
  if (!text.startsWith('/') && tokens.some((t) => t === '')) fail(at, 'a dotted path has no empty parts (for keys with dots, write a JSON pointer: /a.b/c)');
  return tokens;
}

export interface Found {
  exists: boolean;
  value: unknown;
  pointer: string;
  /** The match the field was read from. */
  matchValue?: unknown;
  matchPointer?: string;
}

/** The value at a field below a subject: own properties only, so `__proto__` is just a key. */
export function resolveField(subject: Subject, tokens: string[]): Found {
  let value = subject.value;
  let pointer = subject.pointer;
  let exists = true;
  for (const t of tokens) {
    pointer += '/' + escapeToken(t);
    if (exists && value !== null && typeof value === 'object' && Object.hasOwn(value, t)) value = (value as Record<string, unknown>)[t];
    else {
      exists = false;
      value = undefined;
    }
  }
  return { exists, value, pointer };
}

function itemsOf(f: Found): Subject[] | undefined {
  if (!f.exists || f.value === null || typeof f.value !== 'object') return undefined;
  const entries = Array.isArray(f.value) ? f.value.map((v, i) => [String(i), v] as const) : Object.entries(f.value);
  return entries.slice(0, POLICY_LIMITS.maxItems).map(([k, v]) => ({ pointer: `${f.pointer}/${escapeToken(k)}`, value: v }));
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A value in a message: JSON, cut short by the engine once the message is masked (a secret cut first would print its start). */
export function show(v: unknown): string {
  return quoteForCut(v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v) ?? String(v));
}
