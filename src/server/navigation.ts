// Go to definition, find references and rename for the names that link documents (a member's
// host ↔ its process, replSetName ↔ replica set, mongos cluster ↔ sharded cluster, version ↔
// mongoDbVersions, WEBHOOK notification ↔ the project's WEBHOOK integration, across files).
import { parse as parseYaml } from 'yaml';
import type { Location, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../core/types';
import type { Kind } from '../core/kinds';
import { isConfigFile } from './config';
import { linkIndex, nameKey, siteAt, type LinkIndex, type LinkMemo, type LinkSite } from './link-index';
import { hasBom } from './positions';
import { lintNameOf, pathToUri, uriToPath } from './uris';
import type { Workspace } from './workspace';

/** The kinds whose documents a cross-file link reaches (the webhook-default-url rule's scope). */
const CROSS_FILE_KINDS: Kind[] = ['alert-config', 'integration'];

export interface FileLinks {
  uri: string;
  text: string;
  json: boolean;
  index: LinkIndex;
  /** For offsets → positions (the editor's own document when open: its line index is built). */
  doc: TextDocument;
}

interface Found {
  file: FileLinks;
  site: LinkSite;
}

/** `memo`: the document's last link index (its context's), shifted across a local edit rather than built again. */
export function fileLinks(workspace: Workspace, uri: string, filePath: string, text: string, doc?: TextDocument, memo?: LinkMemo): FileLinks | undefined {
  const settings = workspace.settingsFor(filePath);
  if (settings.ignored) return undefined;
  const parsed = workspace.project.parse(filePath, text);
  const index = linkIndex(parsed, filePath, settings, memo);
  return { uri, text, json: parsed.syntax === 'json', index, doc: doc ?? TextDocument.create(uri, parsed.syntax, 0, text) };
}

/** The link site under the cursor of an editor document. */
function siteUnder(workspace: Workspace, doc: TextDocument, position: Position, memo?: LinkMemo): Found | undefined {
  const onDisk = uriToPath(doc.uri);
  if (onDisk && isConfigFile(onDisk)) return undefined;
  const file = fileLinks(workspace, doc.uri, lintNameOf(doc.uri), doc.getText(), doc, memo);
  if (!file) return undefined;
  const offset = doc.offsetAt(position) - (hasBom(file.text) ? 1 : 0);
  const site = siteAt(file.index, offset);
  return site ? { file, site } : undefined;
}

/** The other files of the document's project scope that a cross-file link reaches. */
function scopeFiles(workspace: Workspace, doc: TextDocument): FileLinks[] {
  const filePath = uriToPath(doc.uri);
  if (!filePath) return [];
  const out: FileLinks[] = [];
  for (const input of workspace.scopeInputs(filePath, CROSS_FILE_KINDS)) {
    const uri = workspace.documentAt(input.filePath)?.uri ?? pathToUri(input.filePath);
    const open = workspace.documentAt(input.filePath);
    const f = fileLinks(workspace, uri, input.filePath, input.text, open?.getText() === input.text ? open : undefined);
    if (f) out.push(f);
  }
  return out;
}

/** Every site of the name under the cursor: in its own document, and across files for a webhook. */
function sitesOfName(workspace: Workspace, doc: TextDocument, found: Found): Found[] {
  const key = nameKey(found.site.target, found.site.name);
  const sameDoc = (s: LinkSite) => s.docIndex === found.site.docIndex;
  const mine = (found.file.index.byName.get(key) ?? []).filter(found.site.target === 'webhook-integration' ? () => true : sameDoc);
  const out = mine.map((site) => ({ file: found.file, site }));
  if (found.site.target === 'webhook-integration') {
    for (const f of scopeFiles(workspace, doc)) for (const site of f.index.byName.get(key) ?? []) out.push({ file: f, site });
  }
  return out;
}

export function rangeOf(file: FileLinks, span: Span): Range {
  const asDoc = file.doc;
  const shift = hasBom(file.text) ? 1 : 0;
  return { start: asDoc.positionAt(span.start + shift), end: asDoc.positionAt(span.end + shift) };
}

const locationOf = (f: Found): Location => ({ uri: f.file.uri, range: rangeOf(f.file, f.site.nameSpan) });

export function definition(workspace: Workspace, doc: TextDocument, position: Position, memo?: LinkMemo): Location[] {
  const found = siteUnder(workspace, doc, position, memo);
  if (!found) return [];
  return sitesOfName(workspace, doc, found).filter((f) => f.site.role === 'definition').map(locationOf);
}

export function references(workspace: Workspace, doc: TextDocument, position: Position, includeDeclaration: boolean, memo?: LinkMemo): Location[] {
  const found = siteUnder(workspace, doc, position, memo);
  if (!found) return [];
  return sitesOfName(workspace, doc, found)
    .filter((f) => includeDeclaration || f.site.role === 'reference')
    .map(locationOf);
}

/** The name's range when the cursor is on a renamable name (a webhook's `WEBHOOK` is a type, not a name). */
export function prepareRename(workspace: Workspace, doc: TextDocument, position: Position, memo?: LinkMemo): Range | null {
  const found = siteUnder(workspace, doc, position, memo);
  if (!found || found.site.target === 'webhook-integration') return null;
  return rangeOf(found.file, found.site.nameSpan);
}

/** The text that writes `name` where a string of this quoting stood. */
export function spelled(site: LinkSite, name: string, json: boolean): { span: Span; text: string } {
  if (site.quote === '"') return { span: site.nameSpan, text: JSON.stringify(name).slice(1, -1) };
  if (site.quote === "'") return { span: site.nameSpan, text: name.replace(/'/g, "''") };
  // A plain YAML scalar stays plain only when it reads back as the same string.
  let plain = false;
  try {
    plain = !json && name !== '' && !/[\r\n]/.test(name) && parseYaml(name) === name;
  } catch {
    plain = false;
  }
  return { span: site.span, text: plain ? name : JSON.stringify(name) };
}

/** A new name that cannot stand where the old one stood: the server answers the rename with this message. */
export class InvalidRenameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRenameError';
  }
}

const WHAT: Record<LinkSite['target'], string> = { process: 'process', 'replica-set': 'replica set', 'sharded-cluster': 'sharded cluster', 'mongodb-version': 'version', 'webhook-integration': 'integration' };

/**
 * Why a new name cannot replace the old one, or undefined: an empty name, a control character (NUL,
 * a line break: no name holds one, and a NUL ends the string for the agent's C/Go code), a line or
 * paragraph separator, a lone surrogate (no UTF-8 encodes it), blanks at either end (invisible,
 * and a plain YAML scalar loses them), or the name of another one of its kind (two would merge).
 */
function renameProblem(found: Found, newName: string): string | undefined {
  const what = WHAT[found.site.target];
  if (newName.trim() === '') return `A ${what} name cannot be empty.`;
  const bad = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(newName);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return `A ${what} name cannot hold U+${code} (${code === '0000' ? 'NUL' : /^D[89A-F]/.test(code) ? 'a lone surrogate' : 'a control character or line break'}); it is at position ${bad.index + 1} of the new name.`;
  }
  if (newName !== newName.trim()) return `A ${what} name cannot start or end with blanks: ${JSON.stringify(newName)}.`;
  if (newName !== found.site.name && (found.file.index.byName.get(nameKey(found.site.target, newName)) ?? []).some((s) => s.docIndex === found.site.docIndex && s.role === 'definition')) {
    return `There is already a ${what} named ${JSON.stringify(newName)}: renaming would make the two one.`;
  }
  return undefined;
}

/** The edits of a rename; throws InvalidRenameError when the new name cannot stand there. */
export function rename(workspace: Workspace, doc: TextDocument, position: Position, newName: string, memo?: LinkMemo): WorkspaceEdit | null {
  const found = siteUnder(workspace, doc, position, memo);
  if (!found || found.site.target === 'webhook-integration') return null;
  const problem = renameProblem(found, newName);
  if (problem) throw new InvalidRenameError(problem);
  const changes: Record<string, TextEdit[]> = {};
  for (const f of sitesOfName(workspace, doc, found)) {
    const { span, text } = spelled(f.site, newName, f.file.json);
    (changes[f.file.uri] ??= []).push({ range: rangeOf(f.file, span), newText: text });
  }
  return { changes };
}
