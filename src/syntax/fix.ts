// FixOps (pointer-based) → text edits that keep the file's syntax and layout.
import { stringify as yamlStringify } from 'yaml';
import type { FixOp, TextEdit } from '../core/types';
import { joinPointer, lastToken, parentPointer } from '../core/pointer';
import { compatibleGroups } from './edit-clash';
import type { ParsedDocument, ParsedFile } from './types';

export type { TextEdit };

function jsonValue(value: unknown): string {
  return JSON.stringify(value);
}

/** A YAML scalar or flow value that reads back as `value`. */
export function yamlValue(value: unknown): string {
  if (value !== null && typeof value === 'object') return JSON.stringify(value); // flow style is valid YAML
  return plainScalar(value) ?? yamlStringify(value, { lineWidth: 0 }).trimEnd();
}

/** Words the core schema reads as booleans or null: quoted by the stringifier. */
const NOT_A_STRING = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE|[Nn]ull|NULL)$/;

/**
 * What the `yaml` stringifier writes for the scalars fixes mostly write (enum words, key names,
 * whole numbers, booleans), without it: its first call in a run costs more than the rest of a
 * small file's fix (test/syntax/fix-scalars.test.ts compares the two). Undefined: ask it.
 */
function plainScalar(value: unknown): string | undefined {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : undefined;
  if (typeof value === 'string' && value.length <= 256 && /^[A-Za-z][A-Za-z0-9_]*$/.test(value) && !NOT_A_STRING.test(value)) return value;
  return undefined;
}

function yamlKey(key: string): string {
  return yamlValue(key);
}

function lineIndent(text: string, offset: number): string {
  let s = offset;
  while (s > 0 && text[s - 1] !== '\n' && text[s - 1] !== '\r') s--;
  const m = /^[ \t]*/.exec(text.slice(s, offset));
  return m ? m[0] : '';
}

/** Start of the line holding `offset`. */
function lineStartOf(text: string, offset: number): number {
  let s = offset;
  while (s > 0 && text[s - 1] !== '\n' && text[s - 1] !== '\r') s--;
  return s;
}

/** Offset just past the line break that ends the line holding `offset`. */
function nextLineStart(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  if (text[i] === '\r' && text[i + 1] === '\n') return i + 2;
  return i < text.length ? i + 1 : i;
}

function opEdits(file: ParsedFile, doc: ParsedDocument, base: string, op: FixOp): TextEdit[] | undefined {
  const text = file.text;
  const json = file.syntax === 'json';
  const abs = joinBase(base, op.pointer);
  switch (op.op) {
    case 'replace': {
      const loc = doc.locate(abs);
      if (!loc) return undefined;
      const raw = text.slice(loc.value.start, loc.value.end);
      let out = json ? jsonValue(op.value) : yamlValue(op.value);
      // Keep the quoting style of a YAML string that was quoted.
      if (!json && typeof op.value === 'string') {
        if (raw.startsWith('"')) out = JSON.stringify(op.value);
        else if (raw.startsWith("'")) out = `'${op.value.replace(/'/g, "''")}'`;
      }
      return [{ span: loc.value, text: out }];
    }
    case 'rename': {
      const loc = doc.locate(abs);
      if (!loc?.key) return undefined;
      const raw = text.slice(loc.key.start, loc.key.end);
      const out = json || raw.startsWith('"') ? JSON.stringify(op.key) : raw.startsWith("'") ? `'${op.key}'` : yamlKey(op.key);
      return [{ span: loc.key, text: out }];
    }
    case 'remove':
      return removeEdits(file, doc, abs);
    case 'add':
      return addEdits(file, doc, abs, op.key, op.value, op.after);
  }
}

function joinBase(base: string, pointer: string): string {
  return base + pointer;
}

function removeEdits(file: ParsedFile, doc: ParsedDocument, abs: string): TextEdit[] | undefined {
  const text = file.text;
  const loc = doc.locate(abs);
  if (!loc) return undefined;
  const parent = parentPointer(abs);
  const isProperty = Boolean(loc.key);
  const siblings = isProperty ? (doc.keysAt?.(parent) ?? []) : [];
  const start = loc.key ? loc.key.start : loc.value.start;
  const end = loc.value.end;
  if (!isProperty) return undefined; // array items: not needed by any rule yet
  const index = siblings.lastIndexOf(lastToken(abs));
  const next = index >= 0 && index + 1 < siblings.length ? doc.locate(joinPointer(parent, siblings[index + 1])) : undefined;
  const prev = index > 0 ? doc.locate(joinPointer(parent, siblings[index - 1])) : undefined;
  if (file.syntax === 'json' || isFlow(text, loc.key!.start, parent, doc)) {
    if (next?.key) return [{ span: { start, end: next.key.start }, text: '' }];
    if (prev) return [{ span: { start: prev.value.end, end }, text: '' }];
    return [{ span: { start, end }, text: '' }];
  }
  // YAML block mapping: remove whole lines of the pair.
  if (next?.key) {
    const sameLine = lineStartOf(text, next.key.start) === lineStartOf(text, start);
    if (sameLine) return [{ span: { start, end: next.key.start }, text: '' }];
    const firstOnLine = text.slice(lineStartOf(text, start), start).trim() === '' ;
    if (firstOnLine) return [{ span: { start: lineStartOf(text, start), end: lineStartOf(text, next.key.start) }, text: '' }];
    // `- key: v` (first key of a sequence item): the next key moves up to its place.
    return [{ span: { start, end: next.key.start }, text: '' }];
  }
  if (prev) {
    const from = lineStartOf(text, start);
    const firstOnLine = text.slice(from, start).trim() === '';
    if (firstOnLine) return [{ span: { start: from, end: nextLineStart(text, Math.max(end - 1, start)) }, text: '' }];
  }
  // The only key of its mapping: leave an empty flow mapping.
  const parentLoc = doc.locate(parent);
  if (parentLoc && parent !== '') return [{ span: parentLoc.value, text: '{}' }];
  return undefined;
}

function isFlow(text: string, keyStart: number, parent: string, doc: ParsedDocument): boolean {
  // The mapping's start is all it takes (the block reader knows it where it leaves the end unsure).
  const start = doc.startOf ? doc.startOf(parent) : doc.locate(parent)?.value.start;
  return start !== undefined && text[start] === '{' && start <= keyStart;
}

/**
 * The new pair goes beside its kin: right after the first key of `after` the mapping has, else
 * after its last key (never as its first line, where a reader looks for the document's identity).
 */
function addEdits(file: ParsedFile, doc: ParsedDocument, abs: string, key: string, value: unknown, after: readonly string[] = []): TextEdit[] | undefined {
  const text = file.text;
  const loc = doc.locate(abs);
  if (!loc) return undefined;
  const keys = doc.keysAt?.(abs) ?? [];
  // Found once per text version by its LineIndex: a scan of the text per fix would be quadratic.
  const nl = file.lines.lineBreak;
  const flow = text[loc.value.start] === '{';
  const anchorKey = after.find((k) => keys.includes(k)) ?? keys[keys.length - 1];
  const anchor = anchorKey === undefined ? undefined : doc.locate(joinPointer(abs, anchorKey));
  if (file.syntax === 'json' || flow) {
    const k = JSON.stringify(key);
    const v = file.syntax === 'json' ? jsonValue(value) : yamlValue(value);
    if (keys.length === 0) return [{ span: { start: loc.value.start, end: loc.value.end }, text: `{ ${k}: ${v} }` }];
    if (!anchor?.key) return undefined; // a key that is no string (a YAML collection key): no fix
    const sameLine = lineStartOf(text, anchor.key.start) === lineStartOf(text, loc.value.start);
    const at = anchor.value.end;
    if (sameLine) return [{ span: { start: at, end: at }, text: `, ${k}: ${v}` }];
    return [{ span: { start: at, end: at }, text: `,${nl}${lineIndent(text, anchor.key.start)}${k}: ${v}` }];
  }
  // YAML block mapping: a line of its own after the anchor's pair (its value may span lines).
  if (!anchor?.key) return undefined; // no key, or one that is no string (a YAML collection key): no fix
  const keyLine = lineStartOf(text, anchor.key.start);
  const before = text.slice(keyLine, anchor.key.start);
  // `- key: …`: the item's keys stand at the column after the dash.
  const indent = before.trim() === '' ? before : ' '.repeat(before.length);
  const line = `${indent}${yamlKey(key)}: ${yamlValue(value)}`;
  const at = nextLineStart(text, Math.max(anchor.value.end - 1, anchor.key.end));
  const ended = at > 0 && (text[at - 1] === '\n' || text[at - 1] === '\r');
  return [{ span: { start: at, end: at }, text: ended ? `${line}${nl}` : `${nl}${line}` }];
}

/** Text edits for a fix, or undefined when a position is not found. */
export function fixEdits(file: ParsedFile, doc: ParsedDocument, base: string, ops: FixOp[]): TextEdit[] | undefined {
  const edits: TextEdit[] = [];
  for (const op of ops) {
    const e = opEdits(file, doc, base, op);
    if (!e) return undefined;
    edits.push(...e);
  }
  return edits;
}

/**
 * Applies the groups of edits (one group per fix) that do not clash with an earlier group; a
 * clashing group is dropped (the next --fix pass sees the new text and offers it again).
 * O(size + n log n) for n edits: the clash checks use a segment tree, and the text is built
 * once, left to right. `accepted`: the indices of the groups applied.
 */
export function applyEdits(text: string, groups: TextEdit[][]): { text: string; applied: number; accepted: number[] } {
  const accepted = compatibleGroups(groups);
  const edits = accepted.flatMap((i) => groups[i]);
  // Left to right; an insertion goes before a replacement that starts at the same place.
  edits.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    if (e.span.start < at) continue; // overlaps within one group: the rule's mistake, never garbage text
    parts.push(text.slice(at, e.span.start), e.text);
    at = e.span.end;
  }
  parts.push(text.slice(at));
  return { text: parts.join(''), applied: accepted.length, accepted };
}
