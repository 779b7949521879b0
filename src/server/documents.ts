// What a document is: the kind of each item, by the engine's one kind analysis (project/items.ts on
// kinds/analysis.ts). For hover and completion, DocumentItems also knows
// the kinds while the document being edited does not parse.
import { findModelines, kindFromFileName } from '../kinds/detect';
import { analyzeParsed, declaredKindOf, itemsOfDocument, kindDeclarations, type ItemInfo } from '../project/items';
import type { Kind } from '../core/kinds';
import { parseText, type ParsedFile, type SourceFile } from '../syntax/index';
import { isJsonText, TextLines, yamlDocumentAt } from '../syntax/cursor';
import type { FileSettings } from '../config/load';

export { analyzeParsed, declaredKindOf, type DocumentAnalysis, type ItemInfo } from '../project/items';

/**
 * From this size on, hover and completion do not parse a new version of a text (the lint does,
 * after its debounce): the cursor is read from the text, the items of the last parse serve.
 */
export const UNPARSED_HOVER_MIN_CHARS = 512 * 1024;

/** Whether the config, a modeline or the file name says what the file is. `source`: the text's parse, whose comments hold its modelines. */
export function kindIsDeclared(filePath: string, text: string, settings: FileSettings, source?: SourceFile): boolean {
  return Boolean(settings.kind) || (source && source.text === text.replace(/^\uFEFF/, '') ? source.comments().modelines : findModelines(text)).length > 0 || Boolean(kindFromFileName(filePath));
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

/** The text with the line holding `offset` blanked (same length: offsets stay valid). */
function withoutLineAt(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  let end = offset;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
}

/**
 * The items of one open document for hover and completion. In YAML only the cursor's document is
 * parsed (a big stream stays cheap). A document that does not parse (mid-edit) gets its items of
 * when it last parsed, else those of its text without the line being edited, else its declared
 * kind.
 */
/** The document of a parse that holds an offset: the last one starting at or before it. */
function documentIndexAt(parsed: ParsedFile, offset: number): number {
  let at = 0;
  parsed.documents.forEach((d, i) => {
    if (d.span.start <= offset && (i === 0 || d.span.end > d.span.start)) at = i;
  });
  return at;
}

export class DocumentItems {
  private readonly good = new Map<number, ItemInfo[]>();
  private last?: { key: string; items: ItemInfo[] };

  private analyses = new WeakMap<ParsedFile, ItemInfo[]>();

  /**
   * `parsed`: the parse of the whole text (the project's, shared with lint): when the cursor's
   * document parsed, its items come from it without reading the text again. Without it (a big
   * text whose new version is not parsed yet), the document's items of its last parse serve.
   */
  /** `lines`: the lines of the text without its BOM, when the caller made them (shared with the cursor reader). */
  at(rawText: string, rawOffset: number, filePath: string, settings: FileSettings, parsed?: SourceFile, earlier?: SourceFile, lines?: TextLines): { docIndex: number; items: ItemInfo[] } {
    const shift = rawText.charCodeAt(0) === 0xfeff ? 1 : 0;
    const text = shift ? rawText.slice(1) : rawText;
    const offset = Math.max(0, rawOffset - shift);
    if (parsed) {
      const docIndex = documentIndexAt(parsed, offset);
      const pd = parsed.documents[docIndex];
      if (pd && !pd.unusable && !pd.empty) {
        const items = this.itemsOf(parsed, filePath, settings).filter((i) => i.docIndex === docIndex);
        this.good.set(docIndex, items);
        return { docIndex, items };
      }
    }
    const json = isJsonText(filePath, text);
    const doc = json ? { docIndex: 0, start: 0, end: text.length } : yamlDocumentAt(parsed?.cursorLines ?? (lines?.text === text ? lines : new TextLines(text)), offset);
    if (!parsed) {
      // A new version not parsed yet: the document's items as last parsed serve (kinds rarely change in an edit).
      const stale = this.good.get(doc.docIndex) ?? (earlier && this.itemsOf(earlier, filePath, settings).filter((i) => i.docIndex === doc.docIndex));
      if (stale?.length) return { docIndex: doc.docIndex, items: stale };
    }
    // The parse's comments hold the modelines (read once per version); a text not parsed yet is read here.
    const modelines = json ? [] : parsed ? parsed.comments().modelines : findModelines(text);
    const end = json ? text.length : doc.end;
    const declarations = kindDeclarations(filePath, settings, modelines);
    const declared = declaredKindOf(filePath, settings, modelines, end);
    const chunk = text.slice(doc.start, doc.end);
    const key = `${doc.docIndex}\u0000${declared?.kind ?? ''}\u0000${chunk}`;
    if (this.last?.key === key) return { docIndex: doc.docIndex, items: this.last.items };
    // The whole text is the chunk (one document): its parse is the project's (a text is parsed once).
    const first = (parsed && chunk === text ? parsed : parseText(chunk, filePath)).documents.find((d) => !d.empty);
    if (first && !first.unusable) {
      const items = itemsOfDocument(first, doc.docIndex, declarations, end);
      this.good.set(doc.docIndex, items);
      this.last = { key, items };
      return { docIndex: doc.docIndex, items };
    }
    let items = first ? this.good.get(doc.docIndex) : undefined;
    if (!items && first) {
      const repaired = this.repairedParse(withoutLineAt(chunk, offset - doc.start), filePath).documents.find((d) => !d.empty && !d.unusable);
      if (repaired) items = itemsOfDocument(repaired, doc.docIndex, declarations, end).filter((i) => i.kind || i.candidates.length);
      if (items?.length) return { docIndex: doc.docIndex, items }; // valid for this cursor line only: not kept
    }
    if (!items?.length) items = declared ? [{ docIndex: doc.docIndex, base: '', kind: declared.kind, candidates: [], value: {} }] : [];
    return { docIndex: doc.docIndex, items };
  }

  private itemsOf(parsed: SourceFile, filePath: string, settings: FileSettings): ItemInfo[] {
    let all = this.analyses.get(parsed);
    if (!all) this.analyses.set(parsed, (all = analyzeParsed(parsed, filePath, settings).items));
    return all;
  }

  /** Hover and completion at one place ask for the same repaired text: parsed once. */
  private readonly repaired = new Map<string, ParsedFile>();
  private repairedParse(text: string, filePath: string): ParsedFile {
    let parsed = this.repaired.get(text);
    if (!parsed) {
      parsed = parseText(text, filePath);
      // A few recent texts (undo brings one back); a text is never parsed twice meanwhile.
      if (this.repaired.size >= 4) this.repaired.delete(this.repaired.keys().next().value!);
      this.repaired.set(text, parsed);
    }
    return parsed;
  }
}
