// Generated valid JSON texts for differential tests of the JSON scans: keys from a small pool
// (so that objects repeat keys at every depth), keys and strings written with and without escapes
// (`"\u0061"` is the key `a`), strings holding brackets, quotes and backslashes, empty containers,
// and any layout (spaces, tabs, LF, CRLF).
import fc from 'fast-check';

export type Json = { obj: [string, Json][] } | { arr: Json[] } | { raw: string };

const KEYS = ['a', 'b', 'a"b', 'x/y', 'm~n', '', '__proto__', '0', 'é', '😀', 'a\\b', '{', ']'];
const STRINGS = ['', 's', '[', ']', '{', '}', '"', '\\', '\\"', '"]', 'a\\', '\n', '😀', '[{"a": 1}]', 'x'.repeat(40)];
const SCALARS = ['0', '-1', '1.5e+10', '-0.0', '12345678901234567890', '1E-7', 'true', 'false', 'null'];
const SPACES = ['', ' ', '\n', '\r\n', '\t', '  \n    ', ' \r\n  '];

/** A JSON string literal of `s`; `mode` picks which characters are written as escapes. */
function encode(s: string, mode: number): string {
  let out = '"';
  let i = 0;
  for (const ch of s) {
    const escape = (mode >> i++ % 16) & 1;
    if (ch === '"' || ch === '\\') out += escape ? '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0') : '\\' + ch;
    else if (ch === '\n') out += escape ? '\\u000a' : '\\n';
    else if (ch === '/' && escape) out += '\\/';
    else if (escape && ch.length === 1) out += '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

const keyArb = fc.tuple(fc.constantFrom(...KEYS), fc.oneof(fc.constant(0), fc.nat())).map(([k, mode]) => encode(k, mode));
const stringArb = fc.tuple(fc.constantFrom(...STRINGS), fc.oneof(fc.constant(0), fc.nat())).map(([s, mode]) => encode(s, mode));

/** JSON values of the given written keys, strings and scalars (other pools: test/engine/secret-json.test.ts). */
export function jsonValueArb(keys: fc.Arbitrary<string>, strings: fc.Arbitrary<string>, scalars: readonly string[]): fc.Arbitrary<Json> {
  return fc.letrec<{ json: Json }>((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(strings, fc.constantFrom(...scalars)).map((raw) => ({ raw })),
      fc.array(fc.tuple(keys, tie('json')), { maxLength: 5 }).map((obj) => ({ obj })),
      fc.array(tie('json'), { maxLength: 5 }).map((arr) => ({ arr })),
    ),
  })).json;
}

const json = jsonValueArb(keyArb, stringArb, SCALARS);

/** The text of a generated value, each gap between its tokens taken in turn from `spaces`. */
export function write(node: Json, spaces: string[], at: { i: number }): string {
  const sp = () => spaces[at.i++ % spaces.length];
  if ('raw' in node) return node.raw;
  if ('arr' in node) return '[' + sp() + node.arr.map((x) => write(x, spaces, at) + sp()).join(',' + sp()) + ']';
  return '{' + sp() + node.obj.map(([k, v]) => k + sp() + ':' + sp() + write(v, spaces, at) + sp()).join(',' + sp()) + '}';
}

/** A valid JSON text (mostly an object or array at the root), with its layout's whitespace around it. */
export const jsonTextArb = fc
  .tuple(fc.oneof({ weight: 4, arbitrary: json.filter((j) => !('raw' in j)) }, { weight: 1, arbitrary: json }), fc.array(fc.constantFrom(...SPACES), { minLength: 1, maxLength: 8 }))
  .map(([node, spaces]) => ({ text: spaces[0] + write(node, spaces, { i: 1 }) + spaces[spaces.length - 1] }));
