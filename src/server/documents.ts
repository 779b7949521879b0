// What a document is: its parsed form and the kind of each item, found exactly as lint() finds
// them (config kind, modeline, file-name convention, sniffing), for hover and completion.
import { detectItems, findModelines, kindFromFileName, type KindSource, type Modeline } from '../kinds/detect';
import type { Kind } from '../kinds/names';
import { parseText, type ParsedFile } from '../parse/index';
import type { FileSettings } from '../config/load';

export interface ItemInfo {
  /** Index of the YAML document (0 for JSON). */
  docIndex: number;
  /** Pointer of the item inside its document ('' for the whole document). */
  base: string;
  kind?: Kind;
  /** Kinds an ambiguous item could be. */
  candidates: Kind[];
  value: unknown;
  /** Found in the text without the line being edited (valid for that cursor line only). */
  partial?: boolean;
}

export interface DocumentAnalysis {
  parsed: ParsedFile;
  items: ItemInfo[];
  /** Per document: parsed without syntax errors. */
  usable: boolean[];
}

/** The kind declared for a document ending at `docEnd`, as lint() decides it (without --kind). */
export function declaredKind(
  filePath: string,
  settings: FileSettings,
  modelines: Modeline[],
  docEnd: number,
): { kind: Kind; source: KindSource } | undefined {
  if (settings.kind) return { kind: settings.kind, source: 'config' };
  let line: Modeline | undefined;
  for (const m of modelines) if (m.offset <= docEnd) line = m;
  if (line?.kind) return { kind: line.kind, source: 'modeline' };
  if (line?.invalid) return undefined;
  const fromName = kindFromFileName(filePath);
  return fromName ? { kind: fromName, source: 'file-name' } : undefined;
}

/** Whether the config, a modeline or the file name says what the file is. */
export function kindIsDeclared(filePath: string, text: string, settings: FileSettings): boolean {
  return Boolean(settings.kind) || findModelines(text).length > 0 || Boolean(kindFromFileName(filePath));
}

export function analyzeDocument(text: string, filePath: string, settings: FileSettings): DocumentAnalysis {
  const parsed = parseText(text, filePath);
  const modelines = findModelines(parsed.text);
  const items: ItemInfo[] = [];
  const usable: boolean[] = [];
  parsed.documents.forEach((pd, docIndex) => {
    usable.push(!pd.unusable);
    if (pd.unusable || pd.empty) return;
    const declared = declaredKind(filePath, settings, modelines, pd.span.end);
    for (const item of detectItems(pd.value, declared)) {
      items.push({ docIndex, base: item.base, kind: item.kind, candidates: item.problem?.candidates ?? [], value: item.value });
    }
  });
  return { parsed, items, usable };
}

/** The item holding a pointer of a document: the one with the longest base that prefixes it. */
export function itemAt(items: ItemInfo[], docIndex: number, pointer: string): ItemInfo | undefined {
  let best: ItemInfo | undefined;
  for (const it of items) {
    if (it.docIndex !== docIndex) continue;
    if (it.base !== '' && pointer !== it.base && !pointer.startsWith(it.base + '/')) continue;
    if (!best || it.base.length > best.base.length) best = it;
  }
  return best;
}

/** The kind to use for an item: its own, else the first candidate of an ambiguous one. */
export function itemKind(item: ItemInfo | undefined): Kind | undefined {
  return item?.kind ?? item?.candidates[0];
}
