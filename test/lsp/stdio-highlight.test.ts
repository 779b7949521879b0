// textDocument/documentHighlight through the real server over stdio: the cursor on a process name
// highlights its definition and each use in the document (a member's host), and nothing on a key.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentHighlightRequest, type DocumentHighlight } from 'vscode-languageserver-protocol/node';
import { startClient, type LspClient } from './client';
import { AUTOMATION_YAML } from './automation-fixture';
import { tempDir } from './fixtures';

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
});
