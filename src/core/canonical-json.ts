// Canonical JSON: one text per JSON value whatever the order of its objects' keys, for telling
// duplicates apart (a workspace rule's digest). Keys are sorted by UTF-16 code units, as
// Array.prototype.sort and RFC 8785 sort them; NaN and ±Infinity write as null, as JSON.stringify
// writes them.

/** A string as JSON.stringify writes it; most need no escape (a loop costs less than the builtin on short names). */
function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** Objects of up to this many keys are sorted by insertion; a bigger one (a hostile document) by Array.prototype.sort. */
const INSERTION_SORT_KEYS = 16;

/** An object's keys in the order of Array.prototype.sort; by insertion when few (quadratic, so only then). */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  if (keys.length > INSERTION_SORT_KEYS) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i];
    let j = i - 1;
    for (; j >= 0 && keys[j] > k; j--) keys[j + 1] = keys[j];
    keys[j + 1] = k;
  }
  return keys;
}

/**
 * Whether JSON.stringify writes the value as canonicalJson does: every object's keys already in
 * sorted order (as a parser's documents mostly have them) and nothing JSON.stringify would drop,
 * call or write otherwise (undefined, a function, a symbol, a bigint, a Date or any other class's object).
 */
function writtenSorted(value: object): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!plainSorted(value[i])) return false;
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && keys[i - 1] > keys[i]) return false;
    if (!plainSorted((value as Record<string, unknown>)[keys[i]])) return false;
  }
  return true;
}

function plainSorted(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      return value === null || writtenSorted(value);
    default:
      return false;
  }
}

/** The canonical JSON text of a value. */
export function canonicalJson(value: unknown): string {
  // Sorted already: the builtin writes the same text in one flat string, without the pieces of the
  // loops of written(). Asked once, of the whole value: a linear walk whatever the answer.
  return typeof value === 'object' && value !== null && writtenSorted(value) ? JSON.stringify(value) : written(value);
}

/** The canonical JSON text of a value, written piece by piece. */
function written(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    case 'undefined':
      // (What JSON.stringify's undefined becomes, without the call: most conditions lack a threshold.)
      return 'null';
    default:
      return JSON.stringify(value) ?? 'null';
  }
  if (value === null) return 'null';
  // Plain loops: a workspace rule runs this on every document of a run.
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + written(value[i]);
    return `${out}]`;
  }
  const keys = sortedKeys(value);
  out = '{';
  for (let i = 0; i < keys.length; i++) out += `${i ? ',' : ''}${quote(keys[i])}:${written((value as Record<string, unknown>)[keys[i]])}`;
  return `${out}}`;
}
