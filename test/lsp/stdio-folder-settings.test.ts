// Settings per workspace folder over stdio, pulled with workspace/configuration (scopeUri: the
// folder) as the ESLint extension does: the same document gets its folder's targetVersion, and
// omlint.rules.customizations (ESLint's shape) change severities in the editor only: a glob, `!`,
// `off`, `downgrade`; the last match decides. Pulled again when the client says they changed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DidChangeConfigurationNotification } from 'vscode-languageserver-protocol/node';
import { serverForSuite, startClient } from './client';
import { SNMP } from './fixtures';


describe('settings per folder over stdio', () => {
  const byFolder: Record<string, unknown> = {};
  const server = serverForSuite((dir) => {
    for (const f of ['a', 'b']) mkdirSync(path.join(dir, f));
    return startClient(dir, undefined, {}, undefined, undefined, {
      folders: [path.join(dir, 'a'), path.join(dir, 'b')],
      configuration: (items) => items.map((i) => byFolder[path.basename(i.scopeUri ?? '')] ?? {}),
    });
  });
  const open = async (folder: string, version = 1) => {
    const client = server.client();
    const uri = pathToFileURL(path.join(server.dir(), folder, 'snmp.alert-config.yaml')).href;
    const published = client.diagnostics(uri, (p) => p.version === version);
    if (version === 1) client.open(uri, SNMP);
    else client.change(uri, version, SNMP + '\n'.repeat(version));
    return (await published).diagnostics;
  };
  const severity = (ds: Awaited<ReturnType<typeof open>>, code: string) => ds.find((d) => d.code === code)?.severity;

  it("each folder's targetVersion and customizations", async () => {
    byFolder.a = { targetVersion: '7.0' };
    byFolder.b = { rules: { customizations: [{ rule: 'deprecated-*', severity: 'off' }, { rule: '!deprecated-*', severity: 'downgrade' }] } };
    await server.client().connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const a = await open('a');
    const b = await open('b');
    // 7.0 removed SNMP: an error in a; in b the rule is off in the editor.
    expect(severity(a, 'deprecated-notification-type')).toBe(1);
    expect(severity(b, 'deprecated-notification-type')).toBeUndefined();
    expect(a.length).toBeGreaterThan(0);
  });

  it('pulled again on a change: the last matching customization decides', async () => {
    byFolder.a = { targetVersion: '7.0', rules: { customizations: [{ rule: '*', severity: 'info' }, { rule: 'deprecated-notification-*', severity: 'warn' }] } };
    await server.client().connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const a = await open('a', 2);
    expect(severity(a, 'deprecated-notification-type')).toBe(2);
    expect(a.filter((d) => d.code !== 'deprecated-notification-type').every((d) => d.severity === 3)).toBe(true);
  });
});
