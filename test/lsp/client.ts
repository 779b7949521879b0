// A real LSP client (vscode-languageserver-protocol over the server's stdio) for the tests and
// the latency benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
} from 'vscode-languageserver-protocol/node';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LspClient {
  connection: ProtocolConnection;
  process: ChildProcess;
  /** Every publishDiagnostics received, in order. */
  published: PublishDiagnosticsParams[];
  open(uri: string, text: string, languageId?: string, version?: number): void;
  change(uri: string, version: number, text: string): void;
  /** An incremental change, as editors send them: `text` replaces the range. */
  edit(uri: string, version: number, range: Range, text: string): void;
  close(uri: string): void;
  /** The next publishDiagnostics for a URI that satisfies `accept` (published from now on). */
  diagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean, timeoutMs?: number): Promise<PublishDiagnosticsParams>;
  stop(): Promise<void>;
}

/** Starts the server (`node --import tsx src/bin/language-server.ts --stdio`) and initializes it. */
/** `textDocument`: client capabilities added to the default ones (code action resolve, pull diagnostics). */
/** `executable`: what runs `command` (node by default; the single executable runs itself). */
/** `more.workspace`: workspace capabilities added; `more.configuration`: the answer to workspace/configuration (then announced). */
export interface ClientOptions {
  workspace?: Record<string, unknown>;
  /** Window capabilities (workDoneProgress). */
  window?: Record<string, unknown>;
  configuration?: (items: { scopeUri?: string; section?: string }[]) => unknown[];
  /** Workspace folders (default: rootDir alone). */
  folders?: string[];
  /** Told each client/registerCapability and client/unregisterCapability, and the initialize result. */
  onRegistration?: (method: 'client/registerCapability' | 'client/unregisterCapability', params: unknown) => void;
  onInitialized?: (result: InitializeResult) => void;
}
export async function startClient(rootDir: string, command: string[] = ['--import', 'tsx', path.join(ROOT, 'src/bin/language-server.ts'), '--stdio'], textDocument: Record<string, unknown> = {}, executable = process.execPath, env?: NodeJS.ProcessEnv, more: ClientOptions = {}): Promise<LspClient> {
  const child = spawn(executable, command, { cwd: env ? rootDir : ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.push(p);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.accept(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  connection.onRequest('window/showMessageRequest', () => null);
  connection.onRequest('client/registerCapability', (p: unknown) => (more.onRegistration?.('client/registerCapability', p), null));
  connection.onRequest('client/unregisterCapability', (p: unknown) => (more.onRegistration?.('client/unregisterCapability', p), null));
  if (more.configuration) {
    const answer = more.configuration;
    connection.onRequest('workspace/configuration', (p: { items: { scopeUri?: string; section?: string }[] }) => answer(p.items));
  }
  connection.listen();
  const rootUri = `file://${rootDir}`;
  const initialized = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri,
    workspaceFolders: (more.folders ?? [rootDir]).map((d, i) => ({ uri: `file://${d}`, name: `folder${i}` })),
    capabilities: {
      textDocument: {
        publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        completion: { completionItem: { snippetSupport: false } },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } } },
        ...textDocument,
      },
      workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, ...(more.configuration ? { configuration: true } : {}), ...more.workspace },
      ...(more.window ? { window: more.window } : {}),
    },
  });
  more.onInitialized?.(initialized);
  await connection.sendNotification(InitializedNotification.type, {});
  return {
    connection,
    process: child,
    published,
    open(uri, text, languageId = 'yaml', version = 1) {
      void connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version, text } });
    },
    change(uri, version, text) {
      void connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
    },
    edit(uri, version, range, text) {
      void connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text }] });
    },
    close(uri) {
      void connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    },
    diagnostics(uri, accept = () => true, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; server stderr:\n${stderr}`)), timeoutMs);
        waiters.push({ uri, accept, resolve: (p) => (clearTimeout(timer), resolve(p)) });
      });
    },
    async stop() {
      try {
        await connection.sendRequest(ShutdownRequest.type);
        await connection.sendNotification(ExitNotification.type);
      } catch {
        // already gone
      }
      connection.dispose();
      if (child.exitCode === null) await new Promise<void>((r) => {
        const t = setTimeout(() => (child.kill(), r()), 2000);
        child.once('exit', () => (clearTimeout(t), r()));
      });
    },
  };
}

/** A server over stdio for a describe block: started in a fresh temporary folder before its tests, stopped after. */
export function serverForSuite(start: (dir: string) => Promise<LspClient> = (dir) => startClient(dir)): { client: () => LspClient; dir: () => string } {
  let client: LspClient | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-lsp-'));
    client = await start(dir);
  });
  afterAll(async () => {
    await client?.stop();
  });
  return { client: () => client!, dir: () => dir };
}

/** Opens a file of `dir` in the client and waits for its first diagnostics; returns its URI. */
export async function openAndLint(client: LspClient, dir: string, name: string, text: string, languageId?: string): Promise<string> {
  const uri = pathToFileURL(path.join(dir, name)).href;
  const published = client.diagnostics(uri);
  client.open(uri, text, languageId);
  await published;
  return uri;
}
