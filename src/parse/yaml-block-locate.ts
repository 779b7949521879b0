// Positions in plain block YAML without the full `yaml` parse. The fast path (yaml-fast.ts) reads
// values with js-yaml; when a few files of a big run have findings, building the `yaml` syntax
// tree for each just to place them was a tenth of the run (most of it the parser's warm-up).
//
// Only the shape that hand-written and generated configuration files have is read here: block
// mappings with plain keys, block sequences, one-line scalars (plain or quoted without escapes)
// and one-line flow sequences of plain scalars, comments and blank lines. Anything else makes the
// whole text UNSURE, and so does a pointer to a collection (whose range is the `yaml` parser's
// business): the caller then asks the full parse. Where it answers, it answers exactly as the
// full parse would (test/parse/yaml-block-locate.test.ts compares them pointer by pointer).
import { splitPointer } from '../engine/pointer';
import type { Location } from './types';

export const UNSURE = Symbol('unsure');

type Node =
  | { kind: 'map'; entries: Map<string, { key: Location['value']; value: Node }>; range?: Location['value'] }
  | { kind: 'seq'; items: Node[]; range?: Location['value'] }
  | { kind: 'scalar'; start: number; end: number }
  /** A one-line value of a form not read here: the lines around it are still sure. */
  | { kind: 'other' };

interface Line {
  start: number;
  /** Where the next line starts (the text's length after the last line). */
  next: number;
  /** The next line holds content (no blank or comment line between), or the text ends. */
  direct: boolean;
  /** Offset of the first non-space character. */
  content: number;
  /** End of the line, before any \r\n or \n. */
  end: number;
  indent: number;
}

class Unsure extends Error {}

/** Keys that stay strings in the YAML 1.2 core schema and need no quoting. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*:(?= |$)/;
const NOT_STRING_KEYS = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL']);

export interface BlockLocator {
  locate(pointer: string): Location | typeof UNSURE;
  keysAt(pointer: string): string[] | typeof UNSURE;
}

/** A locator for the text, or undefined when the text is not of the shape read here. */
export function blockYamlLocator(text: string): BlockLocator | undefined {
  let root: Node;
  try {
    root = new BlockReader(text).document();
  } catch (e) {
    if (e instanceof Unsure) return undefined;
    throw e;
  }
  const walk = (pointer: string): { node: Node; key?: Location['value'] } | undefined => {
    let node: Node = root;
    let key: Location['value'] | undefined;
    for (const token of splitPointer(pointer)) {
      if (node.kind === 'map') {
        const entry = node.entries.get(token);
        if (!entry) return undefined;
        key = entry.key;
        node = entry.value;
      } else if (node.kind === 'seq' && /^(?:0|[1-9]\d*)$/.test(token) && Number(token) < node.items.length) {
        key = undefined;
        node = node.items[Number(token)];
      } else {
        return undefined;
      }
    }
    return { node, key };
  };
  return {
    locate(pointer) {
      const w = walk(pointer);
      if (!w) return UNSURE;
      const { node, key } = w;
      const value = node.kind === 'scalar' ? { start: node.start, end: node.end } : node.kind === 'other' ? undefined : node.range;
      if (!value) return UNSURE;
      return key ? { key: { ...key }, value: { ...value } } : { value: { ...value } };
    },
    keysAt(pointer) {
      const node = walk(pointer)?.node;
      return node?.kind === 'map' ? [...node.entries.keys()] : UNSURE;
    },
  };
}

class BlockReader {
  private readonly lines: Line[] = [];
  private i = 0;
  /** The last value read was empty or of a form not read here: the range around it is unknown. */
  private lastValueUnsure = false;

  constructor(private readonly text: string) {
    for (let start = 0; start <= text.length; ) {
      let next = text.indexOf('\n', start);
      if (next < 0) next = text.length;
      const end = next > start && text.charCodeAt(next - 1) === 13 ? next - 1 : next;
      let content = start;
      while (content < end && text.charCodeAt(content) === 32) content++;
      // Blank lines and comment lines carry nothing here.
      const last = this.lines[this.lines.length - 1];
      if (content < end && text.charCodeAt(content) !== 35) {
        if (last && last.next === start) last.direct = true;
        this.lines.push({ start, next: Math.min(next + 1, text.length), content, end, indent: content - start, direct: false });
      }
      start = next + 1;
    }
  }

  document(): Node {
    const first = this.lines[0];
    if (first && this.text.startsWith('---', first.content) && first.indent === 0) {
      if (!/^---[ ]*(?:#.*)?$/.test(this.text.slice(first.content, first.end))) throw new Unsure();
      this.i++;
    }
    const top = this.lines[this.i];
    if (!top) throw new Unsure();
    const final = this.lines[this.lines.length - 1];
    if (final.next === this.text.length) final.direct = true;
    const node = this.block(top.indent, top.content);
    if (this.i < this.lines.length) throw new Unsure();
    return node;
  }

  /** The block collection whose first entry starts at `at` on the current line, at column `indent`. */
  private block(indent: number, at: number): Node {
    const line = this.lines[this.i];
    if (this.text.startsWith('- ', at) || (at + 1 === line.end && this.text[at] === '-')) return this.sequence(indent, at);
    if (PLAIN_KEY.test(this.text.slice(at, line.end))) return this.mapping(indent, at);
    throw new Unsure();
  }

  private mapping(indent: number, at: number): Node {
    const entries = new Map<string, { key: Location['value']; value: Node }>();
    const start = at;
    for (let first = true; ; first = false) {
      const line = this.lines[this.i];
      if (!first) {
        if (!line || line.indent < indent) break;
        if (line.indent > indent) throw new Unsure();
        at = line.content;
      }
      const m = PLAIN_KEY.exec(this.text.slice(at, line.end));
      if (!m) throw new Unsure();
      const name = m[0].slice(0, -1);
      if (NOT_STRING_KEYS.has(name) || entries.has(name)) throw new Unsure();
      const key = { start: at, end: at + name.length };
      entries.set(name, { key, value: this.value(indent, key.end + 1, line) });
    }
    return { kind: 'map', entries, range: this.rangeFrom(start) };
  }

  private sequence(indent: number, at: number): Node {
    const items: Node[] = [];
    const start = at;
    for (let first = true; ; first = false) {
      const line = this.lines[this.i];
      if (!first) {
        if (!line || line.indent < indent) break;
        const item = this.text[line.content] === '-' && (this.text.startsWith('- ', line.content) || line.content + 1 === line.end);
        if (line.indent === indent && !item) break; // the next key of a mapping whose column this sequence shares
        if (line.indent > indent || !item) throw new Unsure();
        at = line.content;
      }
      let content = at + 1;
      while (content < line.end && this.text.charCodeAt(content) === 32) content++;
      if (content === line.end || this.text.charCodeAt(content) === 35) throw new Unsure(); // "-" alone: nested block
      if (this.text.startsWith('- ', content) || PLAIN_KEY.test(this.text.slice(content, line.end))) {
        // A compact collection: its entries are indented to where the first one starts.
        items.push(this.block(content - line.start, content));
      } else {
        items.push(this.oneLine(content, line));
        this.i++;
        this.noContinuation(indent);
      }
    }
    return { kind: 'seq', items, range: this.rangeFrom(start) };
  }

  /** The value after "key:" (at `after`, the offset behind the colon) on `line`. */
  private value(indent: number, after: number, line: Line): Node {
    let at = after;
    while (at < line.end && this.text.charCodeAt(at) === 32) at++;
    if (at === line.end) {
      if (after !== line.end) throw new Unsure(); // "key:  " (trailing spaces): not worth the care
      this.i++;
      const next = this.lines[this.i];
      if (next && next.indent > indent) return this.block(next.indent, next.content);
      if (next && next.indent === indent && this.text[next.content] === '-') return this.sequence(indent, next.content);
      this.lastValueUnsure = true; // the parser may end a collection before or after its line break
      return { kind: 'scalar', start: after, end: after }; // empty value (null)
    }
    if (this.text.charCodeAt(at) === 35) throw new Unsure(); // "key: # comment"
    const node = this.oneLine(at, line);
    this.i++;
    this.noContinuation(indent);
    return node;
  }

  /** A value on one line (the caller checks that no more-indented line continues it). */
  private oneLine(at: number, line: Line): Node {
    try {
      const node = this.inline(at, line);
      this.lastValueUnsure = false;
      return node;
    } catch (e) {
      if (e instanceof Unsure) {
        this.lastValueUnsure = true;
        return { kind: 'other' };
      }
      throw e;
    }
  }

  /** A value that lies on one line from `at`: a scalar or a flow sequence of plain scalars. */
  private inline(at: number, line: Line): Node {
    const c = this.text[at];
    let end: number;
    if (c === '"' || c === "'") {
      const close = this.text.indexOf(c, at + 1);
      if (close < 0 || close >= line.end) throw new Unsure();
      const body = this.text.slice(at + 1, close);
      if (body.includes('\\') || this.text[close + 1] === c) throw new Unsure(); // escapes, '' inside
      end = close + 1;
      this.restIsComment(end, line);
      return { kind: 'scalar', start: at, end };
    }
    if (c === '[') return this.flowSequence(at, line);
    if ('{]},#&*!|>%@`'.includes(c)) throw new Unsure();
    // "-", "?" and ":" start a plain scalar unless a space follows ("-1", "-p0-0").
    if ('?:-'.includes(c) && (at + 1 === line.end || this.text.charCodeAt(at + 1) === 32)) throw new Unsure();
    // A plain scalar runs to a " #" comment or the end of the line, less trailing spaces.
    const hash = this.text.indexOf(' #', at);
    end = hash >= 0 && hash < line.end ? hash : line.end;
    while (end > at && this.text.charCodeAt(end - 1) === 32) end--;
    if (end === at || this.text.slice(at, end).includes(': ') || this.text.charCodeAt(end - 1) === 58) throw new Unsure();
    return { kind: 'scalar', start: at, end };
  }

  private flowSequence(at: number, line: Line): Node {
    const close = this.text.indexOf(']', at);
    if (close < 0 || close >= line.end) throw new Unsure();
    const body = this.text.slice(at + 1, close);
    if (/[[\]{}"'#&*!|>%@`?:]/.test(body)) throw new Unsure();
    const items: Node[] = [];
    if (body.trim() !== '') {
      let from = at + 1;
      for (const part of body.split(',')) {
        const lead = part.length - part.trimStart().length;
        const trimmed = part.trim();
        if (trimmed === '' || trimmed.startsWith('-')) throw new Unsure();
        items.push({ kind: 'scalar', start: from + lead, end: from + lead + trimmed.length });
        from += part.length + 1;
      }
    }
    this.restIsComment(close + 1, line);
    return { kind: 'seq', items, range: { start: at, end: close + 1 } };
  }

  /**
   * The range of a block collection that began at `start` and ended with the last line read: the
   * `yaml` parser ends it after that line's break. Known only when its last value is a non-empty
   * one-line value and no blank or comment line follows it (those the parser may count in or not).
   */
  private rangeFrom(start: number): Location['value'] | undefined {
    const last = this.lines[this.i - 1];
    if (!last.direct || this.lastValueUnsure) return undefined;
    return { start, end: last.next };
  }

  private restIsComment(from: number, line: Line): void {
    if (!/^(?:[ ]+#.*)?[ ]*$/.test(this.text.slice(from, line.end))) throw new Unsure();
  }

  /** A one-line value may not go on over more-indented lines (a multi-line plain scalar). */
  private noContinuation(indent: number): void {
    const next = this.lines[this.i];
    if (next && next.indent > indent) throw new Unsure();
  }
}
