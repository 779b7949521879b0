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

// JavaScript's \s, which the modeline patterns allow between '#' and their word.
const isJsSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/** What commentMentions() found: a '#', white space, then `omlint` (1) or `yaml-language-server` (2). */
export const MENTIONS_OMLINT = 1;
export const MENTIONS_YAML_LANGUAGE_SERVER = 2;

/**
 * Whether a '#', then any white space, then "omlint" or "yaml-language-server" stands anywhere
 * in the text (a bit each): every directive and modeline starts so, and most texts have neither.
 * One pass over the '#'s: a search for "omlint" stops at every 'o' of the prose in comments.
 */
export function commentMentions(text: string): number {
  let found = 0;
  for (let at = text.indexOf('#'); at >= 0; at = text.indexOf('#', at + 1)) {
    let i = at + 1;
    while (i < text.length && isJsSpace(text.charCodeAt(i))) i++;
    const c = text.charCodeAt(i);
    // One call of startsWith for both words: a second one, first reached in optimized code (most
    // comments start with neither), made V8 compile this again.
    const word = c === 111 /* o */ ? 'omlint' : c === 121 /* y */ ? 'yaml-language-server' : undefined;
    if (word !== undefined && text.startsWith(word, i)) found |= c === 111 ? MENTIONS_OMLINT : MENTIONS_YAML_LANGUAGE_SERVER;
    if (found === (MENTIONS_OMLINT | MENTIONS_YAML_LANGUAGE_SERVER)) break;
  }
  return found;
}
