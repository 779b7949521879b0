// The workspace beyond the open documents, through the real server over stdio: workspace/diagnostic
// reports what `omlint check <folder>` reports of every file (cross-file findings included) with no
// file open, honouring .omlintignore; workspace/symbol finds names in files never opened, and an
// open document's names from its buffer, not from the disk.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DidChangeWatchedFilesNotification, FileChangeType, WorkspaceDiagnosticRequest, WorkspaceSymbolRequest, type Diagnostic, type SymbolInformation, type WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { ROOT, startClient, type LspClient } from './client';
import { ALERT, tempDir } from './fixtures';
import { AUTOMATION_YAML } from './automation-fixture';

interface CliDiagnostic {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  range: { start: { line: number; column: number }; end: { line: number; column: number } };
  related?: { filePath: string; range: CliDiagnostic['range'] }[];
}

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;
const fromCli = (d: CliDiagnostic) => ({
  code: d.ruleId,
  severity: SEVERITY[d.severity],
  message: d.message,
  range: { start: { line: d.range.start.line - 1, character: d.range.start.column - 1 }, end: { line: d.range.end.line - 1, character: d.range.end.column - 1 } },
});
const fromLsp = (d: Diagnostic) => ({ code: d.code, severity: d.severity, message: d.message, range: d.range });

describe('workspace diagnostics and symbols of files never opened, over stdio', () => {
  let client: LspClient;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir({
      'alerts/a.yaml': ALERT,
      // The same condition again (duplicate-alert-config, a cross-file finding) and a misspelt field.
      'alerts/b.yaml': `${ALERT}enabeld: true\n`,
      // Ignored by .omlintignore: were it walked, it would be one more duplicate.
      'ignored/c.yaml': ALERT,
      '.omlintignore': 'ignored/\n',
      'deploy/automation.yaml': AUTOMATION_YAML,
      'notes.yaml': 'title: not an Ops Manager document\n',
    });
    client = await startClient(dir, undefined, { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } });
  }, 60_000);
  afterAll(async () => client?.stop());

  const pull = async (previousResultIds: { uri: string; value: string }[] = []) =>
    (await client.connection.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds })).items as WorkspaceDocumentDiagnosticReport[];

  it('reports every file as `omlint check <folder>` does, with no file open', async () => {
    // The CLI exits 1 on the automation config's errors: its JSON is what counts.
    const run = spawnSync(process.execPath, [path.join(ROOT, 'dist/omlint.js'), 'check', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
    const cli = JSON.parse(run.stdout) as { filePath: string; diagnostics: CliDiagnostic[] }[];
    expect(cli.map((r) => r.filePath).sort()).toEqual(['alerts/a.yaml', 'alerts/b.yaml', 'deploy/automation.yaml']);
    const items = await pull();
    const uriOf = (rel: string) => pathToFileURL(path.join(dir, rel)).href;
    expect(items.map((i) => i.uri).sort()).toEqual(cli.map((r) => uriOf(r.filePath)).sort());
    for (const r of cli) {
      const item = items.find((i) => i.uri === uriOf(r.filePath));
      expect(item?.kind).toBe('full');
      const lsp = item && 'items' in item ? item.items : [];
      // The editor's extra squiggles at a grouped finding's other places are the CLI's related places in the file.
      const grouped = (d: Diagnostic) => (d.data as { groupedPlace?: boolean } | undefined)?.groupedPlace === true;
      expect(lsp.filter((d) => !grouped(d)).map(fromLsp), r.filePath).toEqual(r.diagnostics.map(fromCli));
      const places = r.diagnostics.flatMap((d) => (d.related ?? []).filter((x) => x.filePath === r.filePath).map((x) => fromCli({ ...d, range: x.range }).range));
      expect(lsp.filter(grouped).map((d) => d.range)).toEqual(places);
    }
    const b = items.find((i) => i.uri === uriOf('alerts/b.yaml'));
    const codes = b && 'items' in b ? b.items.map((d) => d.code) : [];
    expect(codes).toEqual(['duplicate-alert-config', 'unknown-field']);
    // The duplicate points at the first configuration, in the other file.
    expect(b && 'items' in b ? b.items[0].relatedInformation?.[0].location.uri : undefined).toBe(uriOf('alerts/a.yaml'));

    // Asked again with the result ids it holds: nothing changed, nothing sent again.
    const again = await pull(items.map((i) => ({ uri: i.uri, value: i.resultId! })));
    expect(again.map((i) => i.kind)).toEqual(items.map(() => 'unchanged'));
  });

  it('reads a changed file again; an open document is left to its pushed diagnostics', async () => {
    const b = path.join(dir, 'alerts/b.yaml');
    writeFileSync(b, ALERT.replace('HOST_DOWN', 'NO_PRIMARY'));
    const items = await pull();
    const bItem = items.find((i) => i.uri === pathToFileURL(b).href);
    expect(bItem && 'items' in bItem ? bItem.items : undefined).toEqual([]);
    // Its buffer, not the disk, counts while it is open: the duplicate is back, pushed for b and not pulled.
    const uri = pathToFileURL(b).href;
    const published = client.diagnostics(uri);
    client.open(uri, ALERT);
    expect((await published).diagnostics.map((d) => d.code)).toEqual(['duplicate-alert-config']);
    // Pulled, its list is empty: what an earlier pull showed from disk goes (VS Code keeps the two apart).
    const open = await pull();
    const openItem = open.find((i) => i.uri === uri);
    expect(openItem && 'items' in openItem ? openItem.items : undefined).toEqual([]);
    client.close(uri);
    writeFileSync(b, `${ALERT}enabeld: true\n`);

    // A new file: the client says so (it watches files), and the folder is walked again.
    const d = path.join(dir, 'alerts/d.yaml');
    writeFileSync(d, ALERT);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(d).href, type: FileChangeType.Created }] });
    const withD = await pull();
    const dItem = withD.find((i) => i.uri === pathToFileURL(d).href);
    expect(dItem && 'items' in dItem ? dItem.items.map((x) => x.code) : undefined).toEqual(['duplicate-alert-config']);
    rmSync(d);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(d).href, type: FileChangeType.Deleted }] });
    expect((await pull()).map((i) => i.uri)).not.toContain(pathToFileURL(d).href);
  });

  it('finds a replica set, a process and an alert configuration in files never opened', async () => {
    const rs = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'rs0' })) as SymbolInformation[];
    const automationUri = pathToFileURL(path.join(dir, 'deploy/automation.yaml')).href;
    const replicaSet = rs.find((s) => s.name === 'rs0' && s.location.uri === automationUri);
    expect(replicaSet).toBeDefined();
    expect(replicaSet!.location.range.start.line).toBe(AUTOMATION_YAML.split('\n').findIndex((l) => l.includes('_id: rs0')));
    expect(rs.some((s) => s.name === 'rs0_1' && s.containerName === 'processes')).toBe(true);
    const alerts = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'host_down' })) as SymbolInformation[];
    // Not the ignored one.
    expect(alerts.map((s) => path.relative(dir, new URL(s.location.uri).pathname)).sort()).toEqual(['alerts/a.yaml', 'alerts/b.yaml']);

    // Open and renamed in the buffer only: the buffer's name is found, the disk's is not.
    const published = client.diagnostics(automationUri);
    client.open(automationUri, AUTOMATION_YAML.replaceAll('rs0', 'shardA'));
    await published;
    const renamed = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'rs0' })) as SymbolInformation[];
    expect(renamed.filter((s) => s.location.uri === automationUri)).toEqual([]);
    const buffer = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'shardA' })) as SymbolInformation[];
    expect(buffer.some((s) => s.name === 'shardA' && s.location.uri === automationUri)).toBe(true);
    client.close(automationUri);
  });
});
