// The schemas serve editors without omlint: Red Hat's yaml-language-server (the YAML support of
// VS Code's YAML extension, Neovim's yamlls, Helix, Zed, …) over stdio, pointed at
// schemas/alert-config.schema.json by a modeline or by its `yaml.schemas` setting (what the README
// tells users to write), must report a schema violation and complete enum values.
// yaml-language-server comes from node_modules (devDependency); when it is not there it is
// installed once into a tools folder outside the repo.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { ROOT } from './lsp/client';
import { tempDir } from './lsp/fixtures';

const YLS_VERSION = '1.25.0'; // 2.x needs Node 22
const SCHEMA = path.join(ROOT, 'schemas/alert-config.schema.json');

function serverBin(): string {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('yaml-language-server/package.json')), 'bin/yaml-language-server');
  } catch {
    const prefix = path.join(os.tmpdir(), 'omlint-tools', `yaml-language-server-${YLS_VERSION}`);
    const bin = path.join(prefix, 'node_modules/yaml-language-server/bin/yaml-language-server');
    if (!existsSync(bin)) {
      mkdirSync(prefix, { recursive: true });
      execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `yaml-language-server@${YLS_VERSION}`], { stdio: 'inherit', timeout: 180_000 });
    }
    return bin;
  }
}

const ALERT = `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERT_REGULAR
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 10
  units: PERCENTT
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle));

describe('yaml-language-server with the omlint schemas', () => {
  let child: ChildProcess;
  let connection: ProtocolConnection;
  let dir: string;
  /** The `yaml` settings section the server pulls (workspace/configuration), as an editor holds it. */
  let yamlSettings: Record<string, unknown> = { validate: true, completion: true, hover: true };
  const published: PublishDiagnosticsParams[] = [];

  const diagnostics = async (uri: string, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const hit = published.filter((p) => p.uri === uri && p.diagnostics.length > 0).pop();
      if (hit) return hit.diagnostics;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no diagnostics for ${uri}: ${JSON.stringify(published)}`);
  };
  const open = (uri: string, text: string) =>
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });

  beforeAll(async () => {
    dir = tempDir();
    child = spawn(process.execPath, [serverBin(), '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => published.push(p));
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => params.items.map((i) => (i.section === 'yaml' ? yamlSettings : {})));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.listen();
    const rootUri = pathToFileURL(dir).href;
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'test' }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          publishDiagnostics: { relatedInformation: true },
          completion: { completionItem: { snippetSupport: false } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
        },
      },
    });
    await connection.sendNotification('initialized', {});
  }, 240_000);

  afterAll(async () => {
    try {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
    } catch {
      // already gone
    }
    connection?.dispose();
    child?.kill();
  });

  it('reports a schema violation and completes enum values (modeline)', async () => {
    const uri = pathToFileURL(path.join(dir, 'cpu.yaml')).href;
    const text = `# yaml-language-server: $schema=${SCHEMA}\n${ALERT}`;
    const line = lineOf(text, 'units:');
    await open(uri, text);
    const found = await diagnostics(uri);
    const problem = found.find((d) => /Value is not accepted/.test(d.message));
    expect(problem, JSON.stringify(found)).toBeDefined();
    expect(problem!.range.start).toEqual({ line, character: 9 });
    expect(problem!.message).toMatch(/"RAW"/);
    expect(problem!.source).toMatch(/Ops Manager project alert configuration/);

    const completion = (await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character: 9 } })) as { items: { label: string }[] };
    expect(completion.items.map((i) => i.label)).toEqual(expect.arrayContaining(['RAW', 'SECONDS', 'MEGABYTES']));
  }, 60_000);

  it('resolves a modeline path relative to the document', async () => {
    const uri = pathToFileURL(path.join(dir, 'relative.yaml')).href;
    const text = `# yaml-language-server: $schema=${path.relative(dir, SCHEMA)}\n${ALERT}`;
    await open(uri, text);
    const found = await diagnostics(uri);
    expect(found.find((d) => /Value is not accepted/.test(d.message))?.range.start.line, JSON.stringify(found)).toBe(lineOf(text, 'units:'));
  }, 60_000);

  it('associates the schema by file name through the yaml.schemas setting (catalog fileMatch)', async () => {
    yamlSettings = { ...yamlSettings, schemas: { [pathToFileURL(SCHEMA).href]: ['*.alert-config.yaml', '*.alert-config.yml'] } };
    // Editors say that settings changed; the server then pulls them.
    await connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const uri = pathToFileURL(path.join(dir, 'disk.alert-config.yaml')).href;
    const text = ALERT.replace('units: PERCENTT', 'units: RAW').replace('operator: GREATER_THAN', 'operator: ABOVE');
    await new Promise((r) => setTimeout(r, 300));
    await open(uri, text);
    const found = await diagnostics(uri);
    const problem = found.find((d) => /Value is not accepted/.test(d.message));
    expect(problem, JSON.stringify(found)).toBeDefined();
    expect(problem!.range.start.line).toBe(lineOf(text, 'operator:'));
    expect(problem!.message).toMatch(/"GREATER_THAN"/);
  }, 60_000);
});
