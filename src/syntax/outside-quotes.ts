// The first character of a YAML line, outside single- and double-quoted scalars, that a test
// accepts: where a comment or a flow collection starts, read in one pass (a minified JSON line
// is megabytes).

/** Index of the first character outside quotes for which `test` holds, or -1. */
export function firstOutsideQuotes(line: string, test: (c: string, i: number) => boolean): number {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (test(c, i)) return i;
  }
  return -1;
}
