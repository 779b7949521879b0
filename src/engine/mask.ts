// No output of omlint ever contains a secret's value: every message, code frame and fixed text
// passes here. Three nets, because any one can miss: the secret fields of every kind and every
// field named like a secret in the parsed values; `key: value` pairs named like secrets in the
// source text (duplicate keys, lines that do not parse, numbers, near-miss names); and values
// that look like secrets whatever their name (SECRET_SHAPES).
// The source-text net lives in secret-text.ts (values) and secret-keys.ts (the key scan).
import { QUOTE_CLOSE, QUOTE_MAX, QUOTE_OPEN, findSecretsOfAnyKind, findSecretsByName, SECRET_SHAPES, type SecretLocation } from '../model/secrets';
import type { Kind } from '../core/kinds';
import type { DocumentFacts } from '../core/facts';
import { hasTokenRun, maskLine, secretSpansInLine, secretsInText, shown, tokenRuns, type TextCensus, type TokenRuns } from './secret-text';
import { jsonSecretsInText } from './secret-json';
import type { JsonColons } from '../syntax/index';
import { detached } from '../core/detached';

export { maskLine, secretSpansInLine, secretsInText, urlHoldsSecret } from './secret-text';

export interface SecretSource {
  /** The document's kind; the secret fields of every kind count anyway. */
  kind?: Kind;
  value: unknown;
  /** The source text of the value at a pointer, when known. */
  sourceOf?: (pointer: string) => string | undefined;
  /** The document's facts, when linted: what its rules' secret finders found is reused. */
  facts?: DocumentFacts;
  /** The value was read by the block reader from the text given (ParsedDocument.blockRead). */
  blockRead?: boolean;
  /** The value is JSON.parse of the text given, which repeats no key (ParsedDocument.jsonRead). */
  jsonRead?: boolean;
  /** Where the colons of that text are, when its parse found them (ParsedDocument.jsonColons). */
  jsonColons?: JsonColons;
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
  const wide = opts.wide ?? true;
  let out: Set<string> | undefined;
  // Values judged shown (placeholders, mostly): each net (the text scan too) finds the same
  // `${TOKEN}` again, and shown() tries some thirty expressions on a value that is none of them.
  let passed: Set<string> | undefined;
  const showable = (v: string): boolean => {
    if (passed?.has(v)) return true;
    if (!shown(v)) return false;
    (passed ??= new Set()).add(v);
    return true;
  };
  // Read first (listed last, as before): it tells whether a walk by name could add anything.
  const census: TextCensus = { asParsed: true };
  // A JSON text that is its one document's value: its colons found by the value's keys (secret-json.ts).
  const json = opts.text !== undefined && docs.length === 1 && docs[0].jsonRead ? jsonSecretsInText(docs[0].value, opts.text, docs[0].jsonColons) : undefined;
  const inText = json ? json.inText : opts.text !== undefined ? secretsInText(opts.text, census, showable) : undefined;
  const add = (v: string) => {
    const t = v.trim();
    if (t.length >= 4 && !out?.has(t) && !showable(t)) (out ??= new Set()).add(t);
  };
  /** A value of the text listed already, shown, or too short to list. */
  const known = (v: string) => v.length < 4 || out?.has(v) === true || showable(v);
  for (const d of docs) {
    if (d.value === null || typeof d.value !== 'object') continue;
    // Pointers whose source was read: a value found by kind and by name alike is located once.
    let located: Set<string> | undefined;
    const take = (found: readonly SecretLocation[]) => {
      for (const s of found) {
        // Found by kind and by name alike: judged once (a listed value is not shown()).
        if (s.value.length < 4 || (!out?.has(s.value) && showable(s.value))) continue;
        (out ??= new Set()).add(s.value);
        if (s.inKey || !d.sourceOf || located?.has(s.pointer)) continue;
        // A JSON string written as it reads: its source, unquoted, is the value (listed already).
        if (json && s.value === s.value.trim() && json.writtenAsRead(s.value)) continue;
        (located ??= new Set()).add(s.pointer);
        const raw = d.sourceOf(s.pointer);
        if (raw === undefined || raw === s.value) continue;
        for (const piece of raw.replace(/^["']|["']$/g, '').split(/\r\n|\r|\n/)) add(piece);
      }
    };
    // A document linted as another kind than its content: every kind's finder runs.
    take(findSecretsOfAnyKind(d.value, d.facts));
    if (!wide) continue;
    // Every key of a block-read document is a name the text scan read, its value as written when
    // census.asParsed: the walk would find only the values the scan listed, and adds nothing when
    // each is listed already (by kind), shown or short, nor when the file's one document would
    // list them where the scan does (listedInAnyOrder). Else it walks (aliases, escaped or quoted
    // keys, numbers, nested values, a url beside a type: test/engine/secrets-walk-skip.test.ts).
    if (d.blockRead && inText !== undefined && census.asParsed && (inText.every(known) || (docs.length === 1 && listedInAnyOrder(inText, known)))) continue;
    if (json) {
      if (json.walkAdds) take(json.walkList ?? findSecretsByName(d.value));
      continue;
    }
    take(findSecretsByName(d.value));
  }
  if (inText !== undefined) for (const v of inText) add(v);
  // Longest first, so that a secret containing another is masked whole.
  return out ? [...out].sort((a, b) => b.length - a.length) : noSecrets();
}

/**
 * An empty list of secrets of the one map every other list of secrets has (packed, of any
 * element). A literal `[]` has another (of small integers): each function that reads lists of
 * both maps (replaceListed, maskFrameLine, keptLine) was compiled again on the first file listing
 * a secret. A new array each time: finish.ts pushes a base's secrets into it.
 */
export const noSecrets = (): string[] => NO_STRINGS.slice();
/** Empty, of the map of a list that holds a string (sliced from one); never changed. */
const NO_STRINGS: readonly string[] = [''].slice(1);

/**
 * Whether the values of the text scan that are not `known` (those a walk may list before the scan
 * does) end up where they stand in the sorted list whoever lists them first: the list is sorted by
 * length, equal lengths in the order listed, so when no two of them have one length. Each must be
 * the value as the walk lists it too (as parsed: the scan's is trimmed when listed).
 */
function listedInAnyOrder(inText: readonly string[], known: (v: string) => boolean): boolean {
  let lengths: Map<number, string> | undefined;
  for (const v of inText) {
    if (known(v)) continue;
    if (v.trim() !== v) return false;
    const other = lengths?.get(v.length);
    if (other === undefined) (lengths ??= new Map()).set(v.length, v);
    else if (other !== v) return false;
  }
  return true;
}

export const MASK = '****';

/**
 * Replaces the listed secrets and anything shaped like a secret (SECRET_SHAPES), then cuts the
 * long values a message quotes (quoteForCut): masked first, a secret's start is never printed.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return maskUnlisted(secrets.length === 0 ? text : replaceListed(text, secrets, () => MASK));
}

/** maskSecrets with no listed secret: the shapes, then the cut (no list read: see runMasks). */
const maskUnlisted = (text: string): string => cutQuoted(maskShapes(text, () => MASK));

/** The values a message quotes (quoteForCut), cut to QUOTE_MAX characters; the marks go. */
export function cutQuoted(text: string): string {
  if (!text.includes(QUOTE_OPEN)) return text;
  return text
    .replace(new RegExp(`${QUOTE_OPEN}([^${QUOTE_OPEN}${QUOTE_CLOSE}]*)${QUOTE_CLOSE}`, 'g'), (_, v: string) => (v.length > QUOTE_MAX ? `${v.slice(0, QUOTE_MAX - 3)}…` : v))
    .replace(new RegExp(`[${QUOTE_OPEN}${QUOTE_CLOSE}]`, 'g'), '');
}

/** A text or line kept by CleanTexts at most this long (a long one seldom repeats). */
const CLEAN_MAX_CHARS = 512;
/** Texts kept by one CleanTexts at most. */
const CLEAN_MAX_TEXTS = 1024;

/**
 * Texts one run masked with no listed secret and found clean (the mask left them as they were),
 * each kept once, detached: the findings of a run repeat their messages, and the lines their frames
 * show, from file to file. Held by the run (lint.ts's frame; never module state), bounded, and
 * holding no text any net masks.
 */
export class CleanTexts {
  /** Texts masked by the mask given, not known clean already (tests count them). */
  masked = 0;
  private readonly kept = new Map<string, string>();
  constructor(private readonly mask: (text: string) => string) {}

  /** The text masked (with no listed secret): the kept copy of a clean text. */
  through(text: string): string {
    const kept = this.kept.get(text);
    if (kept !== undefined) return kept;
    // Masked once, and kept when the mask left it as it was.
    this.masked++;
    let out = this.mask(text);
    if (out !== text) return out;
    if (text.length > CLEAN_MAX_CHARS || this.kept.size >= CLEAN_MAX_TEXTS) return text;
    out = detached(text);
    this.kept.set(out, out);
    return out;
  }

  /**
   * The kept copy of a text equal to this one (detached), or undefined. Not "this very string":
   * an equal line of another file, a slice of its text, would keep that whole text alive.
   */
  copyOf(text: string): string | undefined {
    return this.kept.get(text);
  }
}

/** What a run masks with no listed secret: its findings' texts (maskSecrets) and frame lines (maskSecretsInPlace). */
export interface RunMasks {
  texts: CleanTexts;
  lines: CleanTexts;
}

// Masked without a list: a shared frozen empty list has a map of its own, which the functions
// that read the files' lists would meet too (a second compile of each).
export const runMasks = (): RunMasks => ({
  texts: new CleanTexts(maskUnlisted),
  lines: new CleanTexts(maskUnlistedInPlace),
});

/**
 * Masks secrets keeping the text's length, so that columns of a code frame still line up: the
 * listed secrets, values of secret-named keys on each line (of any length, by position), and
 * secret shapes.
 */
export function maskSecretsInPlace(text: string, secrets: readonly string[]): string {
  // No listed secret (most frame lines): replaceListed not called (it returns the text): fewer calls for V8 to tier up and compile.
  return maskUnlistedInPlace(secrets.length === 0 ? text : replaceListed(text, secrets, (s) => '*'.repeat(s.length)));
}

/** maskSecretsInPlace with no listed secret: values of secret-named keys by position, and shapes. */
function maskUnlistedInPlace(listed: string): string {
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
  const hitAt = secrets.length <= FEW && byLength(secrets) ? fewAt(text, secrets) : indexedAt(text, indexOf(secrets));
  let out = '';
  let copied = 0;
  for (let i = 0; i + 4 <= text.length; ) {
    const hit = hitAt(i);
    if (hit) {
      out += text.slice(copied, i) + mask(hit);
      i += hit.length;
      copied = i;
    } else i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The longest listed secret that starts at an offset of the text, by the list's index. */
function indexedAt(text: string, index: SecretIndex): (i: number) => string | undefined {
  return (i) => (index.firsts!.has(text.charCodeAt(i)) ? index.get(text.slice(i, i + 4))?.find((s) => text.startsWith(s, i)) : undefined);
}

/** Lists up to this long are tried secret by secret at each offset, without an index (most files list none or one). */
const FEW = 4;

/** Whether a list is longest first (as collectSecretValues returns it): then its first match at an offset is the longest. */
function byLength(secrets: readonly string[]): boolean {
  for (let k = 1; k < secrets.length; k++) if (secrets[k].length > secrets[k - 1].length) return false;
  return true;
}

/**
 * indexedAt for a few secrets, longest first, without building the index: the first that starts
 * at the offset, as the index finds it (one of at least four characters: the index keys by four).
 */
function fewAt(text: string, secrets: readonly string[]): (i: number) => string | undefined {
  // The first characters of the listed secrets (-1 for a slot unused or a secret too short).
  const f0 = firstOf(secrets, 0);
  const f1 = firstOf(secrets, 1);
  const f2 = firstOf(secrets, 2);
  const f3 = firstOf(secrets, 3);
  return (i) => {
    const c = text.charCodeAt(i);
    if (c !== f0 && c !== f1 && c !== f2 && c !== f3) return undefined;
    for (const s of secrets) if (s.length >= 4 && text.startsWith(s, i)) return s;
    return undefined;
  };
}

const firstOf = (secrets: readonly string[], k: number): number => (k < secrets.length && secrets[k].length >= 4 ? secrets[k].charCodeAt(0) : -1);

function maskShapes(text: string, mask: (m: string) => string): string {
  let out = text;
  // Asked of the text as given: masking only cuts runs and adds no character of one, so a
  // shape that cannot match in the text cannot match in what an earlier shape left.
  let runs: TokenRuns | undefined;
  // The text holds no run this long (hasTokenRun, which reads a fraction of a text of short runs,
  // before tokenRuns reads every character): most messages and lines hold none a shape needs.
  let absentFrom = Infinity;
  for (const { re, tail, part, needs } of SECRET_SHAPES) {
    if (needs.holds !== undefined && !text.includes(needs.holds)) continue;
    if (needs.run !== undefined) {
      if (needs.run >= absentFrom) continue;
      if (runs === undefined) {
        if (!hasTokenRun(text, needs.run)) {
          absentFrom = needs.run;
          continue;
        }
        runs = tokenRuns(text);
      }
      // Both read each time: one read only after a rare test was a second compile of this.
      const { longest, mixed } = runs;
      if ((needs.mixed ? mixed : longest) < needs.run) continue;
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

/**
 * Line n (1-based) of a text for a code frame, masked: maskSecretsInPlace, and the whole line
 * when it is inside a block scalar (`key: |`) of a secret-named key, which the line alone does
 * not tell. With `shownWidth`, a long line comes back cut (at least shownWidth characters).
 */
export function maskFrameLine(lineText: (n: number) => string, n: number, secrets: readonly string[], shownWidth = Infinity, clean?: CleanTexts): string {
  let line = lineText(n);
  // A frame shows the start of a long line (a minified JSON document): only that start, and
  // enough beyond it for any secret that straddles the cut, is masked (and returned).
  let longest = 0;
  for (const s of secrets) longest = Math.max(longest, s.length);
  const window = shownWidth + Math.max(4096, longest);
  if (line.length > window) line = line.slice(0, window);
  if (inSecretBlock(lineText, n, line)) return maskSecretsInPlace(line, secrets).replace(/\S/g, '*');
  // No listed secret: the line masked once per run (one under a secret's block scalar is never kept).
  return clean && secrets.length === 0 ? clean.through(line) : maskSecretsInPlace(line, secrets);
}

/** Whether line n (`line`, or its start) is content of a block scalar under a secret-named key (looking up 500 lines at most). */
function inSecretBlock(lineText: (n: number) => string, n: number, line: string): boolean {
  // A line at column 0 (most lines a frame shows) is under no key: nothing to look up.
  const c = line.charCodeAt(0);
  if (c > 32 && c < 128) return false;
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
 * A whole text (the fixed text of --fix-dry-run) with its secrets masked in place: the listed
 * ones, those the text itself shows by name (block scalars too) or by shape.
 */
export function maskText(text: string, secrets: readonly string[]): string {
  const all = new Set(secrets);
  for (const v of secretsInText(text)) if (v.trim().length >= 4 && !shown(v.trim())) all.add(v.trim());
  return maskSecretsInPlace(text, [...all].sort((a, b) => b.length - a.length));
}
