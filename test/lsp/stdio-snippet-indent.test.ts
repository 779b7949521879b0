// Multi-line snippets at an indented spot, through the real server over stdio, for the three ways
// a client may indent a snippet's later lines (issue 38: VS Code added the line's indentation on
// top of the absolute one and nested the fields under the previous key):
// - the client takes insertTextMode asIs (vscode-languageclient): the item says asIs, text as written;
// - the client adjusts by default and cannot be told otherwise: the text is relative to the line;
// - the client says nothing (Neovim): the text as written.
// Each is inserted as that client would, and the document must read back with the fields in place.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionRequest, InsertTextMode, type CompletionItem, type CompletionList, type TextEdit } from 'vscode-languageserver-protocol/node';
import { parse as parseYaml } from 'yaml';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startClient, type LspClient } from './client';
import { tempDir } from './fixtures';
import { expandSnippet } from './snippet-text';

// An indented notification missing its required fields (the line under typeName), and a new item.
const TEXT = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: SLACK\n    \n  - \n';
const KEY_LINE = { line: 4, character: 4 };
const NEW_ITEM = { line: 5, character: 4 };

type Mode = 'asIs' | 'adjust' | 'unsaid';

/** The text an editor inserts: VS Code's adjustIndentation puts the line's leading whitespace before each later line. */
function insert(doc: TextDocument, item: CompletionItem, adjusts: boolean): string {
  const edit = item.textEdit as TextEdit;
  let newText = expandSnippet(edit.newText);
  if (adjusts) {
    const line = doc.getText({ start: { line: edit.range.start.line, character: 0 }, end: edit.range.start });
    const lead = /^[ \t]*/.exec(line)![0];
    newText = newText.replace(/\n/g, `\n${lead}`);
  }
  return TextDocument.applyEdits(doc, [{ range: edit.range, newText }]);
}

describe('multi-line snippets at an indented spot over stdio', () => {
  const clients = new Map<Mode, LspClient>();
  let dir: string;

  beforeAll(async () => {
    dir = tempDir({ 'omlint.config.yaml': 'rules: {}\n' });
    const caps: Record<Mode, Record<string, unknown>> = {
      asIs: { completion: { completionItem: { snippetSupport: true, insertTextModeSupport: { valueSet: [InsertTextMode.asIs, InsertTextMode.adjustIndentation] } }, insertTextMode: InsertTextMode.adjustIndentation } },
      adjust: { completion: { completionItem: { snippetSupport: true }, insertTextMode: InsertTextMode.adjustIndentation } },
      unsaid: { completion: { completionItem: { snippetSupport: true } } },
    };
    for (const mode of Object.keys(caps) as Mode[]) clients.set(mode, await startClient(dir, undefined, caps[mode]));
  });
  afterAll(async () => {
    await Promise.all([...clients.values()].map((c) => c.stop()));
  });

  async function complete(mode: Mode, position: { line: number; character: number }): Promise<{ doc: TextDocument; items: CompletionItem[] }> {
    const client = clients.get(mode)!;
    const uri = pathToFileURL(path.join(dir, `${mode}-${position.line}.alert-config.yaml`)).href;
    const published = client.diagnostics(uri);
    client.open(uri, TEXT);
    await published;
    const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList;
    return { doc: TextDocument.create(uri, 'yaml', 1, TEXT), items: list.items };
  }

  for (const mode of ['asIs', 'adjust', 'unsaid'] as Mode[]) {
    const adjusts = mode !== 'unsaid' && mode !== 'asIs';
    it(`${mode}: "required fields of notification" under typeName lands beside it`, async () => {
      const { doc, items } = await complete(mode, KEY_LINE);
      const item = items.find((i) => i.label.startsWith('required fields of'))!;
      expect(item, JSON.stringify(items.map((i) => i.label))).toBeDefined();
      expect(item.insertTextMode).toBe(mode === 'asIs' ? InsertTextMode.asIs : mode === 'adjust' ? InsertTextMode.adjustIndentation : undefined);
      // asIs: VS Code keeps the whitespace (keepWhitespace); adjust: it adds the line's.
      const value = parseYaml(insert(doc, item, adjusts));
      const n = value.notifications[0];
      expect(n.typeName).toBe('SLACK');
      expect(Object.keys(n)).toEqual(expect.arrayContaining(['typeName', 'delayMin', 'intervalMin', 'channelName', 'apiToken']));
      for (const v of Object.values(n)) expect(v === null || typeof v !== 'object').toBe(true);
    });

    it(`${mode}: "EMAIL notification" after "  - " is one item with its fields`, async () => {
      const { doc, items } = await complete(mode, NEW_ITEM);
      const item = items.find((i) => i.label === 'EMAIL notification')!;
      expect(item).toBeDefined();
      const value = parseYaml(insert(doc, item, adjusts));
      expect(value.notifications).toHaveLength(2);
      expect(Object.keys(value.notifications[1])).toEqual(expect.arrayContaining(['typeName', 'emailAddress', 'delayMin', 'intervalMin']));
      expect(value.notifications[1].typeName).toBe('EMAIL');
    });
  }
});
