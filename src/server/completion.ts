// Completion of keys (those not yet present and fitting the context, required first) and of
// values (schema enums, and the model's vocabularies for fields the schema keeps as plain
// strings), in YAML and JSON; snippets of required fields for clients that take snippets.
import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type CompletionList,
  type Range,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Kind } from '../core/kinds';
import type { CursorContext } from '../syntax/index';
import { keyContext } from './key-context';
import { enumValues, first, propertiesOf, requiredOf, schemasAt, typeLabel, type Schema } from './schema-nav';
import { valueAt } from './skeleton';
import { forIndentMode, plainYaml, snippetItems, type SnippetIndentMode, type SnippetSite } from './snippets';
import { modelValues, valueMeaning } from './vocabulary';
import { isObject } from '../core/is-object';

export interface CompletionSubject {
  kind: Kind;
  /** Pointer tokens of the object (keys) or value, relative to the item. */
  tokens: string[];
  /** The item's (possibly stale) value. */
  itemValue: unknown;
}

export interface CompletionOptions {
  /** The client takes snippets (CompletionClientCapabilities snippetSupport). */
  snippets?: boolean;
  /** How the client indents a snippet's later lines (insertTextModeSupport, its default insertTextMode). */
  indentMode?: SnippetIndentMode;
  /** The text's line break, when its parse found it (else looked for here). */
  lineBreak?: string;
}

const EMPTY: CompletionList = { isIncomplete: false, items: [] };

function isObjectSchema(schemas: Schema[]): boolean {
  return schemas.some((s) => s.type === 'object' || s.properties);
}

function isArraySchema(schemas: Schema[]): boolean {
  return schemas.some((s) => s.type === 'array');
}

export function completionFor(doc: TextDocument, ctx: CursorContext, subject: CompletionSubject, options: CompletionOptions = {}): CompletionList {
  const found = schemasAt(subject.kind, subject.tokens, subject.itemValue);
  if (!found || found.schemas.length === 0) return EMPTY;
  const { root, schemas } = found;
  const text = doc.getText();
  const range = { start: doc.positionAt(ctx.replaceStart), end: doc.positionAt(ctx.replaceEnd) };
  const eol = options.lineBreak ?? (text.includes('\r\n') ? '\r\n' : '\n');
  const snippets = (items: CompletionItem[]) => forIndentMode(items, options.indentMode, /^[ \t]*/.exec(text.slice(lineStartOf(text, ctx.replaceStart), ctx.replaceStart))![0]);
  if (ctx.at === 'key' && (isObjectSchema(schemas) || ctx.itemPointer === undefined)) {
    const object = presentObject(ctx, valueAt(subject.itemValue, subject.tokens));
    const items = keyItems(ctx, subject, root, schemas, range, eol, object);
    if (options.snippets && !ctx.hasColon && isObjectSchema(schemas)) items.push(...snippets(snippetItems(snippetSite(text, ctx, subject, root, schemas, object, range, eol, false))));
    return { isIncomplete: false, items };
  }
  // A value still to write whose schema is an object: JSON (an array's new item, an empty
  // document; not before a `{` already there), YAML after `key:` (the fields go on the next
  // lines, one step in; those the block below already has are left out).
  if (options.snippets && ctx.replaceStart === ctx.replaceEnd && isObjectSchema(schemas) && !(ctx.syntax === 'json' && valueFollows(text, ctx.replaceEnd))) {
    const below = ctx.syntax === 'yaml' ? valueAt(subject.itemValue, subject.tokens) : undefined;
    return { isIncomplete: false, items: snippets(snippetItems(snippetSite(text, ctx, subject, root, schemas, below, range, eol, true))) };
  }
  const quoted = ctx.syntax === 'yaml' && /["']/.test(text[ctx.replaceStart] ?? '');
  // Right after `key:` (the colon just typed): YAML needs a space before the value.
  const space = ctx.syntax === 'yaml' && text[ctx.replaceStart - 1] === ':' ? ' ' : '';
  return { isIncomplete: false, items: valueItems(ctx, subject, schemas, range, quoted, space) };
}

/**
 * The object under the cursor as far as its keys go: the keys the cursor reader found in the text
 * (the parse may be stale), with their values from the last parse (typeName, eventTypeName decide
 * which keys fit).
 */
function presentObject(ctx: CursorContext, stale: unknown): Record<string, unknown> {
  const known = isObject(stale) ? (stale as Record<string, unknown>) : {};
  // Own keys only, and each key an own property (fromEntries): `__proto__` or `constructor` typed in a document are keys.
  return Object.fromEntries(ctx.presentKeys.map((k) => [k, Object.hasOwn(known, k) ? known[k] : undefined]));
}

// JSON's line breaks: \n or \r\n (a lone \r only shifts the indentation read).
const lineStartOf = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

/** The first non-blank character before / after an offset. */
function significantBefore(text: string, at: number): string {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return text[i] ?? '';
}
function significantAfter(text: string, at: number): string {
  let i = at;
  while (i < text.length && /\s/.test(text[i])) i++;
  return text[i] ?? '';
}

/** JSON: a `{` or `[` right after the cursor on its line (the value is there already). */
function valueFollows(text: string, at: number): boolean {
  let i = at;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] === '{' || text[i] === '[';
}

/** The indentation step of a JSON text (its first indented line), two spaces when flat. */
function jsonUnit(text: string): string {
  return /\n([ \t]+)\S/.exec(text.slice(0, 4096))?.[1] ?? '  ';
}

function snippetSite(text: string, ctx: CursorContext, subject: CompletionSubject, root: Schema, schemas: Schema[], object: unknown, range: Range, eol: string, braces: boolean): SnippetSite {
  const base = { kind: subject.kind, root, schemas, tokens: subject.tokens, itemValue: subject.itemValue, object, range, eol };
  if (ctx.syntax === 'yaml') {
    return { ...base, syntax: 'yaml', indent: ' '.repeat(ctx.column + (braces ? 2 : 0)), unit: '  ', braces, commaBefore: false, commaAfter: false, newItem: ctx.itemPointer !== undefined };
  }
  const lineStart = lineStartOf(text, ctx.replaceStart);
  const lineIndent = /^[ \t]*/.exec(text.slice(lineStart, ctx.replaceStart))![0];
  const unit = jsonUnit(text);
  // An object value's braces close at the line's indentation; fields typed on a line of their own
  // line up with the cursor, after other text one step in.
  const indent = braces || lineStart + lineIndent.length === ctx.replaceStart ? lineIndent : lineIndent + unit;
  const before = significantBefore(text, ctx.replaceStart);
  const after = significantAfter(text, ctx.replaceEnd);
  return {
    ...base,
    syntax: 'json',
    indent,
    unit,
    braces,
    commaBefore: before !== '' && before !== '{' && before !== '[' && before !== ',' && before !== ':',
    commaAfter: after !== '' && after !== '}' && after !== ']' && after !== ',',
    newItem: braces && /^\d+$/.test(subject.tokens[subject.tokens.length - 1] ?? ''),
  };
}

function keyItems(ctx: CursorContext, subject: CompletionSubject, root: Schema, schemas: Schema[], range: Range, eol: string, object: Record<string, unknown>): CompletionItem[] {
  const props = propertiesOf(root, schemas, object);
  const required = requiredOf(schemas);
  const context = keyContext(subject.kind, subject.tokens, object);
  const present = new Set(ctx.presentKeys);
  const items: CompletionItem[] = [];
  let order = 0;
  for (const [key, ps] of props) {
    order++;
    // Response-only fields (id, created, links…) are the server's: a document written here is a request body.
    if (present.has(key) || context.hidden.has(key) || first(ps, 'readOnly')) continue;
    // The editors' `$schema` member (accepted in JSON) is no field of the document to offer.
    if (key === '$schema') continue;
    const deprecated = Boolean(first(ps, 'deprecated'));
    const needed = required.has(key) || context.needed.includes(key);
    const rank = needed ? 0 : deprecated ? 4 : context.preferred.has(key) ? 1 : 2;
    const description = first<string>(ps, 'description');
    const type = typeLabel(root, ps);
    let newText: string;
    if (ctx.syntax === 'json') {
      newText = ctx.hasColon ? `"${key}"` : `"${key}": `;
    } else if (ctx.hasColon) {
      newText = key;
    } else if (isObjectSchema(ps) && !enumValues(ps).length) {
      newText = `${key}:${eol}${' '.repeat(ctx.column + 2)}`;
    } else if (isArraySchema(ps)) {
      newText = `${key}:${eol}${' '.repeat(ctx.column + 2)}- `;
    } else {
      newText = `${key}: `;
    }
    const item: CompletionItem = {
      label: key,
      kind: CompletionItemKind.Property,
      detail: [needed ? 'required' : '', type ?? ''].filter(Boolean).join(' ') || undefined,
      documentation: description ? { kind: MarkupKind.Markdown, value: description } : undefined,
      sortText: `${rank}${String(order).padStart(4, '0')}`,
      filterText: ctx.quoted ? `"${key}"` : key,
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: { range, newText },
    };
    if (deprecated) item.tags = [CompletionItemTag.Deprecated];
    items.push(item);
  }
  return items;
}

function valueItems(ctx: CursorContext, subject: CompletionSubject, schemas: Schema[], range: Range, quotedYaml: boolean, space: string): CompletionItem[] {
  const values: unknown[] = [...enumValues(schemas)];
  for (const v of modelValues(subject.kind, subject.tokens, subject.itemValue) ?? []) if (!values.includes(v)) values.push(v);
  if (schemas.some((s) => s.type === 'boolean')) for (const b of [true, false]) if (!values.includes(b)) values.push(b);
  return values.map((v, i) => {
    const label = typeof v === 'string' ? v : JSON.stringify(v);
    let newText: string;
    if (ctx.syntax === 'json') newText = JSON.stringify(v);
    else if (typeof v !== 'string') newText = String(v);
    else newText = plainYaml(v) && !quotedYaml ? v : JSON.stringify(v);
    const meaning = typeof v === 'string' ? valueMeaning(subject.kind, subject.tokens, v) : undefined;
    return {
      label,
      kind: typeof v === 'boolean' ? CompletionItemKind.Value : CompletionItemKind.EnumMember,
      documentation: meaning ? { kind: MarkupKind.Markdown, value: meaning } : undefined,
      sortText: String(i).padStart(4, '0'),
      filterText: space + (ctx.quoted || quotedYaml ? JSON.stringify(label) : label),
      insertTextFormat: InsertTextFormat.PlainText,
      textEdit: { range, newText: space + newText },
    } satisfies CompletionItem;
  });
}
