// JSON: JSON.parse for the value (fast); duplicate keys and depth told by counting strings in the
// text and the value (a scan finds the spots when the counts differ); positions by walking the
// text to each pointer (json-locate.ts), only when a diagnostic needs one.
import { parse as jsoncParse, parseTree, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { Span } from '../core/types';
import { LineIndex } from '../core/lines';
import { joinPointer } from '../core/pointer';
import { KEY_MARK_EVERY, OTHER_COLONS_MAX, type BracketPair, type JsonColons, type ParseLimits, type ParsedDocument, type ParseProblem } from './types';
import { backslashFinder, JsonNavigator, stringCount, stringEnd, type ContainerTally } from './json-locate';
import { defineBuiltin } from '../core/rule';

/** From this size on, a document also looks up pointers said in advance together and answers the cursor's containers. */
export const NAVIGATE_MIN_CHARS = 512 * 1024;

interface ScanResult {
  duplicates: { pointer: string; key: string; span: Span }[];
  /** Offset where the depth limit was crossed, if it was. */
  tooDeepAt?: number;
}

interface Frame {
  isObject: boolean;
  keys: Set<string> | null;
  key: string | number;
  expectKey: boolean;
  index: number;
}

/** Scans valid JSON for repeated keys in one object and for nesting deeper than maxDepth. */
export function scanJson(text: string, maxDepth: number): ScanResult {
  const duplicates: ScanResult['duplicates'] = [];
  const stack: Frame[] = [];
  const hasBackslash = backslashFinder(text);
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const start = i;
      i = stringEnd(text, i);
      const escaped = hasBackslash(start, i);
      const top = stack[stack.length - 1];
      if (top && top.isObject && top.expectKey) {
        const raw = text.slice(start + 1, i);
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
        top.expectKey = false;
        top.key = key;
        if (top.keys!.has(key)) {
          duplicates.push({ pointer: framesPointer(stack), key, span: { start, end: i + 1 } });
        } else top.keys!.add(key);
      }
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (stack.length >= maxDepth) return { duplicates, tooDeepAt: i };
      const isObject = c === 123;
      stack.push({ isObject, keys: isObject ? new Set() : null, key: isObject ? '' : 0, expectKey: isObject, index: 0 });
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
    } else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top) {
        if (top.isObject) top.expectKey = true;
        else top.key = ++top.index;
      }
    }
  }
  return { duplicates };
}

/**
 * True when a valid JSON text repeats no key in any object and nests at most maxDepth levels,
 * told from counts without a scan of the structure. Keys first: every key of the text ends with
 * a quote followed by a colon, so the colons whose last character before them (blanks aside) is a
 * quote are at least the keys of the text (a string value may add some: `":"`, `"::1"`), and the
 * keys of the text are the keys of the parsed value plus one per repeat JSON.parse dropped; equal
 * counts leave no room for a repeat. Counting colons costs a third of counting strings (a big
 * configuration has a key on most lines and two or three strings). When they differ, strings:
 * every string of the text (key or value) is in the parsed value unless a repeated key made
 * JSON.parse drop a property, with at least its key. False means "maybe not": then scanJson finds
 * the spots.
 */
export function plainStructure(text: string, value: unknown, maxDepth: number, scan?: TextScan, tally?: ContainerTally): boolean {
  const keys = keysWithin(value, maxDepth, tally);
  if (keys < 0) return false;
  // The strings are counted (a second walk of the value) only when the keys leave room for a repeat.
  return keys === (scan?.keyColons ?? keyColonCount(text)) || stringsIn(value) === stringCount(text);
}

/**
 * What the reads of one text before its parse found for the parse (parseText makes one per text
 * and drops it with the parse): the cost pre-scan of a big JSON text counts its colons before
 * JSON.parse, and plainStructure its key colons after it, one pass for both.
 */
export interface TextScan {
  keyColons?: number;
  /** Where jsonColonCount found the colons (key colons marked, the others listed), for the secret net of the parsed text (ParsedDocument.jsonColons). */
  colons?: JsonColons;
  /** The text's "{" and "[", counted by the cost pre-scan of a big JSON text (for the navigator's bracket check). */
  opens?: ContainerTally;
  /** The YAML cost pre-scan of the text, at the depth limit asked. */
  yamlCost?: { maxDepth: number; cost: TextCost };
}

/** Colons of a JSON text (any text), its key colons counted and marked, and the others' offsets kept, along into `scan` for parseJsonText. */
export function jsonColonCount(text: string, scan?: TextScan): number {
  let colons = 0;
  let keys = 0;
  if (!scan) {
    for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
      colons++;
      if (isKeyColon(text, colon)) keys++;
    }
    return colons;
  }
  const keyMarks: number[] = [];
  // Bounded (OTHER_COLONS_MAX): the list lives as long as the document, in a clean file too.
  let others: number[] | undefined = [];
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    colons++;
    if (isKeyColon(text, colon)) {
      if (keys % KEY_MARK_EVERY === 0) keyMarks.push(colon);
      keys++;
    } else if (others) {
      if (others.length === OTHER_COLONS_MAX) others = undefined;
      else others.push(colon);
    }
  }
  scan.keyColons = keys;
  scan.colons = others ? { keys, keyMarks, others } : undefined;
  return colons;
}

/** Colons of a valid JSON text whose last character before them, blanks aside, is a quote. */
export function keyColonCount(text: string): number {
  let count = 0;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) if (isKeyColon(text, colon)) count++;
  return count;
}

function isKeyColon(text: string, colon: number): boolean {
  let p = colon - 1;
  let c = text.charCodeAt(p);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--p);
  return c === 34; /* " */
}

/** Nesting the count below follows by recursion (deeper only with a raised --max-depth: then scanJson). */
const MAX_COUNT_DEPTH = 2000;

/**
 * The keys of a parsed value, or -1 when it nests deeper than maxDepth (or cannot tell). Keys
 * only, in a walk kept small (a 94 MB configuration has 2.6 million): strings, when asked, by
 * stringsIn. Its objects and arrays are counted along into `tally` (both -1 when the result is).
 */
function keysWithin(value: unknown, maxDepth: number, tally: ContainerTally = { objects: 0, arrays: 0, opensCounted: false }): number {
  if (typeof value !== 'object' || value === null) return 0;
  // for…in lists inherited keys too: counting is right only while Object.prototype has none.
  const limit = Math.min(maxDepth, MAX_COUNT_DEPTH);
  const keys = limit >= 1 && !hasEnumerableKeys(Object.prototype) ? keysIn(value, 1, limit, tally) : -1;
  if (keys < 0) tally.objects = tally.arrays = -1; // not counted
  return keys;
}

function hasEnumerableKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

/** The keys of a container at `depth` and below it, or -1 past `limit`; its containers counted into `tally`. */
function keysIn(node: object, depth: number, limit: number, tally: ContainerTally): number {
  let n = 0;
  if (Array.isArray(node)) {
    tally.arrays++;
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child !== 'object' || child === null) continue;
      const k = depth < limit ? keysIn(child, depth + 1, limit, tally) : -1;
      if (k < 0) return -1;
      n += k;
    }
    return n;
  }
  tally.objects++;
  for (const key in node) {
    n++;
    const child = (node as Record<string, unknown>)[key];
    if (typeof child !== 'object' || child === null) continue;
    const k = depth < limit ? keysIn(child, depth + 1, limit, tally) : -1;
    if (k < 0) return -1;
    n += k;
  }
  return n;
}

/** Keys and string values of a value keysWithin counted (so nested at most MAX_COUNT_DEPTH). */
function stringsIn(node: unknown): number {
  if (typeof node === 'string') return 1;
  if (typeof node !== 'object' || node === null) return 0;
  let n = 0;
  if (Array.isArray(node)) for (let i = 0; i < node.length; i++) n += stringsIn(node[i]);
  else for (const key in node) n += 1 + stringsIn((node as Record<string, unknown>)[key]);
  return n;
}

function framesPointer(stack: Frame[]): string {
  let p = '';
  for (const f of stack) p = joinPointer(p, f.key);
  return p;
}

// jsonc-parser's ParseErrorCode values (a const enum, so spelled out here).
const ERROR_WORDS: Record<number, string> = {
  1 /* InvalidSymbol */: 'unexpected character',
  2 /* InvalidNumberFormat */: 'invalid number',
  3 /* PropertyNameExpected */: 'expected a property name in double quotes',
  4 /* ValueExpected */: 'expected a value',
  5 /* ColonExpected */: 'expected ":" after the property name',
  6 /* CommaExpected */: 'expected "," between items',
  7 /* CloseBraceExpected */: 'expected "}" to close the object',
  8 /* CloseBracketExpected */: 'expected "]" to close the array',
  9 /* EndOfFileExpected */: 'unexpected content after the end of the JSON value',
  10 /* InvalidCommentToken */: 'comments are not allowed in JSON',
  11 /* UnexpectedEndOfComment */: 'unterminated comment',
  12 /* UnexpectedEndOfString */: 'unterminated string',
  13 /* UnexpectedEndOfNumber */: 'unterminated number',
  14 /* InvalidUnicode */: 'invalid \\u escape',
  15 /* InvalidEscapeCharacter */: 'invalid escape character',
  16 /* InvalidCharacter */: 'invalid character in a string (control characters must be escaped)',
};

/**
 * Offset where brackets outside strings first nest deeper than maxDepth, in any text (valid JSON
 * or not). jsonc-parser recurses per level, so deeper texts must never reach it.
 */
export function bracketDepthExceeded(text: string, maxDepth: number): number | undefined {
  return jsonCost(text, maxDepth).tooDeepAt;
}

export interface TextCost {
  /** Keys and values, as near as a scan without a parser can tell. */
  nodes: number;
  /** Offset where nesting first went deeper than the limit asked about, if it did. */
  tooDeepAt?: number;
}

/** Nodes and depth of a JSON text (strings skipped; any text, valid or not). */
export function jsonCost(text: string, maxDepth: number): TextCost {
  let depth = 0;
  let nodes = 1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34 || d === 10 || d === 13) break; // a line break ends a broken string
      }
    } else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return { nodes, tooDeepAt: i };
    } else if ((c === 125 || c === 93) && depth > 0) depth--;
    else if (c === 44 /* , */ || c === 58 /* : */) nodes++;
  }
  return { nodes };
}

/** The first syntax error of a text that JSON.parse rejected, in plain words. */
export function jsonSyntaxError(text: string, jsonParseMessage: string): { message: string; span: Span } {
  const errors: ParseError[] = [];
  try {
    jsoncParse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    errors.length = 0; // stack exhausted (nesting within a raised --max-depth): JSON.parse's words
  }
  // jsonc-parser accepts a trailing comma silently when told not to? It reports ValueExpected /
  // PropertyNameExpected; keep its first error.
  if (errors.length > 0) {
    const e = errors[0];
    // A value or a name expected right before a closing bracket: a trailing comma.
    if ((e.error === 4 || e.error === 3) && (text[e.offset] === ']' || text[e.offset] === '}')) {
      let comma = e.offset - 1;
      while (comma > 0 && /\s/.test(text[comma])) comma--;
      if (text[comma] === ',') {
        return { message: `JSON syntax error: a trailing comma before "${text[e.offset]}"; JSON allows none. Remove the comma.`, span: { start: comma, end: comma + 1 } };
      }
    }
    // A bracket left open makes the parser stumble later (at the next key, the closing "}" or the
    // end): the diagnostic stands at the bracket, the cause.
    const open = unclosedBracket(text);
    if (open && open.at <= e.offset) {
      const [opening, closing] = text[open.at] === '[' ? ['[', ']'] : ['{', '}'];
      const where = open.closedBy === undefined ? `no "${closing}" before the end of the file` : `the "${text[open.closedBy]}" on line ${new LineIndex(text).position(open.closedBy).line} closes what encloses it`;
      return { message: `JSON syntax error: the "${opening}" opened here is never closed (${where}). Add "${closing}" where it ends.`, span: { start: open.at, end: open.at + 1 } };
    }
    const words = ERROR_WORDS[e.error] ?? 'invalid JSON';
    return { message: `JSON syntax error: ${words}.`, span: { start: e.offset, end: e.offset + Math.max(1, e.length) } };
  }
  // Something JSON.parse rejects that jsonc-parser accepts (e.g. a lone surrogate in a key).
  const m = /position (\d+)/.exec(jsonParseMessage);
  const at = m ? Number(m[1]) : 0;
  return { message: `JSON syntax error: ${jsonParseMessage.replace(/ in JSON at position \d+.*/, '')}.`, span: { start: at, end: at + 1 } };
}

/**
 * The innermost "[" or "{" of a JSON text that is never closed, when the brackets say so: a closer
 * of the other type, the end of the text, or (laid-out JSON) a closer first on its line at the
 * indentation of an outer opener of its type, while a deeper one is still open. Strings and
 * comments are skipped; a string that runs past its line (an unclosed quote) makes the brackets
 * unreliable: undefined. One pass, positions of lines kept as it goes.
 */
export function unclosedBracket(text: string): { at: number; closedBy?: number } | undefined {
  /** Each open bracket: its offset and the indentation of its line. */
  const stack: { at: number; indent: number }[] = [];
  const n = text.length;
  let lineStart = 0;
  let indent = -1; // the current line's indentation, once a character other than space was seen
  for (let i = 0; i < n; i++) {
    const c = text[i];
    if (c === '\n') {
      lineStart = i + 1;
      indent = -1;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') continue;
    const first = indent < 0;
    if (first) indent = i - lineStart;
    if (c === '"') {
      for (i++; i < n && text[i] !== '"'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '\n') return undefined;
      }
      if (i >= n) return undefined;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = (end < 0 ? n : end) - 1; // the line break is read by the loop
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      const lastBreak = text.lastIndexOf('\n', stop - 1);
      if (lastBreak > i) lineStart = lastBreak + 1; // the line goes on after the comment
      i = stop - 1;
    } else if (c === '[' || c === '{') {
      stack.push({ at: i, indent });
    } else if (c === ']' || c === '}') {
      const top = stack[stack.length - 1];
      if (!top) return undefined; // a stray closer: the parser's own error says it
      const opening = c === ']' ? '[' : '{';
      if (text[top.at] !== opening) return { at: top.at, closedBy: i };
      if (first && top.indent !== indent) {
        for (let k = stack.length - 2; k >= 0; k--) {
          if (text[stack[k].at] === opening && stack[k].indent === indent) return { at: top.at, closedBy: i };
        }
      }
      stack.pop();
    }
  }
  return stack.length > 0 ? { at: stack[stack.length - 1].at } : undefined;
}

/** What a tolerant parser still reads from broken JSON (callers checked its depth first). */
export function salvageJson(text: string): unknown {
  try {
    return jsoncParse(text, [], { allowTrailingComma: true });
  } catch {
    return undefined;
  }
}

/** A document that looks up pointers said in advance together (SourceFile.willLocate; syntax/ only). */
export interface LookingAhead {
  prepare?(pointers: readonly string[]): void;
}

/**
 * A parsed JSON document whose positions are computed on first use. `noDuplicates`: the text
 * repeats no key (lets big texts stop a lookup at the first key that matches).
 */
export function jsonDocument(text: string, value: unknown, noDuplicates = false, tally?: ContainerTally, colons?: JsonColons): ParsedDocument & LookingAhead {
  const span = { start: firstNonSpace(text), end: lastNonSpace(text) };
  if (text.length >= NAVIGATE_MIN_CHARS) {
    const navigator = new JsonNavigator(text, noDuplicates, tally);
    return {
      value,
      empty: false,
      span,
      jsonRead: noDuplicates || undefined,
      jsonColons: noDuplicates ? colons : undefined,
      locate: (pointer) => navigator.locate(pointer),
      keysAt: (pointer) => navigator.keysAt(pointer),
      prepare: (pointers) => navigator.prepare(pointers),
      containersAt: (offset) => navigator.containersAt(offset),
    };
  }
  // Small texts: the same walk, its navigator made on the first lookup (a clean text makes none);
  // lookups said in advance and the cursor's containers stay with big texts, where they pay.
  let navigator: JsonNavigator | undefined;
  const nav = () => (navigator ??= new JsonNavigator(text, noDuplicates, tally));
  let root: JsonNode | undefined;
  let failed = false;
  // parseTree recurses per level: with a raised --max-depth it may exhaust the stack; then no
  // brackets, and folding takes its own bracket pass.
  const tree = () => {
    if (root === undefined && !failed) {
      try {
        root = parseTree(text, [], { disallowComments: true });
      } catch {
        failed = true;
      }
    }
    return root;
  };
  return {
    value,
    empty: false,
    span,
    jsonRead: noDuplicates || undefined,
    jsonColons: noDuplicates ? colons : undefined,
    locate: (pointer) => nav().locate(pointer),
    keysAt: (pointer) => nav().keysAt(pointer),
    // Folding's brackets from jsonc-parser's tree, made only when asked (the editor's folding).
    brackets() {
      const t = tree();
      return t ? bracketPairs(t) : undefined;
    },
  };
}

/** Every object's and array's brackets, children before their parent (the order they close); no recursion. */
function bracketPairs(root: JsonNode): BracketPair[] {
  const out: BracketPair[] = [];
  const stack: { node: JsonNode; next: number }[] = [{ node: root, next: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const children = top.node.children;
    if (children && top.next < children.length) {
      stack.push({ node: children[top.next++], next: 0 });
      continue;
    }
    stack.pop();
    const { type, offset, length } = top.node;
    if (type === 'object' || type === 'array') out.push({ open: offset, close: offset + length - 1 });
  }
  return out;
}

function firstNonSpace(text: string): number {
  const m = /\S/.exec(text);
  return m ? m.index : 0;
}
function lastNonSpace(text: string): number {
  let i = text.length;
  while (i > 0 && /\s/.test(text[i - 1])) i--;
  return i;
}

export function tooDeepMessage(maxDepth: number): string {
  return `Nesting deeper than ${maxDepth} levels; omlint stops here. No real document nests this deep; raise the limit with --max-depth if you must.`;
}

/** Parses a JSON text: never throws. */
export function parseJsonText(text: string, limits: ParseLimits, scan?: TextScan): { documents: ParsedDocument[]; problems: ParseProblem[] } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return undefined; // the caller decides: JSON syntax error, or YAML
  }
  const problems: ParseProblem[] = [];
  // Counting settles the common case (no repeated key, not too deep); the scan finds the spots.
  // The value's containers, counted by the same walk, let the navigator's skips count brackets alone.
  const tally: ContainerTally = { objects: 0, arrays: 0, opensCounted: false };
  const found = plainStructure(text, value, limits.maxDepth, scan, tally) ? { duplicates: [] } : scanJson(text, limits.maxDepth);
  if (found.tooDeepAt !== undefined) {
    problems.push({
      ruleId: 'limit-exceeded',
      message: tooDeepMessage(limits.maxDepth),
      span: { start: found.tooDeepAt, end: found.tooDeepAt + 1 },
      documentIndex: 0,
    });
    const unusable: ParsedDocument = { value: null, empty: false, unusable: true, span: { start: 0, end: 0 }, locate: () => undefined, salvage: () => value };
    return { documents: [unusable], problems };
  }
  for (const d of found.duplicates) {
    problems.push({
      ruleId: 'duplicate-key',
      message: `Key "${d.key}" appears twice in one object; the server keeps only one of them silently. Remove or rename one.`,
      span: d.span,
      documentIndex: 0,
      pointer: d.pointer,
    });
  }
  // A walk cut short (too deep to count, or inherited keys) counted no containers; openers the
  // pre-scan counted and the value's containers that differ say a string holds a bracket.
  const opens = scan?.opens;
  const counted = tally.objects >= 0 && (!opens || (opens.objects === tally.objects && opens.arrays === tally.arrays));
  return { documents: [jsonDocument(text, value, found.duplicates.length === 0, counted ? withOpens(tally, opens !== undefined) : undefined, scan?.colons)], problems };
}

/** The tally, told whether the text's openers were counted (set on it: a spread's copy per parse outlived young-generation collections of the emulator). */
function withOpens(tally: ContainerTally, opensCounted: boolean): ContainerTally {
  tally.opensCounted = opensCounted;
  return tally;
}

// The rule ids this module reports (listed in rules/registry.ts by scripts/gen-rule-index.ts).
export const DUPLICATE_KEY = defineBuiltin({
  id: 'duplicate-key',
  defaultSeverity: 'error',
  description: 'A key is repeated in one object.',
  docs: {
    why: 'JSON and YAML parsers keep one of the values silently (the server keeps the last), so one of the two settings is lost without a word.',
    bad: `eventTypeName: HOST_DOWN
enabled: true
enabled: false
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
  },
});
