// The automation configuration (GET/PUT, judged with the transition rules of `omlint plan` against
// the stored version, the version the server's), the automation status converging on the emulator
// clock with plans and injected errors, and the events operations record. In process: the host
// clock is the test's, the emulator clock moves with the control API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultState, newId, type Doc, type State } from '../../src/serve/state';
import { digestFetch, startInProcess, type InProcess } from './support';

let srv: InProcess;
let state: State;
let key: { publicKey: string; privateKey: string };
let g: string;
let org: string;

beforeEach(async () => {
  state = defaultState(new Date('2026-06-01T12:00:00Z'));
  key = state.apiKeys[0];
  g = state.groups[0].id;
  org = state.groups[0].orgId;
  srv = await startInProcess(state, { control: true });
});
afterEach(() => srv.close());

const call = (path: string, init: RequestInit = {}, who = key) => digestFetch(`${srv.base}${path}`, who.publicKey, who.privateKey, init);
const control = (path: string, init: RequestInit = {}, who = key) => digestFetch(`${srv.base.replace('/api/public/v1.0', '/__omlint')}${path}`, who.publicKey, who.privateKey, init);
const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const advance = async (seconds: number) => expect((await control('/clock', json('POST', { seconds }))).status).toBe(200);
const status = async () => (await call(`/groups/${g}/automationStatus`)).json();

/** The stored configuration as a client edits it: GET, change, PUT. */
async function edit(change: (c: Doc) => void): Promise<Response> {
  const config = await (await call(`/groups/${g}/automationConfig`)).json();
  change(config);
  return call(`/groups/${g}/automationConfig`, json('PUT', config));
}
const upgrade = (c: Doc) => {
  (c.mongoDbVersions as Doc[]).push({ ...(c.mongoDbVersions as Doc[])[0], name: '7.0.14' });
  for (const p of c.processes as Doc[]) p.version = '7.0.14';
};

describe('automation configuration', () => {
  it('answers the stored configuration; an accepted PUT stores it at the next version, whatever version the body says', async () => {
    const config = await (await call(`/groups/${g}/automationConfig`)).json();
    expect(config.version).toBe(1);
    expect(config.processes.map((p: Doc) => p.name)).toEqual(['rs0_0', 'rs0_1', 'rs0_2']);
    const put = await edit(upgrade);
    expect(put.status).toBe(200);
    expect((await put.json()).version).toBe(2);
    const again = await (await call(`/groups/${g}/automationConfig`)).json();
    expect(again).toMatchObject({ version: 2, processes: [{ version: '7.0.14' }, { version: '7.0.14' }, { version: '7.0.14' }] });
    // A body carrying an older version is a stale edit: the later PUT wins (no refusal), with the warning.
    const stale = await edit((c) => (c.version = 1));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-omlint-warnings')).toMatch(/^config-version-changed \/version /);
    expect((await stale.json()).version).toBe(3);
  });

  it('refuses with 400 and the findings a PUT that omlint plan refuses (a transition error against the stored version), and stores nothing', async () => {
    // Two of three voting members removed in one PUT: voting-majority-removed, an error of the transition rules.
    const r = await edit((c) => {
      c.processes = (c.processes as Doc[]).slice(0, 1);
      (c.replicaSets as Doc[])[0].members = ((c.replicaSets as Doc[])[0].members as Doc[]).slice(0, 1);
    });
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.errorCode).toBe('INVALID_ATTRIBUTE');
    expect(body.findings.some((f: Doc) => f.ruleId === 'voting-majority-removed' && f.severity === 'error')).toBe(true);
    expect((await (await call(`/groups/${g}/automationConfig`)).json()).version).toBe(1);
    expect((await status()).goalVersion).toBe(1);
    // The same body is no error as a first configuration (no base): the refusal was the transition's.
    state.automationConfigs = [];
    state.automationStatus = [];
    const one = structuredClone(defaultState(new Date()).automationConfigs[0].config);
    one.processes = (one.processes as Doc[]).slice(0, 1);
    (one.replicaSets as Doc[])[0].members = ((one.replicaSets as Doc[])[0].members as Doc[]).slice(0, 1);
    const first = await call(`/groups/${g}/automationConfig`, json('PUT', one));
    expect(first.status).toBe(200);
    expect((await first.json()).version).toBe(1);
  });

  it('a schema error refuses the PUT like any body (automation-config, as omlint check judges it)', async () => {
    const r = await edit((c) => ((c.processes as Doc[])[0].processType = 'mongodx'));
    expect(r.status).toBe(400);
    expect((await r.json()).findings[0]).toMatchObject({ severity: 'error', pointer: '/processes/0/processType' });
  });

  it('lets the project automation admin change it, not the monitoring admin (403)', async () => {
    const admin = { id: newId(), desc: 'a', publicKey: 'automation', privateKey: 'automation-private-key-0001', roles: [{ roleName: 'GROUP_AUTOMATION_ADMIN', groupId: g }] };
    const monitor = { id: newId(), desc: 'm', publicKey: 'monitor', privateKey: 'monitor-private-key-000001', roles: [{ roleName: 'GROUP_MONITORING_ADMIN', groupId: g }] };
    state.apiKeys.push(admin, monitor);
    const config = await (await call(`/groups/${g}/automationConfig`)).json();
    upgrade(config);
    expect((await call(`/groups/${g}/automationConfig`, json('PUT', config), monitor)).status).toBe(403);
    expect((await call(`/groups/${g}/automationConfig`, json('PUT', config), admin)).status).toBe(200);
  });
});

describe('automation status', () => {
  it('follows each accepted PUT: goalVersion at once, each process after the delay on the emulator clock, its plan listed meanwhile', async () => {
    expect(await status()).toEqual(await (await call(`/groups/${g}/automationStatus/full`)).json());
    expect((await edit(upgrade)).status).toBe(200);
    let s = await status();
    expect(s.goalVersion).toBe(2);
    expect(s.processes.map((p: Doc) => [p.name, p.lastGoalVersionAchieved, p.plan])).toEqual([
      ['rs0_0', 1, ['Download', 'Stop', 'Start']],
      ['rs0_1', 1, ['Download', 'Stop', 'Start']],
      ['rs0_2', 1, ['Download', 'Stop', 'Start']],
    ]);
    expect(s.goalSetAt).toBeUndefined();
    await advance(state.automationDelaySeconds - 1);
    expect((await status()).processes[0].lastGoalVersionAchieved).toBe(1);
    await advance(1);
    s = await status();
    expect(s.processes.map((p: Doc) => [p.lastGoalVersionAchieved, p.plan])).toEqual([[2, []], [2, []], [2, []]]);
  });

  it('plans a new process from its download to the replica set, and a member change as a replica set reconfiguration', async () => {
    const r = await edit((c) => {
      const p = structuredClone((c.processes as Doc[])[2]);
      Object.assign(p, { name: 'rs0_3', hostname: 'rs0-3.omlint.example' });
      (c.processes as Doc[]).push(p);
      ((c.replicaSets as Doc[])[0].members as Doc[]).push({ _id: 3, host: 'rs0_3', priority: 0, votes: 0 });
      ((c.replicaSets as Doc[])[0].members as Doc[])[2].priority = 2;
    });
    expect(r.status).toBe(200);
    const s = await status();
    expect(s.processes.map((p: Doc) => [p.name, p.lastGoalVersionAchieved, p.plan])).toEqual([
      ['rs0_0', 1, []],
      ['rs0_1', 1, []],
      ['rs0_2', 1, ['UpdateRsConfig']],
      ['rs0_3', 0, ['Download', 'Start', 'WaitRsInit']],
    ]);
  });

  it('an injected error holds its process back until it is cleared; the others converge', async () => {
    const inject = await control(`/groups/${g}/automationStatus/processes/rs0_1/error`, json('PUT', { errorCode: 104, errorCodeHumanReadable: 'Download failed', errorString: 'fetch failed' }));
    expect(inject.status).toBe(200);
    expect((await edit(upgrade)).status).toBe(200);
    await advance(3600);
    let s = await status();
    expect(s.processes.map((p: Doc) => p.lastGoalVersionAchieved)).toEqual([2, 1, 2]);
    expect(s.processes[1]).toMatchObject({ errorCode: 104, errorCodeHumanReadable: 'Download failed', errorString: 'fetch failed', plan: ['Download', 'Stop', 'Start'] });
    expect(s.processes[1].errorCodeDescription).toBeTruthy();
    expect((await control(`/groups/${g}/automationStatus/processes/rs0_1/error`, { method: 'DELETE' })).status).toBe(204);
    s = await status();
    expect(s.processes[1]).toMatchObject({ lastGoalVersionAchieved: 2, plan: [], errorCode: 0, errorCodeDescription: '', errorCodeHumanReadable: '', errorString: '' });
    // Unknown process, a zero error code.
    expect((await control(`/groups/${g}/automationStatus/processes/nope/error`, json('PUT', { errorCode: 1 }))).status).toBe(404);
    expect((await control(`/groups/${g}/automationStatus/processes/rs0_1/error`, json('PUT', { errorCode: 0 }))).status).toBe(400);
  });

  it('converges when the host clock passes the delay too (emulator time is host time plus the offset); the state stays plain JSON', async () => {
    expect((await edit(upgrade)).status).toBe(200);
    srv.clock.now = new Date(srv.clock.now.getTime() + state.automationDelaySeconds * 1000);
    expect((await status()).processes.every((p: Doc) => p.lastGoalVersionAchieved === 2)).toBe(true);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('events', () => {
  it('records the automation PUT, alert configurations and acknowledgements as organization events (raw with includeRaw=true), at the emulator time', async () => {
    await advance(60);
    expect((await edit(upgrade)).status).toBe(200);
    const list = await (await call(`/orgs/${org}/events`)).json();
    expect(list.totalCount).toBe(1);
    const e = list.results[0];
    expect(e).toMatchObject({ eventTypeName: 'AUTOMATION_CONFIG_PUBLISHED_AUDIT', groupId: g, orgId: org, publicKey: key.publicKey, created: '2026-06-01T12:01:00Z', isGlobalAdmin: true });
    expect(e.raw).toBeUndefined();
    const one = await (await call(`/orgs/${org}/events/${e.id}?includeRaw=true`)).json();
    expect(one.raw).toMatchObject({ et: 'AUTOMATION_CONFIG_PUBLISHED_AUDIT', un: key.publicKey, description: 'Automation configuration version 2 published' });
    expect((await (await call(`/orgs/${org}/events?includeRaw=true`)).json()).results[0].raw.et).toBe('AUTOMATION_CONFIG_PUBLISHED_AUDIT');

    const configs = await (await call(`/groups/${g}/alertConfigs`)).json();
    const { id: cid, links: _, created: __, updated: ___, groupId: ____, ...config } = configs.results[0];
    expect((await call(`/groups/${g}/alertConfigs/${cid}`, json('PUT', config))).status).toBe(200);
    expect((await call(`/groups/${g}/alertConfigs/${cid}`, { method: 'DELETE' })).status).toBe(204);
    const alert = state.alerts[0].id as string;
    expect((await call(`/groups/${g}/alerts/${alert}`, json('PATCH', { acknowledgedUntil: '2099-01-01T00:00:00Z' }))).status).toBe(200);
    expect((await call(`/groups/${g}/alerts/${alert}`, json('PATCH', {}))).status).toBe(200);
    const types = (await (await call(`/groups/${g}/events`)).json()).results.map((x: Doc) => [x.eventTypeName, x.alertId ?? x.alertConfigId]);
    expect(types).toEqual([
      ['ALERT_UNACKNOWLEDGED_AUDIT', alert],
      ['ALERT_ACKNOWLEDGED_AUDIT', alert],
      ['ALERT_CONFIG_DELETED_AUDIT', cid],
      ['ALERT_CONFIG_CHANGED_AUDIT', cid],
      ['AUTOMATION_CONFIG_PUBLISHED_AUDIT', undefined],
    ]);
  });

  it('a POST stores the resource under a new id with its link, answers its status and records its event (alert configuration: 201, an omitted enabled is false; window: 200)', async () => {
    const created = await call(`/groups/${g}/alertConfigs`, json('POST', { id: 'mine', eventTypeName: 'HOST_DOWN', notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }] }));
    expect(created.status).toBe(201);
    const c = await created.json();
    expect(c.id).not.toBe('mine');
    expect(c).toMatchObject({ groupId: g, enabled: false, eventTypeName: 'HOST_DOWN', links: [{ href: `${srv.base}/groups/${g}/alertConfigs/${c.id}`, rel: 'self' }] });
    expect(state.alertConfigs.find((d) => d.id === c.id)?.enabled).toBe(false);
    const window = await call(`/groups/${g}/maintenanceWindows`, json('POST', { startDate: '2099-06-01T13:00:00Z', endDate: '2099-06-01T14:00:00Z', alertTypeNames: ['HOST'] }));
    expect(window.status).toBe(200);
    const w = await window.json();
    expect(w.links).toEqual([{ href: `${srv.base}/groups/${g}/maintenanceWindows/${w.id}`, rel: 'self' }]);
    const events = (await (await call(`/groups/${g}/events?includeRaw=true`)).json()).results;
    expect(events.map((e: Doc) => [e.eventTypeName, e.alertConfigId, (e.raw as Doc).description])).toEqual([
      ['MAINTENANCE_WINDOW_ADDED_AUDIT', undefined, `Maintenance window ${w.id} added`],
      ['ALERT_CONFIG_ADDED_AUDIT', c.id, `Alert configuration ${c.id} added`],
    ]);
  });

  it('records maintenance windows as project events and global alert configuration changes as global events (never raw)', async () => {
    const w = await (await call(`/groups/${g}/maintenanceWindows`, json('POST', { startDate: '2026-06-01T13:00:00Z', endDate: '2026-06-01T14:00:00Z', alertTypeNames: ['HOST'] }))).json();
    expect((await call(`/groups/${g}/maintenanceWindows/${w.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await (await call(`/groups/${g}/events`)).json()).results.map((x: Doc) => x.eventTypeName)).toEqual(['MAINTENANCE_WINDOW_DELETED_AUDIT', 'MAINTENANCE_WINDOW_ADDED_AUDIT']);
    const gid = state.globalAlertConfigs[0].id as string;
    expect((await call(`/globalAlertConfigs/${gid}`, json('PUT', { enabled: false }))).status).toBe(200);
    const globals = await (await call('/globalEvents')).json();
    expect(globals.results.map((x: Doc) => [x.eventTypeName, x.alertConfigId])).toEqual([['ALERT_CONFIG_DISABLED_AUDIT', gid]]);
    const one = await (await call(`/globalEvents/${globals.results[0].id}?includeRaw=true`)).json();
    expect(one).toMatchObject({ eventTypeName: 'ALERT_CONFIG_DISABLED_AUDIT', publicKey: key.publicKey });
    expect(one.raw).toBeUndefined();
  });
});

describe('control API', () => {
  it('moves the emulator clock forward only; the window rule and event times read it', async () => {
    const w = await (await call(`/groups/${g}/maintenanceWindows`, json('POST', { startDate: '2026-06-01T13:00:00Z', endDate: '2026-06-01T14:00:00Z', alertTypeNames: ['HOST'] }))).json();
    expect(await (await control('/clock')).json()).toEqual({ now: '2026-06-01T12:00:00Z', offsetSeconds: 0 });
    expect(await (await control('/clock', json('POST', { seconds: 7200 }))).json()).toEqual({ now: '2026-06-01T14:00:00Z', offsetSeconds: 7200 });
    const late = await call(`/groups/${g}/maintenanceWindows/${w.id}`, json('PATCH', { description: 'later' }));
    expect(late.status).toBe(400);
    expect((await late.json()).errorCode).toBe('MAINTENANCE_WINDOW_ENDED');
    for (const bad of [{ seconds: -1 }, { seconds: 'x' }, {}, { seconds: 1e12 }]) expect((await control('/clock', json('POST', bad))).status).toBe(400);
    expect(state.clock.offsetSeconds).toBe(7200);
  });

  it('resets to the state it started with, loads a seed (YAML; refused with its place), and is for a GLOBAL_OWNER only', async () => {
    expect((await edit(upgrade)).status).toBe(200);
    await advance(30);
    expect((await control('/reset', { method: 'POST' })).status).toBe(200);
    expect((await (await call(`/groups/${g}/automationConfig`)).json()).version).toBe(1);
    expect(state.orgEvents).toEqual([]);
    expect(state.clock.offsetSeconds).toBe(0);

    const ORG = '5e0000000000000000000001';
    const seed = `orgs:\n  - { id: "${ORG}", name: Org }\ngroups:\n  - { id: "5f0000000000000000000001", name: P, orgId: "${ORG}" }\napiKeys:\n  - publicKey: "${key.publicKey}"\n    privateKey: "${key.privateKey}"\n    roles: [{ roleName: GLOBAL_OWNER }]\n`;
    const yaml = (text: string): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/yaml' }, body: text });
    const loaded = await control('/seed', yaml(seed));
    expect(loaded.status).toBe(200);
    expect(await loaded.json()).toEqual({ loaded: true, groups: ['5f0000000000000000000001'] });
    expect((await (await call('/groups')).json()).results.map((x: Doc) => x.name)).toEqual(['P']);
    const bad = await control('/seed', yaml(`${seed}alertz: []\n`));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errorCode: 'INVALID_SEED', detail: expect.stringMatching(/^seed:9:1: unknown section "alertz"/) });
    expect(state.groups.map((x) => x.name)).toEqual(['P']);
    expect((await control('/seed', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: seed })).status).toBe(415);

    const reader = { id: newId(), desc: 'r', publicKey: 'reader', privateKey: 'reader-private-key-0000001', roles: [{ roleName: 'GLOBAL_READ_ONLY' }] };
    state.apiKeys.push(reader);
    expect((await control('/reset', { method: 'POST' }, reader)).status).toBe(403);
    expect((await control('/clock', json('POST', { seconds: 1 }), reader)).status).toBe(403);
  });

  it('is no path at all without --control: 404, even for a global owner', async () => {
    await srv.close();
    srv = await startInProcess(state);
    const r = await control('/reset', { method: 'POST' });
    expect(r.status).toBe(404);
    // Before authentication: no challenge, as for any unknown path.
    const bare = await fetch(`${srv.base.replace('/api/public/v1.0', '/__omlint')}/clock`);
    expect(bare.status).toBe(404);
    expect(bare.headers.get('www-authenticate')).toBeNull();
  });
});
