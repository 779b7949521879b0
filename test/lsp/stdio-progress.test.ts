// window/workDoneProgress over stdio: the first lint of a big document (1.9 MB automation
// configuration, seconds) shows progress begun after PROGRESS_AFTER_MS and ended before its
// diagnostics are published; its later lints (after an edit) show none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openAndLint, serverForSuite, startClient } from './client';
import { ALERT } from './fixtures';

const AUTOMATION = path.resolve(__dirname, '../../../shared/corpus/automation-config/mck__bug-hunt__artifacts__fixed-ac.json');

describe('progress of a long first lint over stdio', () => {
  const events: string[] = [];
  const server = serverForSuite(async (dir) => {
    // The wait before progress shortened to 1 ms: whether a lint outlasts 500 ms depends on the machine's load.
    // The server inherits this process's environment (this file runs in a worker of its own).
    process.env.OMLINT_DEBUG_PROGRESS_AFTER_MS = '1';
    const client = await startClient(dir, undefined, {}, undefined, undefined, { window: { workDoneProgress: true } });
    delete process.env.OMLINT_DEBUG_PROGRESS_AFTER_MS;
    client.connection.onRequest('window/workDoneProgress/create', (p: { token: string | number }) => {
      events.push(`create ${p.token}`);
      return null;
    });
    client.connection.onNotification('$/progress', (p: { token: string | number; value: { kind: string; title?: string; message?: string } }) => {
      events.push(`${p.value.kind} ${p.token}${p.value.message ? ` ${p.value.message}` : ''}`);
    });
    return client;
  });

  it('a first lint longer than the wait: begun, then ended before the diagnostics', async () => {
    const client = server.client();
    // An alert first: the server's first lint of a kind loads its rules (not what is measured below).
    await openAndLint(client, server.dir(), 'warm.alert-config.yaml', ALERT);
    events.length = 0;
    const uri = pathToFileURL(path.join(server.dir(), 'deployment.json')).href;
    const published = client.diagnostics(uri, () => true, 60_000).then(() => events.push('published'));
    client.open(uri, readFileSync(AUTOMATION, 'utf8'), 'json');
    await published;
    // The warm-up's own progress, if the loaded machine made it slow, may still be ending: this document's token only.
    const token = events.find((e) => e.endsWith('Linting deployment.json'))?.split(' ')[1];
    expect(events.filter((e) => e.includes(` ${token}`) || e === 'published'), JSON.stringify(events)).toEqual([`create ${token}`, `begin ${token} Linting deployment.json`, `end ${token}`, 'published']);
  }, 90_000);

  it("the same document's next lint: no progress, however long", async () => {
    const client = server.client();
    const uri = pathToFileURL(path.join(server.dir(), 'deployment.json')).href;
    const before = events.length;
    const published = client.diagnostics(uri, (p) => p.version === 2, 60_000);
    client.change(uri, 2, readFileSync(AUTOMATION, 'utf8').replace('"version"', '"version" '));
    await published;
    expect(events.slice(before)).toEqual([]);
  }, 90_000);
});
