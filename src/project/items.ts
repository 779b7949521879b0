// What a parsed file holds: its items (a document, or each result of a list response) and the kind
// of each, found exactly as lint() finds them (config kind, modeline, file name, content).
import type { FileSettings } from '../config/load';
import { declaredKind, detectItems, type KindSource, type Modeline } from '../kinds/detect';
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

/** The kind declared for a document ending at `docEnd`, as lint() decides it (without --kind). */
export function declaredKindOf(filePath: string, settings: FileSettings, modelines: Modeline[], docEnd: number): Declared {
  const d = declaredKind({ configKind: settings.kind, filePath, modelines }, docEnd);
  return d && 'kind' in d ? d : undefined;
}

export function itemsOf(value: unknown, docIndex: number, declared: Declared): ItemInfo[] {
  return detectItems(value, declared).map((item) => ({
    docIndex,
    base: item.base,
    kind: item.kind,
    candidates: item.problem?.candidates ?? [],
    value: item.value,
  }));
}

export function analyzeParsed(parsed: SourceFile, filePath: string, settings: FileSettings): DocumentAnalysis {
  const { modelines } = parsed.comments();
  const items: ItemInfo[] = [];
  const usable: boolean[] = [];
  parsed.documents.forEach((pd, docIndex) => {
    usable.push(!pd.unusable);
    if (pd.unusable || pd.empty) return;
    items.push(...itemsOf(pd.value, docIndex, declaredKindOf(filePath, settings, modelines, pd.span.end)));
  });
  return { parsed, items, usable };
}

/** The known kinds of an analysis's items. */
export function kindsOfItems(items: readonly ItemInfo[]): Set<Kind> {
  return new Set(items.flatMap((i) => (i.kind ? [i.kind] : [])));
}
