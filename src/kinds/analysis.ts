// The one kind analysis of a parsed document, for the engine (what it checks), the project (the
// kinds of a scope's files) and the language server (hover, completion, outline): its lintable
// items and the kind of each, declared (--kind, config, modeline, file name) or found in its content.
import type { Kind } from '../core/kinds';
import type { ParsedDocument } from '../syntax/types';
import { declaredKind, detectItems, type KindItem, type Modeline } from './detect';

/** What declares kinds for a file's documents. */
export interface KindDeclarations {
  /** --kind (the command line only). */
  optionKind?: Kind;
  /** A config override's `kind`. */
  configKind?: Kind;
  filePath: string;
  /** The file's modelines (each applies to the documents after it). */
  modelines: Modeline[];
  /** The kind the file name declares (null: none), once declaredKind has read it. */
  fileNameKind?: Kind | null;
}

/** A parsed document as the engine treats it: not read, empty, declared as no kind, or its items. */
export type DocumentKinds =
  | { status: 'unusable' }
  | { status: 'empty' }
  | { status: 'invalid-modeline'; invalid: string; offset: number }
  | { status: 'items'; items: KindItem[] };

const UNUSABLE: DocumentKinds = { status: 'unusable' };
const EMPTY: DocumentKinds = { status: 'empty' };

/**
 * The kinds of one parsed document. `end`: where the document ends in its file (default its span's
 * end; a document parsed alone from a slice of its file gives the slice's end in the file).
 */
export function documentKinds(doc: Pick<ParsedDocument, 'value' | 'empty' | 'unusable' | 'span'>, declarations: KindDeclarations, end = doc.span.end): DocumentKinds {
  if (doc.unusable) return UNUSABLE;
  if (doc.empty) return EMPTY;
  const declared = declaredKind(declarations, end);
  if (declared && 'invalid' in declared) return { status: 'invalid-modeline', invalid: declared.invalid, offset: declared.offset };
  return { status: 'items', items: detectItems(doc.value, declared) };
}
