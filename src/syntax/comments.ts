// Where the comments of a YAML text are, as the `yaml` library's lexer sees them: a '#' inside a
// block scalar or a quoted string is text, not a comment. The lexer is a linear state machine (no
// syntax tree, no recursion, so deep nesting is harmless); callers still pre-check the text so
// that only the few texts that need comments pay for it.
import { CST, Lexer } from 'yaml';
import type { Span } from '../core/types';

/** [start, end) of every comment ('#' to the end of its line, without the line break), in order. */
export function yamlCommentSpans(text: string): Span[] {
  const out: Span[] = [];
  let offset = 0;
  // The lexer announces a scalar with a marker that is not in the text; the token after it is
  // the scalar's source, whatever it looks like (a block scalar's lines may start with '#').
  let scalarNext = false;
  for (const token of new Lexer().lex(text)) {
    if (scalarNext) {
      scalarNext = false;
      offset += token.length;
      continue;
    }
    const type = CST.tokenType(token);
    if (type === 'scalar') {
      scalarNext = true;
      continue;
    }
    // Markers of the lexer's state, not in the text either.
    if (type === 'doc-mode' || type === 'flow-error-end') continue;
    if (type === 'comment') out.push({ start: offset, end: offset + token.length });
    offset += token.length;
  }
  return out;
}
