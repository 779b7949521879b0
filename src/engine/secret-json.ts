// The masking's nets over a JSON text that JSON.parse read whole, repeating no key
// (ParsedDocument.jsonRead): the colons the text net (secretsInText) would stop at are found by
// the value's keys, in the text's order, instead of by reading the key before each colon; and
// the walk by name (findSecretsByName) runs only where it could list a value the text net does
// not. Together they list what both nets over the whole text list (one mechanism: a shard key's
// fields, under `key`, a secret's last word, are listed as in YAML and as the emulator lists them).
// Anything this cannot tell (an escaped key, a key for-in lists out of order, a colon that looks
// like a key's inside a string) returns undefined: the caller runs both nets over the text as before.
import { isSecretFieldName, MAX_KEYS_WALKED, type SecretLocation } from '../model/secrets';
import { secretsInText, urlHoldsSecret } from './secret-text';
import { JUDGE_FROM, JudgedNames, judgeKey, keyBefore, NAMES_PLAIN } from './secret-keys';
import { KEY_MARK_EVERY, type JsonColons } from '../syntax/index';

export interface JsonSecrets {
  /** What secretsInText lists of the text. */
  inText: string[];
  /** Whether findSecretsByName may list a value `inText` does not (else it need not walk the value). */
  walkAdds: boolean;
  /**
   * When walkAdds: what findSecretsByName lists, told by this walk, where the list's order cannot
   * matter (walkList); undefined: the caller walks.
   */
  walkList?: SecretLocation[];
  /**
   * Whether a value the finders list (a string, or a number's String) is a string of the text
   * written between quotes as it reads, with no escape: then its source is the value itself, and
   * need not be located to be listed as written.
   */
  writtenAsRead(value: string): boolean;
}

/** Strings written with an escape that writtenAsRead decodes at most (past it: each value located, as before). */
const ESCAPED_MAX = 4096;

/** Nesting followed by recursion (deeper: the caller's nets). */
const MAX_DEPTH = 2000;
/** What the text net's key reader makes of a key as JSON writes it (names a secret or a url, or neither). */
const PLAIN = 0;
const SECRET = 1;
const URL_NAME = 2;
/** Added to a verdict: the name holds a colon. */
const GLUED = 4;

function verdictOf(name: string): number {
  const names = isSecretFieldName(name) ? SECRET : name.length === 3 && name.toLowerCase() === 'url' ? URL_NAME : PLAIN;
  return name.includes(':') ? names | GLUED : names;
}

/**
 * The text net of a JSON text read by JSON.parse with no repeated key, `value` its value: the
 * walk numbers the value's keys in the text's order and keeps those whose name the text net stops
 * at; one pass over the text's colons then counts the colons that follow a quote (blanks aside),
 * the keys', and takes the kept keys' by their numbers (each checked to stand after its name as
 * written), and judges every other colon, inside a string, by the text net's own judge
 * (judgeKey). The lines of the colons found are read by secretsInText.
 */
export function jsonSecretsInText(value: unknown, text: string, table?: JsonColons): JsonSecrets | undefined {
  // for…in would list inherited keys, which the text does not hold; a key written with an escape
  // is judged by the text net as written, which the walk does not read.
  for (const _ in Object.prototype) return undefined;
  if (escapedKey(text)) return undefined;
  const keys = new NamedKeys();
  if (value !== null && typeof value === 'object' && !keys.container(value, 0)) return undefined;
  const colons = table ? keyColonsOf(table, text, keys) : keyColons(text, keys);
  if (!colons) return undefined;
  let k = 0;
  const next = (from: number): number => {
    while (k < colons.length && colons[k] < from) k++;
    return k < colons.length ? colons[k] : -1;
  };
  let escaped: Set<string> | null | undefined;
  const writtenAsRead = (v: string): boolean => {
    // A number's String reads back as the same number; any other value is a string's.
    if (String(Number(v)) === v) return false;
    if (escaped === undefined) escaped = escapedStrings(text);
    return escaped !== null && !escaped.has(v);
  };
  const walkAdds = keys.walkAdds || keys.underSecret;
  const walkList = !keys.walkAdds && keys.underSecret ? walkListOf(keys, value, writtenAsRead) : undefined;
  return { inText: secretsInText(text, undefined, undefined, next), walkAdds, walkList, writtenAsRead };
}

/**
 * findSecretsByName's list of a value whose only values the text net does not list as the walk
 * does are containers under secret names (shard keys: `key: [["tenantId", 1]]`), from what this
 * walk collected (NamedKeys.found: the strings under secret names, every key and value inside such
 * a container). The same values, in another order: taken only when that order cannot change the
 * list collectSecretValues returns (sorted by length, equal lengths as listed): no two values of
 * one length, and none to be located (each a key, short, or a string written as it reads). And
 * only when the walk by name would reach them all within its bound of keys (MAX_KEYS_WALKED):
 * it takes the root's keys first, then its containers from the last one back.
 */
function walkListOf(keys: NamedKeys, value: unknown, writtenAsRead: (v: string) => boolean): SecretLocation[] | undefined {
  const before = Array.isArray(value) ? keys.count : keys.firstRoot + keys.count - keys.firstRootNumber;
  if (before >= MAX_KEYS_WALKED) return undefined;
  const { found, foundInKey, foundNumber } = keys;
  const lengths = new Map<number, string>();
  const list: SecretLocation[] = [];
  for (let i = 0; i < found.length; i++) {
    const v = found[i];
    if (v.length < 4) continue;
    const other = lengths.get(v.length);
    if (other === undefined) lengths.set(v.length, v);
    else if (other !== v) return undefined;
    if (!foundInKey[i] && (foundNumber[i] || v !== v.trim() || !writtenAsRead(v))) return undefined;
    list.push(foundInKey[i] ? { pointer: '', value: v, field: v, inKey: true } : { pointer: '', value: v, field: '' });
  }
  return list;
}

/**
 * The strings of a valid JSON text written with an escape, decoded (null past ESCAPED_MAX). The
 * first backslash of each string is the next one after the last string's closing quote, so the
 * quote before it opens its string.
 */
function escapedStrings(text: string): Set<string> | null {
  const found = new Set<string>();
  for (let b = text.indexOf('\\'); b >= 0; ) {
    let j = b;
    while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
    const open = text.lastIndexOf('"', b);
    if (open < 0 || found.size >= ESCAPED_MAX) return null;
    try {
      found.add(JSON.parse(text.slice(open, j + 1)) as string);
    } catch {
      return null;
    }
    b = text.indexOf('\\', j + 1);
  }
  return found;
}

/** The keys of a value in the text's order: their count, and those whose name the text net stops at (a secret's or a url's), by number. */
class NamedKeys {
  /** Keys met so far (the next key's number). */
  count = 0;
  /** The kept keys: number, name, value, the object holding it (parallel arrays). */
  readonly numbers: number[] = [];
  readonly names: string[] = [];
  readonly verdictsOf: number[] = [];
  readonly values: unknown[] = [];
  readonly holders: Record<string, unknown>[] = [];
  walkAdds = false;
  /** A container stands under a secret's name (findSecretsByName lists all it holds). */
  underSecret = false;
  /** What findSecretsByName lists that walkListOf needs: strings under secret names, keys and values under secret-named containers. */
  readonly found: string[] = [];
  readonly foundInKey: boolean[] = [];
  readonly foundNumber: boolean[] = [];
  /** The root's key (its index, its number) under which the first of `found` stands (-1: none yet). */
  firstRoot = -1;
  firstRootNumber = -1;
  private rootIndex = -1;
  private rootNumber = -1;
  /** Each distinct name judged once (a big configuration repeats a few hundred names). */
  private readonly verdicts = new Map<string, number>();

  /** Walks a container at `depth`; `hidden`: under a secret's name. False when the text's order cannot be told. */
  container(node: object, depth: number, hidden = false): boolean {
    if (depth > MAX_DEPTH) return false;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (v !== null && typeof v === 'object') {
          if (!this.container(v, depth + 1, hidden)) return false;
        } else if (hidden) this.listed(v);
      }
      return true;
    }
    const obj = node as Record<string, unknown>;
    for (const name in obj) {
      // for…in lists index-like keys first, not where the text has them.
      const c0 = name.charCodeAt(0);
      if (c0 >= 48 && c0 <= 57) return false;
      let verdict = this.verdicts.get(name);
      if (verdict === undefined) this.verdicts.set(name, (verdict = verdictOf(name)));
      // A secret-named value run into its key (`{"apiToken:xoxb-…": 1}`): the walk's.
      if (verdict & GLUED) {
        this.walkAdds = true;
        verdict &= ~GLUED;
      }
      const v = obj[name];
      if (depth === 0) {
        this.rootIndex++;
        this.rootNumber = this.count;
      }
      if (verdict !== PLAIN) {
        this.numbers.push(this.count);
        this.names.push(name);
        this.verdictsOf.push(verdict);
        this.values.push(v);
        this.holders.push(obj);
      }
      this.count++;
      if (hidden) {
        this.listed(name, true);
        if (v === null || typeof v !== 'object') this.listed(v);
      } else if (verdict === SECRET && typeof v === 'string') this.listed(v);
      if (v !== null && typeof v === 'object' && !this.container(v, depth + 1, hidden || verdict === SECRET)) return false;
    }
    return true;
  }

  /** A key, string or number findSecretsByName lists (a string, or a number: as it lists them). */
  private listed(v: unknown, inKey = false): void {
    if (typeof v !== 'string' && typeof v !== 'number') return;
    if (v === '' && !inKey) return;
    if (this.firstRoot < 0) {
      this.firstRoot = this.rootIndex;
      this.firstRootNumber = this.rootNumber;
    }
    this.found.push(String(v));
    this.foundInKey.push(inKey);
    this.foundNumber.push(typeof v === 'number');
  }
}

/**
 * The colons the text net stops at, in the text's order, or undefined when the text's keys are
 * not the walk's: kept keys' colons (the number of colons after a quote before them is theirs) and
 * colons inside strings that its judge stops at. Also tells `keys.walkAdds` what the text shows.
 */
function keyColons(text: string, keys: NamedKeys): number[] | undefined {
  const colons: number[] = [];
  const key = keyBefore();
  const judged = text.length >= JUDGE_FROM ? new JudgedNames(text) : undefined;
  const { numbers } = keys;
  let n = 0; // key colons met
  let w = 0; // kept keys met
  for (let c = text.indexOf(':'); c >= 0; c = text.indexOf(':', c + 1)) {
    const close = quoteBefore(text, c);
    if (close < 0) {
      if (judgeKey(text, c, key, judged) !== NAMES_PLAIN) colons.push(c);
      continue;
    }
    if (w < numbers.length && numbers[w] === n) {
      const name = keys.names[w];
      // Written as the name: its opening quote where the name's length puts it (a quote inside a string is escaped).
      const open = close - name.length - 1;
      if (open < 0 || text.charCodeAt(open) !== 34 || text.charCodeAt(open - 1) === 92 || !text.startsWith(name, open + 1)) return undefined;
      keep(text, keys, w, close, c, colons);
      w++;
    }
    n++;
  }
  // A colon inside a string after an escaped quote counts as a key's: then more than the value's keys.
  return n === keys.count && w === numbers.length ? colons : undefined;
}

/**
 * keyColons from the colons the cost pre-scan found (ParsedDocument.jsonColons): each kept key's
 * colon searched from the marked key colon before it, or from the last kept key's when that is
 * nearer, and the colons after no quote judged, in the text's order: the text is searched for
 * its colons between those places only.
 */
function keyColonsOf(table: JsonColons, text: string, keys: NamedKeys): number[] | undefined {
  const { keyMarks, others } = table;
  if (table.keys !== keys.count) return undefined;
  const colons: number[] = [];
  const key = keyBefore();
  const judged = text.length >= JUDGE_FROM ? new JudgedNames(text) : undefined;
  const { numbers } = keys;
  let o = 0; // colons after no quote met
  let at = -1; // the key colon numbered `n`, the last one found
  let n = -1;
  for (let w = 0; w <= numbers.length; w++) {
    let c = text.length;
    if (w < numbers.length) {
      const k = numbers[w];
      const mark = (k / KEY_MARK_EVERY) | 0;
      if (mark * KEY_MARK_EVERY > n) {
        n = mark * KEY_MARK_EVERY;
        at = keyMarks[mark];
      }
      if (n < k) {
        at = keyColonAfter(text, at, k - n);
        if (at < 0) return undefined;
        n = k;
      }
      c = at;
    }
    o = judgeOthers(text, others, o, c, key, judged, colons);
    if (w === numbers.length) break;
    const close = quoteBefore(text, c);
    const name = keys.names[w];
    const open = close - name.length - 1;
    if (close < 0 || open < 0 || text.charCodeAt(open) !== 34 || text.charCodeAt(open - 1) === 92 || !text.startsWith(name, open + 1)) return undefined;
    keep(text, keys, w, close, c, colons);
  }
  return colons;
}

// keyColonsOf's two inner loops are functions of their own: V8 compiles the hot loop of a function
// run once on the spot (OSR), with the code around it, and again once that code has run.

/** The `count`-th colon after `from` that follows a quote, blanks aside (a key's), or -1. */
function keyColonAfter(text: string, from: number, count: number): number {
  let at = from;
  while (count > 0) {
    at = text.indexOf(':', at + 1);
    if (at < 0) return -1;
    if (quoteBefore(text, at) >= 0) count--;
  }
  return at;
}

/** The colons after no quote from `others[o]` up to `end`, each the text net stops at kept; the next one's index. */
function judgeOthers(text: string, others: readonly number[], o: number, end: number, key: ReturnType<typeof keyBefore>, judged: JudgedNames | undefined, colons: number[]): number {
  for (; o < others.length && others[o] < end; o++) if (judgeKey(text, others[o], key, judged) !== NAMES_PLAIN) colons.push(others[o]);
  return o;
}

/** A kept key's colon, unless it lists nothing; and whether findSecretsByName lists more under it than the text net. */
function keep(text: string, keys: NamedKeys, w: number, close: number, colon: number, colons: number[]): void {
  const name = keys.names[w];
  const v = keys.values[w];
  const verdict = keys.verdictsOf[w];
  // The text net reads a quoted key within 130 characters of its colon, on the colon's line. A
  // url's line lists the url's secret part only when the url holds one (most are download urls):
  // such a line is read only when another colon of it is kept.
  const read = name.length <= 128 && !lineBreakBetween(text, close, colon);
  const quiet = verdict === URL_NAME && typeof v === 'string' && !urlHoldsSecret(v) && writtenAfter(text, colon, v);
  if (read && !quiet) colons.push(colon);
  if (keys.walkAdds) return;
  if (verdict === URL_NAME) {
    // The walk lists a url beside a type whole; the text net its secret part.
    const obj = keys.holders[w];
    const listed = (typeof v === 'string' && v !== '') || typeof v === 'number';
    if (listed && (Object.prototype.hasOwnProperty.call(obj, 'type') || Object.prototype.hasOwnProperty.call(obj, 'typeName'))) keys.walkAdds = true;
    return;
  }
  // A secret's value: the walk lists what the text net lists only for a string written as it
  // parses, on the key's line, with no blank to trim; numbers and containers differ as written.
  if (typeof v === 'string') keys.walkAdds = v !== '' && (!read || v !== v.trim() || !writtenAfter(text, colon, v));
  else if (typeof v === 'number') keys.walkAdds = true;
  // A container: what the walk lists under it is told by walkListOf, when it can be.
  else if (v !== null && typeof v === 'object') keys.underSecret = true;
}

/** Whether a key of the text holds an escape: the string around each backslash is followed by a colon. */
function escapedKey(text: string): boolean {
  for (let b = text.indexOf('\\'); b >= 0; ) {
    // From an escape to its string's closing quote (JSON strings hold no raw line break).
    let j = b;
    while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
    let p = j + 1;
    while (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9 || text.charCodeAt(p) === 10 || text.charCodeAt(p) === 13) p++;
    if (text.charCodeAt(p) === 58) return true;
    b = text.indexOf('\\', j + 1);
  }
  return false;
}
/** The quote a colon follows, JSON's blanks aside, or -1. */
function quoteBefore(text: string, colon: number): number {
  let p = colon - 1;
  let c = text.charCodeAt(p);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--p);
  return c === 34 ? p : -1;
}

/** Whether a line break stands between a key's closing quote and its colon (then the text net reads no key before the colon). */
function lineBreakBetween(text: string, close: number, colon: number): boolean {
  for (let p = close + 1; p < colon; p++) if (text.charCodeAt(p) === 10 || text.charCodeAt(p) === 13) return true;
  return false;
}

/** Whether the value after a colon, on its line, is the string `v` written without an escape. */
function writtenAfter(text: string, colon: number, v: string): boolean {
  let p = colon + 1;
  while (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9) p++;
  return text.charCodeAt(p) === 34 && text.startsWith(v, p + 1) && text.charCodeAt(p + 1 + v.length) === 34;
}
