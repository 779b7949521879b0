// Points of API-SPEC that the other serve tests held only in part (issue 34 audit): the spec's headers
// on every kind of answer (200, 201, 204, 400, 403, 404, not just the 401), read off the wire with
// node:http on a kept-alive connection; the roles of "Authentication" 3 and endpoint 11, each allowed
// and refused role tried; and the default page of 100 items (max 500) of "Common query parameters".
import { once as onceEvent } from 'node:events';
import { Agent, request, type IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultState, type ApiKey, type State } from '../../src/serve/state';
import { digestHeader, startInProcess, type InProcess } from './support';

let srv: InProcess;
let state: State;
let owner: ApiKey;
let g: string;
let org: string;
let agent: Agent;

beforeEach(async () => {
  state = defaultState(new Date('2026-06-01T12:00:00Z'));
  [owner] = state.apiKeys;
  ({ id: g, orgId: org } = state.groups[0]);
  // One kept-alive connection: `Connection: keep-alive` is what the server answers on it.
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
  srv = await startInProcess(state);
});
afterEach(async () => {
  agent.destroy();
  await srv.close();
});

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; text: string }
interface Who { publicKey: string; privateKey: string }

async function once(method: string, p: string, headers: Record<string, string>, data?: string): Promise<Answer> {
  const url = new URL(`${srv.base}${p}`);
  const typed = data === undefined ? headers : { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(data)) };
  const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, agent, headers: typed });
  req.end(data);
  const [res] = (await onceEvent(req, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') };
}

/** A digest-authenticated request: the challenge, then the answer (a path under /prometheus/v1.0 when `p` starts with it). */
async function call(p: string, who: Who = owner, method = 'GET', body?: unknown): Promise<Answer> {
  const first = await once(method, p, {});
  const url = new URL(`${srv.base}${p}`);
  const auth = digestHeader(String(first.headers['www-authenticate']), method, url.pathname + url.search, who.publicKey, who.privateKey);
  return once(method, p, { Authorization: auth }, body === undefined ? undefined : JSON.stringify(body));
}

/** A key with these roles, added to the state. */
function keyWith(name: string, roles: ApiKey['roles']): Who {
  const k = { id: `k-${name}`, desc: name, publicKey: name, privateKey: `${name}-0123-4567-89ab-cdef01234567`, roles };
  state.apiKeys.push(k);
  return k;
}

describe('the spec\'s headers (Authentication 5, Versioning 2)', () => {
  it('are on every answer: 200, 201, 204, 400, 403 and 404, not only the challenge', async () => {
    const reader = keyWith('reader', [{ roleName: 'GROUP_READ_ONLY', groupId: g }]);
    const window = { startDate: '2099-01-01T00:00:00Z', endDate: '2099-01-01T02:00:00Z', alertTypeNames: ['HOST'] };
    const created = await call(`/groups/${g}/alertConfigs`, owner, 'POST', { eventTypeName: 'HOST_DOWN', enabled: true, notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled: false }] });
    const w = await call(`/groups/${g}/maintenanceWindows/`, owner, 'POST', window);
    const answers: [number, Answer][] = [
      [200, await call(`/groups/${g}/alerts`)],
      [201, created],
      [204, await call(`/groups/${g}/maintenanceWindows/${JSON.parse(w.text).id}`, owner, 'DELETE')],
      [400, await call(`/groups/${g}/alerts?itemsPerPage=501`)],
      [403, await call(`/groups/${g}/alertConfigs`, reader, 'POST', {})],
      [404, await call('/groups/000000000000000000000000/alerts')],
    ];
    for (const [status, a] of answers) {
      expect(a.status).toBe(status);
      expect(a.headers.vary, String(status)).toBe('Accept-Encoding');
      expect(a.headers['strict-transport-security'], String(status)).toBe('max-age=300');
      expect(a.headers['x-vendor-service-version'], String(status)).toMatch(/^gitHash=[0-9a-f]{40}; versionString=\S+$/);
      expect(a.headers.connection, String(status)).toBe('keep-alive');
      expect(Number.isNaN(Date.parse(String(a.headers.date))), String(status)).toBe(false);
      if (status === 204) {
        expect(a.text).toBe('');
        continue;
      }
      expect(a.headers['content-type'], String(status)).toBe('application/json');
      expect(Number(a.headers['content-length']), String(status)).toBe(Buffer.byteLength(a.text));
    }
  });
});

describe('the roles of Authentication 3', () => {
  it('1 update a global API key: GLOBAL_OWNER only', async () => {
    const path = `/admin/apiKeys/${owner.id}`;
    expect((await call(path, owner, 'PATCH', { desc: 'renamed' })).status).toBe(200);
    for (const role of ['GLOBAL_MONITORING_ADMIN', 'GLOBAL_READ_ONLY', 'GLOBAL_USER_ADMIN', 'GLOBAL_AUTOMATION_ADMIN']) {
      const r = await call(path, keyWith(role.toLowerCase(), [{ roleName: role }]), 'PATCH', { desc: 'mine' });
      expect(r.status, role).toBe(403);
      expect(JSON.parse(r.text).errorCode).toBe('USER_UNAUTHORIZED');
    }
    expect(state.apiKeys[0].desc).toBe('renamed');
  });

  it('9 enable or disable a global alert configuration: GLOBAL_OWNER or GLOBAL_MONITORING_ADMIN; 10 delete: the same (docs/serve.md)', async () => {
    const id = state.globalAlertConfigs[0].id as string;
    const monitoring = keyWith('monitoring', [{ roleName: 'GLOBAL_MONITORING_ADMIN' }]);
    const off = await call(`/globalAlertConfigs/${id}`, monitoring, 'PUT', { enabled: false });
    expect(off.status).toBe(200);
    expect(JSON.parse(off.text).enabled).toBe(false);
    for (const role of ['GLOBAL_AUTOMATION_ADMIN', 'GLOBAL_BACKUP_ADMIN', 'GLOBAL_USER_ADMIN']) {
      const k = keyWith(role.toLowerCase(), [{ roleName: role }]);
      expect((await call(`/globalAlertConfigs/${id}`, k, 'PUT', { enabled: true })).status, role).toBe(403);
      expect((await call(`/globalAlertConfigs/${id}`, k, 'DELETE')).status, role).toBe(403);
    }
    expect((await call(`/globalAlertConfigs/${id}`, monitoring, 'DELETE')).status).toBe(204);
    expect(state.globalAlertConfigs).toHaveLength(0);
  });

  it('2 the global access list and 23 a global event: GLOBAL_READ_ONLY (any global role); an organization or project role 403', async () => {
    state.globalEvents.push({ id: 'e2', eventTypeName: 'BACKUP_AGENT_DOWN', created: '2026-06-01T00:00:00Z' });
    const readOnly = keyWith('readonly', [{ roleName: 'GLOBAL_READ_ONLY' }]);
    expect((await call('/admin/accessList', readOnly)).status).toBe(200);
    expect((await call('/globalEvents/e2', readOnly)).status).toBe(200);
    for (const [name, roles] of [['orgowner', [{ roleName: 'ORG_OWNER', orgId: org }]], ['groupowner', [{ roleName: 'GROUP_OWNER', groupId: g }]]] as const) {
      const k = keyWith(name, [...roles]);
      expect((await call('/admin/accessList', k)).status, name).toBe(403);
      expect((await call('/globalEvents/e2', k)).status, name).toBe(403);
    }
  });

  it('22 an organization event: a member of that organization; a member of another organization or of a project only 403', async () => {
    state.orgEvents.push({ id: 'e1', orgId: org, eventTypeName: 'JOINED_ORG', created: '2026-06-01T00:00:00Z' });
    expect((await call(`/orgs/${org}/events/e1`, keyWith('member', [{ roleName: 'ORG_MEMBER', orgId: org }]))).status).toBe(200);
    state.orgs.push({ id: 'o2', name: 'Other' });
    expect((await call(`/orgs/${org}/events/e1`, keyWith('stranger', [{ roleName: 'ORG_OWNER', orgId: 'o2' }]))).status).toBe(403);
    expect((await call(`/orgs/${org}/events/e1`, keyWith('projectonly', [{ roleName: 'GROUP_READ_ONLY', groupId: g }]))).status).toBe(403);
  });

  it('18 the matcher field names: any assigned role, a project role included', async () => {
    const r = await call('/alertConfigs/matchers/fieldNames', keyWith('projectreader', [{ roleName: 'GROUP_READ_ONLY', groupId: g }]));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toContain('REPLICA_SET_NAME');
  });

  it('11 a user: a GROUP_USER_ADMIN of a project shared with the user reads them; of another project 403', async () => {
    state.groups.push({ id: 'g2', name: 'Other', orgId: org });
    state.users.push({ id: 'u1', username: 'jane', apiKey: 'f00dfeed-1111-2222-3333-444455556666', roles: [{ roleName: 'GROUP_READ_ONLY', groupId: g }] });
    const shared = await call('/users/u1', keyWith('useradmin', [{ roleName: 'GROUP_USER_ADMIN', groupId: g }]));
    expect(shared.status).toBe(200);
    expect(JSON.parse(shared.text)).not.toHaveProperty('apiKey');
    expect((await call('/users/u1', keyWith('otheradmin', [{ roleName: 'GROUP_USER_ADMIN', groupId: 'g2' }]))).status).toBe(403);
    expect((await call('/users/u1', keyWith('groupowner', [{ roleName: 'GROUP_OWNER', groupId: g }]))).status).toBe(403);
  });
});

describe('pages (Common query parameters, Limits)', () => {
  it('answers 100 items by default and up to 500 when asked, with a next link while more remain', async () => {
    for (let i = 0; i < 620; i++) state.alerts.push({ id: `a${String(i).padStart(4, '0')}`, groupId: g, eventTypeName: 'HOST_DOWN', status: 'OPEN', created: '2026-06-01T00:00:00Z', updated: '2026-06-01T00:00:00Z' });
    const total = state.alerts.filter((a) => a.groupId === g).length;
    const first = JSON.parse((await call(`/groups/${g}/alerts`)).text);
    expect(first.results).toHaveLength(100);
    expect(first.totalCount).toBe(total);
    expect(first.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next']);
    const big = JSON.parse((await call(`/groups/${g}/alerts?itemsPerPage=500&pageNum=2`)).text);
    expect(big.results).toHaveLength(total - 500);
    expect(big.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'previous']);
  });
});
