// `--state-dir`: every change written atomically to DIR/state.json (mode 0600, never through a
// link), resumed on restart over --seed. The kill -9 test spawns dist/omlint.js serve, streams
// PUTs at it and kills it at random moments (a bounded count): the file always holds the state
// before or after the write in flight, parseable, and the restarted server serves it.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateStore } from '../../src/serve/persist';
import { createServeServer } from '../../src/serve/server';
import { defaultState, type State } from '../../src/serve/state';
import { BIN, digestFetch, startProcess, type Running } from './support';

const USER = 'ci';
const SECRET = 'b7d1c6e2-5a1f-4c3e-9d2b-7f1e0a9c4d3b';
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'omlint-state-'));
const running: Running[] = [];
afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
});

async function start(dir: string, extra: string[] = []): Promise<Running> {
  const r = await startProcess(['--state-dir', dir, '--user', `${USER}:${SECRET}`, ...extra]);
  running.push(r);
  return r;
}
const call = (r: Running, p: string, init: RequestInit = {}) => digestFetch(`${r.base}${p}`, USER, SECRET, init);
const saved = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')) as { format: string; version: number; state: State };
const threshold = (s: State) => (s.alertConfigs[0].metricThreshold as { threshold: number }).threshold;
const run = (args: string[]) => spawnSync(process.execPath, [BIN, 'serve', '--port', '0', ...args], { encoding: 'utf8', timeout: 15_000 });

describe('--state-dir', () => {
  it('survives kill -9 at random moments of a stream of writes: the previous or the next state, served after a restart', async () => {
    const root = tmp();
    const dir = path.join(root, 'state');
    // A state of about 2 MB (5,000 alerts), so that a kill lands inside a write now and then.
    const seed = path.join(root, 'seed.json');
    writeFileSync(seed, JSON.stringify(bigSeed(5000)));
    let expected: number | undefined;
    const KILLS = 10;
    for (let round = 0; round < KILLS; round++) {
      const srv = await start(dir, ['--seed', seed]);
      const group = (await (await call(srv, '/groups')).json()).results[0].id as string;
      const configs = (await (await call(srv, `/groups/${group}/alertConfigs`)).json()).results;
      const config = configs[0];
      // The restarted server serves what the file held when the last one was killed.
      if (expected !== undefined) expect(config.metricThreshold.threshold).toBe(expected);
      else expect(config.metricThreshold.threshold).toBe(5000);
      expect(readdirSync(dir).filter((n) => n.endsWith('.omlint-tmp'))).toEqual([]);
      let acked: number = config.metricThreshold.threshold;
      let inFlight = acked;
      let stop = false;
      const writer = (async () => {
        while (!stop) {
          inFlight = acked + 1;
          const { id: _id, links: _links, created: _c, updated: _u, ...body } = config;
          try {
            const r = await call(srv, `/groups/${group}/alertConfigs/${config.id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, metricThreshold: { ...config.metricThreshold, threshold: inFlight } }) });
            await r.arrayBuffer();
            expect(r.status).toBe(200);
            acked = inFlight;
          } catch {
            return; // killed under the request
          }
        }
      })();
      // A random moment after the first write (the first lint of a process loads the engine).
      const initial = acked;
      for (let waited = 0; acked === initial && waited < 20_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.random() * 300));
      process.kill(srv.pid, 'SIGKILL');
      stop = true;
      await writer;
      await srv.stop();
      const after = threshold(saved(dir).state);
      expect([acked, inFlight]).toContain(after);
      expected = after;
    }
    const last = await start(dir, ['--seed', seed]);
    const group = (await (await call(last, '/groups')).json()).results[0].id as string;
    expect((await (await call(last, `/groups/${group}/alertConfigs`)).json()).results[0].metricThreshold.threshold).toBe(expected);
  }, 300_000);

  it('writes state.json with mode 0600 (an older, wider file too), never prints a key, and resumes over --seed', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'seed.yaml'), 'orgs: []\n');
    const first = await start(dir);
    expect(statSync(path.join(dir, 'state.json')).mode & 0o777).toBe(0o600);
    expect(saved(dir).format).toBe('omlint-serve-state');
    const privateKey = defaultKey(saved(dir).state);
    expect(first.stdout).toContain(privateKey); // the generated deployment's key, printed once as before
    await first.stop();
    chmodSync(path.join(dir, 'state.json'), 0o644);
    const again = await start(dir, ['--seed', path.join(dir, 'seed.yaml')]);
    expect(again.stdout).toMatch(/resumed the state in .*state\.json \(--seed .*seed\.yaml not read: the state directory holds a state\)/);
    expect(again.stdout).not.toContain(privateKey);
    expect(again.stdout).not.toContain(SECRET);
    expect(statSync(path.join(dir, 'state.json')).mode & 0o777).toBe(0o600);
    // The same --user again is no change; the generated key still lets its owner in.
    const [pub, priv] = [saved(dir).state.apiKeys[0].publicKey, privateKey];
    expect((await digestFetch(`${again.base}/groups`, pub, priv)).status).toBe(200);
    expect(again.stderr()).not.toContain(privateKey);
    await again.stop();
    const other = run(['--state-dir', dir, '--user', `${USER}:another-secret-value`]);
    expect(other.status).toBe(2);
    expect(other.stderr).toBe(`omlint: --user ${USER}: that public key is already in the resumed state with another private key or role.\n`);
  });

  it('refuses a link for the directory or the file, a file that is no state, and a second server on the directory', async () => {
    const root = tmp();
    mkdirSync(path.join(root, 'real'));
    symlinkSync(path.join(root, 'real'), path.join(root, 'link'));
    const linkDir = run(['--state-dir', path.join(root, 'link')]);
    expect(linkDir.status).toBe(2);
    expect(linkDir.stderr).toBe(`omlint: --state-dir ${path.join(root, 'link')} is a symbolic link: refused (the state is never written through a link; name the real directory).\n`);
    writeFileSync(path.join(root, 'elsewhere.json'), 'precious');
    symlinkSync(path.join(root, 'elsewhere.json'), path.join(root, 'real', 'state.json'));
    const linkFile = run(['--state-dir', path.join(root, 'real')]);
    expect(linkFile.status).toBe(2);
    expect(linkFile.stderr).toMatch(/the state file .*state\.json is a symbolic link: refused/);
    expect(readFileSync(path.join(root, 'elsewhere.json'), 'utf8')).toBe('precious');

    const bad = tmp();
    writeFileSync(path.join(bad, 'state.json'), '{"format": "omlint-serve-state", "version": 1, "state": {"apiKeys": {}}}');
    expect(run(['--state-dir', bad])).toMatchObject({ status: 2, stderr: `omlint: the state file ${path.join(bad, 'state.json')} has object for "apiKeys", not a list: move it away to start afresh.\n` });
    writeFileSync(path.join(bad, 'state.json'), '{"half');
    expect(run(['--state-dir', bad]).stderr).toMatch(/^omlint: the state file .* is not JSON \(.*\): move it away to start afresh\.\n$/);

    const dir = tmp();
    const srv = await start(dir);
    const second = run(['--state-dir', dir]);
    expect(second.status).toBe(2);
    expect(second.stderr).toBe(`omlint: --state-dir ${dir} is in use by process ${srv.pid} (${path.join(dir, 'state.lock')}).\n`);
    await srv.stop();
    expect(existsSync(path.join(dir, 'state.lock'))).toBe(false); // given back at a clean stop
  });
});

function bigSeed(alerts: number) {
  const orgId = '5e0000000000000000000001';
  const groupId = '5f0000000000000000000001';
  const config = {
    groupId, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, matchers: [],
    metricThreshold: { metricName: 'CONNECTIONS', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5000, units: 'RAW' },
    notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 60, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }],
  };
  return {
    orgs: [{ id: orgId, name: 'Org' }], groups: [{ id: groupId, name: 'P', orgId }], alertConfigs: [config],
    alerts: Array.from({ length: alerts }, (_, i) => ({ groupId, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', status: 'OPEN', created: '2026-06-01T12:00:00Z', hostnameAndPort: `h${i}.example:27017`, metricName: 'CONNECTIONS', currentValue: { number: 5000 + i, units: 'RAW' }, typeName: 'HOST_METRIC', replicaSetName: 'rs0', comment: 'x'.repeat(300) })),
  };
}

function defaultKey(s: State): string {
  return s.apiKeys.find((k) => k.publicKey !== USER)!.privateKey;
}

describe('when the state is saved', () => {
  it('after a change (a write below 400, a call counted on an access list), not after a read or a refusal; a failed save answers 500', async () => {
    const state = defaultState(new Date('2026-06-01T12:00:00Z'));
    const owner = state.apiKeys[0];
    state.users.push({ id: 'u1', username: 'listed', apiKey: 'listed-user-api-key-0001', roles: [{ roleName: 'GLOBAL_READ_ONLY' }], accessList: [{ ipAddress: '127.0.0.1', cidrBlock: '127.0.0.1' }] });
    const dir = tmp();
    const store = new StateStore(dir);
    let saves = 0;
    let failing = false;
    const server = createServeServer(state, {
      maxBodyBytes: 1 << 20, nonceLifetimeMs: 300_000, now: () => new Date('2026-06-01T12:00:00Z'), log: () => {},
      saveState: () => {
        if (failing) throw new Error('disk full');
        saves++;
        store.save(state);
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/public/v1.0`;
    try {
      const g = state.groups[0].id;
      const alert = state.alerts[0].id as string;
      const patch = (body: string) => digestFetch(`${base}/groups/${g}/alerts/${alert}`, owner.publicKey, owner.privateKey, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body });
      expect((await digestFetch(`${base}/groups/${g}/alerts`, owner.publicKey, owner.privateKey)).status).toBe(200);
      expect((await patch('{"acknowledgedUntil": 5}')).status).toBe(400);
      expect(saves).toBe(0);
      expect((await patch('{"acknowledgedUntil": "2099-01-01T00:00:00Z", "acknowledgementComment": "saved"}')).status).toBe(200);
      expect(saves).toBe(1);
      expect(saved(dir).state.alerts[0].acknowledgementComment).toBe('saved');
      expect((await digestFetch(`${base}/groups/${g}/alerts`, 'listed', 'listed-user-api-key-0001')).status).toBe(200);
      expect(saves).toBe(2);
      expect(saved(dir).state.users[0].accessList![0].count).toBe(1);
      failing = true;
      const r = await patch('{}');
      expect(r.status).toBe(500);
      expect(await r.json()).toMatchObject({ error: 500, errorCode: 'STATE_NOT_SAVED' });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      store.release();
    }
  });
});
