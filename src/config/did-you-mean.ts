// "Did you mean …?" wherever a user types a name (a command, a rule id in the config, in
// `explain`, in --rule, in a directive): one wording, one notion of "near" (src/core/near.ts).
import { nearMatches } from '../core/near';

/** The known names nearest to `word` (same but for case, or within two edits), nearest first. */
export function closeNames(word: string, known: Iterable<string>, max = 3): string[] {
  return nearMatches(word, [...known]).slice(0, max);
}

/** ` Did you mean "x"?` / ` Did you mean "x" or "y"?` / '' (to append to a message). */
export function didYouMean(word: string, known: Iterable<string>, quote = '"'): string {
  const near = closeNames(word, known);
  if (near.length === 0) return '';
  const q = (s: string) => `${quote}${s}${quote}`;
  return ` Did you mean ${near.length === 1 ? q(near[0]) : `${near.slice(0, -1).map(q).join(', ')} or ${q(near[near.length - 1])}`}?`;
}
