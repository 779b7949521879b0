// The request log of `omlint serve`, written in batches (src/serve/log.ts): lines of one burst go
// out in one write, in order; nothing pending is lost when the server stops (SIGTERM), and every
// line is still masked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { BatchedLog } from '../../src/serve/log';
import { createServeServer } from '../../src/serve/server';
import { defaultState } from '../../src/serve/state';
import { digestFetch, startProcess } from './support';

afterEach(() => {
  vi.useRealTimers();
});

describe('BatchedLog', () => {
  it('writes the lines of a burst in one write, in order, once the delay passes', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const log = new BatchedLog((t) => writes.push(t));
    for (let i = 0; i < 200; i++) log.line(`GET /x/${i} 200 0ms`);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(60);
    expect(writes).toHaveLength(1);
    expect(writes[0].split('\n')).toEqual([...Array.from({ length: 200 }, (_, i) => `GET /x/${i} 200 0ms`), '']);
  });

  it('writes at once past 64 KB pending, and flush() writes the rest', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const log = new BatchedLog((t) => writes.push(t));
    const long = 'x'.repeat(1023);
    for (let i = 0; i < 64; i++) log.line(long);
    expect(writes).toHaveLength(1);
    log.line('last');
    log.flush();
    expect(writes).toEqual([`${Array(64).fill(long).join('\n')}\n`, 'last\n']);
    // Nothing pending: no empty write.
    log.flush();
    vi.advanceTimersByTime(60);
    expect(writes).toHaveLength(2);
  });
});

describe('the log of a running server', () => {
  it('writes the pending lines when the server closes', async () => {
    const state = defaultState(new Date());
    const { publicKey, privateKey } = state.apiKeys[0];
    const writes: string[] = [];
    // A delay no test waits for: only the close can write the line.
    const log = new BatchedLog((t) => writes.push(t), 3_600_000);
    const server = createServeServer(state, { maxBodyBytes: 1 << 20, nonceLifetimeMs: 300_000, now: () => new Date(), log: (l) => log.line(l) });
    log.flushOn(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/v1.0`;
    expect((await digestFetch(`${base}/groups?closing=1`, publicKey, privateKey)).status).toBe(200);
    expect(writes).toEqual([]);
    await new Promise((r) => { server.closeAllConnections(); server.close(r); });
    expect(writes.join('')).toMatch(/^GET \/api\/public\/v1\.0\/groups\?closing=1 401 \d+ms\nGET \/api\/public\/v1\.0\/groups\?closing=1 200 \d+ms\n$/);
  });

  it('holds every request line, the last one included, after SIGTERM; a secret in a query is masked', async () => {
    const G = '5f0000000000000000000001';
    const ORG = '5e0000000000000000000001';
    const KEY = 'Qx7RequestLogOwnerKey0123';
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-serve-log-'));
    writeFileSync(path.join(dir, 'seed.json'), JSON.stringify({ orgs: [{ id: ORG, name: 'Org' }], groups: [{ id: G, name: 'Logged', orgId: ORG }] }));
    // A batch delay no test waits for: only the stop can write the lines.
    const srv = await startProcess(['--seed', 'seed.json', '--user', `owner:${KEY}`], dir, { ...process.env, OMLINT_DEBUG_LOG_FLUSH_MS: '3600000' });
    try {
      for (let i = 1; i <= 12; i++) expect((await digestFetch(`${srv.base}/groups/${G}?n=${i}`, 'owner', KEY)).status).toBe(200);
      expect((await digestFetch(`${srv.base}/groups/${G}/alerts?note=${KEY}`, 'owner', KEY)).status).toBe(200);
      // The last request, answered just before the signal: its line was still pending.
      expect((await digestFetch(`${srv.base}/groups/${G}/alertConfigs?last=yes`, 'owner', KEY)).status).toBe(200);
      expect(srv.stderr()).toBe('');
    } finally {
      await srv.stop();
    }
    const log = srv.stderr();
    for (let i = 1; i <= 12; i++) expect(log).toContain(`GET /api/public/v1.0/groups/${G}?n=${i} 200 `);
    expect(log).toMatch(new RegExp(`GET /api/public/v1\\.0/groups/${G}/alerts\\?note=\\S+ 200 `));
    expect(log).toContain(`GET /api/public/v1.0/groups/${G}/alertConfigs?last=yes 200 `);
    expect(log).not.toContain(KEY);
  });

  it('on SIGTERM, a state that cannot be saved is told after the pending request lines, masked', async () => {
    const KEY = 'Qx7RequestLogStopKey01234';
    const root = mkdtempSync(path.join(os.tmpdir(), 'omlint-serve-log-'));
    // The directory's name holds the key: the line naming the state file must mask it.
    const dir = path.join(root, `state-${KEY}`);
    const srv = await startProcess(['--state-dir', dir, '--user', `owner:${KEY}`, '--automation-delay', '0'], root, {
      ...process.env, OMLINT_DEBUG_LOG_FLUSH_MS: '3600000', OMLINT_DEBUG_SAVE_SOON_MS: '3600000',
    });
    const file = path.join(dir, 'state.json');
    const g = JSON.parse(readFileSync(file, 'utf8')).state.groups[0].id as string;
    try {
      const config = `${srv.base}/groups/${g}/automationConfig`;
      const put = await digestFetch(config, 'owner', KEY, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(await (await digestFetch(config, 'owner', KEY)).json()) });
      expect(put.status).toBe(200);
      // The processes reach the new goal (delay 0) when this read finds them: a save is pending, not done.
      expect((await digestFetch(`${srv.base}/groups/${g}/automationStatus?last=yes`, 'owner', KEY)).status).toBe(200);
      // The stop's save is refused: the state file is now a link.
      writeFileSync(path.join(root, 'elsewhere.json'), '{}');
      rmSync(file);
      symlinkSync(path.join(root, 'elsewhere.json'), file);
    } finally {
      await srv.stop();
    }
    const lines = srv.stderr().trimEnd().split('\n');
    expect(lines.at(-2)).toMatch(new RegExp(`^GET /api/public/v1\\.0/groups/${g}/automationStatus\\?last=yes 200 `));
    expect(lines.at(-1)).toMatch(/^omlint serve: the last change is not saved: .*state-\*+\/state\.json is a symbolic link: refused/);
    expect(srv.stderr()).not.toContain(KEY);
  });
});
