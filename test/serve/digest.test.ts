// Digest authentication of `omlint serve` (RFC 7616, MD5, qop=auth): the challenge as the spec
// writes it, expired nonces (stale=true), replayed nonce counts, wrong credentials, both kinds of
// caller ({PUBLIC-KEY}:{PRIVATE-KEY} and {USERNAME}:{APIKEY}).
import { afterEach, describe, expect, it } from 'vitest';
import { defaultState } from '../../src/serve/state';
import { digestHeader, startInProcess, type InProcess } from './support';

let srv: InProcess | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

async function challenge(url: string): Promise<string> {
  const r = await fetch(url);
  await r.arrayBuffer();
  expect(r.status).toBe(401);
  return r.headers.get('www-authenticate')!;
}

describe('digest authentication', () => {
  it('answers 401 with the spec challenge header, a JSON body in ISO-8859-1 and the common headers', async () => {
    srv = await startInProcess(defaultState(new Date()));
    const r = await fetch(`${srv.base}/groups`);
    expect(r.status).toBe(401);
    expect(r.headers.get('content-type')).toBe('application/json;charset=ISO-8859-1');
    expect(r.headers.get('www-authenticate')).toMatch(/^Digest realm="MMS Public API", domain="", nonce="[\w-]{32}", algorithm=MD5, qop="auth", stale=false$/);
    expect(r.headers.get('strict-transport-security')).toBe('max-age=300');
    expect(r.headers.get('x-vendor-service-version')).toMatch(/^gitHash=[0-9a-f]{40}; versionString=\S+$/);
    expect(r.headers.get('vary')).toBe('Accept-Encoding');
    expect(await r.json()).toEqual({ detail: 'You are not authorized for this resource.', error: 401, errorCode: 'UNAUTHORIZED', parameters: [], reason: 'Unauthorized' });
  });

  it('lets a public:private key in, and the same nonce with the next count', async () => {
    const state = defaultState(new Date());
    srv = await startInProcess(state);
    const { publicKey, privateKey } = state.apiKeys[0];
    const url = `${srv.base}/groups`;
    const ch = await challenge(url);
    const ok = await fetch(url, { headers: { Authorization: digestHeader(ch, 'GET', '/api/public/v1.0/groups', publicKey, privateKey, 1) } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).totalCount).toBe(1);
    const again = await fetch(url, { headers: { Authorization: digestHeader(ch, 'GET', '/api/public/v1.0/groups', publicKey, privateKey, 2) } });
    expect(again.status).toBe(200);
  });

  it('refuses a replayed nonce count, without stale', async () => {
    const state = defaultState(new Date());
    srv = await startInProcess(state);
    const { publicKey, privateKey } = state.apiKeys[0];
    const url = `${srv.base}/groups`;
    const header = digestHeader(await challenge(url), 'GET', '/api/public/v1.0/groups', publicKey, privateKey, 7);
    expect((await fetch(url, { headers: { Authorization: header } })).status).toBe(200);
    const replay = await fetch(url, { headers: { Authorization: header } });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('www-authenticate')).toMatch(/stale=false$/);
  });

  it('answers stale=true to right credentials on an expired nonce, and accepts the new nonce', async () => {
    const state = defaultState(new Date());
    srv = await startInProcess(state, { nonceLifetimeMs: 60_000 });
    const { publicKey, privateKey } = state.apiKeys[0];
    const url = `${srv.base}/groups`;
    const ch = await challenge(url);
    srv.clock.now = new Date(srv.clock.now.getTime() + 61_000);
    const old = await fetch(url, { headers: { Authorization: digestHeader(ch, 'GET', '/api/public/v1.0/groups', publicKey, privateKey) } });
    expect(old.status).toBe(401);
    const fresh = old.headers.get('www-authenticate')!;
    expect(fresh).toMatch(/stale=true$/);
    const ok = await fetch(url, { headers: { Authorization: digestHeader(fresh, 'GET', '/api/public/v1.0/groups', publicKey, privateKey) } });
    expect(ok.status).toBe(200);
  });

  it('refuses a wrong private key, an unknown user, a forged nonce, another uri and another realm (never stale)', async () => {
    const state = defaultState(new Date());
    srv = await startInProcess(state);
    const { publicKey, privateKey } = state.apiKeys[0];
    const url = `${srv.base}/groups`;
    const uri = '/api/public/v1.0/groups';
    const cases = [
      digestHeader(await challenge(url), 'GET', uri, publicKey, `${privateKey}x`),
      digestHeader(await challenge(url), 'GET', uri, 'nobody', privateKey),
      digestHeader('nonce="forgedforgedforgedforgedforged12", realm="MMS Public API"', 'GET', uri, publicKey, privateKey),
      digestHeader(await challenge(url), 'GET', '/api/public/v1.0/globalAlertConfigs', publicKey, privateKey),
      digestHeader(await challenge(url), 'GET', uri, publicKey, privateKey, 1, 'Other'),
      'Digest garbage',
      'Basic dXNlcjpwYXNz',
    ];
    for (const header of cases) {
      const r = await fetch(url, { headers: { Authorization: header } });
      expect(r.status, header).toBe(401);
      expect(r.headers.get('www-authenticate'), header).toMatch(/stale=false$/);
    }
    // The log names no secret.
    expect(srv.log.join('\n')).not.toContain(privateKey);
  });

  it('lets a user in with {USERNAME}:{APIKEY}', async () => {
    const state = defaultState(new Date());
    state.users.push({ id: 'u1', username: 'jane@example.com', apiKey: 'a1b2c3d4-1111-2222-3333-444455556666', roles: [{ roleName: 'GLOBAL_READ_ONLY' }] });
    srv = await startInProcess(state);
    const url = `${srv.base}/globalAlertConfigs`;
    const r = await fetch(url, { headers: { Authorization: digestHeader(await challenge(url), 'GET', '/api/public/v1.0/globalAlertConfigs', 'jane@example.com', 'a1b2c3d4-1111-2222-3333-444455556666') } });
    expect(r.status).toBe(200);
  });
});
