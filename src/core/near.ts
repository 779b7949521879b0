// "Did you mean": which known names are close to an unknown one.
import { distance } from 'fastest-levenshtein';

/**
 * Candidates near `word`: the same but for case, or within edit distance 2 (a swap of adjacent
 * characters counts as one edit). The distance is also capped at a third of the longer name, so
 * short names (w, j, db) do not all look alike.
 * Nearest first.
 */
export function nearMatches(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const name of candidates) {
    if (name === word) continue;
    if (name.toLowerCase() === lower) {
      scored.push({ name, score: 0 });
      continue;
    }
    // The distance is at least the difference in length: skip the hopeless (a 10 MB value).
    if (Math.abs(word.length - name.length) > 2) continue;
    const d = isTransposition(word, name) ? 1 : distance(word, name);
    if (d <= 2 && d <= Math.floor(Math.max(word.length, name.length) / 3)) scored.push({ name, score: d });
  }
  return scored.sort((a, b) => a.score - b.score).map((s) => s.name);
}

/** Two names that differ by one swap of adjacent characters ("prot", "port"): one typo, not two. */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** The `count` candidates closest to `word`, for listing a few of many accepted values. */
export function closestFew(word: string, candidates: readonly string[], count: number): string[] {
  // Ranking needs no more than a name's length of the word (values may be megabytes long).
  const w = word.slice(0, 128).toUpperCase();
  return [...candidates]
    .map((name, i) => ({ name, i, d: distance(w, name.toUpperCase()) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, count)
    .map((s) => s.name);
}

/**
 * Known keys near an unknown key: nearMatches, then the keys it cuts short or runs on at a word
 * boundary (`eventType` for `eventTypeName`, `db` for `dbPath`, `typeNames` for `typeName`): the
 * shorter is the longer's leading camel-case words, ignoring case. Edit distance alone misses
 * these, since a dropped word is more than two edits.
 */
export function nearKeys(word: string, candidates: readonly string[]): string[] {
  const near = nearMatches(word, candidates);
  if (word.length < 2) return near;
  const lower = word.toLowerCase();
  const cut = candidates
    .filter((name) => !near.includes(name) && name.length >= 2 && (wordPrefix(lower, name) || wordPrefix(name.toLowerCase(), word)))
    .sort((a, b) => Math.abs(a.length - word.length) - Math.abs(b.length - word.length));
  return cut.length === 0 ? near : [...near, ...cut];
}

/** `short` (lower case) is `long`'s start, and `long` goes on with a new word (a capital, digit, _ or -). */
function wordPrefix(short: string, long: string): boolean {
  if (short.length >= long.length || long.slice(0, short.length).toLowerCase() !== short) return false;
  const next = long[short.length];
  const prev = long[short.length - 1];
  return /[A-Z0-9_-]/.test(next) && !(/[A-Z]/.test(prev) && /[A-Z]/.test(next));
}
