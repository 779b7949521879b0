// omlint is a formatter only where omlint.format.enable turns it on (issue 38: "off by default in
// the extension"), over stdio. A client that registers formatting dynamically (VS Code) gets no
// static formatting capability and no registration while the setting is off (VS Code's own JSON
// formatter stays the only one: a second one makes VS Code ask in a modal dialog); turned on for one
// folder, formatting and range formatting are registered for that folder's YAML and JSON; turned on
// for everything, for the client's whole selector; off again, unregistered. A client without
// dynamic registration keeps the static capability (Neovim: test/lsp/neovim-format.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DidChangeConfigurationNotification, type InitializeResult } from 'vscode-languageserver-protocol/node';
import { startClient, type LspClient } from './client';
import { tempDir } from './fixtures';

type Event = { method: string; params: { registrations?: { id: string; method: string; registerOptions?: { documentSelector?: unknown } }[]; unregisterations?: { id: string; method: string }[] } };

describe('formatting registered where the setting turns it on (dynamic registration)', () => {
  let client: LspClient;
  let dir: string;
  let other: string;
  let result: InitializeResult | undefined;
  const events: Event[] = [];
  let settings: (scopeUri: string | undefined) => unknown = () => ({});
  const formatting = () => events.filter((e) => /textDocument\/(range)?formatting/i.test(JSON.stringify(e.params)));

  beforeAll(async () => {
    dir = tempDir();
    other = tempDir();
    client = await startClient(dir, undefined, { formatting: { dynamicRegistration: true }, rangeFormatting: { dynamicRegistration: true } }, undefined, undefined, {
      folders: [dir, other],
      configuration: (items) => items.map((i) => settings(i.scopeUri)),
      workspace: { didChangeConfiguration: { dynamicRegistration: true } },
      onRegistration: (method, params) => events.push({ method, params: params as Event['params'] }),
      onInitialized: (r) => (result = r),
    });
  });
  afterAll(async () => {
    await client?.stop();
  });

  const changed = () => client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });

  it('off (the default): no static capability, nothing registered', async () => {
    expect(result?.capabilities.documentFormattingProvider).toBeUndefined();
    expect(result?.capabilities.documentRangeFormattingProvider).toBeUndefined();
    // The settings were pulled (the configuration's registration comes after them).
    await expect.poll(() => events.some((e) => JSON.stringify(e.params).includes('workspace/didChangeConfiguration')), { timeout: 10_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(formatting()).toEqual([]);
  });

  it("on in one folder: registered for that folder's YAML and JSON", async () => {
    settings = (scopeUri) => (scopeUri === `file://${dir}` ? { format: { enable: true } } : {});
    await changed();
    await expect.poll(() => formatting().length, { timeout: 10_000 }).toBe(2);
    const registrations = formatting().flatMap((e) => e.params.registrations ?? []);
    expect(registrations.map((r) => r.method).sort()).toEqual(['textDocument/formatting', 'textDocument/rangeFormatting']);
    for (const r of registrations) {
      expect(r.registerOptions?.documentSelector).toEqual([
        { scheme: 'file', language: 'yaml', pattern: `${dir}/**` },
        { scheme: 'file', language: 'json', pattern: `${dir}/**` },
      ]);
    }
  });

  it('on everywhere: the client\'s whole selector; off again: unregistered', async () => {
    events.length = 0;
    settings = () => ({ format: { enable: true } });
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { omlint: { format: { enable: true } } } });
    await expect.poll(() => formatting().filter((e) => e.method === 'client/registerCapability').length, { timeout: 10_000 }).toBe(2);
    expect(formatting().flatMap((e) => e.params.registrations ?? []).map((r) => r.registerOptions?.documentSelector)).toEqual([null, null]);
    expect(formatting().flatMap((e) => e.params.unregisterations ?? []).map((r) => r.method).sort()).toEqual(['textDocument/formatting', 'textDocument/rangeFormatting']);

    events.length = 0;
    settings = () => ({});
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { omlint: {} } });
    await expect.poll(() => formatting().flatMap((e) => e.params.unregisterations ?? []).length, { timeout: 10_000 }).toBe(2);
    expect(formatting().filter((e) => e.method === 'client/registerCapability')).toEqual([]);
  });
});

describe('formatting for a client without dynamic registration', () => {
  it('keeps the static capability', async () => {
    let result: InitializeResult | undefined;
    const client = await startClient(tempDir(), undefined, {}, undefined, undefined, { onInitialized: (r) => (result = r) });
    try {
      expect(result?.capabilities.documentFormattingProvider).toBe(true);
      expect(result?.capabilities.documentRangeFormattingProvider).toBe(true);
    } finally {
      await client.stop();
    }
  });
});
