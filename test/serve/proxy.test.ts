// Proxy mode (`--proxy URL`): a second `omlint serve` on 127.0.0.1 stands for Ops Manager. curl
// --digest and Python requests talk to the proxy; the digest exchange is the upstream's (the
// proxy never signs), a valid body reaches it, an invalid one is stopped with the emulator's 400
// (block) or forwarded with its findings in a header (warn). In process: an unreachable upstream
// is a 502 and a silent one a 504, in Ops Manager's error shape; a body over the limit is a 413.
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyServer } from '../../src/serve/proxy';
import { BIN, digestFetch, startProcess, type Running } from './support';

const CURL = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
const PYTHON = spawnSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0;
const OPENSSL = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
const USER = 'proxy-ci';
const SECRET = '9c2e4b1a-6d3f-4a8e-b5c7-0e1f2a3b4c5d';

let upstream: Running;
let block: Running;
let warn: Running;
let group: string;
let config: Record<string, any>;
beforeAll(async () => {
  upstream = await startProcess(['--user', `${USER}:${SECRET}`]);
  group = upstream.groupId!;
  [block, warn] = await Promise.all([
    startProcess(['--proxy', `http://127.0.0.1:${upstream.port}`]),
    startProcess(['--proxy', `http://127.0.0.1:${upstream.port}`, '--proxy-mode', 'warn']),
  ]);
  config = (await (await digestFetch(`${upstream.base}/groups/${group}/alertConfigs`, USER, SECRET)).json()).results[0];
}, 60_000);
afterAll(() => Promise.all([upstream, block, warn].map((r) => r?.stop())));

/** The body of a PUT of the upstream's alert configuration, with another threshold (or none: an error). */
const body = (threshold?: number) => {
  const { id: _i, links: _l, created: _c, updated: _u, metricThreshold, ...rest } = config;
  return JSON.stringify(threshold === undefined ? rest : { ...rest, metricThreshold: { ...metricThreshold, threshold } });
};
/**
 * The upstream's threshold, read directly (once more if fetch reused a kept-alive socket the upstream
 * had just closed). Returns once the upstream has logged this read: its log is written in batches and
 * in order, so every earlier request's line is there too and a count taken next is not stale.
 */
async function upstreamThreshold(): Promise<number> {
  const reads = () => upstream.stderr().split('\n').filter((l) => l.startsWith(`GET /api/public/v1.0/groups/${group}/alertConfigs/${config.id} `)).length;
  const seen = reads();
  const read = async () => (await (await digestFetch(`${upstream.base}/groups/${group}/alertConfigs/${config.id}`, USER, SECRET)).json()).metricThreshold.threshold;
  let threshold: number;
  try {
    threshold = await read();
  } catch {
    threshold = await read();
  }
  for (let waited = 0; reads() <= seen && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  return threshold;
}
/** The upstream logs a request once answered: waits (5 s at most) for `n` PUT lines. */
async function logged(n: number): Promise<void> {
  for (let waited = 0; upstreamPuts().length < n && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
}
const upstreamPuts = () => upstream.stderr().split('\n').filter((l) => l.startsWith(`PUT /api/public/v1.0/groups/${group}/alertConfigs/`));

/** curl --digest through a proxy: the status, headers and body of the last answer. */
function curl(via: Running, p: string, ...extra: string[]) {
  const out = execFileSync('curl', ['-s', '--max-time', '20', '--digest', '-u', `${USER}:${SECRET}`, '-D', '-', ...extra, `${via.base}${p}`], { encoding: 'utf8', timeout: 30_000 });
  const blocks = out.split(/\r\n\r\n/);
  let last = blocks.length - 1;
  while (last > 0 && !/^HTTP\/1\.1 \d+/.test(blocks[last])) last--;
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(blocks[last])![1]), headers: blocks[last], body: blocks.slice(last + 1).join('\r\n\r\n'), all: out };
}
const curlPut = (via: Running, data: string) => curl(via, `/groups/${group}/alertConfigs/${config.id}`, '-X', 'PUT', '-H', 'Content-Type: application/json', '--data-binary', data);

describe.skipIf(!CURL)('--proxy with curl --digest', () => {
  it("passes the upstream's challenge and the client's digest unchanged, and the upstream's answers back", async () => {
    // Without credentials: the upstream's 401, its challenge as it wrote it.
    const challenge = await fetch(`${block.base}/groups`);
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toMatch(/^Digest realm="MMS Public API", domain="", nonce="[^"]+", algorithm=MD5, qop="auth", stale=false$/);
    expect(await challenge.json()).toMatchObject({ errorCode: 'UNAUTHORIZED' });
    // The upstream logs once it has answered.
    for (let waited = 0; !/^GET \/api\/public\/v1\.0\/groups 401 /m.test(upstream.stderr()) && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(upstream.stderr()).toMatch(/^GET \/api\/public\/v1\.0\/groups 401 /m);
    // The digest answered through the proxy is checked by the upstream (the proxy holds no key).
    const groups = curl(block, '/groups');
    expect(groups.status).toBe(200);
    expect(JSON.parse(groups.body).results[0].id).toBe(group);
    expect(groups.headers).toMatch(/X-Vendor-Service-Version: gitHash=/);
    expect(spawnSync('curl', ['-s', '--digest', '-u', `${USER}:wrong`, '-o', '/dev/null', '-w', '%{http_code}', `${block.base}/groups`], { encoding: 'utf8' }).stdout).toBe('401');
  });

  it('forwards a valid PUT; block mode stops an invalid one with the 400 of the emulator, never sent upstream', async () => {
    expect(curlPut(block, body(7001)).status).toBe(200);
    expect(await upstreamThreshold()).toBe(7001);
    const before = upstreamPuts().length;
    const bad = curlPut(block, body());
    await logged(before + 1);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: 400, errorCode: 'INVALID_ATTRIBUTE', reason: 'Bad Request', findings: expect.arrayContaining([expect.objectContaining({ ruleId: 'metric-threshold-required' })]) });
    expect(upstreamPuts().length).toBe(before + 1); // curl's first PUT (no credentials, no body): the upstream's challenge
    expect(upstreamPuts().at(-1)).toMatch(/ 401 /);
    expect(await upstreamThreshold()).toBe(7001);
  });

  it('refuses a request in absolute form (the proxy used as an HTTP proxy): never judged elsewhere, never forwarded', async () => {
    const before = upstreamPuts().length;
    // curl --proxy sends `PUT http://upstream/api/…`: the path check must not be passed by.
    const out = execFileSync('curl', ['-s', '--max-time', '20', '--proxy', `http://127.0.0.1:${block.port}`, '--digest', '-u', `${USER}:${SECRET}`, '-o', '/dev/null', '-w', '%{http_code}', '-X', 'PUT', '-H', 'Content-Type: application/json', '--data-binary', body(), `${upstream.base}/groups/${group}/alertConfigs/${config.id}`], { encoding: 'utf8', timeout: 30_000 });
    expect(out).toBe('400');
    await new Promise((r) => setTimeout(r, 200));
    expect(upstreamPuts().length).toBe(before);
    expect(await upstreamThreshold()).toBe(7001);
  });

  it('warn mode forwards an invalid body, its findings in X-Omlint-Findings', async () => {
    const before = upstreamPuts().length;
    const bad = curlPut(warn, body());
    expect(bad.headers).toMatch(/^X-Omlint-Findings: read-only-field \/groupId 1:2, metric-threshold-required \/eventTypeName 1:70\r?$/m);
    expect(bad.status).toBe(400); // the upstream's own answer (an omlint serve judges it too)
    await logged(before + 2);
    expect(upstreamPuts().slice(before).map((l) => l.split(' ')[2])).toEqual(['401', '400']);
    expect(curlPut(warn, body(7002)).status).toBe(200);
    expect(await upstreamThreshold()).toBe(7002);
  });
});

describe.skipIf(!PYTHON)('--proxy with Python requests', () => {
  it('lists, updates and is refused through the proxy', () => {
    const script = [
      'import sys, json, requests',
      'from requests.auth import HTTPDigestAuth',
      'base, user, secret, path, good, bad = sys.argv[1:7]',
      'auth = HTTPDigestAuth(user, secret)',
      'h = {"Content-Type": "application/json"}',
      'out = {}',
      'r = requests.get(base + "/groups", auth=auth, timeout=20); out["groups"] = [r.status_code, r.json()["totalCount"]]',
      'r = requests.put(base + path, data=good, headers=h, auth=auth, timeout=20); out["good"] = [r.status_code, r.json()["metricThreshold"]["threshold"]]',
      'r = requests.put(base + path, data=bad, headers=h, auth=auth, timeout=20); out["bad"] = [r.status_code, r.json()["errorCode"]]',
      'print(json.dumps(out))',
    ].join('\n');
    const out = execFileSync('python3', ['-c', script, block.base, USER, SECRET, `/groups/${group}/alertConfigs/${config.id}`, body(7003), body()], { encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(out)).toEqual({ groups: [200, 1], good: [200, 7003], bad: [400, 'INVALID_ATTRIBUTE'] });
  });
});

describe('--proxy bounds', () => {
  const proxies: Server[] = [];
  afterAll(() => Promise.all(proxies.map((s) => new Promise((r) => { s.closeAllConnections(); s.close(r); }))));
  async function proxyTo(origin: string, maxBodyBytes = 1 << 20): Promise<string> {
    const s = createProxyServer({ upstream: new URL(origin), mode: 'block', maxBodyBytes, timeoutMs: 400, now: () => new Date(), log: () => {} });
    proxies.push(s);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}/api/public/v1.0`;
  }

  it('answers 502 in the error shape when the upstream cannot be reached, 504 when it is silent', async () => {
    // A port that was free a moment ago: nothing listens there.
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((r) => gone.close(r));
    const r = await fetch(`${await proxyTo(`http://127.0.0.1:${port}`)}/groups`);
    expect(r.status).toBe(502);
    expect(await r.json()).toEqual({ detail: `The upstream Ops Manager http://127.0.0.1:${port} could not be reached or answered wrongly (ECONNREFUSED).`, error: 502, errorCode: 'UPSTREAM_ERROR', parameters: [], reason: 'Bad Gateway' });

    const silent = createServer(() => {}); // reads the request, never answers
    proxies.push(silent);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const started = Date.now();
    const t = await fetch(`${await proxyTo(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`)}/groups`);
    expect(t.status).toBe(504);
    expect(await t.json()).toMatchObject({ error: 504, errorCode: 'UPSTREAM_TIMEOUT', reason: 'Gateway Timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('sends a request again once when the upstream closed the kept-alive socket it was sent on', async () => {
    // Each connection answers its first request and resets on the second, as a server whose keep-alive timeout just ran out.
    const sockets = new Set<import('node:net').Socket>();
    const closing = createNetServer((socket) => {
      sockets.add(socket);
      let served = 0;
      socket.on('data', () => {
        if (served++ === 0) socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}');
        else socket.resetAndDestroy();
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((r) => closing.listen(0, '127.0.0.1', r));
    try {
      const base = await proxyTo(`http://127.0.0.1:${(closing.address() as AddressInfo).port}`);
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/groups`)).status).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => closing.close(r));
    }
  }, 20_000);

  it('refuses a body over the limit with 413 and never forwards it', async () => {
    let forwarded = 0;
    const counting = createServer((_q, s) => { forwarded++; s.end('{}'); });
    proxies.push(counting);
    await new Promise<void>((r) => counting.listen(0, '127.0.0.1', r));
    const base = await proxyTo(`http://127.0.0.1:${(counting.address() as AddressInfo).port}`, 1024);
    const r = await fetch(`${base}/groups/x/alertConfigs`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Digest x' }, body: 'x'.repeat(5000) });
    expect(r.status).toBe(413);
    expect((await r.json()).errorCode).toBe('REQUEST_TOO_LARGE');
    expect((await fetch(`${base}/groups`)).status).toBe(200);
    expect(forwarded).toBe(1);
  });

  it('exits 2 for an upstream that is no origin, and for --seed, --state-dir, --user or --proxy-mode that do not apply', () => {
    const run = (args: string[]) => spawnSync(process.execPath, [BIN, 'serve', '--port', '0', ...args], { encoding: 'utf8', timeout: 15_000 });
    expect(run(['--proxy', 'ftp://om.example'])).toMatchObject({ status: 2, stderr: 'omlint: --proxy ftp://om.example: the scheme must be http or https.\n' });
    expect(run(['--proxy', 'https://om.example:8443/api'])).toMatchObject({ status: 2, stderr: 'omlint: --proxy https://om.example:8443/api: give the origin only (scheme, host, port): the request\'s path is forwarded as it came.\n' });
    expect(run(['--proxy', 'https://u:p@om.example'])).toMatchObject({ status: 2, stderr: "omlint: --proxy https://u:p@om.example: no credentials in the URL (the client's digest is forwarded).\n" });
    expect(run(['--proxy', 'om.example'])).toMatchObject({ status: 2 });
    expect(run(['--proxy', 'https://om.example', '--seed', 's.yaml', '--user', 'a:b'])).toMatchObject({ status: 2, stderr: 'omlint: --proxy forwards to another server, which holds the state and the keys: --seed, --user do not apply.\n' });
    expect(run(['--proxy-mode', 'warn'])).toMatchObject({ status: 2, stderr: 'omlint: --proxy-mode applies with --proxy only.\n' });
    expect(run(['--proxy', 'https://om.example', '--proxy-mode', 'loud']).status).toBe(2);
  });
});

describe.skipIf(!OPENSSL || !CURL)('--proxy to an HTTPS upstream', () => {
  it('trusts a private CA through NODE_EXTRA_CA_CERTS', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-proxy-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore', timeout: 30_000 });
    const secure = await startProcess(['--tls-cert', path.join(dir, 'cert.pem'), '--tls-key', path.join(dir, 'key.pem'), '--user', `${USER}:${SECRET}`]);
    const trusting = await startProcess(['--proxy', `https://127.0.0.1:${secure.port}`], undefined, { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem') });
    const distrusting = await startProcess(['--proxy', `https://127.0.0.1:${secure.port}`]);
    try {
      expect(curl(trusting, '/groups').status).toBe(200);
      const refused = await fetch(`${distrusting.base}/groups`);
      expect(refused.status).toBe(502);
      expect((await refused.json()).detail).toMatch(/SELF_SIGNED|CERT/);
    } finally {
      await Promise.all([secure.stop(), trusting.stop(), distrusting.stop()]);
    }
  }, 60_000);
});
