// Code lenses and inlay hints through the real server over stdio: a replica set's lens carries its
// members' processes, a process's lens the members that name it, each as the arguments of
// omlint.showReferences; the command sent back to the server opens the first place
// (window/showDocument). Inlay hints: host:port beside each member's host. Each off by its
// setting, pulled again when the client says the settings changed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CodeLensRequest, DidChangeConfigurationNotification, ExecuteCommandRequest, InlayHintRequest, type CodeLens, type InlayHint, type Location } from 'vscode-languageserver-protocol/node';
import { openAndLint, serverForSuite, startClient } from './client';
import { AUTOMATION_YAML } from './automation-fixture';

describe('code lenses and inlay hints over stdio', () => {
  let settings: Record<string, unknown> = {};
  const server = serverForSuite((dir) => startClient(dir, undefined, {}, undefined, undefined, { configuration: (items) => items.map(() => settings), workspace: {} }));
  const lines = AUTOMATION_YAML.split('\n');
  const lineOf = (text: string) => lines.findIndex((l) => l.includes(text));
  const word = (r: Location['range']) => `${r.start.line}:${lines[r.start.line].slice(r.start.character, r.end.character)}`;

  it('lenses carry the places they count; the command opens the first', async () => {
    const client = server.client();
    const uri = await openAndLint(client, server.dir(), 'automation.yaml', AUTOMATION_YAML);
    const lenses = (await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[];
    const rs = lenses.find((l) => l.range.start.line === lineOf('_id: rs0'))!;
    expect(rs.command?.command).toBe('omlint.showReferences');
    const [atUri, , places] = rs.command!.arguments as [string, unknown, Location[]];
    expect(atUri).toBe(uri);
    expect(places.map((l) => word(l.range))).toEqual([`${lineOf('name: rs0_0')}:rs0_0`, `${lineOf('name: rs0_1')}:rs0_1`]);
    const proc = lenses.find((l) => l.range.start.line === lineOf('name: rs0_1'))!;
    expect((proc.command!.arguments![2] as Location[]).map((l) => word(l.range))).toEqual([`${lineOf('host: rs0_1')}:rs0_1`]);

    const shown = new Promise<{ uri: string; selection?: Location['range'] }>((resolve) => client.connection.onRequest('window/showDocument', (p: { uri: string; selection?: Location['range'] }) => (resolve(p), { success: true })));
    await client.connection.sendRequest(ExecuteCommandRequest.type, { command: proc.command!.command, arguments: proc.command!.arguments });
    const opened = await shown;
    expect(opened.uri).toBe(uri);
    expect(word(opened.selection!)).toBe(`${lineOf('host: rs0_1')}:rs0_1`);
  });

  it('inlay hints: host:port of the process beside each member host', async () => {
    const client = server.client();
    const uri = pathToFileURL(path.join(server.dir(), 'automation.yaml')).href;
    const hints = (await client.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } } })) as InlayHint[];
    expect(hints.map((h) => `${h.position.line}:${lines[h.position.line].slice(0, h.position.character).trim()} ${h.label}`)).toEqual([
      `${lineOf('host: rs0_0')}:- { _id: 0, host: rs0_0 db0.example.com:27017`,
      `${lineOf('host: rs0_1')}:host: rs0_1 db1.example.com:27017`,
    ]);
    // Only those in the range asked for.
    const first = lineOf('host: rs0_0');
    expect(await client.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: { start: { line: first, character: 0 }, end: { line: first + 1, character: 0 } } })).toHaveLength(1);
  });

  it('each off by its setting (pulled again on a change)', async () => {
    const client = server.client();
    const uri = pathToFileURL(path.join(server.dir(), 'automation.yaml')).href;
    settings = { codeLens: { enable: false }, inlayHints: { enable: false } };
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
    await expect.poll(async () => client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } }), { timeout: 10_000 }).toEqual([]);
    expect(await client.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: whole })).toEqual([]);
  });
});
