// The base of a file: its previous state, parsed once, split into documents of known
// kinds, and paired with the file's documents by kind and identity (model/document-identity.ts).
import { parseText, type ParseLimits, type ParsedDocument, type ParsedFile, type SourceFile } from '../syntax/index';
import { documentKinds } from '../kinds/analysis';
import { parentPointer } from '../core/pointer';
import { defineBuiltin } from '../core/rule';
import type { BaseInput, Kind, Range } from '../core/types';

export interface BaseDocument {
  /** Index of the item among the base's lintable items (as FileResult documentIndex counts). */
  index: number;
  /** The parsed document that holds the item. */
  document: ParsedDocument;
  /** The item's pointer inside its document. */
  base: string;
  kind: Kind;
  value: unknown;
}

export interface ParsedBase {
  input: BaseInput;
  source: ParsedFile;
  documents: BaseDocument[];
  /** Why the base cannot serve (it does not parse): transition rules did not run. */
  problem?: string;
}

/**
 * Parses a base with the kinds the file itself is declared with (--kind, config), else detected.
 * `parse`: how the text is parsed (a caller that keeps bases passes its cache).
 */
export function parseBase(input: BaseInput, declared: { optionKind?: Kind; configKind?: Kind; filePath: string }, limits: ParseLimits, parse: (text: string, label: string, limits: ParseLimits) => SourceFile = parseText): ParsedBase {
  const source = parse(input.text, input.label, limits);
  const declarations = { ...declared, modelines: source.comments().modelines };
  const documents: BaseDocument[] = [];
  let index = 0;
  let unusable = 0;
  for (const pd of source.documents) {
    const kinds = documentKinds(pd, declarations);
    if (kinds.status === 'unusable') unusable++;
    // As lint() counts items: one for a document of no items of its own.
    if (kinds.status !== 'items') {
      index++;
      continue;
    }
    for (const item of kinds.items) {
      if (item.kind) documents.push({ index, document: pd, base: item.base, kind: item.kind, value: item.value });
      index++;
    }
  }
  const firstError = source.problems.find((p) => p.ruleId === 'syntax-error' || p.ruleId === 'limit-exceeded');
  const problem = unusable > 0 ? `the base ${input.label} does not parse (${firstError?.message ?? 'unusable document'}): its documents were not compared` : undefined;
  return { input, source, documents, problem };
}

/** The range of a pointer in a base document (the nearest existing parent when it is gone there too). */
export function baseRange(base: ParsedBase, doc: BaseDocument, pointer: string): Range {
  let p = doc.base + pointer;
  let loc = doc.document.locate(p);
  while (!loc && p !== '') {
    p = parentPointer(p);
    loc = doc.document.locate(p);
  }
  const span = loc ? (loc.key ?? loc.value) : { start: doc.document.span.start, end: doc.document.span.start };
  return base.source.lines.range(span);
}

export const BASE_UNUSABLE = defineBuiltin({
  id: 'base-unusable',
  defaultSeverity: 'warning',
  description: 'The base of a file (`--base`) does not parse, so the file was not compared with it.',
  docs: {
    why: '`omlint plan --base` and `omlint check --base` compare each document with its previous state. When that state does not parse (a truncated saved GET, a conflict marker left in a commit), no transition rule could run on the file: omlint says so instead of passing the change silently.',
    bad: `eventTypeName: HOST_DOWN
enabled: true
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
    base: '{"eventTypeName": "HOST_DOWN",',
    goodBase: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
  },
});
