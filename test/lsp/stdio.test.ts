// The server over stdio, driven by a real LSP client (vscode-languageserver-protocol).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  CompletionRequest,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  HoverRequest,
  RenameRequest,
  type CodeAction,
  type CompletionList,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ROOT, startClient, type LspClient } from './client';
import { ALERT, tempDir } from './fixtures';
import { AUTOMATION_YAML } from './automation-fixture';

describe('language server over stdio', () => {
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

  it('publishes diagnostics, quick fixes, hover and completion; an edit that fixes the problem clears them', async () => {
    const u = uri('cpu.yaml');
    const text = ALERT.replace('emailAddress', 'emailAdress');
    const first = client.diagnostics(u);
    client.open(u, text);
    const published = await first;
    expect(published.version).toBe(1);
    const d = published.diagnostics.find((x) => x.code === 'unknown-field')!;
    expect(d).toMatchObject({
      range: { start: { line: 4, character: 4 }, end: { line: 4, character: 15 } },
      severity: 2,
      source: 'omlint',
      codeDescription: { href: pathToFileURL(path.join(ROOT, 'docs/rules/unknown-field.md')).href },
    });

    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: u },
      range: d.range,
      context: { diagnostics: [d] },
    })) as CodeAction[];
    const rename = actions.find((a) => a.kind === 'quickfix' && /emailAddress/.test(a.title))!;
    expect(rename.edit?.changes?.[u]).toEqual([{ range: d.range, newText: 'emailAddress' }]);

    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: u }, position: { line: 0, character: 18 } });
    expect((hover?.contents as MarkupContent).value).toMatch(/HOST_DOWN.*target host/);

    const completion = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: u }, position: { line: 3, character: 14 } })) as CompletionList;
    expect(completion.items.map((i) => i.label)).toContain('PAGER_DUTY');

    // Apply the quick fix as an editor would: the diagnostic goes away.
    const fixed = TextDocument.applyEdits(TextDocument.create(u, 'yaml', 1, text), rename.edit!.changes![u]);
    const second = client.diagnostics(u, (p) => p.version === 2);
    client.change(u, 2, fixed);
    expect((await second).diagnostics).toEqual([]);
  });

  it('answers a rename to a name with NUL with an error that says why', async () => {
    const u = uri('automation.yaml');
    const opened = client.diagnostics(u);
    client.open(u, AUTOMATION_YAML);
    await opened;
    const at = AUTOMATION_YAML.split('\n').findIndex((l) => l.includes('host: rs0_1'));
    const position = { line: at, character: AUTOMATION_YAML.split('\n')[at].indexOf('rs0_1') + 1 };
    await expect(client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: u }, position, newName: 'a\u0000b' })).rejects.toMatchObject({ code: -32602, message: 'A process name cannot hold U+0000 (NUL); it is at position 2 of the new name.' });
    const ok = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: u }, position, newName: 'node-1' });
    expect(ok?.changes?.[u]?.length).toBeGreaterThan(1);
  });

  it('never publishes diagnostics for an older version of the document', async () => {
    const FAST = ALERT.replace('HOST_DOWN', 'HOST_RESTARTED');
    const u = uri('fast.yaml');
    const opened = client.diagnostics(u);
    client.open(u, FAST);
    await opened;
    const last = client.diagnostics(u, (p) => p.version === 5);
    client.change(u, 2, `${FAST}foo: 1\n`);
    client.change(u, 3, `${FAST}foo: 1\nbar: 2\n`);
    client.change(u, 4, `${FAST}foo: [\n`);
    client.change(u, 5, `${FAST}bar: 2\n`);
    const final = await last;
    expect(final.diagnostics.map((x) => x.code)).toEqual(['unknown-field']);
    await new Promise((r) => setTimeout(r, 400));
    const versions = client.published.filter((p) => p.uri === u).map((p) => p.version);
    expect(versions).toEqual([1, 5]);
  });

  it('re-lints open documents when the config changes on disk', async () => {
    const u = uri('config.yaml');
    const opened = client.diagnostics(u);
    client.open(u, `${ALERT.replace('HOST_DOWN', 'HOST_RECOVERED')}colour: red\n`);
    expect((await opened).diagnostics.map((x) => x.code)).toContain('unknown-field');
    writeFileSync(path.join(dir, 'omlint.config.yaml'), 'rules:\n  unknown-field: off\n');
    const relinted = client.diagnostics(u, (p) => !p.diagnostics.some((x) => x.code === 'unknown-field'));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri('omlint.config.yaml'), type: FileChangeType.Changed }],
    });
    expect((await relinted).diagnostics).toEqual([]);
  });

  it('stays silent on YAML that is not an omlint document', async () => {
    const u = uri('deployment.yaml');
    const opened = client.diagnostics(u);
    client.open(u, 'apiVersion: apps/v1\nkind: Deployment\nspec: [\n');
    expect((await opened).diagnostics).toEqual([]);
  });
});
