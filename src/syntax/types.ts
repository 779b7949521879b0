import type { Span } from '../core/types';
import type { LineIndex } from '../core/lines';

export type SyntaxKind = 'json' | 'yaml';

/** Where a pointer's key and value stand in the text. */
export interface Location {
  /** The key of the property (absent for array items and the root). */
  key?: Span;
  value: Span;
}

/**
 * Where a JSON text's colons are: those whose last character before them, blanks aside, is a quote
 * (every key's, and a string's now and then), every KEY_MARK_EVERY-th of them by its offset (a full
 * table of a big text's keys, held off the heap, made V8 collect the whole parsed value once more),
 * and the others, in the text's order. Found by the cost pre-scan of a big text, which reads every
 * colon anyway; the secret net of a text with findings starts there instead of at the text's start.
 */
export interface JsonColons {
  /** Key colons in all. */
  keys: number;
  /** The offset of key colon number i × KEY_MARK_EVERY, for each i. */
  keyMarks: number[];
  /** The offsets of the other colons. */
  others: number[];
}

/** One key colon in so many is marked (JsonColons.keyMarks). */
export const KEY_MARK_EVERY = 256;

/**
 * The other colons JsonColons lists at most: past them (a big text of times, urls or host:port
 * strings) none is kept, and the secret net finds the colons itself, as without the pre-scan.
 */
export const OTHER_COLONS_MAX = 1 << 16;

/** One document of a file (a YAML document, or the whole JSON text). */
export interface ParsedDocument {
  value: unknown;
  /** True when the document has no content. */
  empty: boolean;
  /** True when a syntax error or a limit makes the document unusable (its problems say why). */
  unusable?: boolean;
  /**
   * For an unusable document: whatever value can still be read from it, or undefined. Used only
   * to find secrets to mask in output (code frames show the text), never linted.
   */
  salvage?(): unknown;
  /** Offsets of the document's content. */
  span: Span;
  /**
   * Read by the block reader (yaml-block-reader.ts): each key of the value is a name
   * /[A-Za-z_][A-Za-z0-9_-]*\/ starting its line after the indentation and any "- ", followed by
   * ": " or the line's end; each scalar stands on one line, plain or quoted; no anchor, alias, tag
   * or merge key. The secret masking reads such a document's key names in its text (engine/mask.ts).
   */
  blockRead?: true;
  /**
   * The value is JSON.parse of the whole text, which repeats no key (syntax/json.ts): every key
   * of the text is one of the value's, in the same order. The secret masking reads such a text's
   * colons by the value's keys (engine/secret-json.ts).
   */
  jsonRead?: true;
  /** Where the colons of a jsonRead text are, when the cost pre-scan of a big text found them (syntax/json.ts jsonColonCount). */
  jsonColons?: JsonColons;
  /** Exact location of the node at a pointer (relative to this document), or undefined. */
  locate(pointer: string): Location | undefined;
  /**
   * locate's value span of a root key's one-line scalar (`pointer`: "/" and the key), told at
   * once by a parse that holds it (the block reader's table); undefined: ask locate.
   */
  rootScalar?(pointer: string): Span | undefined;
  /**
   * Where the value at a pointer starts, when that is known without its whole range (the block
   * reader's: a range it is unsure of would take the full parse). Fixes ask it of a mapping to
   * tell a flow mapping from a block one.
   */
  startOf?(pointer: string): number | undefined;
  /** The object keys at a pointer, in source order (for fixes that insert). */
  keysAt?(pointer: string): string[];
  /**
   * Big JSON texts: the containers that hold an offset, read from the positions already found
   * (the cursor reader then reads only the innermost one instead of the text from its start).
   */
  containersAt?(offset: number): ContainerStep[];
  /**
   * JSON texts read into a syntax tree: the offsets of every object's and array's brackets, in the
   * order they close; undefined when the tree could not be built (too deep for the parser).
   */
  brackets?(): BracketPair[] | undefined;
}

/** The offsets of a JSON container's opening and closing bracket. */
export interface BracketPair {
  open: number;
  close: number;
}

/** A container (object or array) that holds an offset, and which of its children does. */
export interface ContainerStep {
  /** Offset of its opening bracket. */
  start: number;
  isObject: boolean;
  /** Objects: where the keys of its children up to `index` (included) start. */
  keyStarts: number[];
  /** The last child that starts (at its key, in an object) at or before the offset; -1: none. */
  index: number;
  /** Where that child starts: its key in an object, its value in an array. */
  childStart: number;
  /** Where its value ends, when known (-1: not known, or the offset is inside it). */
  valueEnd: number;
}

/** A problem found while parsing: reported under a document-level rule id. */
export interface ParseProblem {
  ruleId: 'syntax-error' | 'duplicate-key' | 'empty-document' | 'limit-exceeded';
  message: string;
  span: Span;
  /** Index of the YAML document it belongs to (0 for JSON). */
  documentIndex: number;
  /** JSON pointer, when known. */
  pointer?: string;
}

export interface ParsedFile {
  /** The text without a byte-order mark; all offsets refer to it. */
  text: string;
  bom: boolean;
  syntax: SyntaxKind;
  lines: LineIndex;
  documents: ParsedDocument[];
  problems: ParseProblem[];
}

export interface ParseLimits {
  /** Maximum file size in bytes (characters). */
  maxBytes: number;
  /** Maximum nesting depth of objects and arrays. */
  maxDepth: number;
  /** Maximum number of alias expansions in a YAML document. */
  maxAliases: number;
  /** Maximum number of nodes (keys and values) in a file, YAML aliases counted as what they expand to. */
  maxNodes: number;
  /** Memory a file's parse may take, in MB, as estimated from its node count before parsing. */
  maxMemoryMB: number;
  /** Maximum number of documents in a YAML stream. */
  maxDocuments: number;
}

export const DEFAULT_LIMITS: ParseLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxDepth: 256,
  maxAliases: 1000,
  // A 24 MB automation config of 20,000 processes holds 1.4 million nodes.
  maxNodes: 5_000_000,
  maxMemoryMB: 768,
  // Each document costs the `yaml` library a Document and a schema, and the linter a pass of every
  // rule, whatever its size: a small text of many "---" lines is a long run. Real streams hold tens to
  // hundreds of configurations.
  maxDocuments: 10_000,
};
