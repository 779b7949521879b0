// API-key access lists (docs/serve.md "API-key access lists"): an organization key's own list
// restricts the addresses it calls from and counts each call; a global key calls from the global
// access list; both lists are read and changed through the API with the user list's rules (an
// address already listed ignored, no /32 stored, the caller's own entry kept). In process through
// real HTTP on 127.0.0.1 (a second loopback address, 127.0.0.2, is the caller not listed), then
// with curl --digest against `omlint serve` started as a process, grepping every answer and log
// line for the private keys.
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateStore } from '../../src/serve/persist';
import { createServeServer } from '../../src/serve/server';
import { loadSeed } from '../../src/serve/seed';
import { defaultState, type ApiKey, type State } from '../../src/serve/state';
import { digestHeader, seedProblem, startInProcess, startProcess, type InProcess } from './support';

let srv: InProcess;
let state: State;
let owner: ApiKey;
let org: string;
let g: string;

/** An organization owner key listed from 127.0.0.1 only, and a project key listed from 192.0.2.0/24 only. */
const ORG_KEY = { id: 'k0000000000000000000001', publicKey: 'orgowner', privateKey: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' };
const PROJECT_KEY = { id: 'k0000000000000000000002', publicKey: 'reader', privateKey: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' };

beforeEach(async () => {
  state = defaultState(new Date('2026-06-01T12:00:00Z'));
  owner = state.apiKeys[0];
  org = state.orgs[0].id;
  g = state.groups[0].id;
  state.apiKeys.push(
    { ...ORG_KEY, desc: 'org owner', roles: [{ roleName: 'ORG_OWNER', orgId: org }], accessList: [{ ipAddress: '127.0.0.1', cidrBlock: '127.0.0.1', count: 0 }] },
    { ...PROJECT_KEY, desc: 'reader', roles: [{ roleName: 'GROUP_READ_ONLY', groupId: g }], accessList: [{ cidrBlock: '192.0.2.0/24', count: 0 }] },
  );
  srv = await startInProcess(state);
});
afterEach(() => srv.close());

interface Who { publicKey: string; privateKey: string }

/** One digest-authenticated request (challenge, then answer) sent from `from`, a loopback address. */
function callFrom(from: string, p: string, who: Who, method = 'GET', body?: unknown): Promise<{ status: number; json: any }> {
  const url = new URL(`${srv.base}${p}`);
  const once = (headers: Record<string, string>) => new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress: from, headers: { ...headers, ...(data ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(data)) } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += String(c)));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(data);
  });
  return once({}).then(async (first) => {
    const auth = digestHeader(String(first.headers['www-authenticate']), method, url.pathname + url.search, who.publicKey, who.privateKey);
    const r = await once({ Authorization: auth });
    return { status: r.status, json: r.text ? JSON.parse(r.text) : undefined };
  });
}
const call = (p: string, who: Who = owner, method = 'GET', body?: unknown) => callFrom('127.0.0.1', p, who, method, body);

const keyList = (id: string) => `/orgs/${org}/apiKeys/${id}/accessList`;

describe('an organization key\'s access list', () => {
  it('refuses a key outside its list with 403 IP_ADDRESS_NOT_ON_ACCESS_LIST, and counts each call from a listed address on its entry', async () => {
    const refused = await call(`/groups/${g}/alerts`, PROJECT_KEY);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ detail: 'IP address 127.0.0.1 is not allowed to access this resource.', error: 403, errorCode: 'IP_ADDRESS_NOT_ON_ACCESS_LIST', parameters: ['127.0.0.1'], reason: 'Forbidden' });
    expect(state.apiKeys[2].accessList![0].count).toBe(0);

    srv.clock.now = new Date('2026-06-01T12:05:00Z');
    expect((await call(`/groups/${g}/alerts`, ORG_KEY)).status).toBe(200);
    expect((await call(`/groups/${g}`, ORG_KEY)).status).toBe(200);
    expect(state.apiKeys[1].accessList![0]).toMatchObject({ ipAddress: '127.0.0.1', count: 2, lastUsed: '2026-06-01T12:05:00Z', lastUsedAddress: '127.0.0.1' });
    // From another address the same key is refused, and nothing is counted.
    const other = await callFrom('127.0.0.2', `/groups/${g}`, ORG_KEY);
    expect(other.status).toBe(403);
    expect(other.json.parameters).toEqual(['127.0.0.2']);
    expect(state.apiKeys[1].accessList![0].count).toBe(2);
    // A key without a list calls from anywhere (Ops Manager without "Require IP Access List").
    expect((await callFrom('127.0.0.2', `/groups/${g}`, owner)).status).toBe(200);
  });

  it('lists, adds (an address already listed ignored, no /32 stored, a block by its network), reads one, and deletes entries, never the caller\'s own', async () => {
    const list = await call(keyList(ORG_KEY.id), ORG_KEY);
    expect(list.status).toBe(200);
    expect(list.json.totalCount).toBe(1);
    expect(list.json.results[0].links).toEqual([{ href: `${srv.base}${keyList(ORG_KEY.id)}/127.0.0.1`, rel: 'self' }]);

    const added = await call(keyList(ORG_KEY.id), ORG_KEY, 'POST', [{ ipAddress: '192.0.2.10/32', comment: 'laptop' }, { cidrBlock: '198.51.100.7/24' }, { ipAddress: '127.0.0.1' }, { cidrBlock: '2001:db8::1/128' }]);
    expect(added.status).toBe(201);
    expect(added.json.totalCount).toBe(4);
    expect(added.json.results.map((e: { cidrBlock: string }) => e.cidrBlock)).toEqual(['127.0.0.1', '192.0.2.10', '198.51.100.0/24', '2001:db8::1']);
    expect(added.json.results[1]).toMatchObject({ ipAddress: '192.0.2.10', comment: 'laptop', count: 0, created: '2026-06-01T12:00:00Z' });
    expect(added.json.results[2].links[0].href).toBe(`${srv.base}${keyList(ORG_KEY.id)}/198.51.100.0%2F24`);
    const again = await call(keyList(ORG_KEY.id), ORG_KEY, 'POST', [{ cidrBlock: '192.0.2.10/32' }, { ipAddress: '198.51.100.0/24' }]);
    expect(again.json.totalCount).toBe(4);

    expect((await call(`${keyList(ORG_KEY.id)}/198.51.100.0%2F24`, ORG_KEY)).json).toMatchObject({ cidrBlock: '198.51.100.0/24' });
    // Found by what it names, not by a block holding it.
    expect((await call(`${keyList(ORG_KEY.id)}/198.51.100.9`, ORG_KEY)).status).toBe(404);

    const own = await call(`${keyList(ORG_KEY.id)}/127.0.0.1`, ORG_KEY, 'DELETE');
    expect(own.status).toBe(400);
    expect(own.json.errorCode).toBe('CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY');
    expect((await call(`${keyList(ORG_KEY.id)}/198.51.100.0%2F24`, ORG_KEY, 'DELETE')).status).toBe(204);
    expect((await call(`${keyList(ORG_KEY.id)}/198.51.100.0%2F24`, ORG_KEY, 'DELETE')).status).toBe(404);
    expect(state.apiKeys[1].accessList!.map((e) => e.cidrBlock)).toEqual(['127.0.0.1', '192.0.2.10', '2001:db8::1']);

    // The body is an array (API-SPEC Errors 2), judged by the engine as the user list's.
    const notArray = await call(keyList(ORG_KEY.id), ORG_KEY, 'POST', { ipAddress: '10.0.0.1' });
    expect(notArray.status).toBe(400);
    expect(notArray.json.errorCode).toBe('INVALID_ATTRIBUTE');
  });

  it('lets the organization\'s owner and a global owner change a list; a global read-only key reads it; others 403; an unknown organization or key 404', async () => {
    // The global owner adds 127.0.0.1 to the project key's list: the key may now call.
    expect((await call(keyList(PROJECT_KEY.id), owner, 'POST', [{ ipAddress: '127.0.0.1' }])).status).toBe(201);
    expect((await call(`/groups/${g}/alerts`, PROJECT_KEY)).status).toBe(200);
    // A project role is not enough to read the list, even its own.
    expect((await call(keyList(PROJECT_KEY.id), PROJECT_KEY)).status).toBe(403);
    expect((await call(keyList(PROJECT_KEY.id), PROJECT_KEY, 'POST', [{ ipAddress: '10.0.0.1' }])).status).toBe(403);
    state.apiKeys.push({ id: 'k0000000000000000000003', desc: 'ro', publicKey: 'globalro', privateKey: 'globalro-private-key-0003', roles: [{ roleName: 'GLOBAL_READ_ONLY' }] });
    const ro = { publicKey: 'globalro', privateKey: 'globalro-private-key-0003' };
    expect((await call(keyList(PROJECT_KEY.id), ro)).status).toBe(200);
    expect((await call(keyList(PROJECT_KEY.id), ro, 'POST', [{ ipAddress: '10.0.0.1' }])).status).toBe(403);
    // The caller's own address is kept on the caller's own list only: this list is the project key's.
    expect((await call(`${keyList(PROJECT_KEY.id)}/127.0.0.1`, ORG_KEY, 'DELETE')).status).toBe(204);

    expect((await call(`/orgs/000000000000000000000000/apiKeys/${ORG_KEY.id}/accessList`)).json.errorCode).toBe('ORG_NOT_FOUND');
    // A global key belongs to no organization: no organization list names it.
    const global = await call(keyList(owner.id));
    expect(global.status).toBe(404);
    expect(global.json.errorCode).toBe('API_KEY_NOT_FOUND');
  });

  it('lists and reads an organization\'s keys (any role in it, a global role) with the private key redacted, never whole', async () => {
    const r = await call(`/orgs/${org}/apiKeys`, ORG_KEY);
    expect(r.status).toBe(200);
    expect(r.json.results.map((k: { publicKey: string }) => k.publicKey)).toEqual([ORG_KEY.publicKey, PROJECT_KEY.publicKey]);
    expect(r.json.results[0]).toEqual({ id: ORG_KEY.id, desc: 'org owner', publicKey: 'orgowner', privateKey: `********-****-****-${ORG_KEY.privateKey.slice(-12)}`, roles: [{ roleName: 'ORG_OWNER', orgId: org }], links: [{ href: `${srv.base}/orgs/${org}/apiKeys/${ORG_KEY.id}`, rel: 'self' }] });
    const one = await call(`/orgs/${org}/apiKeys/${PROJECT_KEY.id}`);
    expect(one.json.privateKey).toBe(`********-****-****-${PROJECT_KEY.privateKey.slice(-12)}`);
    expect(JSON.stringify([r.json, one.json])).not.toContain(ORG_KEY.privateKey.slice(0, 8));
    expect((await call(`/orgs/${org}/apiKeys/${owner.id}`)).status).toBe(404);
    // A project role is no role in the organization.
    state.apiKeys[2].accessList = [];
    expect((await call(`/orgs/${org}/apiKeys`, PROJECT_KEY)).status).toBe(403);
  });

  it('saves the state (--state-dir) after a call counted on a key\'s entry, not after a call that counted nothing', async () => {
    let saves = 0;
    const server = createServeServer(state, { maxBodyBytes: 1 << 20, nonceLifetimeMs: 300_000, now: () => new Date('2026-06-01T12:00:00Z'), log: () => {}, saveState: () => void saves++ });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = srv.base;
    srv.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/v1.0`;
    try {
      expect((await call(`/groups/${g}`, owner)).status).toBe(200);
      expect(saves).toBe(0);
      expect((await call(`/groups/${g}`, ORG_KEY)).status).toBe(200);
      expect(saves).toBe(1);
    } finally {
      srv.base = base;
      await new Promise((r) => { server.closeAllConnections(); server.close(r); });
    }
  });
});

describe('a counted call answered from the kept answers', () => {
  it('still counts on its entry (lastUsed, count as the access list GET shows them) and is saved with --state-dir', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-key-count-'));
    const store = new StateStore(dir);
    const clock = { now: new Date('2026-06-01T12:00:00Z') };
    const server = createServeServer(state, { maxBodyBytes: 1 << 20, nonceLifetimeMs: 3_600_000, now: () => clock.now, log: () => {}, saveState: () => store.save(state) });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = srv.base;
    srv.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/v1.0`;
    const entry = () => (JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')).state.apiKeys as ApiKey[])[1].accessList![0];
    try {
      const alerts = `/groups/${g}/alerts`;
      expect((await call(alerts, ORG_KEY)).json.totalCount).toBe(1);
      // Changed behind the server's back: an answer from the cache still shows one alert.
      state.alerts.push({ ...state.alerts[0], id: 'a'.repeat(24) });
      clock.now = new Date('2026-06-01T12:05:00Z');
      expect((await call(alerts, ORG_KEY)).json.totalCount).toBe(1);
      expect(entry()).toMatchObject({ count: 2, lastUsed: '2026-06-01T12:05:00Z', lastUsedAddress: '127.0.0.1' });
      const listed = await call(keyList(ORG_KEY.id), owner);
      expect(listed.json.results[0]).toMatchObject({ count: 2, lastUsed: '2026-06-01T12:05:00Z' });
    } finally {
      srv.base = base;
      store.release();
      await new Promise((r) => { server.closeAllConnections(); server.close(r); });
    }
  });
});

describe('the global access list', () => {
  it('creates entries (Global Owner; type GLOBAL_ROLE; no /32 stored; a block already listed answered, not added), reads, updates and deletes them', async () => {
    const mine = await call('/admin/accessList', owner, 'POST', { cidrBlock: '127.0.0.1/32', description: 'this host' });
    expect(mine.status).toBe(201);
    expect(mine.json).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), cidrBlock: '127.0.0.1', description: 'this host', type: 'GLOBAL_ROLE', created: '2026-06-01T12:00:00Z', updated: '2026-06-01T12:00:00Z' });
    const office = await call('/admin/accessList', owner, 'POST', { cidrBlock: '10.1.2.3/8', description: 'office' });
    expect(office.json.cidrBlock).toBe('10.0.0.0/8');
    const dup = await call('/admin/accessList', owner, 'POST', { cidrBlock: '127.0.0.1', description: 'again' });
    expect(dup.status).toBe(200);
    expect(dup.json.id).toBe(mine.json.id);
    expect((await call('/admin/accessList')).json.totalCount).toBe(2);
    expect((await call(`/admin/accessList/${office.json.id}`)).json).toEqual(office.json);
    expect((await call('/admin/accessList/000000000000000000000000')).json.errorCode).toBe('ACCESS_LIST_ENTRY_NOT_FOUND');

    for (const bad of [{ cidrBlock: '10.0.0.0/33', description: 'x' }, { cidrBlock: '10.0.0.0/8' }, { cidrBlock: '10.0.0.0/8', description: 'x'.repeat(251) }, [{ cidrBlock: '10.0.0.0/8', description: 'x' }]]) {
      const r = await call('/admin/accessList', owner, 'POST', bad);
      expect(r.status, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(r.json.errorCode).toBe('INVALID_ATTRIBUTE');
    }

    srv.clock.now = new Date('2026-06-01T13:00:00Z');
    // `updated` follows the CIDR block only.
    const renamed = await call(`/admin/accessList/${office.json.id}`, owner, 'PATCH', { description: 'head office' });
    expect(renamed.json).toMatchObject({ description: 'head office', updated: '2026-06-01T12:00:00Z' });
    const moved = await call(`/admin/accessList/${office.json.id}`, owner, 'PATCH', { cidrBlock: '172.16.0.0/12' });
    expect(moved.json).toMatchObject({ cidrBlock: '172.16.0.0/12', updated: '2026-06-01T13:00:00Z' });
    expect((await call(`/admin/accessList/${office.json.id}`, owner, 'PATCH', { cidrBlock: '127.0.0.1' })).status).toBe(400);
    expect((await call(`/admin/accessList/${office.json.id}`, owner, 'DELETE')).status).toBe(204);
    expect((await call('/admin/accessList')).json.results.map((e: { cidrBlock: string }) => e.cidrBlock)).toEqual(['127.0.0.1']);
  });

  it('restricts global keys to it once it has entries, never an organization key or a user; keeps the caller\'s own entry', async () => {
    const office = await call('/admin/accessList', owner, 'POST', { cidrBlock: '127.0.0.0/30', description: 'this host' });
    expect(office.status).toBe(201);
    expect((await callFrom('127.0.0.2', `/groups/${g}`, owner)).status).toBe(200);
    // The caller's own entry can neither go nor move away from the caller.
    const del = await call(`/admin/accessList/${office.json.id}`, owner, 'DELETE');
    expect(del.status).toBe(400);
    expect(del.json.errorCode).toBe('CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY');
    expect((await call(`/admin/accessList/${office.json.id}`, owner, 'PATCH', { cidrBlock: '10.0.0.0/8' })).json.errorCode).toBe('CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY');
    // Narrowed to 127.0.0.1 (still the caller's): 127.0.0.2 is now outside.
    expect((await call(`/admin/accessList/${office.json.id}`, owner, 'PATCH', { cidrBlock: '127.0.0.1' })).status).toBe(200);
    const refused = await callFrom('127.0.0.2', `/groups/${g}`, owner);
    expect(refused.status).toBe(403);
    expect(refused.json.errorCode).toBe('IP_ADDRESS_NOT_ON_ACCESS_LIST');
    // Its entries count nothing (API-SPEC "Global access list entry" has no counters).
    expect(state.globalAccessList[0]).not.toHaveProperty('count');
    // An organization key and a user answer to their own lists only.
    state.apiKeys[1].accessList = [];
    expect((await callFrom('127.0.0.2', `/groups/${g}`, ORG_KEY)).status).toBe(200);
    state.users.push({ id: 'u1', username: 'jane', apiKey: 'f00dfeed-1111-2222-3333-444455556666', roles: [{ roleName: 'GLOBAL_READ_ONLY' }] });
    const jane = { publicKey: 'jane', privateKey: 'f00dfeed-1111-2222-3333-444455556666' };
    expect((await callFrom('127.0.0.2', '/admin/accessList', jane)).status).toBe(200);
    // Reading is any global role; writing is the Global Owner's.
    expect((await call('/admin/accessList', jane, 'POST', { cidrBlock: '10.0.0.0/8', description: 'x' })).status).toBe(403);
    expect((await call(`/admin/accessList/${office.json.id}`, jane, 'DELETE')).status).toBe(403);
    expect((await call(`/admin/accessList/${office.json.id}`, ORG_KEY)).status).toBe(403);
    // The rule keeps a caller's own list: a global owner user (whose list this is not) may remove the entry.
    state.users.push({ id: 'u2', username: 'root', apiKey: 'root-api-key-0000-1111', roles: [{ roleName: 'GLOBAL_OWNER' }] });
    expect((await call(`/admin/accessList/${office.json.id}`, { publicKey: 'root', privateKey: 'root-api-key-0000-1111' }, 'DELETE')).status).toBe(204);
    expect((await callFrom('127.0.0.2', `/groups/${g}`, owner)).status).toBe(200);
  });
});

describe('a key\'s class', () => {
  it('PATCH /admin/apiKeys/{id} (endpoint 1) finds global keys only: an organization\'s key given a global role would leave its list', async () => {
    const patched = await call(`/admin/apiKeys/${PROJECT_KEY.id}`, owner, 'PATCH', { roles: ['GLOBAL_READ_ONLY'] });
    expect(patched.status).toBe(404);
    expect(patched.json.errorCode).toBe('API_KEY_NOT_FOUND');
    expect(state.apiKeys[2].roles).toEqual([{ roleName: 'GROUP_READ_ONLY', groupId: g }]);
    expect((await call(`/groups/${g}`, PROJECT_KEY)).status).toBe(403);
    const global = await call(`/admin/apiKeys/${owner.id}`, owner, 'PATCH', { desc: 'renamed' });
    expect(global.status).toBe(200);
    expect(global.json.desc).toBe('renamed');
  });
});

describe('IPv4-mapped IPv6 entries', () => {
  it('store ::ffff:127.0.0.1 as 127.0.0.1 and admit the caller at 127.0.0.1, on a key\'s list and on the global list', async () => {
    const added = await call(keyList(PROJECT_KEY.id), owner, 'POST', [{ ipAddress: '::ffff:127.0.0.1' }, { cidrBlock: '::ffff:198.51.100.0/120' }]);
    expect(added.json.results.map((e: { cidrBlock: string }) => e.cidrBlock)).toEqual(['192.0.2.0/24', '127.0.0.1', '198.51.100.0/24']);
    expect((await call(`/groups/${g}`, PROJECT_KEY)).status).toBe(200);
    expect(state.apiKeys[2].accessList![1]).toMatchObject({ count: 1, lastUsedAddress: '127.0.0.1' });
    // The mapped form names the same entry.
    expect((await call(`${keyList(PROJECT_KEY.id)}/${encodeURIComponent('::ffff:127.0.0.1')}`, owner)).json.cidrBlock).toBe('127.0.0.1');

    const global = await call('/admin/accessList', owner, 'POST', { cidrBlock: '::ffff:127.0.0.1', description: 'this host' });
    expect(global.status).toBe(201);
    expect(global.json.cidrBlock).toBe('127.0.0.1');
    expect((await call(`/groups/${g}`, owner)).status).toBe(200);
    expect((await callFrom('127.0.0.2', `/groups/${g}`, owner)).status).toBe(403);
  });
});

describe('no lock-out by one POST', () => {
  it('refuses a global key\'s POST that would make the empty global list refuse the caller; the list stays empty, calls go on', async () => {
    const out = await call('/admin/accessList', owner, 'POST', { cidrBlock: '10.0.0.0/8', description: 'office' });
    expect(out.status).toBe(400);
    expect(out.json).toMatchObject({ errorCode: 'CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY', parameters: ['127.0.0.1'] });
    expect(state.globalAccessList).toEqual([]);
    expect((await call(`/groups/${g}`, owner)).status).toBe(200);
    // With the caller's address first, the office follows.
    expect((await call('/admin/accessList', owner, 'POST', { cidrBlock: '127.0.0.0/8', description: 'this host' })).status).toBe(201);
    expect((await call('/admin/accessList', owner, 'POST', { cidrBlock: '10.0.0.0/8', description: 'office' })).status).toBe(201);
    expect((await call(`/groups/${g}`, owner)).status).toBe(200);
  });

  it('refuses an organization key\'s POST that would make its own empty list refuse it; another\'s list, or one with the caller\'s address, is changed', async () => {
    state.apiKeys[1].accessList = [];
    const out = await call(keyList(ORG_KEY.id), ORG_KEY, 'POST', [{ cidrBlock: '10.0.0.0/8' }]);
    expect(out.status).toBe(400);
    expect(out.json.errorCode).toBe('CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY');
    expect(state.apiKeys[1].accessList).toEqual([]);
    expect((await call(`/groups/${g}`, ORG_KEY)).status).toBe(200);
    expect((await call(keyList(ORG_KEY.id), ORG_KEY, 'POST', [{ cidrBlock: '10.0.0.0/8' }, { ipAddress: '127.0.0.1' }])).status).toBe(201);
    expect((await call(`/groups/${g}`, ORG_KEY)).status).toBe(200);
    // The project key's list is not the caller's: the owner may list an address it does not call from.
    state.apiKeys[2].accessList = [];
    expect((await call(keyList(PROJECT_KEY.id), ORG_KEY, 'POST', [{ cidrBlock: '10.0.0.0/8' }])).status).toBe(201);
  });
});

describe('seeds', () => {
  const ORG = '5e0000000000000000000000';
  const seed = (keys: string, extra = '') => `orgs: [{ id: "${ORG}", name: Org }]\ngroups: [{ id: "5f0000000000000000000001", name: P, orgId: "${ORG}" }]\napiKeys:\n${keys}${extra}`;
  const fails = (text: string) => seedProblem(text, 'seed.yaml');

  it('loads an organization key\'s orgId and access list as the API stores it (an address listed twice once, no /32); a global access list by its blocks', () => {
    const s = loadSeed(seed(
      `  - { publicKey: a, privateKey: "priv-aaaa-0001", orgId: "${ORG}", roles: [{ roleName: ORG_MEMBER, orgId: "${ORG}" }], accessList: [{ ipAddress: 192.0.2.1/32, comment: ci }, { cidrBlock: 192.0.2.1 }, { cidrBlock: 198.51.100.9/24 }] }\n` +
      '  - { publicKey: b, privateKey: "priv-bbbb-0002", roles: [{ roleName: GROUP_OWNER, groupId: "5f0000000000000000000001" }], accessList: [] }\n',
      'globalAccessList: [{ cidrBlock: 203.0.113.7/32, description: ci }]\n',
    ), 'seed.yaml');
    expect(s.apiKeys[0].orgId).toBe(ORG);
    expect(s.apiKeys[0].accessList).toEqual([{ ipAddress: '192.0.2.1', cidrBlock: '192.0.2.1', comment: 'ci', count: 0 }, { cidrBlock: '198.51.100.0/24', count: 0 }]);
    expect(s.apiKeys[1].accessList).toEqual([]);
    expect(s.globalAccessList[0]).toMatchObject({ cidrBlock: '203.0.113.7', description: 'ci', type: 'GLOBAL_ROLE' });
  });

  it('refuses at file:line:column a bad address, an unknown organization, a global key with a list of its own; never quoting a private key', () => {
    const key = (rest: string) => `  - { publicKey: a, privateKey: "Qx7SeedPrivate-0001", roles: [{ roleName: ORG_OWNER, orgId: "${ORG}" }]${rest} }\n`;
    expect(fails(seed(key(', accessList: [{ ipAddress: 192.0.2.300 }]')))).toBe('seed.yaml:4:151: ipAddress is an IPv4 or IPv6 address or CIDR block.');
    expect(fails(seed(key(', accessList: { ipAddress: 192.0.2.1 }')))).toMatch(/^seed\.yaml:4:\d+: accessList is a list/);
    expect(fails(seed(key(', accessList: [{ cidrBlock: 10.0.0.0/8, comment: 7 }]')))).toMatch(/^seed\.yaml:4:\d+: comment is a string\.$/);
    expect(fails(seed(key(', orgId: "000000000000000000000000"')))).toMatch(/^seed\.yaml:4:\d+: no organization with id 000000000000000000000000 in the seed\.$/);
    const global = fails(seed('  - { publicKey: g, privateKey: "Qx7SeedPrivate-0002", roles: [{ roleName: GLOBAL_OWNER }], accessList: [{ ipAddress: 192.0.2.1 }] }\n'));
    expect(global).toMatch(/^seed\.yaml:4:\d+: apiKeys\[0\] is a global API key .*its access list is the seed's globalAccessList\.$/);
    expect(fails(seed(key(''), 'globalAccessList: [{ cidrBlock: "Qx7SeedPrivate-0001" }]\n'))).toMatch(/^seed\.yaml:5:\d+: cidrBlock is an IPv4 or IPv6 address or CIDR block\.$/);
    // A key is global or an organization's, never both (a global role beside an organization's would take it off the global list).
    const both = fails(seed('  - { publicKey: g, privateKey: "Qx7SeedPrivate-0003", roles: [{ roleName: GLOBAL_OWNER }, { roleName: ORG_MEMBER, orgId: "' + ORG + '" }] }\n'));
    expect(both).toBe('seed.yaml:4:92: apiKeys[0] has the global role GLOBAL_OWNER and an organization\'s (orgId, or a role naming an organization or project): a key is a global key or an organization\'s, not both.');
    expect(fails(seed(`  - { publicKey: g, privateKey: "Qx7SeedPrivate-0004", orgId: "${ORG}", roles: [{ roleName: GLOBAL_READ_ONLY }] }\n`))).toMatch(/^seed\.yaml:4:\d+: apiKeys\[0\] has the global role GLOBAL_READ_ONLY and an organization's/);
    expect(fails(seed('  - { publicKey: g, privateKey: "Qx7SeedPrivate-0005", roles: [{ roleName: GROUP_OWNER, groupId: "5f0000000000000000000001" }, { roleName: GLOBAL_READ_ONLY }] }\n'))).toMatch(/^seed\.yaml:4:\d+: apiKeys\[0\] has the global role GLOBAL_READ_ONLY/);
    const all = [global, both, fails(seed(key(''), 'globalAccessList: [{ cidrBlock: "Qx7SeedPrivate-0001" }]\n'))].join('\n');
    expect(all).not.toContain('Qx7SeedPrivate');
  });
});

let curlVersion: string | undefined;
try {
  curlVersion = execFileSync('curl', ['--version'], { encoding: 'utf8' }).split('\n')[0];
} catch {
  curlVersion = undefined;
}

describe.skipIf(!curlVersion)(`curl --digest (${curlVersion})`, () => {
  it('runs a key\'s access list conversation from two loopback addresses; no private key in any answer or log line', async () => {
    const ORG = '5e0000000000000000000000';
    const KEY_ID = '5c0000000000000000000001';
    const PRIV = { org: '7f3c9a1e-5b2d-4c8e-9f01-a1b2c3d4e5f6', owner: 'Qx7OwnerPrivateLeakCanary' };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-serve-keyacl-'));
    writeFileSync(path.join(dir, 'seed.yaml'), [
      `orgs: [{ id: "${ORG}", name: Org }]`,
      `groups: [{ id: "5f0000000000000000000001", name: P, orgId: "${ORG}" }]`,
      'apiKeys:',
      `  - { id: "${KEY_ID}", publicKey: ci, privateKey: "${PRIV.org}", roles: [{ roleName: ORG_OWNER, orgId: "${ORG}" }], accessList: [{ ipAddress: 127.0.0.1 }] }`,
      '',
    ].join('\n'));
    const proc = await startProcess(['--seed', 'seed.yaml', '--user', `owner:${PRIV.owner}`], dir);
    const answers: string[] = [];
    const curl = (user: string, from: string, p: string, ...extra: string[]) => {
      const out = execFileSync('curl', ['-s', '--max-time', '10', '--digest', '-u', user, '--interface', from, '-D', '-', ...extra, `${proc.base}${p}`], { encoding: 'utf8', timeout: 15_000 });
      answers.push(out);
      const blocks = out.split(/\r\n\r\n/);
      let last = blocks.length - 1;
      while (last > 0 && !/^HTTP\/1\.1 \d+/.test(blocks[last])) last--;
      return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(blocks[last])![1]), body: blocks.slice(last + 1).join('\r\n\r\n') };
    };
    const ci = `ci:${PRIV.org}`;
    const list = `/orgs/${ORG}/apiKeys/${KEY_ID}/accessList`;
    try {
      expect(curl(ci, '127.0.0.1', '/groups').status).toBe(200);
      const refused = curl(ci, '127.0.0.2', '/groups');
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body).errorCode).toBe('IP_ADDRESS_NOT_ON_ACCESS_LIST');
      const added = curl(ci, '127.0.0.1', list, '-X', 'POST', '-H', 'Content-Type: application/json', '--data-binary', '[{"cidrBlock": "127.0.0.2/32"}, {"ipAddress": "127.0.0.1"}]');
      expect(added.status).toBe(201);
      expect(JSON.parse(added.body).results.map((e: { cidrBlock: string }) => e.cidrBlock)).toEqual(['127.0.0.1', '127.0.0.2']);
      expect(curl(ci, '127.0.0.2', '/groups').status).toBe(200);
      const counted = JSON.parse(curl(ci, '127.0.0.2', list).body).results;
      expect(counted[0]).toMatchObject({ lastUsedAddress: '127.0.0.1', count: 2 });
      expect(counted[1]).toMatchObject({ lastUsedAddress: '127.0.0.2', count: 2 });
      expect(curl(ci, '127.0.0.2', `${list}/127.0.0.2`, '-X', 'DELETE').status).toBe(400);
      expect(curl(ci, '127.0.0.1', `${list}/127.0.0.2`, '-X', 'DELETE').status).toBe(204);
      // The global list, by the --user global owner.
      const entry = curl(`owner:${PRIV.owner}`, '127.0.0.1', '/admin/accessList', '-X', 'POST', '-H', 'Content-Type: application/json', '--data-binary', '{"cidrBlock": "127.0.0.1/32", "description": "ci"}');
      expect(entry.status).toBe(201);
      expect(curl(`owner:${PRIV.owner}`, '127.0.0.2', '/admin/accessList').status).toBe(403);
      // The organization's keys: the private key redacted (its last 12 digits only).
      const keys = JSON.parse(curl(ci, '127.0.0.1', `/orgs/${ORG}/apiKeys`).body);
      expect(keys.results[0]).toMatchObject({ id: KEY_ID, publicKey: 'ci', privateKey: '********-****-****-a1b2c3d4e5f6' });
      // A wrong private key, sent from a listed address: 401, nothing counted.
      expect(curl('ci:wrong', '127.0.0.1', '/groups').status).toBe(401);
    } finally {
      await proc.stop();
    }
    const everything = [...answers, proc.stdout, proc.stderr()].join('\n');
    expect(proc.stderr()).toMatch(/POST \S+accessList 201/);
    for (const [name, value] of Object.entries(PRIV)) expect(everything.includes(value), name).toBe(false);
    expect(everything).not.toMatch(/Qx7|7f3c9a1e|5b2d-4c8e-9f01/);
  });
});
