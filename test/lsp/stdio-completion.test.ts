// Completion through a real LSP client over the server's stdio: keys by context, and snippets
// only for a client that declares completionItem.snippetSupport.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionRequest, InsertTextFormat, type CompletionItem, type CompletionList, type TextEdit } from 'vscode-languageserver-protocol/node';
import { parse as parseYaml } from 'yaml';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startClient, type LspClient } from './client';
import { tempDir } from './fixtures';
import { expandSnippet } from './snippet-text';

const TEXT = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    \n  - \n';
const KEY_LINE = { line: 5, character: 4 };
const NEW_ITEM = { line: 6, character: 4 };

describe('completion over stdio', () => {
  let snippetClient: LspClient;
  let plainClient: LspClient;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir({ 'omlint.config.yaml': 'rules: {}\n' });
    [snippetClient, plainClient] = await Promise.all([
      startClient(dir, undefined, { completion: { completionItem: { snippetSupport: true } } }),
      startClient(dir),
    ]);
  });
  afterAll(async () => {
    await Promise.all([snippetClient?.stop(), plainClient?.stop()]);
  });

  async function complete(client: LspClient, name: string, position: { line: number; character: number }): Promise<CompletionItem[]> {
    const uri = pathToFileURL(path.join(dir, name)).href;
    const published = client.diagnostics(uri);
    client.open(uri, TEXT);
    await published;
    const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList;
    return list.items;
  }

  it('offers an EMAIL notification its own fields, and a new notification as snippets to a client that takes them', async () => {
    const keys = (await complete(snippetClient, 'a.alert-config.yaml', KEY_LINE)).map((i) => i.label);
    expect(keys).toEqual(expect.arrayContaining(['delayMin', 'intervalMin', 'notifierId']));
    expect(keys).not.toContain('emailEnabled');
    expect(keys).not.toContain('serviceKey');

    const items = await complete(snippetClient, 'b.alert-config.yaml', NEW_ITEM);
    const slack = items.find((i) => i.label === 'SLACK notification')!;
    expect(slack.insertTextFormat).toBe(InsertTextFormat.Snippet);
    const edit = slack.textEdit as TextEdit;
    expect(edit.newText).toBe('typeName: SLACK\n    apiToken: ${1}\n    channelName: ${2}\n    delayMin: ${3:0}\n    intervalMin: ${4:5}');
    const after = TextDocument.applyEdits(TextDocument.create('x', 'yaml', 1, TEXT), [{ range: edit.range, newText: expandSnippet(edit.newText) }]);
    expect(parseYaml(after).notifications[1]).toEqual({ typeName: 'SLACK', apiToken: null, channelName: null, delayMin: 0, intervalMin: 5 });
  });

  it('offers no snippet to a client without snippetSupport', async () => {
    const items = await complete(plainClient, 'c.alert-config.yaml', NEW_ITEM);
    expect(items.map((i) => i.label)).toContain('typeName');
    expect(items.filter((i) => i.insertTextFormat === InsertTextFormat.Snippet)).toEqual([]);
  });
});
