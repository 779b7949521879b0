// Right after an edit of a big JSON text, before the new version is parsed: the cursor reader can
// still start from the containers of the earlier version's parse when the edit changed no
// structure (typing inside a value or a key: no bracket, quote, comma, colon or backslash added or
// removed). Offsets before the edit stay, offsets after it shift by the edit's change of length.
// Reached through SourceFile.containersAfterEdit, which keeps the answer for the text last asked.
import type { ContainerStep, ParsedFile } from './types';

/** Characters whose addition or removal may change the containers (or where a string ends). */
const STRUCTURAL = /[{}[\]",:\\]/;
/** Texts are compared this many characters at a time before the first difference is looked for. */
const CHUNK = 1 << 16;

/** Length of the common prefix of two strings. */
export function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= max && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix of two strings, at most `max`. */
export function commonSuffix(a: string, b: string, max: number): number {
  let n = 0;
  while (n + CHUNK <= max && a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)) n += CHUNK;
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

/**
 * The containers at an offset of `text` (BOM-stripped) read from `earlier`, a parse of an earlier
 * version of the same file, or undefined when that parse has no containers or the edit between
 * them may have changed the structure. An offset inside the edit gets no containers (the caller
 * then reads the text).
 */
export function containersAcrossEdit(earlier: ParsedFile, text: string): ((offset: number) => ContainerStep[]) | undefined {
  const doc = earlier.documents.length === 1 ? earlier.documents[0] : undefined;
  let containersAt: ((offset: number) => ContainerStep[]) | undefined;
  if (doc?.containersAt && !doc.unusable) {
    const old = earlier.text;
    const p = commonPrefix(old, text);
    const q = commonSuffix(old, text, Math.min(old.length, text.length) - p);
    const oldEnd = old.length - q;
    const newEnd = text.length - q;
    if (!STRUCTURAL.test(old.slice(p, oldEnd)) && !STRUCTURAL.test(text.slice(p, newEnd))) {
      const delta = newEnd - oldEnd;
      const ask = doc.containersAt.bind(doc);
      // An offset of the earlier text in the new one; -1 (none) stays; -2: at or inside the edit,
      // where a token may have grown into the inserted text or the other way round: not known.
      const shift = (x: number) => (x < 0 || x < p ? x : x > oldEnd ? x + delta : -2);
      containersAt = (offset) => {
        if (offset >= p && offset <= newEnd) return [];
        const steps = ask(offset < p ? offset : offset - delta);
        // The value ends of the outer containers are not read (the offset is inside those values).
        const out = steps.map((s, i) => ({ ...s, start: shift(s.start), childStart: shift(s.childStart), valueEnd: i === steps.length - 1 ? shift(s.valueEnd) : -1, keyStarts: s.keyStarts.map(shift) }));
        return out.some((s) => s.start === -2 || s.childStart === -2 || s.valueEnd === -2 || s.keyStarts.includes(-2)) ? [] : out;
      };
    }
  }
  return containersAt;
}
