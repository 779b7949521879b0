// A text version is parsed once: parsing a deeply nested YAML text twice in one process can kill
// V8 (a regexp-stack fatal, not an exception). A 2 KB YAML of `[` × 2000 goes through the real
// stdio server: diagnostics, hover, completion and code actions on it, an edit, and the server
// still answers afterwards.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeActionRequest, CompletionRequest, HoverRequest, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { startClient, type LspClient } from './client';
import { ALERT, tempDir } from './fixtures';

describe('language server over stdio: a deeply nested YAML text', () => {
  let client: LspClient;
  let dir: string;
  const uri = (name: string) => pathToFileURL(path.join(dir, name)).href;

  beforeAll(async () => {
    dir = tempDir({ 'omlint.config.yaml': 'rules: {}\n' });
    client = await startClient(dir);
  });
  afterAll(async () => {
    await client?.stop();
  });

  it('survives `[` × 2000: diagnostics, hover, completion, code actions, an edit', async () => {
    const u = uri('deep.alert-config.yaml');
    const text = '['.repeat(2000);
    const first = client.diagnostics(u);
    client.open(u, text);
    const published = await first;
    expect(published.diagnostics.map((d) => d.code)).toContain('limit-exceeded');
    for (const character of [0, 1, 1000, 1999, 2000]) {
      const position = { line: 0, character };
      await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: u }, position });
      await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: u }, position });
      await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: u }, range: { start: position, end: position }, context: { diagnostics: published.diagnostics } });
    }
    const second = client.diagnostics(u, (p) => p.version === 2);
    client.change(u, 2, `${text}[`);
    expect((await second).diagnostics.map((d) => d.code)).toContain('limit-exceeded');
    await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: u }, position: { line: 0, character: 5 } });

    // Still alive: a good document gets its hover.
    const good = uri('cpu.yaml');
    const opened = client.diagnostics(good);
    client.open(good, ALERT);
    await opened;
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: good }, position: { line: 0, character: 18 } });
    expect((hover?.contents as MarkupContent).value).toMatch(/HOST_DOWN/);
  });
});
