// Snippets: a skeleton (skeleton.ts) written as YAML or JSON at the cursor's indentation, as LSP
// snippet text with a tab stop per value (choices for enums, short vocabularies and booleans).
// Offered only to clients that say snippetSupport. Where: on a key of an object that misses
// required fields (they are inserted), on a new list item (`- ` in YAML, a value in a JSON array:
// the item's required fields; for a notification, one snippet per typeName with that type's
// fields), and on an empty document (the kind's required fields; an integration: one per type).
import { CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind, type CompletionItem, type Range, type TextEdit } from 'vscode-languageserver';
import type { Kind } from '../core/kinds';
import { configScope, isAlertKind as isAlert } from '../model/alerts';
import { INTEGRATION_FIELDS, INTEGRATION_TYPES } from '../model/integrations';
import { notificationTypesFor } from '../model/notifications';
import { objectSkeleton, type SkeletonField, type SkeletonPlace, type SkeletonValue } from './skeleton';
import { expand, type Schema } from './schema-nav';

export interface SnippetSite {
  syntax: 'yaml' | 'json';
  kind: Kind;
  root: Schema;
  /** Schemas of the object to fill. */
  schemas: Schema[];
  /** Pointer tokens of the object, relative to the item. */
  tokens: string[];
  itemValue: unknown;
  /** The object's value so far (its present keys are not inserted again). */
  object: unknown;
  range: Range;
  /** The indentation of the fields' lines (YAML: the column of the object's keys). */
  indent: string;
  unit: string;
  eol: string;
  /**
   * A value position: JSON puts braces around the fields, YAML starts them on the next line.
   * JSON: commas before and after, where the neighbours need them.
   */
  braces: boolean;
  commaBefore: boolean;
  commaAfter: boolean;
  /** A new list item (YAML `- `, a JSON array's value). */
  newItem: boolean;
}

// ---------------------------------------------------------------- snippet text

const escapeText = (s: string) => s.replace(/[\\$}]/g, (c) => `\\${c}`);
const escapeChoice = (s: string) => s.replace(/[\\,|$}]/g, (c) => `\\${c}`);

/** A YAML scalar that needs no quotes and reads back as the same string. */
export function plainYaml(v: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_./-]*$/.test(v) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(v);
}

class Writer {
  private stop = 0;
  constructor(
    private readonly syntax: 'yaml' | 'json',
    private readonly unit: string,
    private readonly eol: string,
  ) {}

  private scalar(v: unknown): string {
    if (this.syntax === 'json' || typeof v !== 'string') return JSON.stringify(v);
    return plainYaml(v) ? v : JSON.stringify(v);
  }

  private value(v: SkeletonValue, indent: string): string {
    switch (v.t) {
      case 'fixed':
        return escapeText(this.scalar(v.value));
      case 'choice': {
        // JSON strings: the quotes stay outside the choice, so that each option reads as a plain word.
        const quoted = this.syntax === 'json' && v.options.every((o) => typeof o === 'string');
        const options = v.options.map((o) => escapeChoice(quoted ? JSON.stringify(o).slice(1, -1) : this.scalar(o)));
        const choice = `\${${++this.stop}|${options.join(',')}|}`;
        return quoted ? `"${choice}"` : choice;
      }
      case 'input': {
        const stop = v.init === undefined ? `\${${++this.stop}}` : `\${${++this.stop}:${v.init}}`;
        return this.syntax === 'json' && v.string ? `"${stop}"` : stop;
      }
      case 'object':
        return this.syntax === 'json' ? this.jsonObject(v.fields, indent) : `${this.eol}${indent}${this.unit}${this.yamlFields(v.fields, indent + this.unit)}`;
      case 'array': {
        if (!v.item) return '[]';
        const inner = indent + this.unit;
        if (this.syntax === 'json') return `[${this.eol}${inner}${this.value(v.item, inner)}${this.eol}${indent}]`;
        const item = v.item.t === 'object' ? this.yamlFields(v.item.fields, `${inner}  `) : this.value(v.item, `${inner}  `);
        return `${this.eol}${inner}- ${item}`;
      }
    }
  }

  /** YAML fields, the first at the cursor, the others at `indent`. */
  yamlFields(fields: SkeletonField[], indent: string): string {
    return fields
      .map((f) => {
        const v = this.value(f.value, indent);
        const key = escapeText(plainYaml(f.key) ? f.key : JSON.stringify(f.key));
        return v.startsWith(this.eol) ? `${key}:${v}` : `${key}: ${v}`;
      })
      .join(this.eol + indent);
  }

  /** JSON members, the first at the cursor, the others at `indent`. */
  jsonFields(fields: SkeletonField[], indent: string): string {
    return fields.map((f) => `${escapeText(JSON.stringify(f.key))}: ${this.value(f.value, indent)}`).join(`,${this.eol}${indent}`);
  }

  jsonObject(fields: SkeletonField[], indent: string): string {
    if (fields.length === 0) return '{}';
    const inner = indent + this.unit;
    return `{${this.eol}${inner}${this.jsonFields(fields, inner)}${this.eol}${indent}}`;
  }
}

/** The snippet text of fields at a site. */
export function snippetText(site: SnippetSite, fields: SkeletonField[]): string {
  const w = new Writer(site.syntax, site.unit, site.eol);
  if (site.syntax === 'yaml') return site.braces ? `${site.eol}${site.indent}${w.yamlFields(fields, site.indent)}` : w.yamlFields(fields, site.indent);
  const body = site.braces ? w.jsonObject(fields, site.indent) : w.jsonFields(fields, site.indent);
  return `${site.commaBefore ? ', ' : ''}${body}${site.commaAfter ? ',' : ''}`;
}

// ---------------------------------------------------------------- completion items

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** The name of the definition an item's schemas come from (`ReplicaSetMember` → "replica set member"). */
function definitionName(schemas: Schema[]): string | undefined {
  for (const s of schemas) if (typeof s.$ref === 'string' && s.$ref.startsWith('#/definitions/')) return words(s.$ref.slice('#/definitions/'.length));
  return undefined;
}

function item(site: SnippetSite, label: string, detail: string, fields: SkeletonField[], order: number): CompletionItem {
  const newText = snippetText(site, fields);
  return {
    label,
    kind: CompletionItemKind.Snippet,
    detail,
    documentation: { kind: MarkupKind.Markdown, value: `Inserts ${fields.map((f) => `\`${f.key}\``).join(', ')}.` },
    // Before the single keys: the snippet is what an empty place most likely wants.
    sortText: `0!${String(order).padStart(4, '0')}`,
    filterText: label,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: site.range, newText },
  };
}


/** The snippet items for a site (none where nothing is missing). */
export function snippetItems(site: SnippetSite): CompletionItem[] {
  const place: SkeletonPlace = { kind: site.kind, root: site.root, itemValue: site.itemValue };
  const { tokens } = site;
  const emptyObject = !site.object || (typeof site.object === 'object' && Object.keys(site.object).length === 0);
  // A new notification: one snippet per type the configuration's scope accepts.
  if (isAlert(site.kind) && tokens.length === 2 && tokens[0] === 'notifications' && site.newItem && emptyObject) {
    return notificationTypesFor(configScope(site.kind)).map((typeName, i) =>
      item(site, `${typeName} notification`, 'notification with its required fields', objectSkeleton(place, tokens, site.schemas, undefined, { typeName }), i),
    );
  }
  // A new integration: one snippet per type (the schema's branch of that type, its needed fields).
  if (site.kind === 'integration' && tokens.length === 0 && emptyObject) {
    return INTEGRATION_TYPES.filter((type) => !INTEGRATION_FIELDS[type].endOfLife).map((type, i) =>
      item(site, `${type} integration`, 'integration with its required fields', objectSkeleton(place, tokens, expand(site.root, site.root, { type }), undefined, { type }), i),
    );
  }
  const fields = objectSkeleton(place, tokens, site.schemas, site.object);
  // One missing field is the key completion's job.
  if (fields.length < 2 && !(site.newItem && fields.length === 1)) return [];
  const name = tokens.length === 0 ? site.kind : definitionName(site.schemas) ?? tokens[tokens.length - 2] ?? site.kind;
  const label = emptyObject ? `new ${name}` : `required fields of ${name}`;
  return [item(site, label, emptyObject ? `${name} with its required fields` : 'the fields still missing', fields, 0)];
}

/**
 * How the client indents a multi-line snippet's later lines: `asIs` (it takes the text as written;
 * the item says insertTextMode asIs), `adjust` (it adds the line's own indentation to each: VS Code's
 * default), or nothing said (taken as written: Neovim).
 */
export type SnippetIndentMode = 'asIs' | 'adjust' | undefined;

/**
 * Snippet items for the client's indent mode. `lineIndent`: the whitespace that starts the cursor's
 * line, which an adjusting client puts before each later line (so it is taken off the text here).
 */
export function forIndentMode(items: CompletionItem[], mode: SnippetIndentMode, lineIndent: string): CompletionItem[] {
  if (mode === 'asIs') return items.map((i) => (i.kind === CompletionItemKind.Snippet ? { ...i, insertTextMode: InsertTextMode.asIs } : i));
  if (mode !== 'adjust' || lineIndent === '') return items;
  return items.map((i) => {
    if (i.kind !== CompletionItemKind.Snippet || !i.textEdit) return i;
    const edit = i.textEdit as TextEdit;
    // A later line less indented than the cursor's cannot be said relatively: left as written.
    const newText = edit.newText.replace(/(\r?\n)([ \t]*)/g, (all, eol: string, ws: string) => (ws.startsWith(lineIndent) ? eol + ws.slice(lineIndent.length) : all));
    return { ...i, insertTextMode: InsertTextMode.adjustIndentation, textEdit: { ...edit, newText } };
  });
}
