// The fast path for plain YAML: the block reader (yaml-block-reader.ts) reads the value (an order
// of magnitude faster than the position-aware `yaml` parse), and the `yaml` parse runs only if a
// diagnostic needs a position the block reader does not know. Only for texts where the two must
// agree: one document, no anchors, aliases, tags, directives, merge keys or .nan/.inf. Anything
// the block reader does not read (other forms, duplicate keys, syntax errors, deep nesting) goes
// to the full parse, which reports it with positions.
//
// js-yaml used to read the forms between the two. Against the YAML test suite it accepted six
// texts the spec and `yaml` reject (multi-line flow and quoted scalars badly indented, "#" glued to
// a value), folded multi-line quoted scalars of spaces differently and named collection keys
// differently (test/syntax/conformance.test.ts): those forms now take the full parse.
import type { LineIndex } from '../core/lines';
import type { ParseLimits, ParsedDocument } from './types';
import { readBlockYaml, rereadBlockYaml, UNSURE, type BlockYaml } from './yaml-block-reader';
import { eachMarker, type MarkerMemo } from './cost';

/** The longest line the block reader reads (YAML 1.2 limits implicit keys to 1024 characters). */
const MAX_LINE = 1024;

/**
 * Anything that needs the full parse's care (number forms, line breaks and key lengths YAML 1.2
 * treats specially). `lines`: false when the block reader checks the length of each line itself.
 */
// Cheap substring tests first: this runs on every YAML file.
function needsFullParse(text: string, lines = true): boolean {
  if ((text.includes('&') || text.includes('*') || text.includes('!')) && /(?:^|[\s[\]{},:-])[&*!][^\s]/m.test(text)) return true;
  if (text.includes('%') && /^%/m.test(text)) return true;
  // (Tabs: the block reader declines them itself.)
  if (text.includes('<<') || (lines && text.includes('\t'))) return true;
  // (1_000 and 0b101 are strings in YAML 1.2, as the block reader reads them: only js-yaml read them as numbers.)
  if (hasNanOrInf(text)) return true;
  if (text.includes('\r') && /\r(?!\n)/.test(text)) return true;
  if (lines && text.length > MAX_LINE) {
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      if (end - start > MAX_LINE) return true;
      start = end + 1;
    }
  }
  return false;
}
// Character loops rather than regular expressions: nearly every file has a '.' (in a comment or a
// URL) and a '_' (in an event name), and these run on every YAML file.
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordChar = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Like /\.(?:nan|inf)\b/i. */
export function hasNanOrInf(text: string): boolean {
  // Character codes (| 0x20: lower case): no string per '.', and hostnames and versions have many.
  for (let i = text.indexOf('.'); i >= 0; i = text.indexOf('.', i + 1)) {
    const a = text.charCodeAt(i + 1) | 0x20;
    if (a !== 110 /* n */ && a !== 105 /* i */) continue;
    const b = text.charCodeAt(i + 2) | 0x20;
    const c = text.charCodeAt(i + 3) | 0x20;
    const word = a === 110 ? b === 97 && c === 110 /* an */ : b === 110 && c === 102; /* nf */
    if (word && !isWordChar(text.charCodeAt(i + 4))) return true;
  }
  return false;
}

// Characters YAML does not allow in a stream (as js-yaml's test, lib/loader.js), with the byte
// order mark, which is only allowed first: the full parse reports them.
// One character class first: the alternatives with lookaheads cost ~10 ns per character.
const MAYBE_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]/;
const NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
/** The same characters up to U+00FF: C0 controls but tab and line breaks, DEL, C1 controls but NEL. */
const LATIN1_NON_PRINTABLE: string[] = [];
for (let c = 0; c < 0xa0; c++) if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13) || (c >= 0x7f && c !== 0x85)) LATIN1_NON_PRINTABLE.push(String.fromCharCode(c));
/** A character above U+00FF: V8 answers at once for a text stored one byte a character (it holds none). */
const WIDE = /[^\x00-\xff]/;
/**
 * Up to this length a text of Latin-1 characters is searched for each of its 61 characters
 * (memchr, each search a few dozen nanoseconds on a small text), not by the one pass of the
 * expression (about a nanosecond a character); longer texts take the pass (each search a pass).
 */
const SEARCH_EACH_MAX = 64 * 1024;
export const hasNonPrintable = (text: string): boolean => {
  if (text.length <= SEARCH_EACH_MAX && !WIDE.test(text)) {
    for (let i = 0; i < LATIN1_NON_PRINTABLE.length; i++) if (text.includes(LATIN1_NON_PRINTABLE[i])) return true;
    return false;
  }
  return MAYBE_NON_PRINTABLE.test(text) && NON_PRINTABLE.test(text);
};

/**
 * More than one document, or a marker line that is not a lone leading "---". The block reader saw a
 * line start with one maybe; the marker reader stops at the first that says so, and else has seen
 * them all (kept in `memo` for the cursor).
 */
export function hasSeveralDocuments(text: string, memo?: MarkerMemo): boolean {
  return !eachMarker(
    text,
    (at) => {
      const lineEnd = text.indexOf('\n', at);
      const rest = text.slice(at + 3, lineEnd < 0 ? text.length : lineEnd);
      return text.charCodeAt(at) === 45 && /^[ \t]*(#.*)?\r?$/.test(rest) && !/^[ \t]*[^\s#]/m.test(text.slice(0, at));
    },
    memo,
  );
}


/**
 * The last block read of a file's text, kept by the file's owner (its YamlDocumentCache) so that
 * the next version of a big text is read from it (rereadBlockYaml), with the limits it was read under.
 */
export interface BlockMemo {
  block?: { read: BlockYaml; limits: ParseLimits };
}
/** Texts shorter than this are read whole each time (the memo would not pay). */
const MEMO_MIN_CHARS = 64 * 1024;

const sameLimits = (a: ParseLimits, b: ParseLimits) => a.maxBytes === b.maxBytes && a.maxDepth === b.maxDepth && a.maxNodes === b.maxNodes && a.maxMemoryMB === b.maxMemoryMB && a.maxAliases === b.maxAliases && a.maxDocuments === b.maxDocuments;

/** An edited line of a text the block reader read: what the checks above would say of the whole text, said of the line. */
function lineReadable(line: string): boolean {
  return !needsFullParse(line) && !/^(?:---|\.\.\.)/.test(line) && !hasNonPrintable(line);
}

/**
 * The document of a new version of the text read last under the same limits, read again only
 * where it changed (a keystroke in a value); undefined when the edit is of another shape.
 * The earlier text passed every check and limit; an edit in one scalar keeps its nodes and depth.
 */
export function rereadYamlDocument(text: string, limits: ParseLimits, full: () => ParsedDocument | undefined, memo: BlockMemo | undefined): ParsedDocument | undefined {
  const earlier = memo?.block;
  // Declined, the earlier read is let go before the new text is parsed another way (JSON, over a
  // limit, the full parse): it must not stay beside it (project/source-cache.ts drops old versions first).
  if (memo) memo.block = undefined;
  if (!earlier || !sameLimits(earlier.limits, limits)) return undefined;
  const read = rereadBlockYaml(text, earlier.read, lineReadable);
  if (!read) return undefined;
  memo!.block = { read, limits };
  return blockDocument(text, read, full);
}

/**
 * One document read by the block reader, with positions from the block reader or, for what it
 * cannot place, from `full` (the `yaml` parse) on first use; undefined when the text must take
 * the full parse. `memo`: the file's owner's, to keep this read for the next version.
 */
export function fastYamlDocument(text: string, limits: ParseLimits, full: () => ParsedDocument | undefined, memo?: BlockMemo, contentAt?: number, markers?: MarkerMemo, lines?: LineIndex): ParsedDocument | undefined {
  if (memo) memo.block = undefined;
  if (needsFullParse(text, false) || hasNonPrintable(text)) return undefined;
  const block = readBlockYaml(text, MAX_LINE);
  const value = block?.value;
  if (value === undefined || block!.nesting > limits.maxDepth) return undefined;
  // The block reader saw every line start: the check of markers runs when one may be there
  // (MARKER's ^ also matches after U+2028 and U+2029, which end no line there).
  const markerFree = !block!.markerLine && !text.includes('\u2028') && !text.includes('\u2029');
  if (markerFree) {
    if (markers) markers.markers = [];
  } else if (hasSeveralDocuments(text, markers)) return undefined;
  if (memo && text.length >= MEMO_MIN_CHARS) memo.block = { read: block!, limits };
  // The read counted the lines above the content: positions are counted on from there.
  if (lines && block!.firstLine > 1) lines.countedBefore(block!.firstLine, block!.firstStart);
  return blockDocument(text, block!, full, contentAt);
}

/** `start`: where the content starts, when the caller knows. */
function blockDocument(text: string, block: BlockYaml, full: () => ParsedDocument | undefined, start = text.search(/\S/)): ParsedDocument {
  const value = block.value;
  let positions: ParsedDocument | undefined;
  let tried = false;
  const located = () => {
    if (!tried) {
      tried = true;
      positions = full();
    }
    return positions;
  };
  return {
    value,
    empty: false,
    span: { start: Math.max(0, start), end: text.length },
    blockRead: true,
    // Most pointers of plain files are placed without the `yaml` parse; it answers the rest.
    locate: (pointer) => {
      const hit = block.locate(pointer);
      return hit !== undefined && hit !== UNSURE ? hit : located()?.locate(pointer);
    },
    rootScalar: (pointer) => block.rootScalar(pointer),
    startOf: (pointer) => {
      const hit = block.startOf(pointer);
      return hit !== UNSURE ? hit : located()?.locate(pointer)?.value.start;
    },
    keysAt: (pointer) => {
      const hit = block.keysAt(pointer);
      return hit !== undefined && hit !== UNSURE ? hit : (located()?.keysAt?.(pointer) ?? []);
    },
  };
}
