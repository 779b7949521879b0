// Hover: what a key or value means, from the kind's JSON Schema (description, type, accepted
// values, deprecation) and from src/model for enum values. Never shows a secret's value.
import { MarkupKind, type Diagnostic as LspDiagnostic, type Hover, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Kind } from '../core/kinds';
import { joinPointer, splitPointer } from '../core/pointer';
import { findSecrets } from '../model/secrets';
import type { CursorContext, SourceFile } from '../syntax/index';
import { itemLabel } from './item-names';
import { nodesAt } from './selection';
import { enumValues, first, requiredOf, schemasAt, typeLabel } from './schema-nav';
import { modelValues, valueMeaning } from './vocabulary';

const MAX_LISTED = 30;

function codeList(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED).map((v) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``);
  return shown.join(', ') + (values.length > MAX_LISTED ? ` … (${values.length} in all)` : '');
}

export interface HoverSubject {
  kind: Kind;
  /** Pointer tokens of the hovered key or value, relative to the item. */
  tokens: string[];
  /** The item's (possibly stale) value, for conditional schemas and secrets. */
  itemValue: unknown;
  /** The hovered token's text (for values). */
  token: string;
}

export function hoverFor(doc: TextDocument, ctx: CursorContext, subject: HoverSubject): Hover | null {
  const { kind, tokens, itemValue } = subject;
  const found = schemasAt(kind, tokens, itemValue);
  if (!found || found.schemas.length === 0) return null;
  const { root, schemas } = found;
  const name = tokens.length ? tokens[tokens.length - 1] : undefined;
  const lines: string[] = [];
  const title = name === undefined ? (root.title as string | undefined) ?? kind : /^\d+$/.test(name) ? itemLabel(tokens, itemValue) ?? `item ${name}` : name;
  const type = typeLabel(root, schemas);
  lines.push(`**${title}**${type ? ` — \`${type}\`` : ''}`);
  const description = first<string>(schemas, 'description');
  if (description) lines.push('', description);
  const notes: string[] = [];
  if (name !== undefined && !/^\d+$/.test(name)) {
    const parent = schemasAt(kind, tokens.slice(0, -1), itemValue);
    if (parent && requiredOf(parent.schemas).has(name)) notes.push('Required.');
  }
  if (first(schemas, 'deprecated')) {
    const why = first<string>(schemas, 'deprecationMessage');
    notes.push(`**Deprecated**${why ? `: ${why}` : '.'}`);
  }
  if (first(schemas, 'readOnly')) notes.push('Response-only: the server ignores it on write.');
  const format = first<string>(schemas, 'format');
  if (format === 'date-time') notes.push('An ISO 8601 date-time in UTC, e.g. `2026-05-01T22:00:00Z`.');
  const onValue = ctx.at === 'value' || ctx.itemPointer !== undefined;
  if (!onValue) {
    const values = enumValues(schemas);
    const model = modelValues(kind, tokens, itemValue);
    if (values.length) notes.push(`Accepted values: ${codeList(values)}.`);
    else if (model?.length) notes.push(model.length <= MAX_LISTED ? `Known values: ${codeList(model)}.` : `${model.length} known values; completion offers them.`);
  }
  const pointer = joinPointer('', ...tokens);
  const secret = findSecrets(kind, itemValue).some((s) => s.pointer === pointer);
  if (secret) notes.push('A secret: omlint never shows its value.');
  else if (onValue) {
    const meaning = subject.token ? valueMeaning(kind, tokens, subject.token) : undefined;
    if (meaning) notes.push(meaning);
  }
  if (notes.length) lines.push('', ...notes.flatMap((n, i) => (i ? ['', n] : [n])));
  if (lines.length === 1 && !type) return null;
  return {
    contents: { kind: MarkupKind.Markdown, value: lines.join('\n') },
    range: { start: doc.positionAt(ctx.replaceStart), end: doc.positionAt(ctx.replaceEnd) },
  };
}

/**
 * On what opens an array item: a YAML `- `, or the `{` / `[` of an item in a flow sequence or a JSON
 * array: the item's name (`member rs0_1`), from the field that names it. `offset`: in the parsed
 * text (after a BOM).
 */
export function itemHover(doc: TextDocument, parsed: SourceFile, offset: number): Hover | null {
  const text = parsed.text;
  let content = offset;
  if (text[offset] === '-' && parsed.syntax === 'yaml') {
    content++;
    while (text[content] === ' ') content++;
  } else if (text[offset] !== '{' && text[offset] !== '[') return null;
  const node = nodesAt(parsed, content).find((n) => n.span.start === content && /\/\d+$/.test(n.pointer));
  if (!node) return null;
  const tokens = splitPointer(node.pointer);
  const label = itemLabel(tokens, parsed.documents[node.docIndex].value);
  if (!label) return null;
  const shift = doc.getText().charCodeAt(0) === 0xfeff ? 1 : 0;
  return {
    contents: { kind: MarkupKind.Markdown, value: `**${label}** — item ${tokens[tokens.length - 1]} of \`${tokens[tokens.length - 2]}\`` },
    range: { start: doc.positionAt(offset + shift), end: doc.positionAt(offset + shift + 1) },
  };
}

const contains = (d: LspDiagnostic, at: Position) =>
  (d.range.start.line < at.line || (d.range.start.line === at.line && d.range.start.character <= at.character)) &&
  (at.line < d.range.end.line || (at.line === d.range.end.line && at.character <= d.range.end.character));

/**
 * The hover with a "read more" link to the documentation of each omlint rule reported under the
 * cursor (the same link as the diagnostic's code: the bundled markdown page), or a hover of those
 * links alone where nothing else is said.
 */
export function withRuleDocs(hover: Hover | null, diagnostics: readonly LspDiagnostic[], at: Position): Hover | null {
  const links = new Map<string, { href: string; d: LspDiagnostic }>();
  for (const d of diagnostics) {
    if (d.source === 'omlint' && typeof d.code === 'string' && d.codeDescription && !links.has(d.code) && contains(d, at)) links.set(d.code, { href: d.codeDescription.href, d });
  }
  if (!links.size) return hover;
  const lines = [...links].map(([id, { href }]) => `[Read more about ${id}](${href})`).join('\n\n');
  if (!hover) return { contents: { kind: MarkupKind.Markdown, value: lines }, range: [...links.values()][0].d.range };
  const value = typeof hover.contents === 'object' && 'kind' in hover.contents ? hover.contents.value : '';
  return { ...hover, contents: { kind: MarkupKind.Markdown, value: value ? `${value}\n\n---\n\n${lines}` : lines } };
}
