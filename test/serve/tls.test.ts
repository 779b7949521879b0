// HTTPS (`--tls-cert F --tls-key F`) with a certificate made here by openssl: curl --digest
// --cacert and Python requests (verify= the certificate) talk to dist/omlint.js serve over TLS;
// a missing, unreadable, mismatched or half-given certificate and key exit 2 with a message.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startProcess, type Running } from './support';

const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const OPENSSL = has('openssl', ['version']);
const CURL = has('curl', ['--version']);
const PYTHON = has('python3', ['-c', 'import requests']);
const USER = 'tls-ci';
const SECRET = 'd41f0c2a-7b3e-4e59-8c61-2f9a0b7e5d14';

let dir: string;
let srv: Running;
const file = (name: string) => path.join(dir, name);

/** A self-signed certificate for 127.0.0.1 and its key, made by openssl. */
function makeCert(prefix: string): void {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file(`${prefix}key.pem`), '-out', file(`${prefix}cert.pem`), '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore', timeout: 30_000 });
}

beforeAll(async () => {
  if (!OPENSSL) return;
  dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-tls-'));
  makeCert('');
  makeCert('other-');
  srv = await startProcess(['--tls-cert', file('cert.pem'), '--tls-key', file('key.pem'), '--user', `${USER}:${SECRET}`]);
}, 60_000);
afterAll(() => srv?.stop());

describe.skipIf(!OPENSSL)('--tls-cert and --tls-key', () => {
  it('serves HTTPS: the banner and the links say https', () => {
    expect(srv.base).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/public\/v1\.0$/);
  });

  it.skipIf(!CURL)('answers curl --digest --cacert, and curl without the certificate fails to trust it', () => {
    const out = execFileSync('curl', ['-s', '--max-time', '10', '--digest', '-u', `${USER}:${SECRET}`, '--cacert', file('cert.pem'), '-w', '\n%{http_code}', `${srv.base}/groups`], { encoding: 'utf8', timeout: 15_000 });
    const [body, status] = [out.slice(0, out.lastIndexOf('\n')), out.slice(out.lastIndexOf('\n') + 1)];
    expect(status).toBe('200');
    expect(JSON.parse(body).links[0].href).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/public\/v1\.0\/groups/);
    const untrusted = spawnSync('curl', ['-s', '--max-time', '10', '--digest', '-u', `${USER}:${SECRET}`, `${srv.base}/groups`], { timeout: 15_000 });
    expect(untrusted.status).toBe(60); // curl: the peer's certificate cannot be authenticated
  });

  it.skipIf(!PYTHON)('answers Python requests with HTTPDigestAuth, verify= the certificate', () => {
    const script = [
      'import sys, json, requests',
      'from requests.auth import HTTPDigestAuth',
      'r = requests.get(sys.argv[1] + "/groups", auth=HTTPDigestAuth(sys.argv[2], sys.argv[3]), verify=sys.argv[4], timeout=10)',
      'print(json.dumps({"status": r.status_code, "count": r.json()["totalCount"]}))',
    ].join('\n');
    const out = execFileSync('python3', ['-c', script, srv.base, USER, SECRET, file('cert.pem')], { encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(out)).toEqual({ status: 200, count: 1 });
  });

  it('exits 2 for a missing, unreadable, mismatched or half-given certificate and key', () => {
    const run = (args: string[]) => spawnSync(process.execPath, [BIN, 'serve', '--port', '0', ...args], { encoding: 'utf8', timeout: 15_000 });
    expect(run(['--tls-cert', file('cert.pem')])).toMatchObject({ status: 2, stderr: 'omlint: --tls-cert and --tls-key go together: give both (a PEM certificate and its private key), not --tls-cert alone.\n' });
    expect(run(['--tls-key', file('key.pem')])).toMatchObject({ status: 2, stderr: 'omlint: --tls-cert and --tls-key go together: give both (a PEM certificate and its private key), not --tls-key alone.\n' });
    expect(run(['--tls-cert', file('none.pem'), '--tls-key', file('key.pem')])).toMatchObject({ status: 2, stderr: `omlint: --tls-cert ${file('none.pem')}: cannot be read (ENOENT).\n` });
    expect(run(['--tls-cert', file('cert.pem'), '--tls-key', file('other-key.pem')])).toMatchObject({ status: 2, stderr: `omlint: --tls-key ${file('other-key.pem')} is not the private key of the certificate in --tls-cert ${file('cert.pem')}.\n` });
    writeFileSync(file('junk.pem'), 'not a certificate\n');
    const junk = run(['--tls-cert', file('junk.pem'), '--tls-key', file('key.pem')]);
    expect(junk.status).toBe(2);
    expect(junk.stderr).toMatch(/^omlint: --tls-cert .*junk\.pem and --tls-key .*key\.pem are not a PEM certificate and its private key \(.+\)\.\n$/);
    if (process.getuid?.() !== 0) {
      // root reads any file: the unreadable case needs another user
      chmodSync(file('other-key.pem'), 0);
      expect(run(['--tls-cert', file('cert.pem'), '--tls-key', file('other-key.pem')])).toMatchObject({ status: 2, stderr: `omlint: --tls-key ${file('other-key.pem')}: cannot be read (EACCES).\n` });
    }
    const dirAsKey = run(['--tls-cert', file('cert.pem'), '--tls-key', dir]);
    expect(dirAsKey).toMatchObject({ status: 2, stderr: `omlint: --tls-key ${dir}: cannot be read (EISDIR).\n` });
    for (const r of [junk, dirAsKey]) expect(r.stderr).not.toContain('PRIVATE KEY');
  });
});
