// Values of secret-named keys in source text (a line, or a whole text colon by colon): the net
// for what the parsed values do not show (duplicate keys, lines that do not parse, block scalars).
// mask.ts is the door every output goes through; this is one of its nets.
import { isRedactionMask, SECRET_SHAPES } from '../model/secrets';
import { isWholePlaceholder } from '../model/placeholders';
import { firstOutsideQuotes } from '../syntax/outside-quotes';
import { JUDGE_FROM, JudgedNames, keyBefore, NAMES_URL, nextSecretColon } from './secret-keys';

/** Not secrets: showing them helps (a placeholder, a mask pasted back, a word). */
export function shown(value: string): boolean {
  return isWholePlaceholder(value) || isRedactionMask(value) || /^(true|false|null|~|yes|no|on|off)$/i.test(value);
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
export function secretSpansInLine(line: string, census?: TextCensus, first?: FirstKey, isShown: (value: string) => boolean = shown): ValueSpan[] {
  const spans: ValueSpan[] = [];
  const key = keyBefore();
  let flow: number | undefined;
  if (first) {
    key.start = first.start;
    key.names = first.names;
  }
  for (let colon = first ? first.colon : nextSecretColon(line, 0, key, undefined); colon >= 0; colon = nextSecretColon(line, colon + 1, key, undefined)) {
    const keyStart = key.start;
    const names = key.names;
    // Whether a flow collection is open at the key: asked only for a plain value (one pass per
    // line), and only of a line with a bracket before the key (a block key's has none).
    let v = valueAt(line, colon + 1, () => bracketBefore(line, keyStart) && (flow ??= flowStart(line)) < keyStart);
    if (!v) continue;
    v.keyColumn = keyStart;
    // A url beside a type is listed whole by the walk by name: the text cannot tell. A value
    // going on below takes the lines under it whole, a key among them unread.
    if (census && (names === NAMES_URL || v.block || !asParsed(v.text))) census.asParsed = false;
    // A url under any name but a secret one: the path, query and user-info may be a token (Slack
    // and Teams hooks, a url under another integration type); scheme and host stay readable.
    if (names === NAMES_URL) {
      v = v.block ? undefined : urlSecretPart(v);
      if (!v) continue;
    }
    if (!v.block && (v.text === '' || isShown(v.text))) continue;
    spans.push(v);
    colon = Math.max(colon, v.end - 1);
  }
  if (census && key.long) census.asParsed = false;
  return spans;
}

/** The first colon of a line with a key naming a secret (or a url), its key judged by the caller's scan: offsets in the line. */
interface FirstKey {
  colon: number;
  start: number;
  names: number;
}

/**
 * What a scan of a whole text (secretsInText) tells the walk by name of a document the block
 * reader read, whose keys all stand in the text as names the scan reads (ParsedDocument.blockRead).
 */
export interface TextCensus {
  /**
   * Whether the value after each name of a secret the scan met is, as written, the string a
   * parse gives (asParsed), no name was `url` and none longer than the scan reads: then the walk
   * by name finds no value the scan did not list (engine/mask.ts).
   */
  asParsed: boolean;
}

/** Whether a scalar as written on its key's line (quotes off) is the string a parse of it gives: no escape, number or flow collection. */
function asParsed(text: string): boolean {
  if (text.includes('\\')) return false;
  // A number starts [-+.0-9] (1e3 is 1000, 0x1F 31); a flow collection's items are listed one by one.
  const c = text.charCodeAt(0);
  return !(c === 43 || c === 45 || c === 46 || (c >= 48 && c <= 57) || c === 91 || c === 123);
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
  // User-info or a query: one expression, one call (every download URL of an automation config comes here).
  if (URL_USER_OR_QUERY.test(url)) return true;
  // A run of 16 or more token-like (isTokenLike), or of 32 hex digits.
  const runs = tokenRuns(url);
  return runs.mixed >= 16 || runs.hex32;
}

/** `://` and user-info ending in `@`, or a query (`?` and a character). */
const URL_USER_OR_QUERY = /:\/\/[^\s/@]*@|\?./;

/** The longest run any shape needs (SecretShape.needs): a longer run need not be measured. */
const LONGEST_RUN_NEEDED = Math.max(...SECRET_SHAPES.map((s) => s.needs.run ?? 0));
/** The shortest run any shape needs: a text without one is searched for no shape that needs a run. */
export const SHORTEST_RUN_NEEDED = Math.min(...SECRET_SHAPES.map((s) => s.needs.run ?? Infinity));

/** [A-Za-z0-9_+=-], the characters of tokenRuns' runs. */
const isTokenChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 43 || c === 61 || c === 45;

/**
 * Whether a text holds a run of at least `n` token characters (tokenRuns(text).longest >= n, for
 * n up to LONGEST_RUN_NEEDED), reading a fraction of the characters where runs are short (a
 * message, most lines of a code frame): the last character of each window of n first, then back.
 */
export function hasTokenRun(text: string, n: number): boolean {
  // `end`: the last character of a window of n that may be a run; every character between the
  // start of the run met last and `end` is known to be a token character.
  for (let end = n - 1; end < text.length; ) {
    if (!isTokenChar(text.charCodeAt(end))) {
      end += n;
      continue;
    }
    let start = end;
    while (start > end - n + 1 && isTokenChar(text.charCodeAt(start - 1))) start--;
    if (start === end - n + 1) return true;
    // The run holding `end` starts at `start`: a run of n from there ends n - 1 further.
    end = start + n - 1;
  }
  return false;
}

/**
 * Runs of [A-Za-z0-9_+=-] in a text: the longest, the longest holding upper case, lower case and
 * digits (both at most LONGEST_RUN_NEEDED), and whether one is 32 lower-case hex digits.
 */
export interface TokenRuns {
  longest: number;
  mixed: number;
  hex32: boolean;
}

/** Read by character code, once: the shapes' needs (mask.ts) and a URL's verdict ask it. */
export function tokenRuns(text: string): TokenRuns {
  let longest = 0;
  let mixed = 0;
  let hex32 = false;
  let run = 0;
  // Bits of the run so far: 1 upper case, 2 lower case, 4 digit, 8 [_+=-], 16 a lower case past f.
  let kinds = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    const kind = c >= 65 && c <= 90 ? 1 : c >= 97 && c <= 102 ? 2 : c >= 103 && c <= 122 ? 18 : c >= 48 && c <= 57 ? 4 : c === 95 || c === 43 || c === 61 || c === 45 ? 8 : 0;
    if (kind !== 0) {
      run++;
      kinds |= kind;
      continue;
    }
    if (run > longest) longest = run;
    if ((kinds & 7) === 7 && run > mixed) mixed = run;
    // 32 characters, each a-f or a digit; in one test run at every end of a run (a test first
    // reached at a run of 32 in optimized code made V8 compile this again).
    if (((run ^ 32) | (kinds & ~6)) === 0) hex32 = true;
    if (mixed >= LONGEST_RUN_NEEDED) break;
    run = 0;
    kinds = 0;
  }
  return { longest: Math.min(longest, LONGEST_RUN_NEEDED), mixed: Math.min(mixed, LONGEST_RUN_NEEDED), hex32 };
}

/**
 * Where the first flow collection (`{`, `[`) outside quotes opens in a line (Infinity if none): a
 * plain value after it ends at `,` `}` `]`. One pass per line (a minified JSON line is megabytes).
 */
function flowStart(line: string): number {
  const i = firstOutsideQuotes(line, (c) => c === '{' || c === '[');
  return i < 0 ? Infinity : i;
}

/** Whether `{` or `[` stands in line[0, end): else no flow collection opens before `end`. */
function bracketBefore(line: string, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const c = line.charCodeAt(i);
    if (c === 123 || c === 91) return true;
  }
  return false;
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
  // A comment starts at a blank and "#" (character codes: this runs for each secret of a text).
  let end = line.length;
  for (let hash = line.indexOf('#', i + 1); hash >= 0; hash = line.indexOf('#', hash + 1)) {
    if (isBlank(line.charCodeAt(hash - 1))) {
      end = hash - 1;
      break;
    }
  }
  if (inFlow()) {
    const stop = line.slice(i, end).search(/[,}\]]/);
    if (stop >= 0) end = i + stop;
  }
  while (end > i && isBlank(line.charCodeAt(end - 1))) end--;
  return { start: i, end, text: line.slice(i, end), block: false };
}

const isBlank = (c: number) => c === 32 || c === 9;

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
 * Values of secret-named keys anywhere in a text, as written: in lines that do not parse, under
 * duplicated keys, in documents of another kind. A value that goes on below its key (a block
 * scalar or collection, a flow collection or quote left open) gives its lines, and the items of a
 * block sequence their values.
 */
export function secretsInText(text: string, census?: TextCensus, isShown: (value: string) => boolean = shown, nextColon?: (from: number) => number): string[] {
  const out: string[] = [];
  const n = text.length;
  // A small text's names are judged as met: the table (36 KB, filled) would cost it more than it saves.
  // `nextColon`: the colons are judged already, from `from` on (a JSON text by its keys: engine/secret-json.ts).
  const judged = nextColon === undefined && n >= JUDGE_FROM ? new JudgedNames(text) : undefined;
  const lines = new LineReader(text);
  const key = keyBefore();
  // Colon by colon, without splitting the text (a 90 MB JSON text has three million lines): only a
  // line where a key names a secret (or a url) is cut out and read whole.
  for (let colon = nextColon ? nextColon(0) : nextSecretColon(text, 0, key, judged); colon >= 0; ) {
    const lineStart = lines.startOf(colon);
    const lineEnd = lines.endOf(colon);
    const line = text.slice(lineStart, lineEnd);
    let next = lines.after(lineEnd); // where the next line starts (past n: none)
    // Its key is judged as the line alone would judge it, the colons before it passed, unless a
    // lone CR (which ends no line of a key read backwards here) stands in the text.
    // (`nextColon` fills no key: the line judges its keys itself.)
    const first = lines.cr || nextColon ? undefined : { colon: colon - lineStart, start: key.start - lineStart, names: key.names };
    for (const s of secretSpansInLine(line, census, first, isShown)) {
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
    colon = nextColon ? nextColon(next) : nextSecretColon(text, next, key, judged);
  }
  if (census && key.long) census.asParsed = false;
  return out;
}

/** Lines of a text read in place: `\n`, `\r\n` and a lone `\r` end a line (YAML's line breaks). */
class LineReader {
  readonly cr: boolean;
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
