// Words for messages: where a value is, what type it has, a short rendering of a value.
import { splitPointer } from '../core/pointer';
import { withArticle } from '../core/article';

/** "`notifications[0].typeName`" for "/notifications/0/typeName"; "the document" for "". */
export function label(pointer: string): string {
  const tokens = splitPointer(pointer);
  if (tokens.length === 0) return 'the document';
  let out = '';
  for (const t of tokens) {
    if (/^\d+$/.test(t)) out += `[${t}]`;
    else out += (out ? '.' : '') + t;
  }
  return '`' + out + '`';
}

/** JSON type name of a value, as a message says it ("an array", "a string"). */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'object') return 'an object';
  return withArticle(typeof value);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** "a string or a number" for ["string", "number"]. */
export function expectedTypes(types: string[]): string {
  const words = [...new Set(types)].map((t) => TYPE_WORDS[t] ?? t);
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** A value for a message: JSON, cut short. Only for values that are never secrets (enums, dates, numbers). */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? text.slice(0, 57) + '…' : text;
}

/** "A, B or C". */
export function orList(values: unknown[]): string {
  const words = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
