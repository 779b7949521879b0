// Hostile input at scale against `omlint serve` as a process (127.0.0.1, bounded in count and
// time): wrong credentials, a replayed nonce, a 100 MB body (413 without buffering it: the
// process's peak memory is read from /proc), deep nesting, an alias bomb in a YAML seed, traversal
// and odd bytes in ids, 1,000 concurrent connections. No crash, and no planted secret in any
// answer or log line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeak } from '../planted-secrets';
import { BIN, digestHeader, startProcess, type Running } from './support';

const G = '5f0000000000000000000001';
const ORG = '5e0000000000000000000001';
// Secrets of the seed, in the shapes test/planted-secrets.ts's CANARY finds.
const KEY = 'Qx7101LeakCanaryPrivateKey9f8e';
const SEED = `orgs: [{ id: "${ORG}", name: Org }]
groups: [{ id: "${G}", name: Hostile, orgId: "${ORG}" }]
apiKeys:
  - { publicKey: hostile, privateKey: "${KEY}", roles: [{ roleName: GLOBAL_OWNER }] }
integrations:
  - { groupId: "${G}", type: WEBHOOK, url: "https://hooks.example.com/Qx7102LeakCanary", secret: "Qx7103LeakCanaryWebhookSecret" }
alertConfigs:
  - groupId: "${G}"
    eventTypeName: HOST_DOWN
    enabled: true
    notifications: [{ typeName: SLACK, apiToken: "xoxb-Qx7104LeakCanary-slack", channelName: ops, delayMin: 0, intervalMin: 5 }]
`;

let srv: Running;
let dir: string;
const answers: string[] = [];
const API = '/api/public/v1.0';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-hostile-'));
  writeFileSync(path.join(dir, 'seed.yaml'), SEED);
  srv = await startProcess(['--seed', 'seed.yaml', '--max-body-size', '1mb'], dir);
});
afterAll(async () => {
  await srv?.stop();
  for (const a of answers) expectNoLeak(a, 'an answer');
});

/** A request on its own connection, its answer kept for the leak check. */
function send(method: string, p: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: srv.port, method, path: p, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        answers.push(JSON.stringify(res.headers) + text);
        resolve({ status: res.statusCode!, headers: res.headers, text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
async function challenge(): Promise<string> {
  return (await send('GET', `${API}/groups`)).headers['www-authenticate'] as string;
}
const authed = async (method: string, p: string, body?: string) =>
  send(method, p, { Authorization: digestHeader(await challenge(), method, p, 'hostile', KEY), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, body);

/** Peak resident memory of the server so far (kB), from /proc. */
const peakKb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${srv.pid}/status`, 'utf8'))![1]);

/** A raw request whose body is streamed in chunks (no Content-Length): the status line of the answer. */
function streamBody(p: string, auth: string, bytes: number): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(srv.port, '127.0.0.1');
    let out = '';
    socket.on('data', (c) => (out += String(c)));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? resolve({ answer: out, sent }) : reject(e)));
    // The answer (413) comes early; the connection stays open while the rest is read and dropped.
    socket.on('data', () => {
      if (sent >= bytes && /\r\n\r\n[^]*\}$/.test(out)) socket.end();
    });
    socket.on('end', () => resolve({ answer: out, sent }));
    const chunk = Buffer.alloc(1 << 16, 0x5b); // '[' … never valid JSON
    const head = `${chunk.length.toString(16)}\r\n`;
    socket.write(`POST ${p} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        socket.write(head);
        socket.write(chunk);
        if (!socket.write('\r\n')) return void socket.once('drain', pump);
      }
      socket.write('0\r\n\r\n');
      if (/\r\n\r\n[^]*\}$/.test(out)) socket.end();
    };
    pump();
    setTimeout(() => { socket.destroy(); resolve({ answer: out, sent }); }, 60_000).unref();
  });
}

describe('hostile input at scale', () => {
  it('refuses wrong credentials and a replayed nonce with 401', async () => {
    const p = `${API}/groups/${G}/alerts`;
    const c = await challenge();
    expect((await send('GET', p, { Authorization: digestHeader(c, 'GET', p, 'hostile', 'wrong-key') })).status).toBe(401);
    expect((await send('GET', p, { Authorization: digestHeader(c, 'GET', p, 'nobody', KEY) })).status).toBe(401);
    expect((await send('GET', p, { Authorization: 'Digest garbage' })).status).toBe(401);
    expect((await send('GET', p, { Authorization: `Basic ${Buffer.from(`hostile:${KEY}`).toString('base64')}` })).status).toBe(401);
    const good = digestHeader(await challenge(), 'GET', p, 'hostile', KEY);
    expect((await send('GET', p, { Authorization: good })).status).toBe(200);
    const replay = await send('GET', p, { Authorization: good });
    expect(replay.status).toBe(401);
    expect(replay.headers['www-authenticate']).toMatch(/stale=false$/);
  });

  it('answers a 100 MB body with 413 without buffering it (peak memory grows by far less)', async () => {
    const p = `${API}/groups/${G}/alertConfigs`;
    await authed('POST', p, '{"eventTypeName": "HOST_DOWN", "enabled": true, "notifications": []}'); // the engine loaded before measuring
    const before = peakKb();
    const { answer, sent } = await streamBody(p, digestHeader(await challenge(), 'POST', p, 'hostile', KEY), 100 << 20);
    answers.push(answer);
    expect(sent).toBeGreaterThanOrEqual(100 << 20); // all of it went over the wire
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"errorCode":"REQUEST_TOO_LARGE"');
    expect(peakKb() - before).toBeLessThan(48 * 1024);
    // Declared too large: refused before a byte is read; unauthenticated: the challenge, the body never read.
    expect((await send('POST', p, { 'Content-Type': 'application/json', 'Content-Length': String(100 << 20) })).status).toBe(401);
    expect((await authed('GET', `${API}/groups`)).status).toBe(200);
  }, 90_000);

  it('answers deep nesting with a 400 in bounded time', async () => {
    const p = `${API}/groups/${G}/alertConfigs`;
    for (const deep of [`${'['.repeat(200_000)}${']'.repeat(200_000)}`, `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`, '['.repeat(500_000)]) {
      const started = Date.now();
      const r = await authed('POST', p, deep);
      expect(r.status).toBe(400);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });

  it('refuses an alias bomb and deep nesting in a YAML seed with exit 2, quickly', () => {
    const letters = 'abcdefghij';
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]', ...[...letters.slice(1)].map((l, i) => `${l}: &${l} [${Array(10).fill(`*${letters[i]}`).join(',')}]`)].join('\n');
    writeFileSync(path.join(dir, 'bomb.yaml'), `${bomb}\norgs: []\n`);
    writeFileSync(path.join(dir, 'deep.yaml'), `orgs: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
    for (const seed of ['bomb.yaml', 'deep.yaml']) {
      const started = Date.now();
      const r = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--seed', seed], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^omlint: invalid seed: ${seed}:\\d+:\\d+: `));
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  });

  it('answers traversal and odd bytes in ids with 400 or 404 (431 for an id past the header limit)', async () => {
    const odd = ['%2e%2e', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '..%2f..%2f', '%00', 'a%00b', '%ff%fe', '%C0%AE%C0%AE', '%0d%0aX-Injected:%201', `${'a'.repeat(8000)}`, '%E2%80%AE', '%25', "'%20OR%201=1", '..;'];
    for (const id of odd) {
      const r = await authed('GET', `${API}/groups/${G}/alertConfigs/${id}`);
      expect([400, 404], id.slice(0, 40)).toContain(r.status);
      expect(r.headers['x-injected']).toBeUndefined();
      const g = await authed('GET', `${API}/groups/${id}/alerts`);
      expect([400, 404], id.slice(0, 40)).toContain(g.status);
    }
    // Literal dot segments on the wire (fetch would resolve them first): refused, never resolved.
    for (const p of [`${API}/groups/${G}/../../../../etc/passwd`, `${API}/../../etc/passwd`, `${API}/groups/${G}/alertConfigs/%2e%2e`, `${API}/groups/${G}/alerts/./.`]) {
      const r = await authed('GET', p);
      expect(r.status, p).toBe(400);
      expect(JSON.parse(r.text).errorCode).toBe('INVALID_PATH');
    }
    expect((await send('GET', `${API}/groups/${'b'.repeat(20_000)}`)).status).toBe(431);
    // A Host header that names no host: the links fall back to 127.0.0.1, no 500.
    const p = `${API}/groups`;
    const hosted = await send('GET', p, { Host: 'a b<script>', Authorization: digestHeader(await challenge(), 'GET', p, 'hostile', KEY) });
    expect(hosted.status).toBe(200);
    expect(JSON.parse(hosted.text).links[0].href).toMatch(/^http:\/\/127\.0\.0\.1\//);
    expect((await authed('GET', `${API}/groups`)).status).toBe(200);
  });

  it('serves 1,000 concurrent connections, each authenticated, and goes on', async () => {
    const p = `${API}/groups/${G}/alerts`;
    const c = await challenge();
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    const one = (nc: number) =>
      new Promise<number>((resolve) => {
        const req = request({ host: '127.0.0.1', port: srv.port, path: p, agent, headers: { Authorization: digestHeader(c, 'GET', p, 'hostile', KEY, nc) } }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            answers.push(text);
            resolve(res.statusCode!);
          });
        });
        req.on('error', () => resolve(0));
        req.end();
      });
    const statuses = await Promise.all(Array.from({ length: 1000 }, (_, i) => one(i + 1)));
    agent.destroy();
    const counts: Record<number, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    expect(counts).toEqual({ 200: 1000 });
    expect((await authed('GET', `${API}/groups`)).status).toBe(200);
  }, 90_000);

  it('leaves no planted secret in any log line, and logged no internal error', () => {
    const log = srv.stderr();
    expect(log).toMatch(/GET \/api\/public\/v1\.0\/groups 200/);
    expect(log).not.toContain('internal error');
    expectNoLeak(log, 'the log');
  });
});
