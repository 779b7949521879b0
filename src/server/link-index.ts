// Where the names that link a file stand in its text: every definition and reference of
// model/automation-links, located once per parse (a 2.6 MB configuration holds thousands), so a
// definition, references or rename request is a lookup.
import { linksOf, type LinkTarget, type LinkVia } from '../model/automation-links';
import type { Span } from '../core/types';
import type { FileSettings } from '../config/load';
import type { ParsedFile, SourceFile } from '../syntax/index';
import { analyzeParsed, type ItemInfo } from '../project/items';
import { commonPrefix, commonSuffix } from '../syntax/edit-shift';

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
  /** Every link of the parse's items (located or not), in order: equal for two versions whose links are the same. */
  links: string;
}

/**
 * A document's last link index (on its context in the service, never module state): after an edit
 * inside one word that touches no name and changes no link, the new version's index is this one
 * shifted, not located again (a 2.6 MB configuration's thousands of names: the bulk of a request).
 */
/**
 * Above this size no earlier version is kept for reuse (its text or parse beside the new one's: a
 * 20 MB document's peak memory, bench/README.md).
 */
export const REUSE_MAX_CHARS = 1 << 23;

export class LinkMemo {
  /** The last version indexed: its text and documents' usability, not its parse (let go as the source cache does). */
  last?: { text: string; syntax: SourceFile['syntax']; unusable: boolean[]; index: LinkIndex };
  /** Indexes built by locating every name, and indexes shifted from the last one (tests count them). */
  built = 0;
  shifted = 0;
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

/**
 * The link index of a parsed file (memoized per parse: a text version is indexed once). `memo`: the
 * document's last index, shifted rather than built again when the edit since allows (shiftedIndex).
 */
export function linkIndex(parsed: SourceFile, filePath: string, settings: FileSettings, memo?: LinkMemo): LinkIndex {
  let index = indexes.get(parsed);
  if (!index) {
    index = memo?.last && shiftedIndex(memo.last, parsed, filePath, settings);
    if (index) memo!.shifted++;
    else {
      index = buildIndex(parsed, filePath, settings);
      if (memo) memo.built++;
    }
    indexes.set(parsed, index);
  }
  if (memo) memo.last = parsed.text.length <= REUSE_MAX_CHARS ? { text: parsed.text, syntax: parsed.syntax, unusable: parsed.documents.map((d) => Boolean(d.unusable)), index } : undefined;
  return index;
}

/** The links of each kinded item, with their pointers in the document. */
function itemLinks(parsed: SourceFile, filePath: string, settings: FileSettings) {
  return parsedItems(parsed, filePath, settings).flatMap((item) => {
    if (!item.kind) return [];
    const links = linksOf(item.kind, item.value);
    const all = [
      ...links.entities.map((e) => ({ ...e, role: 'definition' as const, via: undefined })),
      ...links.references.map((r) => ({ ...r, role: 'reference' as const })),
    ];
    return all.length ? [{ item, all }] : [];
  });
}

function linksKey(found: ReturnType<typeof itemLinks>): string {
  return found.map(({ item, all }) => `${item.docIndex}\u0001${item.base}\u0001${all.map((l) => `${l.target}\u0002${l.name}\u0002${l.role}\u0002${l.via ?? ''}\u0002${l.pointer}\u0002${l.owner}`).join('\u0001')}`).join('\u0000');
}

const WORD = /^[A-Za-z0-9]*$/;
/**
 * After the rest of the scalar (anything but blanks, quotes and flow punctuation: `args2_6`), an
 * optional closing quote, blanks and a colon: a mapping key, YAML or JSON (a colon in a value, as in
 * `host:27017`, only costs a rebuild).
 */
const KEY_TAIL = /[^\s"',:{}[\]#]*["']?[ \t]*:/y;

function endsKey(text: string, at: number): boolean {
  KEY_TAIL.lastIndex = at;
  return KEY_TAIL.test(text);
}

/**
 * `earlier`'s index moved to `parsed`, a later version of the same file, when the edit between
 * them is inside one word (letters and digits replaced by letters and digits after a letter or
 * digit: no token, line or indentation starts or ends there), not in a mapping key, touches no
 * indexed name and leaves the same links: every name then stands where it stood, shifted by the
 * edit's change of length.
 * Undefined otherwise (the caller builds the index).
 */
function shiftedIndex(last: NonNullable<LinkMemo['last']>, parsed: SourceFile, filePath: string, settings: FileSettings): LinkIndex | undefined {
  const { text: old, index: earlier } = last;
  const text = parsed.text;
  if (last.syntax !== parsed.syntax || last.unusable.length !== parsed.documents.length) return undefined;
  if (parsed.documents.some((d, i) => Boolean(d.unusable) !== last.unusable[i])) return undefined;
  const p = commonPrefix(old, text);
  const q = commonSuffix(old, text, Math.min(old.length, text.length) - p);
  const oldEnd = old.length - q;
  const newEnd = text.length - q;
  if (p === 0 || !WORD.test(old[p - 1]) || !WORD.test(old.slice(p, oldEnd)) || !WORD.test(text.slice(p, newEnd))) return undefined;
  // A key edited can change which of two equal keys a pointer reads (the last wins): the names then stand elsewhere.
  if (endsKey(text, newEnd)) return undefined;
  // A name that ends where the edit starts grew or shrank with it.
  if (earlier.sites.some((s) => s.span.start <= oldEnd && s.span.end >= p)) return undefined;
  const found = itemLinks(parsed, filePath, settings);
  if (linksKey(found) !== earlier.links) return undefined;
  const delta = newEnd - oldEnd;
  const move = (span: Span): Span => (span.start >= oldEnd ? { start: span.start + delta, end: span.end + delta } : span);
  return indexOf(earlier.sites.map((s) => (s.span.start >= oldEnd ? { ...s, span: move(s.span), nameSpan: move(s.nameSpan) } : s)), earlier.links);
}

function buildIndex(parsed: SourceFile, filePath: string, settings: FileSettings): LinkIndex {
  const sites: LinkSite[] = [];
  const found = itemLinks(parsed, filePath, settings);
  for (const { item, all } of found) {
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
  return indexOf(sites, linksKey(found));
}

function indexOf(sites: LinkSite[], links: string): LinkIndex {
  const byName = new Map<string, LinkSite[]>();
  for (const s of sites) {
    const key = nameKey(s.target, s.name);
    const list = byName.get(key);
    if (list) list.push(s);
    else byName.set(key, [s]);
  }
  return { sites, byName, links };
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
