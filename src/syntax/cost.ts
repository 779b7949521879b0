// What a text will cost to read, told by one cheap pass before any parser sees it: how many nodes
// (keys and values) it holds and how deep it nests. The `yaml` parse's memory grows with the nodes
// (YAML_BYTES_PER_NODE, measured: bench/README.md, history) and it recurses per level; JSON.parse
// takes far less per node. A text of millions of "-" lines, or of "- - - …" nested as deep, ran the
// process out of memory before any limit was checked: these counts stop such texts first, naming the limit.
import type { Span } from '../core/types';
import { jsonColonCount, jsonCost, tooDeepMessage, type TextCost, type TextScan } from './json';
import type { ParseLimits, ParseProblem } from './types';
import { workCounts } from './work-counts';

/** Memory per node, with margin (see above). */
export const YAML_BYTES_PER_NODE = 1024;
export const JSON_BYTES_PER_NODE = 100;

const SPACE = 32;
const isBreak = (c: number) => c === 10 || c === 13;

/**
 * Nodes and depth of a YAML text. Block nesting follows indentation (and "- " / "? " indicators
 * that open compact collections on one line); flow nesting follows brackets that stand where a
 * value starts, outside quotes and comments. Lines inside block scalars are text, not nodes.
 */
export function yamlCost(text: string, maxDepth: number): TextCost {
  workCounts.yamlScans++;
  const n = text.length;
  let nodes = 0;
  const columns: number[] = []; // indentation of the open block collections
  let flow = 0; // open flow collections
  let blockScalarIndent = -1; // lines indented more than this belong to a block scalar
  for (let start = 0; start < n; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    let i = start;
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    const indent = i - start;
    const c = text.charCodeAt(i);
    const blank = i >= end || c === 35 /* # */ || c === 13;
    if (blockScalarIndent >= 0 && (blank || indent > blockScalarIndent)) {
      start = end + 1;
      continue;
    }
    blockScalarIndent = -1;
    if (blank) {
      start = end + 1;
      continue;
    }
    if (flow === 0) {
      while (columns.length && columns[columns.length - 1] >= indent) columns.pop();
      columns.push(indent);
      // Compact collections: "- - a", "- ? a", "- key: a" open one level per indicator.
      let indicators = 0;
      while ((text.charCodeAt(i) === 45 /* - */ || text.charCodeAt(i) === 63 /* ? */) && (i + 1 >= end || text.charCodeAt(i + 1) === SPACE || isBreak(text.charCodeAt(i + 1)))) {
        indicators++;
        i++;
        while (i < end && text.charCodeAt(i) === SPACE) i++;
        if (i < end && !isBreak(text.charCodeAt(i))) columns.push(i - start);
        if (columns.length > maxDepth + 1) return { nodes, tooDeepAt: i };
      }
      if (columns.length > maxDepth + 1) return { nodes, tooDeepAt: i };
      if (indicators > 0 && (i >= end || isBreak(text.charCodeAt(i)))) nodes++; // "-" alone: a null item
    }
    if (i < end && !isBreak(text.charCodeAt(i))) nodes++;
    // The rest of the line: flow brackets, separators, quotes and comments.
    let valueStart = true; // a bracket or quote here opens a flow collection or a quoted scalar
    for (; i < end; i++) {
      const ch = text.charCodeAt(i);
      if (ch === SPACE) continue;
      if ((ch === 34 /* " */ || ch === 39) /* ' */ && valueStart) {
        const close = quoteEnd(text, i, ch);
        if (close < 0) break; // unclosed: the parser reports it
        if (close > end) {
          // The scalar goes on over lines: resume after it.
          end = text.indexOf('\n', close);
          if (end < 0) end = n;
        }
        i = close;
        valueStart = false;
      } else if ((ch === 91 /* [ */ || ch === 123) /* { */ && (valueStart || flow > 0)) {
        flow++;
        nodes++;
        if (columns.length + flow > maxDepth + 1) return { nodes, tooDeepAt: i };
        valueStart = true;
      } else if ((ch === 93 /* ] */ || ch === 125) /* } */ && flow > 0) {
        flow--;
        valueStart = false;
      } else if (ch === 44 /* , */ && flow > 0) {
        nodes++;
        valueStart = true;
      } else if (ch === 58 /* : */ && (flow > 0 || i + 1 >= end || text.charCodeAt(i + 1) === SPACE || isBreak(text.charCodeAt(i + 1)))) {
        nodes++;
        valueStart = true;
      } else if (ch === 35 /* # */ && text.charCodeAt(i - 1) === SPACE) {
        break;
      } else if ((ch === 124 /* | */ || ch === 62) /* > */ && valueStart && flow === 0 && /^[|>][-+0-9]*[ ]*(?:#.*)?\r?$/.test(text.slice(i, end))) {
        blockScalarIndent = indent;
        break;
      } else {
        valueStart = false;
      }
    }
    start = end + 1;
  }
  return { nodes };
}

/** Offset of the quote closing the scalar opened at `open`, or -1. */
function quoteEnd(text: string, open: number, quote: number): number {
  for (let i = open + 1; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quote === 34 && ch === 92 /* \ */) i++;
    else if (ch === quote) {
      if (quote === 39 && text.charCodeAt(i + 1) === 39) i++; // '' inside single quotes
      else return i;
    }
  }
  return -1;
}

/**
 * The limit a text's cost breaks, as a problem naming it, or undefined. Texts too small to break
 * a limit (every node takes a character) are not scanned. YAML is judged at the block reader's
 * rate (plain objects, like JSON.parse): a 12 MB plain block automation config must be read. The
 * full `yaml` parse's own budget is checked by `fullYamlParseProblem` once the reader declines.
 */
export function costProblem(text: string, syntax: 'json' | 'yaml', limits: ParseLimits, scan: TextScan = {}): ParseProblem | undefined {
  const budget = limits.maxMemoryMB * 1048576;
  // Small JSON's depth is checked after JSON.parse (which does not recurse); YAML's always here.
  if (syntax === 'json' && text.length <= limits.maxNodes && text.length * JSON_BYTES_PER_NODE <= budget) return undefined;
  if (syntax === 'json' && jsonSurelyWithin(text, limits, scan)) return undefined;
  const cost = syntax === 'json' ? jsonCost(text, limits.maxDepth) : yamlCostOnce(text, limits.maxDepth, scan);
  if (cost.tooDeepAt !== undefined) return limitProblem(tooDeepMessage(limits.maxDepth), { start: cost.tooDeepAt, end: cost.tooDeepAt + 1 });
  return nodeProblem(cost.nodes, JSON_BYTES_PER_NODE, limits, { start: 0, end: 0 });
}

/**
 * Whether a big JSON text is surely within the node and memory limits, told by counting four
 * characters with indexOf (faster than jsonCost's walk, which reads every character): every node
 * jsonCost counts is a `,` or `:` (or the root), wherever these stand. Depth is not needed here:
 * JSON.parse does not recurse, and parseJsonText finds nesting deeper than the limit after it;
 * brackets count as memory, and a text with more brackets than nodes (deep nesting) is walked.
 */
function jsonSurelyWithin(text: string, limits: ParseLimits, scan: TextScan): boolean {
  // The openers are kept for the navigator of the parsed text, which checks its strings hold no bracket.
  scan.opens = { objects: countOf(text, '{'), arrays: countOf(text, '[') };
  const brackets = scan.opens.objects + scan.opens.arrays;
  // The colons with jsonColonCount, which counts the key colons along for the parse's duplicate-key check.
  const nodes = countOf(text, ',') + jsonColonCount(text, scan) + 1;
  return brackets <= nodes && nodes <= limits.maxNodes && (nodes + brackets) * JSON_BYTES_PER_NODE <= limits.maxMemoryMB * 1048576;
}

function countOf(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/** Whether a text is too short to hold more nodes than the limits allow (at the block reader's rate). */
export function withinNodeBudget(text: string, limits: ParseLimits): boolean {
  return text.length <= limits.maxNodes && text.length * JSON_BYTES_PER_NODE <= limits.maxMemoryMB * 1048576;
}

/** The memory budget of the full `yaml` parse (about 1 KB per node), for texts the block reader declined. */
export function fullYamlParseProblem(text: string, limits: ParseLimits, scan: TextScan = {}): ParseProblem | undefined {
  if (text.length * YAML_BYTES_PER_NODE <= limits.maxMemoryMB * 1048576) return undefined;
  return nodeProblem(yamlCostOnce(text, limits.maxDepth, scan).nodes, YAML_BYTES_PER_NODE, limits, { start: 0, end: 0 });
}

// costProblem and fullYamlParseProblem ask about the same text in a row: scanned once per text's scan.
function yamlCostOnce(text: string, maxDepth: number, scan: TextScan): TextCost {
  if (scan.yamlCost?.maxDepth !== maxDepth) scan.yamlCost = { maxDepth, cost: yamlCost(text, maxDepth) };
  return scan.yamlCost.cost;
}

/**
 * Marker lines: "---" starts a document, "..." ends one (a document may follow it without "---").
 * At column 0 these lines always mark documents, also in block scalars and quotes: this is the one
 * reader of them. The first pass over a text that sees them all keeps their offsets on the text's
 * scan (`MarkerMemo`), and the documents limit, the stream split, the block tier's check and the
 * cursor's documents read them there.
 */
const MARKER = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;

/** The offsets of a text's marker lines, once a pass has seen them all (per text version). */
export interface MarkerMemo {
  markers?: number[];
}

/**
 * Visits the marker lines of a text in order until `visit` returns false; true when it saw them all
 * (then `memo` keeps their offsets, for whoever asks next).
 */
export function eachMarker(text: string, visit: (at: number) => boolean | void, memo?: MarkerMemo): boolean {
  if (memo?.markers) {
    for (const at of memo.markers) if (visit(at) === false) return false;
    return true;
  }
  workCounts.markerPasses++;
  const seen: number[] = [];
  for (const m of text.matchAll(MARKER)) {
    workCounts.markers++;
    if (visit(m.index!) === false) return false;
    seen.push(m.index!);
  }
  if (memo) memo.markers = seen;
  return true;
}

/**
 * The offsets of every marker line. Bounded by its callers: a text past the documents limit was
 * told before (its markers are at most two a document), or is too short to hold that many.
 */
export function markersOf(text: string, memo: MarkerMemo): number[] {
  if (!memo.markers) eachMarker(text, () => true, memo);
  return memo.markers!;
}

/** Lines with no content: blank, comments, directives. */
const NO_CONTENT = /^(?:(?:[ \t]*(?:#.*)?|%.*)(?:\r\n|\r|\n))*$/;
const lineEnd = (text: string, at: number) => {
  const n = text.indexOf('\n', at);
  return n < 0 ? text.length : n + 1;
};

/**
 * How many documents a YAML stream holds at most, counted up to `stop` (then `stoppedAt` is the
 * marker that starts the next one). A document starts at a "---" line or at content after a "..."
 * line (or at the text's start); a "---" with no content since the text's start or the last "..."
 * starts none of its own. At column 0 these lines always mark documents, also in block scalars
 * and quotes. Exact but for a "..." line at the very end (counted as starting one more).
 */
export function documentCount(text: string, stop = Infinity, memo?: MarkerMemo): { documents: number; stoppedAt?: number } {
  let documents = 1;
  let endedAt = 0; // where a "---" with no content since would start no document of its own; -1: none
  let stoppedAt: number | undefined;
  eachMarker(
    text,
    (at) => {
      const start = text.charCodeAt(at) === 45;
      // Each stretch between markers is tested once: linear.
      if (!start || endedAt < 0 || !NO_CONTENT.test(text.slice(endedAt, at))) documents++;
      endedAt = start ? -1 : lineEnd(text, at);
      if (documents <= stop) return true;
      stoppedAt = at;
      return false;
    },
    memo,
  );
  return stoppedAt === undefined ? { documents } : { documents, stoppedAt };
}

/** The document limit of a YAML stream, told before the `yaml` library reads it, or undefined. */
export function documentsProblem(text: string, limits: ParseLimits, memo?: MarkerMemo): ParseProblem | undefined {
  // Over the limit, the markers take 3 characters and a line break each, but the last.
  if (text.length < 4 * limits.maxDocuments - 1) return undefined;
  const { stoppedAt } = documentCount(text, limits.maxDocuments, memo);
  if (stoppedAt === undefined) return undefined;
  const message = `The YAML stream holds more than ${limits.maxDocuments.toLocaleString('en-US')} documents, the limit (--max-documents); omlint did not read it. Split the stream into several files, or raise the limit with --max-documents if it is genuine.`;
  return limitProblem(message, { start: stoppedAt, end: stoppedAt + 3 });
}

/** The node-count or memory limit that `nodes` break, if any. */
export function nodeProblem(nodes: number, perNode: number, limits: ParseLimits, span: Span, what = 'The document'): ParseProblem | undefined {
  if (nodes > limits.maxNodes) {
    return limitProblem(`${what} holds more than ${limits.maxNodes.toLocaleString('en-US')} nodes (keys and values), the limit (--max-nodes); omlint did not read it. No real configuration is this large.`, span);
  }
  const mb = Math.ceil((nodes * perNode) / 1048576);
  if (mb > limits.maxMemoryMB) {
    return limitProblem(`${what} would take about ${mb} MB to read (${nodes.toLocaleString('en-US')} nodes), over the per-file memory budget of ${limits.maxMemoryMB} MB (--max-memory); omlint did not read it.`, span);
  }
  return undefined;
}

function limitProblem(message: string, span: Span): ParseProblem {
  return { ruleId: 'limit-exceeded', message, span, documentIndex: 0 };
}
