// Strings kept past their file: V8 makes a substring of 13 characters or more a slice of its
// parent, so a name or a secret cut out of a file's text and kept (a module's table, a run's kept
// source) keeps that whole text alive until it goes.

/**
 * A copy of `s` that holds nothing else alive: slicing a concatenation flattens it into a new
 * string first (a copy of the characters, without JSON's escaping of a digest's separators).
 */
export function detached(s: string): string {
  return s.length < 13 ? s : (s + ' ').slice(0, -1);
}
