// Where the names that link a file stand in its text: every definition and reference of
// model/automation-links, located once per parse (a 2.6 MB configuration holds thousands), so a
// definition, references or rename request is a lookup.
import { linksOf, type LinkTarget, type LinkVia } from '../model/automation-links';
import type { Span } from '../core/types';
import type { FileSettings } from '../config/load';
import type { ParsedFile, SourceFile } from '../syntax/index';
import { analyzeParsed, type ItemInfo } from '../project/items';

export interface LinkSite {
  target: LinkTarget;
  name: string;
  role: 'definition' | 'reference';
  via?: LinkVia;
  docIndex: number;
  /** Pointer of the name's string inside its document. */
  pointer: string;
  /** Pointer of the object that holds the name. */
  owner: string;
  /** The string's span (with its quotes), BOM-stripped offsets. */
  span: Span;
  /** The name itself, inside the quotes. */
  nameSpan: Span;
  quote: '"' | "'" | '';
}

export interface LinkIndex {
  sites: LinkSite[];
  /** Sites by `target\u0000name`. */
  byName: Map<string, LinkSite[]>;
}

export const nameKey = (target: LinkTarget, name: string): string => `${target}\u0000${name}`;

const indexes = new WeakMap<ParsedFile, LinkIndex>();
const analyses = new WeakMap<ParsedFile, ItemInfo[]>();

/** The items of a parse (memoized: links, symbols and lenses ask for the same version). */
export function parsedItems(parsed: SourceFile, filePath: string, settings: FileSettings): ItemInfo[] {
  let items = analyses.get(parsed);
  if (!items) analyses.set(parsed, (items = analyzeParsed(parsed, filePath, settings).items));
  return items;
}

/** The link index of a parsed file (memoized per parse: a text version is indexed once). */
export function linkIndex(parsed: SourceFile, filePath: string, settings: FileSettings): LinkIndex {
  let index = indexes.get(parsed);
  if (!index) {
    index = buildIndex(parsed, filePath, settings);
    indexes.set(parsed, index);
  }
  return index;
}

function buildIndex(parsed: SourceFile, filePath: string, settings: FileSettings): LinkIndex {
  const sites: LinkSite[] = [];
  const items = parsedItems(parsed, filePath, settings);
  for (const item of items) {
    if (!item.kind) continue;
    const links = linksOf(item.kind, item.value);
    const all = [
      ...links.entities.map((e) => ({ ...e, role: 'definition' as const, via: undefined })),
      ...links.references.map((r) => ({ ...r, role: 'reference' as const })),
    ];
    if (all.length === 0) continue;
    const places = parsed.locateAll(all.map((l) => item.base + l.pointer), item.docIndex);
    for (let k = 0; k < all.length; k++) {
      const l = all[k];
      const pointer = item.base + l.pointer;
      const at = places[k]?.value;
      if (!at || at.end <= at.start) continue;
      const first = parsed.text[at.start];
      const quote = first === '"' || first === "'" ? first : '';
      const nameSpan = quote ? { start: at.start + 1, end: at.end - 1 } : at;
      sites.push({ target: l.target, name: l.name, role: l.role, via: l.via, docIndex: item.docIndex, pointer, owner: item.base + l.owner, span: at, nameSpan, quote });
    }
  }
  sites.sort((a, b) => a.span.start - b.span.start);
  const byName = new Map<string, LinkSite[]>();
  for (const s of sites) {
    const key = nameKey(s.target, s.name);
    const list = byName.get(key);
    if (list) list.push(s);
    else byName.set(key, [s]);
  }
  return { sites, byName };
}

/** The site whose string holds an offset (BOM-stripped), by binary search over the sorted sites. */
export function siteAt(index: LinkIndex, offset: number): LinkSite | undefined {
  const { sites } = index;
  let lo = 0;
  let hi = sites.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sites[mid];
    if (offset < s.span.start) hi = mid - 1;
    else if (offset > s.span.end) lo = mid + 1;
    else return s;
  }
  return undefined;
}
