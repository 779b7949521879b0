// LSP snippet text as an editor inserts it when every tab stop is left at its default.

/** Snippet text with every tab stop at its default (a choice's first option, a placeholder's text, else nothing). */
export function expandSnippet(snippet: string): string {
  let out = '';
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i];
    if (c === '\\' && i + 1 < snippet.length) {
      out += snippet[++i];
    } else if (c === '$' && snippet[i + 1] === '{') {
      const m = /^\$\{\d+(?:\|((?:\\.|[^\\,|])*)(?:,(?:\\.|[^\\|])*)*\||:((?:\\.|[^\\}])*))?\}/.exec(snippet.slice(i))!;
      out += (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1');
      i += m[0].length - 1;
    } else if (c === '$' && /\d/.test(snippet[i + 1] ?? '')) {
      while (/\d/.test(snippet[i + 1] ?? '')) i++;
    } else out += c;
  }
  return out;
}
