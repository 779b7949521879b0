// The endpoints' rules, in process (a clock the test moves): status codes, list shapes and pages,
// envelope and pretty, PUT replacing an alert configuration, acknowledgement, windows that ended,
// integrations field by field, global alert configurations and their roles, and bodies judged by
// the engine (400 with findings, warnings in a header), malformed, mistyped and oversized bodies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultState, type State } from '../../src/serve/state';
import { digestFetch, startInProcess, type InProcess } from './support';

let srv: InProcess;
let state: State;
let key: { publicKey: string; privateKey: string };
let g: string;

beforeEach(async () => {
  state = defaultState(new Date('2026-06-01T12:00:00Z'));
  key = state.apiKeys[0];
  g = state.groups[0].id;
  srv = await startInProcess(state, { maxBodyBytes: 64 * 1024 });
});
afterEach(() => srv.close());

const call = (path: string, init: RequestInit = {}, who = key) => digestFetch(`${srv.base}${path}`, who.publicKey, who.privateKey, init);
const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const CONFIG = {
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  enabled: true,
  metricThreshold: { metricName: 'CONNECTIONS', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 100, units: 'RAW' },
  notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }],
};

describe('alert configurations', () => {
  it('lists with results, a self link and totalCount; pages by pageNum and itemsPerPage with next and previous links', async () => {
    for (let i = 0; i < 4; i++) expect((await call(`/groups/${g}/alertConfigs`, json('POST', CONFIG))).status).toBe(201);
    const all = await (await call(`/groups/${g}/alertConfigs`)).json();
    expect(all.totalCount).toBe(5);
    expect(all.results).toHaveLength(5);
    expect(all.links).toEqual([{ rel: 'self', href: `${srv.base}/groups/${g}/alertConfigs?pageNum=1&itemsPerPage=100` }]);
    const page2 = await (await call(`/groups/${g}/alertConfigs?pageNum=2&itemsPerPage=2`)).json();
    expect(page2.results.map((c: { id: string }) => c.id)).toEqual(all.results.slice(2, 4).map((c: { id: string }) => c.id));
    expect(page2.totalCount).toBe(5);
    expect(page2.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'previous', 'next']);
    expect(page2.links[2].href).toContain('pageNum=3&itemsPerPage=2');
    const last = await (await call(`/groups/${g}/alertConfigs?pageNum=3&itemsPerPage=2`)).json();
    expect(last.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'previous']);
    for (const bad of ['itemsPerPage=501', 'itemsPerPage=0', 'pageNum=0', 'pageNum=x']) {
      const r = await call(`/groups/${g}/alertConfigs?${bad}`);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).errorCode).toBe('INVALID_QUERY_PARAMETER');
    }
  });

  it('wraps in an envelope (status beside results for lists, status and envelope for one) and indents with pretty=true', async () => {
    const list = await (await call(`/groups/${g}/alertConfigs?envelope=true`)).json();
    expect(list.status).toBe(200);
    expect(list.totalCount).toBe(1);
    const id = list.results[0].id;
    const one = await (await call(`/groups/${g}/alertConfigs/${id}?envelope=true`)).json();
    expect(one).toMatchObject({ status: 200, envelope: { id, groupId: g } });
    const pretty = await (await call(`/groups/${g}/alertConfigs/${id}?pretty=true`)).text();
    expect(pretty).toMatch(/^\{\n {2}"id": /);
    expect(await (await call(`/groups/${g}/alertConfigs/${id}`)).text()).not.toContain('\n');
  });

  it('PUT replaces the configuration: omitted fields go, an omitted enabled disables it; DELETE answers 204 and the configuration is gone', async () => {
    const id = state.alertConfigs[0].id as string;
    const { enabled: _, ...withoutEnabled } = { ...CONFIG, matchers: undefined };
    const put = await call(`/groups/${g}/alertConfigs/${id}`, json('PUT', withoutEnabled));
    expect(put.status).toBe(200);
    expect(put.headers.get('x-omlint-warnings')).toBe('enabled-omitted / 1:1');
    // Logged with its message, and never blocking.
    expect(srv.log.some((l) => /^warning enabled-omitted at 1:1 : enabled is omitted/.test(l))).toBe(true);
    const body = await put.json();
    expect(body.enabled).toBe(false);
    expect(body.matchers).toBeUndefined();
    expect(body.metricThreshold.threshold).toBe(100);
    expect(body.links[0]).toEqual({ rel: 'self', href: `${srv.base}/groups/${g}/alertConfigs/${id}` });
    const del = await call(`/groups/${g}/alertConfigs/${id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    const gone = await call(`/groups/${g}/alertConfigs/${id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: 404, errorCode: 'ALERT_CONFIG_NOT_FOUND', reason: 'Not Found' });
  });

  it('refuses a body with an error finding: 400 in the error shape with rule id, message, pointer, line and column; nothing stored', async () => {
    const text = '{\n  "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",\n  "enabled": true,\n  "notifications": [{"typeName": "GROUP", "delayMin": 0, "intervalMin": 5, "emailEnabled": true, "smsEnabled": false, "roles": ["GROUP_OWNER"]}]\n}';
    const r = await call(`/groups/${g}/alertConfigs`, json('POST', text));
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['detail', 'error', 'errorCode', 'parameters', 'reason', 'findings']));
    expect(body.error).toBe(400);
    expect(body.findings).toContainEqual(expect.objectContaining({ ruleId: 'metric-threshold-required', severity: 'error', pointer: '/eventTypeName', line: 2, column: 20 }));
    expect(state.alertConfigs).toHaveLength(1);
  });

  it('answers 400 to malformed JSON with its place, 415 to another content type, 413 beyond --max-body-size', async () => {
    const bad = await call(`/groups/${g}/alertConfigs`, json('POST', '{\n  "enabled": tru\n}'));
    expect(bad.status).toBe(400);
    const b = await bad.json();
    expect(b.errorCode).toBe('INVALID_JSON');
    expect(b.findings[0]).toMatchObject({ ruleId: 'syntax-error', line: 2 });
    const yaml = await call(`/groups/${g}/alertConfigs`, { method: 'POST', headers: { 'Content-Type': 'application/yaml' }, body: 'enabled: true' });
    expect(yaml.status).toBe(415);
    const big = await call(`/groups/${g}/alertConfigs`, json('POST', JSON.stringify({ ...CONFIG, pad: 'x'.repeat(70 * 1024) })));
    expect(big.status).toBe(413);
    expect((await big.json()).errorCode).toBe('REQUEST_TOO_LARGE');
    // The server is still there.
    expect((await call(`/groups/${g}/alertConfigs`)).status).toBe(200);
  });

  it('answers 404 to an unknown project or path, 405 with Allow to a method the path does not take', async () => {
    expect((await call(`/groups/000000000000000000000000/alertConfigs`)).status).toBe(404);
    expect((await call(`/nothing/here`)).status).toBe(404);
    const r = await call(`/groups/${g}/alerts`, json('POST', {}));
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
  });
});

describe('alerts', () => {
  it('filters by status, acknowledges with acknowledgedUntil and a comment, and removes the acknowledgement when acknowledgedUntil is omitted', async () => {
    const id = state.alerts[0].id as string;
    expect((await (await call(`/groups/${g}/alerts?status=OPEN`)).json()).totalCount).toBe(1);
    expect((await (await call(`/groups/${g}/alerts?status=CLOSED`)).json()).totalCount).toBe(0);
    expect((await call(`/groups/${g}/alerts?status=NOPE`)).status).toBe(400);
    const ack = await call(`/groups/${g}/alerts/${id}`, json('PATCH', { acknowledgedUntil: '2026-07-01T00:00:00Z', acknowledgementComment: 'on it' }));
    expect(ack.status).toBe(200);
    expect(await ack.json()).toMatchObject({ id, acknowledgedUntil: '2026-07-01T00:00:00Z', acknowledgementComment: 'on it', acknowledgingUsername: key.publicKey });
    const un = await (await call(`/groups/${g}/alerts/${id}`, json('PATCH', {}))).json();
    expect(un.acknowledgedUntil).toBeUndefined();
    expect(un.acknowledgementComment).toBeUndefined();
    expect(un.acknowledgingUsername).toBeUndefined();
  });
});

describe('maintenance windows', () => {
  const WINDOW = { startDate: '2026-06-02T00:00:00Z', endDate: '2026-06-02T04:00:00Z', alertTypeNames: ['REPLICA_SET'], description: 'upgrade' };

  it('creates (200), updates (201) and deletes (204) a window while its end date is ahead; refuses both once it has ended', async () => {
    const created = await call(`/groups/${g}/maintenanceWindows/`, json('POST', WINDOW));
    expect(created.status).toBe(200);
    // A warning about a key that is not ASCII: the header stays one printable line.
    const odd = await call(`/groups/${g}/maintenanceWindows`, json('POST', { ...WINDOW, 'примечание': 'x' }));
    expect(odd.status).toBe(200);
    const at = JSON.stringify({ ...WINDOW, 'примечание': 'x' }).indexOf('"примечание"') + 1;
    expect(odd.headers.get('x-omlint-warnings')).toBe(`unknown-field /${encodeURIComponent('примечание')} 1:${at}`);
    await call(`/groups/${g}/maintenanceWindows/${(await odd.json()).id}`, { method: 'DELETE' });
    const w = await created.json();
    expect(w).toMatchObject({ groupId: g, ...WINDOW });
    const patched = await call(`/groups/${g}/maintenanceWindows/${w.id}`, json('PATCH', { description: 'longer upgrade', endDate: '2026-06-02T06:00:00Z' }));
    expect(patched.status).toBe(201);
    expect(await patched.json()).toMatchObject({ description: 'longer upgrade', endDate: '2026-06-02T06:00:00Z', alertTypeNames: ['REPLICA_SET'] });
    srv.clock.now = new Date('2026-06-03T00:00:00Z');
    const late = await call(`/groups/${g}/maintenanceWindows/${w.id}`, json('PATCH', { description: 'too late' }));
    expect(late.status).toBe(400);
    expect((await late.json()).errorCode).toBe('MAINTENANCE_WINDOW_ENDED');
    expect((await call(`/groups/${g}/maintenanceWindows/${w.id}`, { method: 'DELETE' })).status).toBe(400);
    srv.clock.now = new Date('2026-06-01T12:00:00Z');
    expect((await call(`/groups/${g}/maintenanceWindows/${w.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await (await call(`/groups/${g}/maintenanceWindows`)).json()).totalCount).toBe(0);
  });
});

describe('integrations', () => {
  it('PUT adds, then updates field by field, and answers the list of the project', async () => {
    const first = await call(`/groups/${g}/integrations/SLACK`, json('PUT', { type: 'SLACK', apiToken: 'xoxb-1111-2222-aaaabbbbcccc', teamName: 'ops', channelName: 'alerts' }));
    expect(first.status).toBe(200);
    const list = await first.json();
    expect(list.totalCount).toBe(1);
    expect(list.links[0].rel).toBe('self');
    const second = await (await call(`/groups/${g}/integrations/SLACK`, json('PUT', { type: 'SLACK', apiToken: 'xoxb-1111-2222-aaaabbbbdddd', teamName: 'ops', channelName: 'pages' }))).json();
    expect(second.totalCount).toBe(1);
    expect(second.results[0]).toMatchObject({ type: 'SLACK', teamName: 'ops', channelName: 'pages' });
    await call(`/groups/${g}/integrations/PAGER_DUTY`, json('PUT', { type: 'PAGER_DUTY', serviceKey: '0123456789abcdef0123456789abcdef' }));
    expect((await (await call(`/groups/${g}/integrations`)).json()).totalCount).toBe(2);
    expect((await call(`/groups/${g}/integrations/DATADOG`, json('PUT', { type: 'SLACK', apiToken: 'x', teamName: 'y' }))).status).toBe(400);
    expect((await call(`/groups/${g}/integrations/NOPE`, json('PUT', { type: 'PAGER_DUTY', serviceKey: '0123456789abcdef0123456789abcdef' }))).status).toBe(404);
    // The path is judged before the body: an unknown type with an invalid body is a 404, not a 400.
    expect((await call(`/groups/${g}/integrations/NOPE`, json('PUT', { type: 'NOPE' }))).status).toBe(404);
  });
});

describe('global alert configurations and roles', () => {
  it('enables and disables for a global owner; a read-only key may read but not change (403); the matcher field names are a bare array', async () => {
    const id = state.globalAlertConfigs[0].id as string;
    const off = await call(`/globalAlertConfigs/${id}`, json('PUT', { enabled: false }));
    expect(off.status).toBe(200);
    expect((await off.json()).enabled).toBe(false);
    expect((await (await call(`/globalAlertConfigs/${id}`, json('PUT', { enabled: true }))).json()).enabled).toBe(true);
    expect((await call(`/globalAlertConfigs/${id}`, json('PUT', { enabled: 'yes' }))).status).toBe(400);
    const reader = { publicKey: 'readonly', privateKey: 'c0ffee00-1111-2222-3333-444455556666' };
    state.apiKeys.push({ id: 'k2', desc: '', ...reader, roles: [{ roleName: 'GLOBAL_READ_ONLY' }] });
    expect((await call(`/globalAlertConfigs/${id}`, {}, reader)).status).toBe(200);
    const denied = await call(`/globalAlertConfigs/${id}`, json('PUT', { enabled: false }), reader);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: 403, errorCode: 'USER_UNAUTHORIZED' });
    expect((await call(`/groups/${g}/alertConfigs`, json('POST', CONFIG), reader)).status).toBe(403);
    // Who may write is judged before the body: an invalid body from a reader is a 403, not a 400.
    expect((await call(`/groups/${g}/alertConfigs`, json('POST', { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD' }), reader)).status).toBe(403);
    expect((await call(`/globalAlertConfigs/${id}`, json('PUT', { enabled: 'yes' }), reader)).status).toBe(403);
    expect(await (await call('/alertConfigs/matchers/fieldNames?envelope=true')).json()).toEqual(['TYPE_NAME', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'REPLICA_SET_NAME', 'SHARD_NAME', 'CLUSTER_NAME']);
    expect((await call(`/globalAlertConfigs/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(state.globalAlertConfigs).toHaveLength(0);
  });

  it('a project member of another project sees neither its groups nor its alerts', async () => {
    const other = { publicKey: 'member', privateKey: 'deadbeef-1111-2222-3333-444455556666' };
    state.apiKeys.push({ id: 'k3', desc: '', ...other, roles: [{ roleName: 'GROUP_OWNER', groupId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }] });
    expect((await (await call('/groups', {}, other)).json()).totalCount).toBe(0);
    expect((await call(`/groups/${g}/alerts`, {}, other)).status).toBe(403);
    expect((await (await call(`/groups/${g}`)).json()).replicaSetCount).toBe(1);
  });
});

describe('hosts, scrape targets, global API keys, the global access list and users', () => {
  it('lists the databases of a host, reads a disk partition, and answers the scrape targets as a bare array', async () => {
    const host = state.hosts[0];
    const dbs = await (await call(`/groups/${g}/hosts/${host.id}/databases?itemsPerPage=2`)).json();
    expect(dbs.totalCount).toBe(4);
    expect(dbs.results[0].databaseName).toBe('admin');
    expect(dbs.results[0].links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'http://mms.mongodb.com/group', 'http://mms.mongodb.com/host', 'http://mms.mongodb.com/measurements']);
    expect(await (await call(`/groups/${g}/hosts/${host.id}/disks/data`)).json()).toMatchObject({ partitionName: 'data', links: [{ rel: 'self' }] });
    expect((await call(`/groups/${g}/hosts/${host.id}/disks/nope`)).status).toBe(404);
    expect((await call(`/groups/${g}/hosts/000000000000000000000000/databases`)).status).toBe(404);
    const prom = srv.base.replace('/api/public/v1.0', '/prometheus/v1.0');
    const targets = await (await digestFetch(`${prom}/groups/${g}/discovery?envelope=true`, key.publicKey, key.privateKey)).json();
    expect(targets).toEqual([{ targets: ['rs0-0.omlint.example:9216', 'rs0-1.omlint.example:9216', 'rs0-2.omlint.example:9216'], labels: { group_id: g, group_name: 'Project 0', org_id: state.orgs[0].id } }]);
  });

  it('updates a global API key (desc and roles, judged as api-key-update), its private key redacted', async () => {
    const k = state.apiKeys[0];
    const r = await call(`/admin/apiKeys/${k.id}`, json('PATCH', { desc: 'renamed', roles: ['GLOBAL_OWNER', 'GLOBAL_READ_ONLY'] }));
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body).toMatchObject({ id: k.id, desc: 'renamed', publicKey: k.publicKey, roles: [{ roleName: 'GLOBAL_OWNER' }, { roleName: 'GLOBAL_READ_ONLY' }] });
    expect(body.privateKey).toBe(`********-****-****-${k.privateKey.slice(-12)}`);
    const bad = await call(`/admin/apiKeys/${k.id}`, json('PATCH', { desc: 'x'.repeat(251) }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).findings.some((f: { severity: string; pointer: string }) => f.severity === 'error' && f.pointer === '/desc')).toBe(true);
  });

  it('lists the global access list for a global role; reads a user (not their API key) for themselves or a global role', async () => {
    state.globalAccessList.push({ id: 'e1', cidrBlock: '10.0.0.0/8', description: 'office', type: 'GLOBAL_ROLE', created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z' });
    // A global key calls only from the global access list once it has entries: this test's address too.
    state.globalAccessList.push({ id: 'e2', cidrBlock: '127.0.0.1', description: 'this test', type: 'GLOBAL_ROLE', created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z' });
    expect((await (await call('/admin/accessList')).json()).results[0].cidrBlock).toBe('10.0.0.0/8');
    const jane = { id: 'u1', username: 'jane', apiKey: 'f00dfeed-1111-2222-3333-444455556666', roles: [{ roleName: 'GROUP_READ_ONLY', groupId: g }] };
    const bob = { id: 'u2', username: 'bob', apiKey: 'beefcafe-1111-2222-3333-444455556666', roles: [{ roleName: 'GROUP_READ_ONLY', groupId: g }] };
    state.users.push(jane, bob);
    const asJane = { publicKey: 'jane', privateKey: jane.apiKey };
    const own = await call('/users/u1', {}, asJane);
    expect(own.status).toBe(200);
    const body = await own.json();
    expect(body).toMatchObject({ id: 'u1', username: 'jane', roles: jane.roles });
    expect(body).not.toHaveProperty('apiKey');
    expect((await call('/users/u2', {}, asJane)).status).toBe(403);
    expect((await call('/users/u2')).status).toBe(200);
    expect((await call('/admin/accessList', {}, asJane)).status).toBe(403);
    expect((await call(`/users/${key.publicKey}`)).status).toBe(404);
  });
});

describe('user access lists', () => {
  it('adds entries (an address already listed ignored, no /32 stored), restricts the caller to them, counts each call, and never removes the caller\'s own entry', async () => {
    const jane = { id: 'u1', username: 'jane', apiKey: 'f00dfeed-1111-2222-3333-444455556666', roles: [{ roleName: 'GROUP_READ_ONLY', groupId: g }] };
    state.users.push(jane);
    const asJane = { publicKey: 'jane', privateKey: jane.apiKey };
    // A global owner lists them: jane's own POST of addresses she does not call from is refused (user-access.test.ts).
    const added = await call('/users/u1/accessList', json('POST', [{ ipAddress: '192.0.2.10/32', comment: 'laptop' }, { cidrBlock: '198.51.100.0/24' }]));
    expect(added.status).toBe(201);
    const list = await added.json();
    expect(list.totalCount).toBe(2);
    expect(list.results[0]).toMatchObject({ ipAddress: '192.0.2.10', cidrBlock: '192.0.2.10', comment: 'laptop', count: 0 });
    // 127.0.0.1 (this test) is not listed: the user is refused, until it is added.
    const refused = await call(`/groups/${g}/alerts`, {}, asJane);
    expect(refused.status).toBe(403);
    expect((await refused.json()).errorCode).toBe('IP_ADDRESS_NOT_ON_ACCESS_LIST');
    expect((await call('/users/u1/accessList', json('POST', [{ ipAddress: '127.0.0.1' }]))).status).toBe(201);
    const again = await (await call('/users/u1/accessList', json('POST', [{ ipAddress: '192.0.2.10' }, { cidrBlock: '127.0.0.1/32' }]))).json();
    expect(again.totalCount).toBe(3);
    expect((await call(`/groups/${g}/alerts`, {}, asJane)).status).toBe(200);
    const mine = state.users[0].accessList!.find((e) => e.ipAddress === '127.0.0.1')!;
    expect(mine).toMatchObject({ lastUsedAddress: '127.0.0.1', lastUsed: '2026-06-01T12:00:00Z' });
    expect(mine.count).toBeGreaterThanOrEqual(1);
    const own = await call('/users/u1/accessList/127.0.0.1', { method: 'DELETE' }, asJane);
    expect(own.status).toBe(400);
    expect((await own.json()).errorCode).toBe('CANNOT_REMOVE_CALLER_ACCESS_LIST_ENTRY');
    expect((await call('/users/u1/accessList/198.51.100.0%2F24', { method: 'DELETE' }, asJane)).status).toBe(204);
    expect((await call('/users/u1/accessList/203.0.113.1', { method: 'DELETE' }, asJane)).status).toBe(404);
    expect((await call('/users/u1/accessList', json('POST', { ipAddress: '10.0.0.1' }), asJane)).status).toBe(400);
  });
});

describe('automation status and events', () => {
  it('answers the automation status of the project: goalVersion and each process with its plan and error fields', async () => {
    const r = await call(`/groups/${g}/automationStatus/full`);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.goalVersion).toBe(1);
    expect(body.processes).toHaveLength(3);
    expect(body.processes[0]).toEqual({ name: 'rs0_0', hostname: 'rs0-0.omlint.example', lastGoalVersionAchieved: 1, plan: [], errorCode: 0, errorCodeDescription: '', errorCodeHumanReadable: '', errorString: '' });
  });

  it('reads an organization event for an organization member (raw only with includeRaw=true) and a global event for a global role (never raw)', async () => {
    const orgId = state.orgs[0].id;
    state.orgEvents.push({ id: 'e1', orgId, eventTypeName: 'JOINED_ORG', created: '2026-06-01T00:00:00Z', raw: { _t: 'ORG_AUDIT' } });
    state.globalEvents.push({ id: 'e2', eventTypeName: 'BACKUP_AGENT_DOWN', created: '2026-06-01T00:00:00Z', raw: { x: 1 } });
    const plain = await (await call(`/orgs/${orgId}/events/e1`)).json();
    expect(plain).toMatchObject({ id: 'e1', eventTypeName: 'JOINED_ORG' });
    expect(plain).not.toHaveProperty('raw');
    expect((await (await call(`/orgs/${orgId}/events/e1?includeRaw=true`)).json()).raw).toEqual({ _t: 'ORG_AUDIT' });
    const global = await (await call('/globalEvents/e2?includeRaw=true')).json();
    expect(global).toMatchObject({ id: 'e2', eventTypeName: 'BACKUP_AGENT_DOWN' });
    expect(global).not.toHaveProperty('raw');
    const member = { publicKey: 'orgmember', privateKey: 'abad1dea-1111-2222-3333-444455556666' };
    state.apiKeys.push({ id: 'k4', desc: '', ...member, roles: [{ roleName: 'ORG_MEMBER', orgId }] });
    expect((await call(`/orgs/${orgId}/events/e1`, {}, member)).status).toBe(200);
    expect((await call('/globalEvents/e2', {}, member)).status).toBe(403);
    expect((await call(`/orgs/${orgId}/events/nope`)).status).toBe(404);
  });
});
