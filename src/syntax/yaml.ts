// YAML (and JSON that JSON.parse rejected but YAML reads): every document of a stream, with
// positions from the yaml AST. Tags never construct objects: only the core schema's own types.
import { parseAllDocuments, parseDocument, isMap, isSeq, isScalar, isPair, isAlias, visit, type Alias, type Document, type DocumentOptions, type Node as YamlNode, type Pair, type ParseOptions, type SchemaOptions, type YAMLMap } from 'yaml';
import type { Span } from '../core/types';
import { splitPointer } from '../core/pointer';
import type { Location, ParseLimits, ParsedDocument, ParseProblem } from './types';
import { markersOf, nodeProblem, type MarkerMemo } from './cost';
import type { BlockMemo } from './yaml-fast';
import { workCounts } from './work-counts';

const PLAIN_WORDS: Record<string, string> = {
  BAD_INDENT: 'bad indentation',
  TAB_AS_INDENT: 'tabs are not allowed for indentation in YAML; use spaces',
  BLOCK_AS_IMPLICIT_KEY: 'a block value cannot be used as a key',
  MISSING_CHAR: 'a closing character is missing',
  MULTILINE_IMPLICIT_KEY: 'a key cannot span several lines',
  UNEXPECTED_TOKEN: 'unexpected token',
  BAD_SCALAR_START: 'a plain value cannot start with this character; quote it',
  BLOCK_IN_FLOW: 'block values are not allowed inside flow collections',
  DUPLICATE_KEY: 'duplicate key',
  MULTIPLE_DOCS: 'several documents',
  MULTIPLE_ANCHORS: 'a node can have only one anchor',
  MULTIPLE_TAGS: 'a node can have only one tag',
  BAD_ALIAS: 'an alias refers to an anchor that is not defined before it',
  BAD_DIRECTIVE: 'bad directive',
  TAG_RESOLVE_FAILED: 'unknown tag',
  IMPOSSIBLE: 'impossible input',
  KEY_OVER_1024_CHARS: 'a key is longer than 1024 characters',
  BAD_COLLECTION_TYPE: 'bad collection type',
};

function firstLine(s: string): string {
  return s.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * The pairs of each map of one document by key, built on a map's first lookup: a scan per lookup
 * is quadratic when a rule reports every key of a huge mapping. Its document's own (made by its
 * first locate), dropped with it.
 */
type PairIndex = Map<YAMLMap<unknown, unknown>, Map<string, Pair>>;

function pairsOf(index: PairIndex, map: YAMLMap<unknown, unknown>): Map<string, Pair> {
  let pairs = index.get(map);
  if (!pairs) {
    pairs = new Map();
    workCounts.pairIndexes++;
    // The last of duplicate keys wins, as in toJS.
    for (const item of map.items) pairs.set(keyString(item.key), item as Pair);
    index.set(map, pairs);
  }
  return pairs;
}

/** A key as a pointer token (scalars as toJS names them; a collection key never matches a pointer). */
function keyString(k: unknown): string {
  return isScalar(k) ? (k.value == null ? '' : String(k.value)) : k == null ? '' : `\u0000${String(k)}`;
}

/** The node at a pointer, with the pair that holds it when it is a map value. */
function walk(doc: Document, index: PairIndex, pointer: string): { node: YamlNode | null; pair?: Pair } | undefined {
  let node: unknown = doc.contents;
  let pair: Pair | undefined;
  for (const token of splitPointer(pointer)) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const found = pairsOf(index, node).get(token);
      if (!found) return undefined;
      pair = found;
      node = found.value;
    } else if (isSeq(node)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      const item = node.items[Number(token)];
      if (item === undefined) return undefined;
      pair = undefined;
      node = item;
    } else return undefined;
  }
  return { node: (node as YamlNode) ?? null, pair };
}

function rangeOf(node: unknown): Span | undefined {
  const r = (node as { range?: [number, number, number] } | null)?.range;
  return r ? { start: r[0], end: r[1] } : undefined;
}

function yamlDocument(doc: Document, value: unknown, empty: boolean, unusable = false, salvage?: () => unknown): ParsedDocument {
  const docRange = doc.range ?? [0, 0, 0];
  let index: PairIndex | undefined;
  const walkTo = (pointer: string) => walk(doc, (index ??= new Map()), pointer);
  return {
    value,
    empty,
    unusable,
    salvage,
    span: { start: docRange[0], end: docRange[1] },
    locate(pointer) {
      const w = walkTo(pointer);
      if (!w) return undefined;
      const key = w.pair && isScalar(w.pair.key) ? rangeOf(w.pair.key) : undefined;
      let v = rangeOf(w.node);
      if (!v && key) v = { start: key.end, end: key.end }; // `key:` with no value
      if (!v) return undefined;
      return key ? { key, value: v } : { value: v };
    },
    keysAt(pointer) {
      const w = walkTo(pointer);
      if (!w || !isMap(w.node)) return [];
      return w.node.items.map((p) => keyString(p.key));
    },
  };
}

/** The value of a document with errors, as far as it was read (never expands an alias bomb). */
function salvageYaml(doc: Document, limits: ParseLimits): unknown {
  try {
    return doc.toJS({ maxAliasCount: limits.maxAliases });
  } catch {
    return undefined; // too many aliases, or the stack: nothing to salvage
  }
}

/**
 * Keys repeated in one mapping (as yaml's uniqueKeys: equal scalar values, or the same node), with
 * where they stand, in linear time and without recursion.
 */
function duplicateKeys(doc: Document): { span: Span; key: string }[] {
  const out: { span: Span; key: string }[] = [];
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const k = pair.key;
        const id = isScalar(k) ? k.value : k;
        if (seen.has(id)) {
          const at = rangeOf(k) ?? rangeOf(pair.value) ?? { start: 0, end: 0 };
          out.push({ span: { start: at.start, end: Math.max(at.end, at.start + 1) }, key: keyString(k) });
        } else seen.add(id);
        stack.push(k, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item); // no spread: a million items overflow it
    } else if (isPair(node)) {
      stack.push(node.key, node.value);
    }
  }
  return out.sort((a, b) => a.span.start - b.span.start);
}

/**
 * Where the quoted scalar that yaml reports unclosed (at the end of the text) opens: the last
 * quote of its kind before the error, skipping escaped ones (\" in double, '' in single quotes).
 */
export function openingQuote(text: string, before: number, quote: '"' | "'"): number | undefined {
  for (let i = Math.min(before, text.length) - 1; i >= 0; i--) {
    if (text[i] !== quote) continue;
    if (quote === "'" && text[i - 1] === "'") {
      i--; // an escaped '' pair
      continue;
    }
    if (quote === '"') {
      let k = i;
      while (text[k - 1] === '\\') k--;
      if ((i - k) % 2 === 1) continue; // escaped
    }
    return i;
  }
  return undefined;
}

type YamlError = Document['errors'][number];

/** The error that stands first in the text (yaml lists some in the order it found them). */
function firstError(errors: readonly YamlError[]): YamlError | undefined {
  let first: YamlError | undefined;
  for (const e of errors) if (!first || e.pos[0] < first.pos[0]) first = e;
  return first;
}

/** The flow collection whose reading stopped at `at` (yaml's error for an unclosed one stands there). */
function flowCollectionEndingAt(doc: Document, at: number): { start: number; seq: boolean } | undefined {
  let found: { start: number; seq: boolean } | undefined;
  visit(doc, {
    Node: (_key, node) => {
      const r = (node as { range?: [number, number, number] }).range;
      if ((isMap(node) || isSeq(node)) && node.flow && r && (r[1] === at || r[2] === at)) {
        // The innermost: it starts last.
        if (!found || r[0] > found.start) found = { start: r[0], seq: isSeq(node) };
      }
    },
  });
  return found;
}

/** A template expression (`{{ … }}`, `{% … %}`) on the line of `at`, before it or at it. */
function templateOnLineOf(text: string, at: number): number | undefined {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const upTo = Math.min(text.length, at + 2);
  const m = /\{\{|\{%/.exec(text.slice(lineStart, upTo));
  return m ? lineStart + m.index : undefined;
}

/** The one problem told for a document's first YAML error, placed at its cause when it is known. */
function yamlErrorProblem(text: string, doc: Document, err: YamlError): Omit<ParseProblem, 'documentIndex'> {
  const span = { start: err.pos[0], end: Math.max(err.pos[1], err.pos[0] + 1) };
  if (err.code === 'RESOURCE_EXHAUSTION') {
    return { ruleId: 'limit-exceeded', message: 'The YAML nests too deeply to be read (stack exhausted); no real document nests this deep.', span };
  }
  const template = templateOnLineOf(text, err.pos[0]);
  if (template !== undefined) {
    return {
      ruleId: 'syntax-error',
      message: `YAML syntax error: "${text.slice(template, template + 2)}" opens a template expression (Go template, Helm, Jinja): the file is a template, not YAML, until it is rendered.`,
      span: { start: template, end: template + 2 },
    };
  }
  const quote = err.code === 'MISSING_CHAR' ? /Missing closing (["'])quote/.exec(err.message)?.[1] : undefined;
  const open = quote ? openingQuote(text, err.pos[0], quote as '"' | "'") : undefined;
  if (open !== undefined) {
    return { ruleId: 'syntax-error', message: `YAML syntax error: the quoted value opened here is never closed (no closing ${quote} before the end of the file).`, span: { start: open, end: open + 1 } };
  }
  // An unclosed "[" or "{": yaml stops where the next line starts, or at the end; the cause is the bracket.
  const flow = /^Flow (sequence|map) .*must .*end with an? [\]}]/.test(err.message) ? flowCollectionEndingAt(doc, err.pos[0]) : undefined;
  if (flow) {
    const [opening, closing] = flow.seq ? ['[', ']'] : ['{', '}'];
    return {
      ruleId: 'syntax-error',
      message:
        err.code === 'MISSING_CHAR'
          ? `YAML syntax error: the "${opening}" opened here is never closed (no "${closing}" before the end of the document).`
          : text.slice(flow.start, err.pos[0]).trimEnd().includes('\n')
            ? `YAML syntax error: the "${opening}" opened here is not closed where it should be: end it with "${closing}", and indent the lines it continues on more than its key.`
            : `YAML syntax error: the "${opening}" opened here is not closed: end it with "${closing}".`,
      span: { start: flow.start, end: flow.start + 1 },
    };
  }
  return { ruleId: 'syntax-error', message: `YAML syntax error: ${PLAIN_WORDS[err.code] ?? 'invalid YAML'} (${firstLine(err.message)}).${crOnlyHint(text)}`, span };
}

const printKey = (key: string) => JSON.stringify(key.length > 60 ? key.slice(0, 57) + '…' : key);

/**
 * Each alias of a document bound to its anchor, found in one walk in document order as
 * Alias.resolve finds it: the last node before the alias that carries its anchor. The library's
 * resolve scans its list of anchors and aliases from the start for every alias (quadratic in the
 * aliases); each alias gets its own resolve instead, which
 * hands the library's the two nodes that decide its answer (its count of alias expansions and
 * their `--max-aliases` check stay the library's own). Returns the map, also for expandedNodes.
 */
export function bindAliases(doc: Document): Map<Alias, YamlNode | undefined> {
  const anchors = new Map<string, YamlNode>();
  const targets = new Map<Alias, YamlNode | undefined>();
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  for (const [alias, target] of targets) {
    const library = Object.getPrototypeOf(alias).resolve as Alias['resolve'];
    const decisive = target ? [target, alias] : [alias];
    alias.resolve = (d, ctx) => {
      workCounts.aliasLookups++;
      if (!ctx) return target as ReturnType<Alias['resolve']>;
      ctx.aliasResolveCache = decisive;
      return library.call(alias, d, ctx);
    };
  }
  return targets;
}

/**
 * Nodes of a document with each alias counted as the nodes it stands for (at most `cap`: the
 * count stops there). Each anchored node is sized once, so nested alias bombs cost no more to
 * measure than to parse. Nesting is bounded before the parse (cost.ts), so recursion is safe.
 */
export function expandedNodes(doc: Document, cap: number, targets = bindAliases(doc)): number {
  const sizes = new Map<unknown, number>();
  const sizeOf = (node: unknown): number => {
    if (isAlias(node)) {
      const target = targets.get(node);
      return target ? sizeOf(target) : 1;
    }
    const known = sizes.get(node);
    if (known !== undefined) return known;
    sizes.set(node, 1); // an alias inside its own anchor
    let n = 1;
    if (isMap(node)) {
      for (const pair of node.items) {
        n += sizeOf(pair.key) + sizeOf(pair.value);
        if (n > cap) break;
      }
    } else if (isSeq(node)) {
      for (const item of node.items) {
        n += sizeOf(item);
        if (n > cap) break;
      }
    }
    sizes.set(node, n);
    return n;
  };
  return Math.min(sizeOf(doc.contents), cap);
}

/** Whether a plain value nests objects deeper than maxDepth (the root object is at depth 0). */
export function tooDeep(value: unknown, maxDepth: number): boolean {
  // Recursion is the fast way for every real document; a raised --max-depth may ask for more
  // levels than the stack has, and then the iterative walk answers.
  return maxDepth <= RECURSIVE_DEPTH ? deeperThan(value, 0, maxDepth) : tooDeepIteratively(value, maxDepth);
}

const RECURSIVE_DEPTH = 1000;

function deeperThan(v: unknown, d: number, maxDepth: number): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (d >= maxDepth) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (deeperThan(v[i], d + 1, maxDepth)) return true;
  } else {
    for (const k of Object.keys(v)) if (deeperThan((v as Record<string, unknown>)[k], d + 1, maxDepth)) return true;
  }
  return false;
}

function tooDeepIteratively(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= maxDepth) return true;
    for (const c of Array.isArray(v) ? v : Object.values(v)) if (c !== null && typeof c === 'object') stack.push([c, d + 1]);
  }
  return false;
}

/** How the linter reads YAML (the formatter's guard reads it so too: what it compares is what the linter sees). */
export const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  uniqueKeys: false, // yaml checks each key against all before it (quadratic): duplicateKeys() instead
  prettyErrors: false,
  resolveKnownTags: false, // no !!binary Buffers, !!set Sets, !!timestamp Dates
  schema: 'core', // also under a `%YAML 1.1` directive, whose schema would build them
  // .nan and .inf have no JSON form (the API would receive null): keep them as strings, so that
  // the schema reports them where a number belongs.
  customTags: (tags) => tags.filter((t) => !(typeof t === 'object' && t.tag === 'tag:yaml.org,2002:float' && /nan|inf/i.test(String(t.test)))),
  strict: true,
  logLevel: 'error', // no process warnings on stderr (they quote keys, which may hold secrets)
};

/**
 * Only the positions of a one-document text whose value the block reader has read: no
 * value (toJS), no duplicate-key or depth checks (the reader has made them). About half the cost of
 * the full parse, which counts when a few files of a big run have findings.
 */
export function yamlPositions(text: string): ParsedDocument {
  workCounts.positionParses++;
  return yamlDocument(parseDocument(text, PARSE_OPTIONS), null, false);
}

/**
 * Lines that end in CR alone (classic Mac OS) are one long line to the YAML reader: its errors
 * then say nothing of the cause, so each says it. Empty when the text has a LF or no CR.
 */
export function crOnlyHint(text: string): string {
  return text.includes('\r') && !text.includes('\n') ? ' The lines of this file end in CR alone (old Mac OS line endings), which YAML does not read as line breaks here: save it with LF (or CRLF) line endings.' : '';
}

/** Parses a text that holds one YAML document or several (no caching). */
function parseStream(text: string, limits: ParseLimits): StreamResult {
  const documents: ParsedDocument[] = [];
  const problems: ParseProblem[] = [];
  const docs = parseAllDocuments(text, PARSE_OPTIONS);
  const list = Array.isArray(docs) ? docs : [];
  const aliases = text.includes('*');
  list.forEach((doc, index) => {
    // Before anything resolves an alias (toJS, the salvage of a broken document, locate).
    const targets = aliases ? bindAliases(doc) : undefined;
    let broken = false;
    for (const { span, key } of duplicateKeys(doc)) {
      problems.push({
        ruleId: 'duplicate-key',
        message: `Key ${printKey(key)} appears twice in one mapping; the server keeps only one of them silently. Remove or rename one.`,
        span,
        documentIndex: index,
      });
    }
    // One syntax problem is one diagnostic at its cause: yaml goes on reading after the first error
    // and reports each token that follows it (a Helm template: a dozen), so only the first is told.
    const err = doc.errors.find((e) => e.code === 'RESOURCE_EXHAUSTION') ?? firstError(doc.errors);
    if (err) {
      broken = true;
      problems.push({ ...yamlErrorProblem(text, doc, err), documentIndex: index });
    }
    if (broken) {
      documents.push(yamlDocument(doc, null, false, true, () => salvageYaml(doc, limits)));
      return;
    }
    const contents = doc.contents;
    const empty = contents == null || (isScalar(contents) && contents.value == null && (contents.source ?? '') === '');
    if (empty) {
      documents.push(yamlDocument(doc, null, true));
      return;
    }
    // Aliases share one value, but every rule and the schema walk each use of it: the document
    // costs what it expands to (999 aliases of a 200,000-item list are 200 million nodes).
    if (targets) {
      const expanded = expandedNodes(doc, limits.maxNodes + 1, targets);
      const over = nodeProblem(expanded, 0, limits, rangeOf(contents) ?? { start: 0, end: 1 }, 'An alias bomb: with its aliases expanded, the document');
      if (over) {
        problems.push({ ...over, documentIndex: index });
        documents.push(yamlDocument(doc, null, false, true));
        return;
      }
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: limits.maxAliases });
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      const aliasBomb = /alias/i.test(msg);
      problems.push({
        ruleId: 'limit-exceeded',
        message: aliasBomb
          ? `Alias expansion exceeds ${limits.maxAliases} (an "alias bomb"); omlint does not expand it. Raise the limit with --max-aliases if the document is genuine.`
          : `The document cannot be expanded: ${msg}.`,
        span: rangeOf(contents) ?? { start: 0, end: 1 },
        documentIndex: index,
      });
      documents.push(yamlDocument(doc, null, false, true));
      return;
    }
    if (tooDeep(value, limits.maxDepth)) {
      problems.push({
        ruleId: 'limit-exceeded',
        message: `Nesting deeper than ${limits.maxDepth} levels; omlint stops here. Raise the limit with --max-depth if you must.`,
        span: rangeOf(contents) ?? { start: 0, end: 1 },
        documentIndex: index,
      });
      documents.push(yamlDocument(doc, null, false, true, () => value));
      return;
    }
    documents.push(yamlDocument(doc, value, false));
  });
  return { documents, problems };
}

type StreamResult = { documents: ParsedDocument[]; problems: ParseProblem[] };
// Editors re-lint a whole file on every edit; a big multi-document stream (hundreds of alert
// configurations) then costs a full YAML parse per keystroke. The stream is split at its "---"
// lines and each document's parse is kept by its text, so an edit re-parses one document. YAML
// makes the split exact: a "---" at column 0 always starts a document, and anchors, tags and
// directives never cross documents.

function shiftSpan(s: Span, by: number): Span {
  return { start: s.start + by, end: s.end + by };
}

function shiftDocument(d: ParsedDocument, by: number): ParsedDocument {
  if (by === 0) return d;
  return {
    value: d.value,
    empty: d.empty,
    unusable: d.unusable,
    salvage: d.salvage,
    span: shiftSpan(d.span, by),
    locate(pointer) {
      const l = d.locate(pointer);
      if (!l) return undefined;
      return l.key ? { key: shiftSpan(l.key, by), value: shiftSpan(l.value, by) } : { value: shiftSpan(l.value, by) };
    },
    keysAt: d.keysAt,
  };
}

/** Text with no content: blank lines, comments, directives, "---" lines. */
const NO_CONTENT = /^(?:[ \t]*(?:#.*)?(?:\r\n|\r|\n)|%.*(?:\r\n|\r|\n)|---[ \t]*(?:#.*)?(?:\r\n|\r|\n))*$/;

/**
 * Start offsets of the documents: each "---" line that follows content (leading comments stay with
 * their document). One pass: each stretch between two "---" lines is tested once (testing from the
 * last document start at every "---" was quadratic in the documents).
 */
export function splitStream(text: string, memo: MarkerMemo = {}): { start: number; text: string }[] {
  const starts = [0];
  let from = 0; // no content between the last document start and here
  // The marker lines the documents limit read before the parse, or read here (the "---" ones split).
  for (const at of markersOf(text, memo)) {
    if (at === 0 || text.charCodeAt(at) !== 45) continue;
    workCounts.streamCharacters += at - from;
    if (!NO_CONTENT.test(text.slice(from, at))) starts.push(at);
    from = at;
  }
  return starts.map((s, i) => ({ start: s, text: text.slice(s, starts[i + 1] ?? text.length) }));
}

/**
 * The parses of a stream's documents, kept by their owner (the language server's Project) across
 * versions of a text: an edit re-parses the edited document only. Bounded (least recently used out).
 */
export class YamlDocumentCache implements BlockMemo {
  readonly entries = new Map<string, StreamResult>();
  /** The last block read of a big one-document text (the next version is read from it). */
  block?: BlockMemo['block'];
}
const CACHE_MAX = 5000;
/** Below this size a stream is parsed whole (the cache would not pay). */
const CACHE_MIN_BYTES = 4096;

/** Whether a parse with a document cache keeps an unchanged document's value across versions of the text. */
export function keepsDocumentValues(text: string): boolean {
  return text.length >= CACHE_MIN_BYTES && text.includes('\n---');
}

export function parseYamlText(text: string, limits: ParseLimits, cache?: YamlDocumentCache, markers?: MarkerMemo): StreamResult {
  const documentCache = cache?.entries;
  const chunks = documentCache && keepsDocumentValues(text) ? splitStream(text, markers) : [];
  if (!documentCache || chunks.length < 2) return parseStream(text, limits);
  const documents: ParsedDocument[] = [];
  const problems: ParseProblem[] = [];
  for (const c of chunks) {
    const key = `${limits.maxAliases}/${limits.maxDepth}\u0000${c.text}`;
    let r = documentCache.get(key);
    if (r) {
      documentCache.delete(key); // most recently used last
    } else {
      r = parseStream(c.text, limits);
      if (documentCache.size >= CACHE_MAX) documentCache.delete(documentCache.keys().next().value!);
    }
    documentCache.set(key, r);
    const base = documents.length;
    for (const p of r.problems) problems.push({ ...p, span: shiftSpan(p.span, c.start), documentIndex: p.documentIndex + base });
    for (const d of r.documents) documents.push(shiftDocument(d, c.start));
  }
  return { documents, problems };
}
