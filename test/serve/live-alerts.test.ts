// Live alerts (docs/serve.md "Live alerts"): measurements posted to the control API drive the
// evaluator of `omlint test` on the emulator clock; the alert endpoints answer its alerts, WEBHOOK
// notifications reach a local receiver, windows mute, acknowledgements stop repeats.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncLive } from '../../src/serve/live-alerts';
import { defaultState, type Doc, type State } from '../../src/serve/state';
import { digestFetch, startInProcess, type InProcess } from './support';

let srv: InProcess;
let state: State;
let key: { publicKey: string; privateKey: string };
let g: string;
let receiver: Server;
let received: { headers: Record<string, string | string[] | undefined>; body: string }[];
let hookUrl: string;
const SECRET = 'hook-secret-0123456789';

beforeEach(async () => {
  received = [];
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += String(c)));
    req.on('end', () => { received.push({ headers: req.headers, body }); res.end('ok'); });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  state = defaultState(new Date('2026-06-01T12:00:00Z'));
  key = state.apiKeys[0];
  g = state.groups[0].id;
  // The seeded alert is not the evaluator's: left out so that the list shows only live ones.
  state.alerts = [];
  state.alertConfigs.push({
    id: 'c0ffee00c0ffee00c0ffee01', groupId: g, created: '2026-06-01T12:00:00Z', updated: '2026-06-01T12:00:00Z', enabled: true, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    matchers: [{ fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'rs0-0' }],
    metricThreshold: { metricName: 'OPCOUNTER_QUERY', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 100, units: 'RAW' },
    notifications: [
      { typeName: 'WEBHOOK', delayMin: 5, intervalMin: 10, webhookUrl: hookUrl, webhookSecret: SECRET },
      { typeName: 'EMAIL', delayMin: 5, intervalMin: 10, emailAddress: 'dba@example.com' },
    ],
  });
  srv = await startInProcess(state, { control: true });
});
afterEach(async () => {
  await srv.close();
  await new Promise((r) => receiver.close(r));
});

const call = (path: string, init: RequestInit = {}) => digestFetch(`${srv.base}${path}`, key.publicKey, key.privateKey, init);
const control = (path: string, init: RequestInit = {}) => digestFetch(`${srv.base.replace('/api/public/v1.0', '/__omlint')}${path}`, key.publicKey, key.privateKey, init);
const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const advance = async (minutes: number) => expect((await control('/clock', json('POST', { seconds: minutes * 60 }))).status).toBe(200);
const measure = async (value: number) => expect((await control(`/groups/${g}/measurements`, json('POST', [{ hostname: 'rs0-0.omlint.example', port: 27017, metric: 'OPCOUNTER_QUERY', value }]))).status).toBe(200);
const alerts = async (): Promise<Doc[]> => (await (await call(`/groups/${g}/alerts`)).json()).results;
const sent = async (): Promise<Doc[]> => (await (await control('/notifications')).json()).results;
/** Webhook deliveries are never awaited by a request: wait for them. */
const settled = async () => {
  for (let i = 0; i < 100 && (state.liveNotifications ?? []).some((n) => n.delivery === 'pending'); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('live alerts', () => {
  it('a measurement above the threshold is TRACKING, then OPEN past delayMin, with its fields; the webhook gets a signed POST; resolution closes it', async () => {
    await measure(500);
    let [a] = await alerts();
    expect(a).toMatchObject({ status: 'TRACKING', created: '2026-06-01T12:00:00Z', metricName: 'OPCOUNTER_QUERY', hostnameAndPort: 'rs0-0.omlint.example:27017', currentValue: { number: 500, units: 'RAW' }, alertConfigId: 'c0ffee00c0ffee00c0ffee01', replicaSetName: 'rs0' });
    expect(a.lastNotified).toBeUndefined();
    await advance(5);
    await settled();
    [a] = await alerts();
    expect(a).toMatchObject({ status: 'OPEN', lastNotified: '2026-06-01T12:05:00Z', updated: '2026-06-01T12:05:00Z' });
    expect((await (await call(`/groups/${g}/alerts/${a.id}`)).json()).status).toBe('OPEN');
    expect(received).toHaveLength(1);
    const hook = received[0];
    expect(hook.headers['x-mms-event']).toBe('alert.open');
    expect(hook.headers['x-mms-signature']).toBe(createHmac('sha1', SECRET).update(hook.body).digest('base64'));
    expect(JSON.parse(hook.body)).toMatchObject({ id: a.id, status: 'OPEN', metricName: 'OPCOUNTER_QUERY' });
    expect((await sent()).map((n) => [n.typeName, n.channel, n.kind, n.sent])).toEqual([
      ['WEBHOOK', 'WEBHOOK', 'alert', '2026-06-01T12:05:00Z'], ['EMAIL', 'EMAIL dba@example.com', 'alert', '2026-06-01T12:05:00Z'],
    ]);
    // The secret never leaves in an answer or a log line.
    expect(JSON.stringify(await sent()) + srv.log.join('\n')).not.toContain(SECRET);
    await advance(10);
    await settled();
    expect(received).toHaveLength(2); // intervalMin 10: a repeat
    await measure(20);
    await settled();
    [a] = await alerts();
    expect(a).toMatchObject({ status: 'CLOSED', resolved: '2026-06-01T12:15:00Z' });
    expect(received.at(-1)!.headers['x-mms-event']).toBe('alert.close');
    expect((await (await call(`/groups/${g}/alerts?status=CLOSED`)).json()).totalCount).toBe(1);
    // Acknowledging a closed alert changes nothing: the answer is the evaluator's alert.
    const late = await (await call(`/groups/${g}/alerts/${a.id}`, json('PATCH', { acknowledgedUntil: '2026-06-02T00:00:00Z' }))).json();
    expect(late.acknowledgedUntil).toBeUndefined();
    expect((await alerts())[0].acknowledgedUntil).toBeUndefined();
  });

  it('an acknowledgement through the alert endpoint stops the repeats until it ends', async () => {
    await measure(500);
    await advance(5);
    const [a] = await alerts();
    const until = '2026-06-01T13:05:00Z';
    const ack = await call(`/groups/${g}/alerts/${a.id}`, json('PATCH', { acknowledgedUntil: until, acknowledgementComment: 'on it' }));
    expect(ack.status).toBe(200);
    expect(await ack.json()).toMatchObject({ acknowledgedUntil: until, acknowledgementComment: 'on it', status: 'OPEN' });
    const before = (await sent()).length;
    await advance(50);
    expect((await sent()).length).toBe(before);
    await advance(15); // 13:10: the acknowledgement ended at 13:05, notified at once
    const after = (await sent()).slice(before);
    expect(after.map((n) => n.sent)).toEqual(['2026-06-01T13:05:00Z', '2026-06-01T13:05:00Z']);
    await settled();
  });

  it('a maintenance window created through the API mutes; deleting it unmutes', async () => {
    await measure(500); // the project has an evaluator from now on: windows are its inputs
    const w = await call(`/groups/${g}/maintenanceWindows`, json('POST', { startDate: '2026-06-01T12:00:00Z', endDate: '2026-06-01T14:00:00Z', alertTypeNames: ['HOST'], description: 'upgrade' }));
    expect(w.status).toBe(200);
    await advance(25);
    await settled();
    expect(await sent()).toEqual([]);
    expect(received).toEqual([]);
    expect((await alerts())[0].status).toBe('OPEN');
    expect((await call(`/groups/${g}/maintenanceWindows/${(await w.json()).id}`, { method: 'DELETE' })).status).toBe(204);
    await advance(10); // 12:35: the schedule went on under the window (12:05, 12:15, 12:25 muted)
    await settled();
    expect((await sent()).map((n) => n.sent)).toEqual(['2026-06-01T12:35:00Z', '2026-06-01T12:35:00Z']);
    expect(received).toHaveLength(1);
  });

  it('a changed alert configuration rebuilds the evaluator: its open alert is cancelled, the condition tracked anew', async () => {
    await measure(500);
    await advance(5);
    const [a] = await alerts();
    const doc = structuredClone(state.alertConfigs.find((c) => c.id === 'c0ffee00c0ffee00c0ffee01')!);
    for (const f of ['id', 'groupId', 'created', 'updated']) delete doc[f];
    (doc.notifications as Doc[]).splice(0, 1);
    const put = await call(`/groups/${g}/alertConfigs/c0ffee00c0ffee00c0ffee01`, json('PUT', doc));
    expect(put.status, await put.clone().text()).toBe(200);
    const now = await alerts();
    expect(now.map((x) => x.id)).not.toContain(a.id);
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ status: 'TRACKING', created: '2026-06-01T12:05:00Z' });
  });

  it('keeps plain JSON: a state saved and reloaded (a cold cache) replays to the same alerts and sends nothing twice', async () => {
    await measure(500);
    await advance(5);
    await measure(700);
    await advance(12);
    await settled();
    const saved = JSON.parse(JSON.stringify(state)) as State;
    const deliveries: unknown[] = [];
    const at = new Date(new Date('2026-06-01T12:00:00Z').getTime() + saved.clock.offsetSeconds * 1000);
    const cache = new Map([['an epoch a reset dropped', { applied: 0, produced: 0, state: undefined as never }]]);
    syncLive(saved, { cache, deliver: (n) => deliveries.push(n) }, at);
    expect([...cache.keys()]).toEqual(saved.liveAlerts!.map((e) => e.id));
    expect(saved.alerts).toEqual(JSON.parse(JSON.stringify(state.alerts)));
    expect(saved.liveNotifications).toEqual(JSON.parse(JSON.stringify(state.liveNotifications)));
    expect(deliveries).toEqual([]);
  });

  it('a failed delivery is recorded and logged masked, without blocking the request or retrying', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r)); // nothing listens there now
    const cfg = state.alertConfigs.find((c) => c.id === 'c0ffee00c0ffee00c0ffee01')!;
    (cfg.notifications as Doc[])[0].webhookUrl = `http://127.0.0.1:${port}/hook?token=tok-9f8e7d6c5b4a39281706`;
    await measure(500);
    await advance(5);
    await settled();
    const hook = (await sent()).find((n) => n.typeName === 'WEBHOOK')!;
    expect(hook.delivery).toMatch(/^failed: /);
    const lines = srv.log.filter((l) => l.startsWith('webhook'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('failed');
    expect(srv.log.join('\n')).not.toContain('tok-9f8e7d6c5b4a39281706');
  });

  it('refuses bad measurements and events with 400, unknown projects with 404', async () => {
    for (const bad of [[], {}, [{ hostname: 'nope', port: 1, metric: 'X', value: 1 }], [{ hostname: 'rs0-0.omlint.example', port: 27017, metric: 'bad name', value: 1 }], [{ hostname: 'rs0-0.omlint.example', port: 27017, metric: 'X', value: 'x' }]]) {
      expect((await control(`/groups/${g}/measurements`, json('POST', bad))).status).toBe(400);
    }
    expect((await control(`/groups/${g}/hostEvents`, json('POST', [{ hostname: 'rs0-0.omlint.example', port: 27017, type: 'EXPLODED' }]))).status).toBe(400);
    expect((await control(`/groups/ffffffffffffffffffffffff/measurements`, json('POST', [{ hostname: 'a', port: 1, metric: 'X', value: 1 }]))).status).toBe(404);
    expect(state.liveAlerts).toBeUndefined();
  });

  it('a HOST_DOWN event opens the global HOST_DOWN configuration after its delay (ADMIN notification recorded)', async () => {
    expect((await control(`/groups/${g}/hostEvents`, json('POST', [{ hostname: 'rs0-1.omlint.example', port: 27017, type: 'HOST_DOWN' }]))).status).toBe(200);
    await advance(5);
    const down = (await alerts()).find((a) => a.eventTypeName === 'HOST_DOWN');
    expect(down).toMatchObject({ status: 'OPEN', hostnameAndPort: 'rs0-1.omlint.example:27017' });
    expect((await sent()).map((n) => n.typeName)).toEqual(['ADMIN']);
  });
});
