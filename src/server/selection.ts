// Selection ranges (expand selection): from the scalar under the cursor out through its property,
// the object or array holding it, … up to the document. Walks the shared parse's value down the
// cursor's path only; an array's item is found by binary search (items stand in text order).
import type { Position, SelectionRange } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { joinPointer } from '../core/pointer';
import type { Span } from '../core/types';
import type { ParsedFile } from '../syntax/index';
import { hasBom, spanToRange } from './positions';
import { trimmedEnd } from './symbols';

const holds = (s: Span, offset: number) => s.start <= offset && offset <= s.end;

/** The spans around an offset, outermost first. */
function spansAt(parsed: ParsedFile, offset: number): Span[] {
  return nodesAt(parsed, offset).map((n) => n.span);
}

/** The nodes around an offset, outermost first: a property's key-to-value span, then its value. */
export function nodesAt(parsed: ParsedFile, offset: number): { span: Span; pointer: string; docIndex: number }[] {
  const docIndex = parsed.documents.findIndex((d) => holds(d.span, offset));
  const pd = parsed.documents[docIndex];
  if (!pd || pd.unusable) return [];
  const nodes: { span: Span; pointer: string; docIndex: number }[] = [];
  let pointer = '';
  const add = (span: Span) => nodes.push({ span, pointer, docIndex });
  add({ start: pd.span.start, end: trimmedEnd(parsed.text, pd.span) });
  let value: unknown = pd.value;
  for (;;) {
    let next: { pointer: string; value: unknown; key?: Span; span: Span } | undefined;
    if (Array.isArray(value)) {
      let lo = 0;
      let hi = value.length - 1;
      while (lo <= hi && !next) {
        const mid = (lo + hi) >> 1;
        const p = joinPointer(pointer, mid);
        const at = pd.locate(p)?.value;
        if (!at) break;
        if (offset < at.start) hi = mid - 1;
        else if (offset > at.end) lo = mid + 1;
        else next = { pointer: p, value: value[mid], span: { start: at.start, end: trimmedEnd(parsed.text, at) } };
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const p = joinPointer(pointer, k);
        const at = pd.locate(p);
        if (!at) continue;
        const whole = { start: at.key?.start ?? at.value.start, end: trimmedEnd(parsed.text, at.value) };
        if (holds(whole, offset)) {
          next = { pointer: p, value: v, key: whole, span: { start: at.value.start, end: whole.end } };
          break;
        }
      }
    }
    if (!next) return nodes;
    pointer = next.pointer;
    if (next.key) add(next.key);
    // On the key itself, the property is as deep as it goes.
    if (!holds(next.span, offset)) return nodes;
    add(next.span);
    value = next.value;
  }
}

function chain(doc: TextDocument, spans: Span[]): SelectionRange {
  let parent: SelectionRange | undefined;
  let last: Span | undefined;
  for (const s of spans) {
    if (last && last.start === s.start && last.end === s.end) continue;
    parent = { range: spanToRange(doc, s), parent };
    last = s;
  }
  return parent as SelectionRange;
}

export function selectionRanges(doc: TextDocument, parsed: ParsedFile, positions: Position[]): SelectionRange[] {
  const shift = hasBom(doc.getText()) ? 1 : 0;
  return positions.map((p) => {
    const offset = doc.offsetAt(p) - shift;
    const spans = spansAt(parsed, offset);
    // Nothing parsed there: the position itself, as LSP expects one range per position.
    return spans.length ? chain(doc, spans) : { range: { start: p, end: p } };
  });
}
