// Modelines: comments that say which kind a file is (`# omlint: kind=alert-config`, or
// yaml-language-server's `# yaml-language-server: $schema=…/<kind>.schema.json`), and comments
// meant as one that do not read as one. One reader for the engine, the project's sniffing of
// siblings and the language server; a SourceFile keeps its text's (SourceFile.comments()).
import { KINDS, isKind, type Kind } from '../core/kinds';
import { nearMatches } from '../core/near';
import { commentMentions, MENTIONS_OMLINT, MENTIONS_YAML_LANGUAGE_SERVER } from './comments';

export interface Modeline {
  offset: number;
  kind?: Kind;
  /** The name written, when it is no known kind. */
  invalid?: string;
}

const OMLINT_MODELINE = /#\s*omlint:\s*kind\s*=\s*([A-Za-z0-9_-]+)/g;
const YLS_MODELINE = /#\s*yaml-language-server:\s*\$schema=(\S+)/g;

/** Modelines of a text, in order. */
export function findModelines(text: string): Modeline[] {
  const out: Modeline[] = [];
  const mentions = commentMentions(text);
  if (mentions & MENTIONS_OMLINT) for (const m of text.matchAll(OMLINT_MODELINE)) {
    out.push(isKind(m[1]) ? { offset: m.index!, kind: m[1] } : { offset: m.index!, invalid: m[1] });
  }
  if (mentions & MENTIONS_YAML_LANGUAGE_SERVER) for (const m of text.matchAll(YLS_MODELINE)) {
    const name = /([A-Za-z0-9_-]+)\.schema\.json(?:[?#].*)?$/.exec(m[1])?.[1];
    if (name && isKind(name)) out.push({ offset: m.index!, kind: name });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** A comment that was meant as an omlint modeline but does not read as one. */
export interface BrokenModeline {
  offset: number;
  length: number;
  /** The kind it names (or nearly names), if any. */
  kind?: Kind;
}

// `omlint`, then a word and a value: `# omlint kind=x`, `# omlint: kind: x`, `# omlint: type=x`, `# omlint: x`.
const OMLINT_COMMENT = /#[ \t]*omlint(?![-\w])[ \t]*(:?)[ \t]*([A-Za-z0-9_-]*)(?:(?:[ \t]*[=:][ \t]*|[ \t]+)([A-Za-z0-9_-]*))?/g;
const MODELINE_AT_START = /^#\s*omlint:\s*kind\s*=\s*[A-Za-z0-9_-]+/;

/**
 * Comments that mean to be a modeline but are malformed: the modeline regex misses them and the
 * file would go unlinted. A comment counts when it names a kind (or nearly) or writes a word near
 * `kind` after `omlint`; prose such as "# omlint checks this file" does not.
 */
export function findBrokenModelines(text: string): BrokenModeline[] {
  // A comment starts with '#' (a single character is found faster than a word: big JSON has none).
  if (text.indexOf('#') < 0 || !text.includes('omlint')) return [];
  const out: BrokenModeline[] = [];
  for (const m of text.matchAll(OMLINT_COMMENT)) {
    const [whole, colon, word, value] = m;
    if (MODELINE_AT_START.test(whole)) continue; // a modeline (valid, or naming an unknown kind: reported as such)
    const kindNamed = [value, word].find((w) => w && (isKind(w) || nearMatches(w, KINDS).length > 0));
    const kindWord = word !== '' && (word === 'kind' || nearMatches(word.toLowerCase(), ['kind', 'type']).length > 0 || word.toLowerCase() === 'type');
    if (!kindNamed && !(kindWord && (colon || value !== undefined))) continue;
    const named = kindNamed && (isKind(kindNamed) ? kindNamed : nearMatches(kindNamed, KINDS)[0]);
    out.push({ offset: m.index!, length: whole.length, kind: named && isKind(named) ? named : undefined });
  }
  return out;
}
