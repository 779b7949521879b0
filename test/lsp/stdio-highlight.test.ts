// textDocument/documentHighlight through the real server over stdio: the cursor on a process name
// highlights its definition and each use in the document (a member's host), and nothing on a key.
// workspace/symbol: a name found across the open documents.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentHighlightRequest, WorkspaceSymbolRequest, type DocumentHighlight, type SymbolInformation } from 'vscode-languageserver-protocol/node';
import { ALERT, tempDir } from './fixtures';
import { startClient, type LspClient } from './client';
import { AUTOMATION_YAML } from './automation-fixture';


describe('document highlights over stdio', () => {
  let client: LspClient;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    client = await startClient(dir);
  });
  afterAll(async () => {
    await client?.stop();
  });

  it('marks every place of the name under the cursor', async () => {
    const uri = pathToFileURL(path.join(dir, 'automation.yaml')).href;
    const published = client.diagnostics(uri);
    client.open(uri, AUTOMATION_YAML);
    await published;
    const lines = AUTOMATION_YAML.split('\n');
    const hostLine = lines.findIndex((l) => l.trim() === 'host: rs0_1');
    const at = async (line: number, character: number) =>
      ((await client.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri }, position: { line, character } })) as DocumentHighlight[] | null) ?? [];
    const onName = await at(hostLine, lines[hostLine].indexOf('rs0_1') + 2);
    const text = (h: DocumentHighlight) => `${h.range.start.line}:${lines[h.range.start.line].slice(h.range.start.character, h.range.end.character)}`;
    expect(onName.map(text).sort()).toEqual([`${hostLine}:rs0_1`, `${lines.findIndex((l) => l.includes('name: rs0_1'))}:rs0_1`].sort());
    expect(await at(hostLine, lines[hostLine].indexOf('host') + 1)).toEqual([]);
  });

  it('workspace symbols: a process by part of its name, across the open documents', async () => {
    const alertUri = pathToFileURL(path.join(dir, 'cpu.alert-config.yaml')).href;
    const published = client.diagnostics(alertUri);
    client.open(alertUri, ALERT);
    await published;
    const found = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'RS0_1' })) as SymbolInformation[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => s.name.toLowerCase().includes('rs0_1') && s.location.uri.endsWith('/automation.yaml'))).toBe(true);
    const all = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: '' })) as SymbolInformation[];
    expect(new Set(all.map((s) => s.location.uri.split('/').pop()))).toEqual(new Set(['automation.yaml', 'cpu.alert-config.yaml']));
  });
});
