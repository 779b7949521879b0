// What a parsed file holds: its items (a document, or each result of a list response) and the kind
// of each, by the engine's own kind analysis (kinds/analysis.ts) without --kind.
import type { FileSettings } from '../config/load';
import { declaredKind, type KindSource, type Modeline } from '../kinds/detect';
import { documentKinds, type KindDeclarations } from '../kinds/analysis';
import type { ParsedDocument } from '../syntax/types';
import type { Kind } from '../core/kinds';
import type { SourceFile } from '../syntax/index';

export interface ItemInfo {
  /** Index of the YAML document (0 for JSON). */
  docIndex: number;
  /** Pointer of the item inside its document ('' for the whole document). */
  base: string;
  kind?: Kind;
  /** Kinds an ambiguous item could be. */
  candidates: Kind[];
  value: unknown;
}

export interface DocumentAnalysis {
  parsed: SourceFile;
  items: ItemInfo[];
  /** Per document: parsed without syntax errors. */
  usable: boolean[];
}

export type Declared = { kind: Kind; source: KindSource } | undefined;

/** What declares kinds for a file's documents, as lint() reads it (without --kind). */
export function kindDeclarations(filePath: string, settings: FileSettings, modelines: Modeline[]): KindDeclarations {
  return { configKind: settings.kind, filePath, modelines };
}

/** The kind declared for a document ending at `docEnd`, as lint() decides it (without --kind). */
export function declaredKindOf(filePath: string, settings: FileSettings, modelines: Modeline[], docEnd: number): Declared {
  const d = declaredKind(kindDeclarations(filePath, settings, modelines), docEnd);
  return d && 'kind' in d ? d : undefined;
}

/**
 * The items of one parsed document (none when it is empty or does not parse; one of no kind when
 * its modeline names no kind). `end`: the document's end in its file, when parsed from a slice.
 */
export function itemsOfDocument(doc: Pick<ParsedDocument, 'value' | 'empty' | 'unusable' | 'span'>, docIndex: number, declarations: KindDeclarations, end?: number): ItemInfo[] {
  const kinds = documentKinds(doc, declarations, end);
  if (kinds.status === 'invalid-modeline') return [{ docIndex, base: '', kind: undefined, candidates: [], value: doc.value }];
  if (kinds.status !== 'items') return [];
  return kinds.items.map((item) => ({
    docIndex,
    base: item.base,
    kind: item.kind,
    candidates: item.problem?.candidates ?? [],
    value: item.value,
  }));
}

export function analyzeParsed(parsed: SourceFile, filePath: string, settings: FileSettings): DocumentAnalysis {
  const declarations = kindDeclarations(filePath, settings, parsed.comments().modelines);
  const items: ItemInfo[] = [];
  const usable: boolean[] = [];
  parsed.documents.forEach((pd, docIndex) => {
    usable.push(!pd.unusable);
    items.push(...itemsOfDocument(pd, docIndex, declarations));
  });
  return { parsed, items, usable };
}

/** The known kinds of an analysis's items. */
export function kindsOfItems(items: readonly ItemInfo[]): Set<Kind> {
  return new Set(items.flatMap((i) => (i.kind ? [i.kind] : [])));
}
