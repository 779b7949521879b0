// "Disable <rule> for this file" where a document cannot hold a directive (JSON has no comments):
// an override `{ files: [<path>], rules: { <rule>: off } }` written into the config that governs
// the file, as edits that keep the config's layout; a new omlint.config.yaml beside the file when
// none governs it.
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../io/write-file';
import { modify, type FormattingOptions } from 'jsonc-parser';
import type { TextEdit as LspTextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { FixOp } from '../core/types';
import { fixEdits } from '../syntax/fix';
import { parseText } from '../syntax/index';
import { readRegularText } from '../io/read-input';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { pathToUri, uriToPath } from './uris';
import type { Workspace } from './workspace';

export interface DisableForFileInput {
  /** Absolute path of the document. */
  filePath: string;
  ruleId: string;
  /** The config that governs the file (null: none; a new one is created beside the file). */
  configPath: string | null;
  /** The config's text: an open buffer's (with its version) or the file's on disk. */
  configText(configPath: string): { text: string; version?: number } | undefined;
  /** The client can create files in a workspace edit. */
  canCreateFiles: boolean;
  toUri(filePath: string): string;
}

export const NEW_CONFIG_NAME = 'omlint.config.yaml';

/** The file as a pattern of `overrides[].files`: relative to the config's directory, glob characters escaped. */
export function filePattern(configDir: string, filePath: string): string | undefined {
  const rel = path.relative(configDir, filePath).split(path.sep).join('/');
  if (rel === '' || rel.startsWith('../') || path.isAbsolute(rel)) return undefined;
  const escaped = rel.replace(/[*?[\]{}()!+@\\]/g, '\\$&');
  // A pattern without a slash matches the base name in every directory (config/load.ts): `./` pins it.
  return escaped.includes('/') ? escaped : `./${escaped}`;
}

/** A YAML scalar valid in block and flow context alike: plain when safe, else double-quoted (JSON is YAML). */
const yamlScalar = (v: string) => (/^[A-Za-z0-9._/-]+$/.test(v) && !/^[-.]/.test(v.replace(/^\.\//, 'x')) ? v : JSON.stringify(v));

function blockOverride(indent: string, pattern: string, ruleId: string, nl: string): string {
  return `${indent}- files: [${yamlScalar(pattern)}]${nl}${indent}  rules:${nl}${indent}    ${yamlScalar(ruleId)}: off${nl}`;
}

interface Offsets {
  start: number;
  end: number;
  text: string;
}

/** The override that names exactly this file, by index. */
function ownOverride(value: unknown, pattern: string): number {
  const overrides = (value as { overrides?: unknown } | null)?.overrides;
  if (!Array.isArray(overrides)) return -1;
  return overrides.findIndex((o) => o && typeof o === 'object' && Array.isArray(o.files) && o.files.length === 1 && o.files[0] === pattern);
}

function yamlEdits(text: string, pattern: string, ruleId: string): Offsets[] | undefined {
  const file = parseText(text, NEW_CONFIG_NAME);
  const doc = file.documents[0];
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const atEnd = (insert: string): Offsets[] => [{ start: text.length, end: text.length, text: (text === '' || /[\r\n]$/.test(text) ? '' : nl) + insert }];
  if (!doc || file.documents.length > 1 || doc.unusable || file.problems.length) return undefined;
  const value = doc.value;
  if (value === null || value === undefined) return atEnd(`overrides:${nl}${blockOverride('  ', pattern, ruleId, nl)}`);
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const own = ownOverride(value, pattern);
  if (own >= 0) {
    // Add the rule to the override that already names the file.
    const o = (value as { overrides: { rules?: unknown }[] }).overrides[own];
    const rules = o.rules;
    const ops: FixOp[] =
      rules && typeof rules === 'object' && !Array.isArray(rules)
        ? [ruleId in rules ? { op: 'replace', pointer: `/overrides/${own}/rules/${ruleId.replace(/~/g, '~0').replace(/\//g, '~1')}`, value: 'off' } : { op: 'add', pointer: `/overrides/${own}/rules`, key: ruleId, value: 'off' }]
        : [{ op: 'add', pointer: `/overrides/${own}`, key: 'rules', value: { [ruleId]: 'off' } }];
    const edits = fixEdits(file, doc, '', ops);
    return edits?.map((e) => ({ start: e.span.start, end: e.span.end, text: e.text }));
  }
  const overrides = (value as { overrides?: unknown }).overrides;
  if (!('overrides' in value)) {
    if (text.trimStart().startsWith('{')) return undefined; // a flow mapping as the whole config
    return atEnd(`overrides:${nl}${blockOverride('  ', pattern, ruleId, nl)}`);
  }
  if (!Array.isArray(overrides)) return undefined;
  const loc = doc.locate('/overrides');
  if (!loc) return undefined;
  const flowItem = `{ files: [${yamlScalar(pattern)}], rules: { ${yamlScalar(ruleId)}: off } }`;
  if (text[loc.value.start] === '[') {
    const close = text.lastIndexOf(']', loc.value.end);
    if (close < loc.value.start) return undefined;
    return [{ start: close, end: close, text: overrides.length ? `, ${flowItem}` : flowItem }];
  }
  if (!overrides.length) return undefined;
  const last = doc.locate(`/overrides/${overrides.length - 1}`);
  if (!last) return undefined;
  // After the last item's last line, at the indentation of its `-`.
  let end = last.value.end;
  while (end > last.value.start && /\s/.test(text[end - 1])) end--;
  let lineStart = last.value.start;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  let at = end;
  while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at++;
  if (at === text.length) return [{ start: at, end: at, text: nl + blockOverride(indent, pattern, ruleId, nl).replace(/(\r?\n)$/, '') }];
  at += text[at] === '\r' && text[at + 1] === '\n' ? 2 : 1;
  return [{ start: at, end: at, text: blockOverride(indent, pattern, ruleId, nl) }];
}

function jsonEdits(text: string, pattern: string, ruleId: string): Offsets[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // a config that does not parse: the config's own diagnostics say why
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const formattingOptions: FormattingOptions = { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
  const own = ownOverride(value, pattern);
  const edits =
    own >= 0
      ? modify(text, ['overrides', own, 'rules', ruleId], 'off', { formattingOptions })
      : modify(text, ['overrides', -1], { files: [pattern], rules: { [ruleId]: 'off' } }, { formattingOptions, isArrayInsertion: true });
  return edits.map((e) => ({ start: e.offset, end: e.offset + e.length, text: e.content }));
}

/** The workspace edit that turns `ruleId` off for the file, or undefined where none can be written. */
export function disableForFileEdit(input: DisableForFileInput): WorkspaceEdit | undefined {
  const { filePath, ruleId } = input;
  if (!input.configPath) {
    if (!input.canCreateFiles) return undefined;
    const configPath = path.join(path.dirname(filePath), NEW_CONFIG_NAME);
    const pattern = filePattern(path.dirname(configPath), filePath)!;
    const uri = input.toUri(configPath);
    const text = `overrides:\n${blockOverride('  ', pattern, ruleId, '\n')}`;
    return {
      documentChanges: [
        { kind: 'create', uri, options: { ignoreIfExists: true } },
        { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: text }] },
      ],
    };
  }
  const pattern = filePattern(path.dirname(input.configPath), filePath);
  const current = input.configText(input.configPath);
  if (!pattern || !current) return undefined;
  const offsets = /\.json$/i.test(input.configPath) ? jsonEdits(current.text, pattern, ruleId) : yamlEdits(current.text, pattern, ruleId);
  if (!offsets?.length) return undefined;
  const uri = input.toUri(input.configPath);
  const doc = TextDocument.create(uri, 'yaml', current.version ?? 0, current.text);
  const edits: LspTextEdit[] = offsets.map((o) => ({ range: { start: doc.positionAt(o.start), end: doc.positionAt(o.end) }, newText: o.text }));
  if (current.version !== undefined) return { documentChanges: [{ textDocument: { uri, version: current.version }, edits }] };
  return { changes: { [uri]: edits } };
}

/** The rule turned off for an editor document through the config of its workspace (undefined: cannot be). */
export function disableInConfig(workspace: Workspace, doc: TextDocument, ruleId: string, canCreateFiles: boolean, onDisk?: () => { text: string } | undefined): { edit: WorkspaceEdit; configName: string } | undefined {
  const filePath = uriToPath(doc.uri);
  if (!filePath) return undefined; // an untitled buffer: no path for `files`
  const settings = workspace.settingsFor(filePath);
  // The config refuses ids it does not know: built-in rules and the policies it loads.
  if (!KNOWN_RULE_IDS.has(ruleId) && !settings.policies?.some((r) => r.meta.id === ruleId)) return undefined;
  const configPath = workspace.config.configPathFor(path.dirname(filePath));
  const edit = disableForFileEdit({
    filePath,
    ruleId,
    configPath,
    canCreateFiles,
    toUri: (p) => workspace.documentAt(p)?.uri ?? pathToUri(p),
    configText: (p) => {
      const open = workspace.documentAt(p);
      if (open) return { text: open.getText(), version: open.version };
      if (onDisk) return onDisk();
      try {
        return { text: readRegularText(p) };
      } catch {
        return undefined;
      }
    },
  });
  return edit && { edit, configName: configPath ? path.basename(configPath) : `a new ${NEW_CONFIG_NAME}` };
}

/** The command of "Disable for this file" for a client that watches no files (Neovim): the server writes the config. */
export const DISABLE_FOR_FILE_COMMAND = 'omlint.disableForFile';

/**
 * "Disable for this file" carried out by the server (in a client without file watching the
 * edited config stayed an unsaved buffer the server never saw). A config open in the editor gets the
 * edit (its didChange re-reads it); otherwise the server writes the file and returns its path.
 */
export function writeDisableForFile(workspace: Workspace, doc: TextDocument, ruleId: string): { edit: WorkspaceEdit } | { written: string } | undefined {
  const filePath = uriToPath(doc.uri);
  if (!filePath) return undefined;
  const found = workspace.config.configPathFor(path.dirname(filePath));
  const configPath = found ?? path.join(path.dirname(filePath), NEW_CONFIG_NAME);
  if (workspace.documentAt(configPath)) {
    const off = disableInConfig(workspace, doc, ruleId, true);
    return off && { edit: off.edit };
  }
  // The config is read once: the edits are made on this text, and it is replaced only while it
  // still holds it (or still does not exist), never through a link.
  const before = configOnDisk(configPath);
  // The edit of a new config is no edit of one that exists (it would add a second `overrides:`).
  if (!found && before !== undefined) throw new Error(`${configPath} exists but does not govern ${path.basename(filePath)}; add the override there yourself`);
  const off = disableInConfig(workspace, doc, ruleId, true, () => (before === undefined ? undefined : { text: before }));
  if (!off) return undefined;
  const { edit } = off;
  const edits = edit.changes ? Object.values(edit.changes)[0] : (edit.documentChanges ?? []).flatMap((c) => ('edits' in c ? c.edits : []));
  const after = TextDocument.applyEdits(TextDocument.create(pathToUri(configPath), 'yaml', 0, before ?? ''), edits as LspTextEdit[]);
  const written = writeFileAtomic(configPath, after, { what: 'the config', stillCurrent: () => configOnDisk(configPath) === before });
  if (!written) throw new Error(`${configPath} changed while it was edited; nothing was written, try again`);
  return { written: configPath };
}

/** A config's text, undefined when there is none; a link or an unreadable file is an error (never written over). */
function configOnDisk(configPath: string): string | undefined {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(configPath);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  if (st.isSymbolicLink()) throw new Error(`${configPath} is a symbolic link: omlint does not write through it; add the override there yourself`);
  return readRegularText(configPath);
}
