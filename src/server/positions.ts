// Engine positions → LSP positions. The engine counts offsets in the text without its byte-order
// mark and lines/columns from 1; the editor's text keeps the BOM and LSP counts from 0. Columns
// are UTF-16 code units on both sides.
import type { Position as LspPosition, Range as LspRange } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range, Span } from '../core/types';
import type { CursorContext, SourceFile } from '../syntax/index';

export function hasBom(text: string): boolean {
  return text.charCodeAt(0) === 0xfeff;
}

/** Offset in the editor's text of an offset in the BOM-stripped text. */
export function editorOffset(text: string, offset: number): number {
  return offset + (hasBom(text) ? 1 : 0);
}

/** An engine span (BOM-stripped offsets) as an LSP range of the editor's document. */
export function spanToRange(doc: TextDocument, span: Span): LspRange {
  const shift = hasBom(doc.getText()) ? 1 : 0;
  return { start: doc.positionAt(span.start + shift), end: doc.positionAt(span.end + shift) };
}

/** An engine range (1-based, BOM-stripped text) as an LSP range; `bom`: the file starts with one. */
export function engineRangeToLsp(range: Range, bom: boolean): LspRange {
  const at = (p: Range['start']): LspPosition => ({ line: p.line - 1, character: p.column - 1 + (bom && p.line === 1 ? 1 : 0) });
  return { start: at(range.start), end: at(range.end) };
}

/** Editor offsets as an LSP range. */
export function offsetsToRange(doc: TextDocument, start: number, end: number): LspRange {
  return { start: doc.positionAt(start), end: doc.positionAt(end) };
}

export function rangesOverlap(a: LspRange, b: LspRange): boolean {
  const before = (x: LspPosition, y: LspPosition) => x.line < y.line || (x.line === y.line && x.character < y.character);
  // Touching counts: a cursor at the end of a diagnostic still gets its quick fixes.
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** The cursor at an offset of the editor's text, read by the text's SourceFile (offsets stay the editor's). */
export function editorCursor(source: SourceFile, offset: number): CursorContext | undefined {
  const shift = source.bom ? 1 : 0;
  const c = source.cursorAt(Math.max(0, offset - shift));
  if (c && shift) {
    c.replaceStart += shift;
    c.replaceEnd += shift;
  }
  return c;
}
