// "Disable <rule> for this file" in a JSON document through the real server over stdio: the
// config's edit is applied and saved as an editor would, the watched-file event re-lints, and the
// rule is gone for the file. A client that cannot create files is offered no new config.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeActionRequest, DidChangeWatchedFilesNotification, FileChangeType, type CodeAction } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startClient, type LspClient } from './client';
import { tempDir } from './fixtures';

const JSON_ALERT = `${JSON.stringify({ eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, metricThreshold: { metricName: 'ASSERT_REGULAR', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5, units: 'PERCENTT' }, notifications: [{ typeName: 'GROUP', emailEnabled: true, smsEnabled: false, delayMin: 0, intervalMin: 60 }] }, null, 2)}\n`;

describe('"Disable for this file" over stdio', () => {
  let client: LspClient;
  let dir: string;
  const uri = (name: string) => pathToFileURL(path.join(dir, name)).href;

  beforeAll(async () => {
    dir = tempDir({ 'team/omlint.config.yaml': '# the team\'s settings\nrules: {}\n', 'loose/keep.txt': '' });
    client = await startClient(dir);
  });
  afterAll(async () => {
    await client?.stop();
  });

  it('writes the override into the governing config; saved, the rule is off for the file', async () => {
    const u = uri('team/disk.alert-config.json');
    const opened = client.diagnostics(u);
    client.open(u, JSON_ALERT, 'json');
    const d = (await opened).diagnostics.find((x) => x.code === 'invalid-value')!;
    expect(d).toBeDefined();
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: u }, range: d.range, context: { diagnostics: [d] } })) as CodeAction[];
    const off = actions.find((a) => a.title === 'Disable invalid-value for this file (in omlint.config.yaml)')!;
    expect(off?.diagnostics).toEqual([d]);
    const configUri = uri('team/omlint.config.yaml');
    const configPath = path.join(dir, 'team/omlint.config.yaml');
    const before = readFileSync(configPath, 'utf8');
    writeFileSync(configPath, TextDocument.applyEdits(TextDocument.create(configUri, 'yaml', 0, before), off.edit!.changes![configUri]));
    expect(readFileSync(configPath, 'utf8')).toBe(`${before}overrides:\n  - files: [./disk.alert-config.json]\n    rules:\n      invalid-value: off\n`);
    const relinted = client.diagnostics(u, (p) => !p.diagnostics.some((x) => x.code === 'invalid-value'));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: configUri, type: FileChangeType.Changed }] });
    expect((await relinted).diagnostics.map((x) => x.code)).not.toContain('invalid-value');
  });

  it('offers no new config to a client that cannot create files (workspaceEdit.resourceOperations)', async () => {
    const u = uri('loose/disk.alert-config.json');
    const opened = client.diagnostics(u);
    client.open(u, JSON_ALERT, 'json');
    const d = (await opened).diagnostics.find((x) => x.code === 'invalid-value')!;
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: u }, range: d.range, context: { diagnostics: [d] } })) as CodeAction[];
    expect(actions.filter((a) => /for this file/.test(a.title))).toEqual([]);
  });
});
