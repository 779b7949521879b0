// Over stdio: lazy fix-all (codeAction/resolve), $/cancelRequest, workspace pull diagnostics.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationTokenSource, CodeActionRequest, CodeActionResolveRequest, WorkspaceDiagnosticRequest, type CodeAction } from 'vscode-languageserver-protocol';
import { startClient, type LspClient } from './client';
import { ALERT, tempDir } from './fixtures';

const CONFIG = 'overrides:\n  - files: ["**/*.yaml"]\n    scope: production\n';

describe('language server over stdio: the project model', () => {
  let client: LspClient;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir({ 'omlint.config.yaml': CONFIG, 'b/cpu.yaml': ALERT });
    client = await startClient(dir, undefined, { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } }, resolveSupport: { properties: ['edit'] } }, diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } });
  }, 60_000);
  afterAll(async () => client?.stop());

  it('reports a duplicate in a closed file through workspace/diagnostic; fix-all is resolved lazily; a cancelled request gets nothing', async () => {
    const uri = pathToFileURL(path.join(dir, 'a', 'cpu.yaml')).href;
    // `delayMn`: unknown-field has a safe fix (the rename to delayMin).
    const text = ALERT.replace('delayMin', 'delayMn').replace('HOST_DOWN', 'HOST_DOWNN');
    const published = client.diagnostics(uri);
    client.open(uri, text.replace('HOST_DOWNN', 'HOST_DOWN'));
    await published;
    const report = await client.connection.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [] });
    const b = report.items.find((i) => i.uri.endsWith('/b/cpu.yaml'));
    expect(b && 'items' in b ? b.items.map((d) => d.code) : []).toEqual(['duplicate-alert-config']);

    const edited = client.diagnostics(uri, (p) => p.version === 2);
    client.change(uri, 2, text);
    await edited;
    const params = { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } };
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, params)) as CodeAction[];
    expect(actions).toHaveLength(1);
    expect(actions[0].edit).toBeUndefined();
    const resolved = await client.connection.sendRequest(CodeActionResolveRequest.type, actions[0]);
    expect(Object.values(resolved.edit?.changes ?? {}).flat().length).toBeGreaterThan(0);

    // An edit, then code actions asked for and cancelled at once: the server waits out the debounce and gives up.
    client.change(uri, 3, text.replace('dba@', 'ops@'));
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest(CodeActionRequest.type, params, source.token);
    source.cancel();
    await expect(pending.then((r) => r ?? [])).resolves.toEqual([]);
  }, 60_000);
});
