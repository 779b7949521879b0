// No output of omlint ever contains a secret's value: every message, code frame and fixed text
// passes here. Three nets, because any one can miss: the secret fields of every kind and every
// field named like a secret in the parsed values; `key: value` pairs named like secrets in the
// source text (duplicate keys, lines that do not parse, numbers, near-miss names); and values
// that look like secrets whatever their name (SECRET_SHAPES).
import { QUOTE_CLOSE, QUOTE_MAX, QUOTE_OPEN, findSecretsOfAnyKind, findSecretsByName, isRedactionMask, isSecretFieldName, mayNameSecret, SECRET_SHAPES, type SecretLocation } from '../model/secrets';
import { isWholePlaceholder } from '../model/placeholders';
import type { Kind } from '../core/kinds';
import type { DocumentFacts } from '../core/facts';
import { firstOutsideQuotes } from '../syntax/outside-quotes';

export interface SecretSource {
  /** The document's kind; the secret fields of every kind count anyway. */
  kind?: Kind;
  value: unknown;
  /** The source text of the value at a pointer, when known. */
  sourceOf?: (pointer: string) => string | undefined;
  /** The document's facts, when linted: what its rules' secret finders found is reused. */
  facts?: DocumentFacts;
}

/** The secrets of a document's value: by kind, then (wide) by name; none for a scalar. */
function secretsOf(d: SecretSource, wide: boolean): readonly (readonly SecretLocation[])[] {
  if (d.value === null || typeof d.value !== 'object') return [];
  // A document linted as another kind than its content: every kind's finder runs.
  const byKind = findSecretsOfAnyKind(d.value, d.facts);
  return wide ? [byKind, findSecretsByName(d.value)] : [byKind];
}

/** Not secrets: showing them helps (a placeholder, a mask pasted back, a word). */
function shown(value: string): boolean {
  return isWholePlaceholder(value) || isRedactionMask(value) || /^(true|false|null|~|yes|no|on|off)$/i.test(value);
}

export interface CollectOptions {
  /** The file's text: its `key: value` pairs named like secrets count too. */
  text?: string;
  /** Also every field named like a secret in the values (costs a walk of each document). */
  wide?: boolean;
}

/**
 * The secret values of a file (short values are left out: replacing them in messages would
 * garble text; code frames mask short ones by position, maskLine). Code frames show source text,
 * which differs from the value when it is escaped ("https:\/\/…", "\x41") or folded over lines:
 * those source forms are listed too, line by line.
 */
export function collectSecretValues(docs: SecretSource[], opts: CollectOptions = {}): string[] {
  let out: Set<string> | undefined;
  const add = (v: string) => {
    const t = v.trim();
    if (t.length >= 4 && !shown(t)) (out ??= new Set()).add(t);
  };
  for (const d of docs) {
    for (const found of secretsOf(d, opts.wide ?? true)) {
      for (const s of found) {
        // Found by kind and by name alike: judged once (a listed value is not shown()).
        if (s.value.length < 4 || (!out?.has(s.value) && shown(s.value))) continue;
        (out ??= new Set()).add(s.value);
        const raw = s.inKey ? undefined : d.sourceOf?.(s.pointer);
        if (raw === undefined || raw === s.value) continue;
        for (const piece of raw.replace(/^["']|["']$/g, '').split(/\r\n|\r|\n/)) add(piece);
      }
    }
  }
  if (opts.text !== undefined) for (const v of secretsInText(opts.text)) add(v);
  // Longest first, so that a secret containing another is masked whole.
  return out ? [...out].sort((a, b) => b.length - a.length) : [];
}

export const MASK = '****';

/**
 * Replaces the listed secrets and anything shaped like a secret (SECRET_SHAPES), then cuts the
 * long values a message quotes (quoteForCut): masked first, a secret's start is never printed.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return cutQuoted(maskShapes(replaceListed(text, secrets, () => MASK), () => MASK));
}

/** The values a message quotes (quoteForCut), cut to QUOTE_MAX characters; the marks go. */
export function cutQuoted(text: string): string {
  if (!text.includes(QUOTE_OPEN)) return text;
  return text
    .replace(new RegExp(`${QUOTE_OPEN}([^${QUOTE_OPEN}${QUOTE_CLOSE}]*)${QUOTE_CLOSE}`, 'g'), (_, v: string) => (v.length > QUOTE_MAX ? `${v.slice(0, QUOTE_MAX - 3)}…` : v))
    .replace(new RegExp(`[${QUOTE_OPEN}${QUOTE_CLOSE}]`, 'g'), '');
}

/**
 * Masks secrets keeping the text's length, so that columns of a code frame still line up: the
 * listed secrets, values of secret-named keys on each line (of any length, by position), and
 * secret shapes.
 */
export function maskSecretsInPlace(text: string, secrets: readonly string[]): string {
  const listed = replaceListed(text, secrets, (s) => '*'.repeat(s.length));
  // One line (a code frame's): no split.
  const out = listed.includes('\n') || listed.includes('\r')
    ? listed
        .split(/(\r\n|\r|\n)/)
        .map((line, i) => (i % 2 ? line : maskLine(line)))
        .join('')
    : maskLine(listed);
  return maskShapes(out, (m) => '*'.repeat(m.length));
}

/** The listed secrets by their first four characters (every listed secret has at least four). */
type SecretIndex = Map<string, string[]> & { firsts?: Set<number> };

/** Where a list keeps its index: on the list itself (a file's list lives as long as the file's run), not in a module cache. */
const INDEX = Symbol('secret index');
type IndexedList = readonly string[] & { [INDEX]?: SecretIndex };

function indexOf(secrets: IndexedList): SecretIndex {
  let index = secrets[INDEX];
  if (!index) {
    index = new Map() as SecretIndex;
    // Their first characters: most offsets of a message are passed without a slice.
    index.firsts = new Set(secrets.map((s) => s.charCodeAt(0)));
    // Longest first within a bucket, so that a secret containing another is masked whole.
    for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
      const key = s.slice(0, 4);
      const bucket = index.get(key);
      if (bucket) bucket.push(s);
      else index.set(key, [s]);
    }
    // Not enumerable: the list reads, compares and serializes as before. A frozen list is indexed per call.
    if (Object.isExtensible(secrets)) Object.defineProperty(secrets, INDEX, { value: index });
  }
  return index;
}

/**
 * Replaces every listed secret in one pass over the text: at each offset only the secrets that
 * start with the next four characters are tried, so a file with 100,000 secrets costs no more per
 * message than one with ten.
 */
function replaceListed(text: string, secrets: readonly string[], mask: (s: string) => string): string {
  if (secrets.length === 0 || text.length < 4) return text;
  const index = indexOf(secrets);
  let out = '';
  let copied = 0;
  for (let i = 0; i + 4 <= text.length; ) {
    const hit = index.firsts!.has(text.charCodeAt(i)) ? index.get(text.slice(i, i + 4))?.find((s) => text.startsWith(s, i)) : undefined;
    if (hit) {
      out += text.slice(copied, i) + mask(hit);
      i += hit.length;
      copied = i;
    } else i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function maskShapes(text: string, mask: (m: string) => string): string {
  let out = text;
  // Asked of the text as given: masking only cuts runs and adds no character of one, so a
  // shape that cannot match in the text cannot match in what an earlier shape left.
  let runs: TokenRuns | undefined;
  for (const { re, tail, part, needs } of SECRET_SHAPES) {
    if (needs.holds !== undefined && !text.includes(needs.holds)) continue;
    if (needs.run !== undefined) {
      runs ??= tokenRuns(text);
      if ((needs.mixed ? runs.mixed : runs.longest) < needs.run) continue;
    }
    let masked = '';
    let copied = 0;
    re.lastIndex = 0;
    for (let m = re.exec(out); m; m = re.exec(out)) {
      let end = m.index + m[0].length;
      // A run longer than the expression's bound: the match goes on through it.
      if (tail) for (tail.lastIndex = end; tail.test(out); ) end = tail.lastIndex;
      const match = out.slice(m.index, end);
      const [a, b] = part ? (part(match) ?? [0, 0]) : [0, match.length];
      if (a !== b) {
        masked += out.slice(copied, m.index) + match.slice(0, a) + mask(match.slice(a, b)) + match.slice(b);
        copied = end;
      }
      re.lastIndex = Math.max(end, m.index + 1);
    }
    if (copied > 0) out = masked + out.slice(copied);
  }
  return out;
}

/** The longest run any shape needs (SecretShape.needs): a longer run need not be measured. */
const LONGEST_RUN_NEEDED = Math.max(...SECRET_SHAPES.map((s) => s.needs.run ?? 0));

/** The longest run of [A-Za-z0-9_+=-] in a text, and the longest holding upper case, lower case and digits (both at most LONGEST_RUN_NEEDED). */
interface TokenRuns {
  longest: number;
  mixed: number;
}

function tokenRuns(text: string): TokenRuns {
  let longest = 0;
  let mixed = 0;
  let run = 0;
  // Bits of the run so far: 1 upper case, 2 lower case, 4 digit.
  let kinds = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    const kind = c >= 65 && c <= 90 ? 1 : c >= 97 && c <= 122 ? 2 : c >= 48 && c <= 57 ? 4 : c === 95 || c === 43 || c === 61 || c === 45 ? 8 : 0;
    if (kind !== 0) {
      run++;
      kinds |= kind;
      continue;
    }
    if (run > longest) longest = run;
    if ((kinds & 7) === 7 && run > mixed) mixed = run;
    if (mixed >= LONGEST_RUN_NEEDED) break;
    run = 0;
    kinds = 0;
  }
  return { longest: Math.min(longest, LONGEST_RUN_NEEDED), mixed: Math.min(mixed, LONGEST_RUN_NEEDED) };
}

// ---------------------------------------------------------------- secrets in source text

/** [A-Za-z_$] */
const isKeyStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
/** [\w$.-] */
const isKeyChar = (c: number) => isKeyStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45;

const NAMES_PLAIN = 1;
const NAMES_SECRET = 2;
const NAMES_URL = 3;

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
}

const keyBefore = (): KeyBefore => ({ start: -1, from: 0, to: 0, names: NAMES_PLAIN });

/**
 * Reads into `key` the key that ends just before the colon at `colon` (quoted, or plain), or
 * returns false for none. Read backwards within 130 characters, so that a line with a million
 * colons is still read in linear time.
 */
function readKey(text: string, colon: number, key: KeyBefore): boolean {
  let end = colon;
  let last = end > 0 ? text.charCodeAt(end - 1) : -1;
  while (last === 32 || last === 9) last = --end > 0 ? text.charCodeAt(end - 1) : -1;
  if (last === 34 /* " */ || last === 39 /* ' */) {
    // (A key of one quote at the line's start reads as the empty key, which names no secret.)
    const open = openingQuote(text, end - 1);
    if (open < 0) return false;
    key.start = open;
    key.from = open + 1;
    key.to = end - 1;
    return true;
  }
  let start = end;
  // Character codes, not a regular expression per character: this runs before every colon of a text.
  while (start > 0 && end - start < 128 && isKeyChar(text.charCodeAt(start - 1))) start--;
  if (start === end || !isKeyStart(text.charCodeAt(start))) return false;
  // A plain key starts the line or follows a blank, an indicator or a flow delimiter.
  if (start > 0 && !keyMayFollow(text.charCodeAt(start - 1))) return false;
  key.start = start;
  key.from = start;
  key.to = end;
  return true;
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
function judgeKey(text: string, colon: number, key: KeyBefore, judged: JudgedNames | undefined): number {
  if (!readKey(text, colon, key)) return (key.names = NAMES_PLAIN);
  const { from, to } = key;
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
function nextSecretColon(text: string, from: number, key: KeyBefore, judged: JudgedNames | undefined): number {
  for (let colon = text.indexOf(':', from); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    if (judgeKey(text, colon, key, judged) !== NAMES_PLAIN) return colon;
  }
  return -1;
}

/** What text[from, to) names as a key (once per name and text: JudgedNames). */
function namesOf(text: string, from: number, to: number): number {
  if (!mayNameSecret(text, from, to)) return NAMES_PLAIN;
  const key = text.slice(from, to);
  return isSecretFieldName(key) ? NAMES_SECRET : key.toLowerCase() === 'url' ? NAMES_URL : NAMES_PLAIN;
}

interface ValueSpan {
  start: number;
  end: number;
  /** The value as written (quotes off). */
  text: string;
  /**
   * The value goes on over the following lines (a block scalar `|`, an empty value before a
   * block collection, a flow collection or a quote left open): each following line indented
   * more than the key's line is the secret's too.
   */
  block: boolean;
  /** The key's column: a block sequence (`- s`) may stand at the key's own indent. */
  keyColumn?: number;
  /** The secret part of a URL under a name that is not a secret's. */
  url?: boolean;
}

/**
 * The spans of values of secret-named keys in one line: whatever stands after the colon (with or
 * without a blank: `apiToken:xoxb-…` is one plain scalar to YAML, a key in a flow mapping), a
 * scalar, a flow collection whole, or the start of a value that goes on below (ValueSpan.block).
 */
export function secretSpansInLine(line: string): ValueSpan[] {
  const spans: ValueSpan[] = [];
  const key = keyBefore();
  let flow: number | undefined;
  for (let colon = nextSecretColon(line, 0, key, undefined); colon >= 0; colon = nextSecretColon(line, colon + 1, key, undefined)) {
    const keyStart = key.start;
    const names = key.names;
    // Whether a flow collection is open at the key: asked only for a plain value (one pass per line).
    let v = valueAt(line, colon + 1, () => (flow ??= flowStart(line)) < keyStart);
    if (!v) continue;
    v.keyColumn = keyStart;
    // A url under any name but a secret one: the path, query and user-info may be a token (Slack
    // and Teams hooks, a url under another integration type); scheme and host stay readable.
    if (names === NAMES_URL) {
      v = v.block ? undefined : urlSecretPart(v);
      if (!v) continue;
    }
    if (!v.block && (v.text === '' || shown(v.text))) continue;
    spans.push(v);
    colon = Math.max(colon, v.end - 1);
  }
  return spans;
}

function urlSecretPart(v: ValueSpan): ValueSpan | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(v.text);
  if (!m) return undefined;
  const from = m[1].includes('@') ? m[0].length - m[1].length : m[0].length;
  if (v.text.length - from <= 1) return undefined;
  return { start: v.start + from, end: v.end, text: v.text.slice(from), block: false, url: true };
}

/** A URL with user-info, a query, or a token in its path. */
export function urlHoldsSecret(url: string): boolean {
  if (/:\/\/[^\s/@]*@/.test(url) || /\?./.test(url)) return true;
  // Each run of [A-Za-z0-9_+=-] of 16 or more: token-like (isTokenLike) or 32 hex digits. Read by
  // character code: every download URL of an automation config comes here.
  let run = 0;
  let upper = false;
  let lower = false;
  let digit = false;
  let hex = true;
  for (let i = 0; i <= url.length; i++) {
    const c = i < url.length ? url.charCodeAt(i) : -1;
    const isUpper = c >= 65 && c <= 90;
    const isLower = c >= 97 && c <= 122;
    const isDigit = c >= 48 && c <= 57;
    if (isUpper || isLower || isDigit || c === 95 || c === 43 || c === 61 || c === 45) {
      if (run++ === 0) {
        upper = lower = digit = false;
        hex = true;
      }
      upper ||= isUpper;
      lower ||= isLower;
      digit ||= isDigit;
      hex &&= isDigit || (c >= 97 && c <= 102);
    } else {
      if (run >= 16 && ((upper && lower && digit) || (run === 32 && hex))) return true;
      run = 0;
    }
  }
  return false;
}

/**
 * Where the first flow collection (`{`, `[`) outside quotes opens in a line (Infinity if none): a
 * plain value after it ends at `,` `}` `]`. One pass per line (a minified JSON line is megabytes).
 */
function flowStart(line: string): number {
  const i = firstOutsideQuotes(line, (c) => c === '{' || c === '[');
  return i < 0 ? Infinity : i;
}

function valueAt(line: string, from: number, inFlow: () => boolean): ValueSpan | undefined {
  let i = from;
  while (line[i] === ' ' || line[i] === '\t') i++;
  // Nothing after the colon: a block collection or a scalar may follow on the next lines.
  if (i >= line.length || line[i] === '#') return { start: i, end: i, text: '', block: true };
  const c = line[i];
  if (c === '"' || c === "'") {
    let j = i + 1;
    for (; j < line.length; j++) {
      if (c === '"' && line[j] === '\\') j++; // an escape: the next character is taken
      else if (line[j] === c) {
        if (c === "'" && line[j + 1] === "'") j++; // '' is a quote inside single quotes
        else break;
      }
    }
    const end = Math.min(j, line.length);
    // A quote left open goes on over the next lines.
    return { start: i + 1, end, text: line.slice(i + 1, end), block: j >= line.length };
  }
  if ((c === '|' || c === '>') && /^[|>][0-9+-]*[ \t]*(#.*)?$/.test(line.slice(i))) return { start: i, end: i, text: '', block: true };
  // A flow collection, whole (its keys and values are the secret's), or to the line's end when open.
  if (c === '{' || c === '[') {
    const end = flowEnd(line, i);
    return { start: i, end: end < 0 ? line.length : end, text: line.slice(i, end < 0 ? line.length : end), block: end < 0 };
  }
  // Anchors, tags and aliases are read as plain text: with the value they stand before.
  let end = line.length;
  const comment = line.slice(i).search(/[ \t]#/);
  if (comment >= 0) end = i + comment;
  if (inFlow()) {
    const stop = line.slice(i, end).search(/[,}\]]/);
    if (stop >= 0) end = i + stop;
  }
  while (end > i && /[ \t]/.test(line[end - 1])) end--;
  return { start: i, end, text: line.slice(i, end), block: false };
}

/** Where the flow collection opening at `open` closes (after its bracket), or -1 when not in this line. */
function flowEnd(line: string, open: number): number {
  let depth = 0;
  const close = firstOutsideQuotes(line.slice(open), (c) => {
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    return depth === 0;
  });
  return close < 0 ? -1 : open + close + 1;
}

/** One line with the values of its secret-named keys masked in place. */
export function maskLine(line: string): string {
  const spans = secretSpansInLine(line);
  if (spans.length === 0) return line;
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += line.slice(at, s.start) + '*'.repeat(s.end - s.start);
    at = s.end;
  }
  return out + line.slice(at);
}

/**
 * Line n (1-based) of a text for a code frame, masked: maskSecretsInPlace, and the whole line
 * when it is inside a block scalar (`key: |`) of a secret-named key, which the line alone does
 * not tell. With `shownWidth`, a long line comes back cut (at least shownWidth characters).
 */
export function maskFrameLine(lineText: (n: number) => string, n: number, secrets: readonly string[], shownWidth = Infinity): string {
  let line = lineText(n);
  // A frame shows the start of a long line (a minified JSON document): only that start, and
  // enough beyond it for any secret that straddles the cut, is masked (and returned).
  let longest = 0;
  for (const s of secrets) longest = Math.max(longest, s.length);
  const window = shownWidth + Math.max(4096, longest);
  if (line.length > window) line = line.slice(0, window);
  const masked = maskSecretsInPlace(line, secrets);
  return inSecretBlock(lineText, n) ? masked.replace(/\S/g, '*') : masked;
}

/** Whether line n is content of a block scalar under a secret-named key (looking up 500 lines at most). */
function inSecretBlock(lineText: (n: number) => string, n: number): boolean {
  const indent = lineText(n).search(/\S/);
  if (indent <= 0) return false;
  for (let k = n - 1; k >= 1 && k >= n - 500; k--) {
    const above = lineText(k);
    const at = above.search(/\S/);
    if (at < 0 || at >= indent) continue;
    return secretSpansInLine(above).some((s) => s.block);
  }
  return false;
}

/**
 * Values of secret-named keys anywhere in a text, as written: in lines that do not parse, under
 * duplicated keys, in documents of another kind. A value that goes on below its key (a block
 * scalar or collection, a flow collection or quote left open) gives its lines, and the items of a
 * block sequence their values.
 */
export function secretsInText(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  // A small text's names are judged as met: the table (36 KB, filled) would cost it more than it saves.
  const judged = n >= JUDGE_FROM ? new JudgedNames(text) : undefined;
  const lines = new LineReader(text);
  const key = keyBefore();
  // Colon by colon, without splitting the text (a 90 MB JSON text has three million lines): only a
  // line where a key names a secret (or a url) is cut out and read whole.
  for (let colon = nextSecretColon(text, 0, key, judged); colon >= 0; ) {
    const lineStart = lines.startOf(colon);
    const lineEnd = lines.endOf(colon);
    const line = text.slice(lineStart, lineEnd);
    let next = lines.after(lineEnd); // where the next line starts (past n: none)
    for (const s of secretSpansInLine(line)) {
      if (s.text !== '') pushSpan(out, s);
      if (!s.block) continue;
      const indent = line.search(/\S/);
      while (next <= n) {
        const end = lines.endOf(next);
        const following = text.slice(next, end);
        if (!blockGoesOn(following, indent, s.keyColumn)) break;
        out.push(following);
        // A block sequence's item alone, as a message would quote it.
        const item = /^\s*-\s+(.*)$/.exec(following);
        if (item) out.push(item[1]);
        next = lines.after(end);
      }
    }
    if (next > n) break;
    colon = nextSecretColon(text, next, key, judged);
  }
  return out;
}

/** Lines of a text read in place: `\n`, `\r\n` and a lone `\r` end a line (YAML's line breaks). */
class LineReader {
  private readonly cr: boolean;
  /** The next CR at or after the last position asked (found once per CR: linear). */
  private nextCr = -1;

  constructor(private readonly text: string) {
    this.cr = text.includes('\r');
  }

  startOf(at: number): number {
    const lf = this.text.lastIndexOf('\n', at - 1);
    return this.cr ? Math.max(lf, this.text.lastIndexOf('\r', at - 1)) + 1 : lf + 1;
  }

  /** Where the line holding `at` ends (its break, or the text's end). */
  endOf(at: number): number {
    const text = this.text;
    let lf = text.indexOf('\n', at);
    if (lf < 0) lf = text.length;
    if (!this.cr) return lf;
    if (this.nextCr < at && this.nextCr !== Infinity) {
      const cr = text.indexOf('\r', at);
      this.nextCr = cr < 0 ? Infinity : cr;
    }
    return Math.min(lf, this.nextCr);
  }

  /** The start of the line after a line ending at `end`. */
  after(end: number): number {
    return this.text.charCodeAt(end) === 13 && this.text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  }
}

function pushSpan(out: string[], s: ValueSpan): void {
  // Messages quote download URLs: only a URL part that looks secret is listed for them.
  if (!s.url || urlHoldsSecret(s.text)) out.push(s.text);
}

/**
 * A line of a value that goes on below its key, the key's line being indented `indent`: blank,
 * indented more, or (after an empty value) a block sequence's item at the key's own column.
 */
function blockGoesOn(line: string, indent: number, keyColumn?: number): boolean {
  const at = line.search(/\S/);
  if (at < 0 || at > indent) return true;
  return keyColumn !== undefined && at === keyColumn && /^-(\s|$)/.test(line.slice(at));
}

const UNJUDGED = 0;
/** Texts from this length on remember the names they judged (JudgedNames). */
const JUDGE_FROM = 64 * 1024;
/** Slots of JudgedNames (a power of two). */
const JUDGED_SLOTS = 4096;

/**
 * Names judged already (a secret's or `url`, or neither) in one text, recognised in place: the
 * keys of a big text repeat (a million `"hostname"` keys), and each is judged once and never cut
 * out again. A slot holds where in the text a name of its shape was judged (offsets, not strings:
 * comparing code units is cheaper than startsWith); a later name of the same shape takes the slot
 * over. Bounded.
 */
class JudgedNames {
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

/**
 * A whole text (the fixed text of --fix-dry-run) with its secrets masked in place: the listed
 * ones, those the text itself shows by name (block scalars too) or by shape.
 */
export function maskText(text: string, secrets: readonly string[]): string {
  const all = new Set(secrets);
  for (const v of secretsInText(text)) if (v.trim().length >= 4 && !shown(v.trim())) all.add(v.trim());
  return maskSecretsInPlace(text, [...all].sort((a, b) => b.length - a.length));
}
