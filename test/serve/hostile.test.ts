// Hostile input against `omlint serve` as a process (bounded: a few MB, fifty connections): a body
// beyond --max-body-size, deep nesting, bad percent-encoding and traversal in ids, a malformed
// request line, many connections at once. Every one gets an answer, and the server stays up.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestFetch, digestHeader, startProcess, type Running } from './support';

let srv: Running;
let user: string;
let secret: string;
beforeAll(async () => {
  srv = await startProcess(['--max-body-size', '1kb']);
  [user, secret] = srv.user!.split(':');
});
afterAll(() => srv?.stop());

const call = (p: string, init: RequestInit = {}) => digestFetch(`${srv.base}${p}`, user, secret, init);
const post = (body: string) => call(`/groups/${srv.groupId}/alertConfigs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

/** A raw request line and headers on a socket: what the server answers, as text. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(srv.port, '127.0.0.1', () => socket.end(text));
    let out = '';
    socket.on('data', (c) => (out += String(c)));
    socket.on('end', () => resolve(out));
    // The server may close before the whole body is written (413): what it answered counts.
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? resolve(out) : reject(e)));
    setTimeout(() => { socket.destroy(); resolve(out); }, 5000).unref();
  });
}

describe('hostile input', () => {
  it('413 beyond --max-body-size (1kb here), a 4 MB body included', async () => {
    expect((await post(JSON.stringify({ pad: 'x'.repeat(2000) }))).status).toBe(413);
    // 4 MB on a raw socket (fetch gives up writing once the server closes, before reading its answer).
    const path = `/api/public/v1.0/groups/${srv.groupId}/alertConfigs`;
    const first = await fetch(`http://127.0.0.1:${srv.port}${path}`);
    await first.arrayBuffer();
    const auth = digestHeader(first.headers.get('www-authenticate')!, 'POST', path, user, secret);
    const big = '['.repeat(4 << 20);
    const answer = await raw(`POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/"errorCode":"REQUEST_TOO_LARGE"/);
  });

  it('answers deep nesting within the limit with a 400, not a crash', async () => {
    const r = await post(`${'['.repeat(500)}${']'.repeat(500)}`);
    expect(r.status).toBe(400);
  });

  it('answers bad percent-encoding and traversal in ids with 400 or 404', async () => {
    expect((await call(`/groups/${srv.groupId}/alertConfigs/%E0%A4%A`)).status).toBe(400);
    expect((await call(`/groups/..%2F..%2Fetc%2Fpasswd/alertConfigs`)).status).toBe(404);
    expect((await call(`/groups/${srv.groupId}/alertConfigs/..%2F..`)).status).toBe(404);
  });

  it('answers a malformed request with 400 and closes', async () => {
    expect(await raw('GARBAGE / HTTP/1.1\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw('GET /api/public/v1.0/groups HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
  });

  it('serves fifty concurrent authenticated requests, then still answers', async () => {
    const all = await Promise.all(Array.from({ length: 50 }, () => call(`/groups/${srv.groupId}/alerts`)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect((await call('/groups')).status).toBe(200);
    expect(srv.stderr()).not.toContain('internal error');
  });
});
