// Secret-named keys in source text, read colon by colon without cutting the text: the key before
// each colon, judged once per name (JudgedNames for big texts). mask.ts's nets read values with it.
import { isPairedNameSecret, mayNameSecret, SECRET_PAIRS } from '../model/secrets';

/** [A-Za-z_$] */
const isKeyStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
/** [\w$.-] */
const isKeyChar = (c: number) => isKeyStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45;

export const NAMES_PLAIN = 1;
const NAMES_SECRET = 2;
export const NAMES_URL = 3;

/**
 * The key just before a colon, filled in by readKey: one per scan, owned by the scan's caller
 * (a big text has millions of colons; an object per colon would cost more than reading them).
 */
interface KeyBefore {
  /** The key's first character (its quote if quoted). */
  start: number;
  /** The name's characters, [from, to). */
  from: number;
  to: number;
  /** What the name names: NAMES_SECRET, NAMES_URL or NAMES_PLAIN (also for no key). */
  names: number;
  /** Whether a run of key characters longer than a key is read (128) stood before a colon of the scan. */
  long: boolean;
}

export const keyBefore = (): KeyBefore => ({ start: -1, from: 0, to: 0, names: NAMES_PLAIN, long: false });

/** A key is read backwards over at most this many characters (a line of a million colons stays linear). */
const KEY_MAX = 128;

/** What readKey found before a colon: no key, or none that may name a secret (KEY_NONE); a quoted key; a plain key holding a letter pair. */
const KEY_NONE = 0;
const KEY_QUOTED = 1;
const KEY_PAIRED = 2;

/**
 * Reads into `key` the key that ends just before the colon at `colon` (quoted, or plain), or
 * returns KEY_NONE for none, or for a plain key without a letter pair of mayNameSecret (most keys
 * of a text: `operator`, `https`, `27017`), told in the same backward read. Read backwards within
 * 130 characters, so that a line with a million colons is still read in linear time.
 */
function readKey(text: string, colon: number, key: KeyBefore): number {
  let end = colon;
  let last = end > 0 ? text.charCodeAt(end - 1) : -1;
  while (last === 32 || last === 9) last = --end > 0 ? text.charCodeAt(end - 1) : -1;
  if (last === 34 /* " */ || last === 39 /* ' */) {
    // (A key of one quote at the line's start reads as the empty key, which names no secret.)
    const open = openingQuote(text, end - 1);
    if (open < 0) return KEY_NONE;
    key.start = open;
    key.from = open + 1;
    key.to = end - 1;
    return KEY_QUOTED;
  }
  // Character codes through one table, not a regular expression per character: this runs before
  // every colon of a text (KEY_TABLE). `after`: the entry of the character read just before (to
  // its right), shifted onto the pair bits.
  // (The table in a local and its shift a literal: module slots are read again at each character.)
  const table = KEY_TABLE;
  let start = end;
  let pairs = 0;
  let after = 0;
  for (const stop = end > KEY_MAX ? end - KEY_MAX : 0; start > stop; start--) {
    const c = text.charCodeAt(start - 1);
    const e = c < 128 ? table[c] : 0;
    if (e === 0) break;
    pairs |= e & after;
    after = e << 9; // SECOND_SHIFT
  }
  if (end - start === KEY_MAX && start > 0 && isKeyChar(text.charCodeAt(start - 1))) key.long = true;
  if (pairs === 0 || !isKeyStart(text.charCodeAt(start))) return KEY_NONE;
  // A plain key starts the line or follows a blank, an indicator or a flow delimiter.
  if (start > 0 && !keyMayFollow(text.charCodeAt(start - 1))) return KEY_NONE;
  key.start = start;
  key.from = start;
  key.to = end;
  return KEY_PAIRED;
}

/** The second letters of SECRET_PAIRS, lower case: bit n of a KEY_TABLE entry is SECONDS[n]. */
const SECONDS = [...new Set(SECRET_PAIRS.map((pair) => pair[1]))];
/** Where a KEY_TABLE entry holds the bits of the second letters that make a pair after its character (readKey shifts by the literal). */
const SECOND_SHIFT = 9;
if (SECONDS.length + 1 !== SECOND_SHIFT) throw new Error(`KEY_TABLE: ${SECONDS.length} second letters need a shift of ${SECONDS.length + 1}`);
/**
 * Per ASCII code, 0 for no key character ([\w$.-]), else: bit n for the second letter SECONDS[n],
 * bit SECONDS.length for any key character, and from SECOND_SHIFT on the bits of the second letters
 * that follow it in a pair (either case). An entry shifted by SECOND_SHIFT, anded with the entry of
 * the character before it, is not 0 exactly when the two make a pair: the shifted key-character bit
 * and first-letter bits fall where no entry has one.
 */
const KEY_TABLE = new Int32Array(128);
for (let c = 0; c < 128; c++) {
  if (!isKeyChar(c)) continue;
  const lower = String.fromCharCode(c).toLowerCase();
  let e = 1 << SECONDS.length;
  if (SECONDS.includes(lower)) e |= 1 << SECONDS.indexOf(lower);
  for (const pair of SECRET_PAIRS) if (pair[0] === lower) e |= 1 << (SECOND_SHIFT + SECONDS.indexOf(pair[1]));
  KEY_TABLE[c] = e;
}

/** /[\s{,[?-]/ of one code unit: ASCII by code (this runs before every colon of a text), the rest by the expression. */
function keyMayFollow(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13) || c === 123 || c === 44 || c === 91 || c === 63 || c === 45;
  return /\s/.test(String.fromCharCode(c));
}

/** The quote that the one at `close` closes, within 130 characters and the line, or -1. */
function openingQuote(text: string, close: number): number {
  const quote = text.charCodeAt(close);
  for (let open = close - 1; open >= 0 && close - open < 130; open--) {
    const c = text.charCodeAt(open);
    if (c === quote) return open;
    if (c === 10) return -1;
  }
  return -1;
}

/**
 * The one test of a key for every reader of source text (secretSpansInLine, secretsInText): what
 * the key before the colon at `colon` names, also left in key.names. A key may be followed by
 * anything: `apiToken:xoxb-…` names a secret too. `judged` remembers the names of a big text.
 */
export function judgeKey(text: string, colon: number, key: KeyBefore, judged: JudgedNames | undefined): number {
  const read = readKey(text, colon, key);
  if (read === KEY_NONE) return (key.names = NAMES_PLAIN);
  const { from, to } = key;
  // A quoted key is asked for its letter pairs here, a plain one has one.
  if (read === KEY_QUOTED && !mayNameSecret(text, from, to)) return (key.names = NAMES_PLAIN);
  if (!judged) return (key.names = namesOf(text, from, to));
  let names = judged.verdict(from, to);
  if (names === UNJUDGED) judged.remember(from, to, (names = namesOf(text, from, to)));
  return (key.names = names);
}

/**
 * The one scan: the first colon from `from` on with a key before it naming a secret (or a url),
 * or -1; the key is left in `key`. Kept small: in a run of one file it is compiled while it runs
 * over a big text, and the compiler's time counts as much as the loop's.
 */
export function nextSecretColon(text: string, from: number, key: KeyBefore, judged: JudgedNames | undefined): number {
  for (let colon = text.indexOf(':', from); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    if (judgeKey(text, colon, key, judged) !== NAMES_PLAIN) return colon;
  }
  return -1;
}

/** What text[from, to), a name holding a letter pair of mayNameSecret, names as a key (once per name and text: JudgedNames). */
function namesOf(text: string, from: number, to: number): number {
  const key = text.slice(from, to);
  return isPairedNameSecret(key) ? NAMES_SECRET : key.length === 3 && key.toLowerCase() === 'url' ? NAMES_URL : NAMES_PLAIN;
}

const UNJUDGED = 0;
/** Texts from this length on remember the names they judged (JudgedNames). */
export const JUDGE_FROM = 64 * 1024;
/** Slots of JudgedNames (a power of two). */
const JUDGED_SLOTS = 4096;

/**
 * Names judged already (a secret's or `url`, or neither) in one text, recognised in place: the
 * keys of a big text repeat (a million `"hostname"` keys), and each is judged once and never cut
 * out again. A slot holds where in the text a name of its shape was judged (offsets, not strings:
 * comparing code units is cheaper than startsWith); a later name of the same shape takes the slot
 * over. Bounded.
 */
export class JudgedNames {
  private readonly starts = new Int32Array(JUDGED_SLOTS).fill(-1);
  private readonly lengths = new Int32Array(JUDGED_SLOTS);
  private readonly verdicts = new Uint8Array(JUDGED_SLOTS);

  constructor(private readonly text: string) {}

  verdict(from: number, to: number): number {
    const text = this.text;
    const slot = slotOf(text, from, to);
    const start = this.starts[slot];
    const n = to - from;
    if (start < 0 || this.lengths[slot] !== n) return UNJUDGED;
    for (let i = 0; i < n; i++) if (text.charCodeAt(start + i) !== text.charCodeAt(from + i)) return UNJUDGED;
    return this.verdicts[slot];
  }

  remember(from: number, to: number, names: number): void {
    const slot = slotOf(this.text, from, to);
    this.starts[slot] = from;
    this.lengths[slot] = to - from;
    this.verdicts[slot] = names;
  }
}

function slotOf(text: string, from: number, to: number): number {
  const shape = shapeOf(text, from, to);
  return (shape ^ (shape >>> 12)) & (JUDGED_SLOTS - 1);
}

/** Length and the code units at both ends of text[from, to): names of one shape are few. */
function shapeOf(text: string, from: number, to: number): number {
  const n = to - from;
  if (n === 0) return 0;
  return ((n * 31 + text.charCodeAt(from)) * 31 + text.charCodeAt(to - 1)) * 31 + text.charCodeAt(from + (n >> 1));
}
