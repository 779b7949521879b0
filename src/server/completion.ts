// Completion of keys (those not yet present, required first) and of values (schema enums, and
// the model's vocabularies for fields the schema keeps as plain strings), in YAML and JSON.
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
import { enumValues, first, propertiesOf, requiredOf, schemasAt, typeLabel, type Schema } from './schema-nav';
import { modelValues, valueMeaning } from './vocabulary';

export interface CompletionSubject {
  kind: Kind;
  /** Pointer tokens of the object (keys) or value, relative to the item. */
  tokens: string[];
  /** The item's (possibly stale) value. */
  itemValue: unknown;
}

const EMPTY: CompletionList = { isIncomplete: false, items: [] };

function valueAt(value: unknown, tokens: string[]): unknown {
  let cur = value;
  for (const t of tokens) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return cur;
}

/** A YAML scalar that needs no quotes and reads back as the same string. */
function plainYaml(v: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_./-]*$/.test(v) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(v);
}

function isObjectSchema(schemas: Schema[]): boolean {
  return schemas.some((s) => s.type === 'object' || s.properties);
}

function isArraySchema(schemas: Schema[]): boolean {
  return schemas.some((s) => s.type === 'array');
}

export function completionFor(doc: TextDocument, ctx: CursorContext, subject: CompletionSubject): CompletionList {
  const found = schemasAt(subject.kind, subject.tokens, subject.itemValue);
  if (!found || found.schemas.length === 0) return EMPTY;
  const { root, schemas } = found;
  const text = doc.getText();
  const range = { start: doc.positionAt(ctx.replaceStart), end: doc.positionAt(ctx.replaceEnd) };
  if (ctx.at === 'key' && (isObjectSchema(schemas) || ctx.itemPointer === undefined)) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    return { isIncomplete: false, items: keyItems(ctx, subject, root, schemas, range, eol) };
  }
  const quoted = ctx.syntax === 'yaml' && /["']/.test(text[ctx.replaceStart] ?? '');
  // Right after `key:` (the colon just typed): YAML needs a space before the value.
  const space = ctx.syntax === 'yaml' && text[ctx.replaceStart - 1] === ':' ? ' ' : '';
  return { isIncomplete: false, items: valueItems(ctx, subject, schemas, range, quoted, space) };
}

function keyItems(ctx: CursorContext, subject: CompletionSubject, root: Schema, schemas: Schema[], range: Range, eol: string): CompletionItem[] {
  const objectValue = valueAt(subject.itemValue, subject.tokens);
  const props = propertiesOf(root, schemas, objectValue);
  const required = requiredOf(schemas);
  const present = new Set(ctx.presentKeys);
  const items: CompletionItem[] = [];
  let order = 0;
  for (const [key, ps] of props) {
    order++;
    if (present.has(key)) continue;
    const deprecated = Boolean(first(ps, 'deprecated'));
    const readOnly = Boolean(first(ps, 'readOnly'));
    const rank = required.has(key) ? 0 : readOnly ? 3 : deprecated ? 4 : 1;
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
      detail: [required.has(key) ? 'required' : '', type ?? ''].filter(Boolean).join(' ') || undefined,
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
