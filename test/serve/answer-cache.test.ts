// GET answers kept until the state changes (src/serve/answer-cache.ts): a GET after a write shows
// the new state (a PUT that replaces, a PATCH that changes an alert in place, a DELETE, a refused
// write too), each caller gets its own answer, and an answer computed while a write changed the
// state is not kept.
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/serve/answer-cache';
import { defaultState, ownerKey } from '../../src/serve/state';
import { digestFetch, startInProcess, type InProcess } from './support';

let srv: InProcess | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe('kept GET answers', () => {
  it('a GET after a PUT, a PATCH and a DELETE shows the new state', async () => {
    const state = defaultState(new Date('2026-06-01T12:00:00Z'));
    srv = await startInProcess(state);
    const { publicKey: user, privateKey: key } = state.apiKeys[0];
    const g = state.groups[0].id;
    const config = state.alertConfigs[0];
    const alert = state.alerts[0];
    const get = async (p: string) => (await digestFetch(`${srv!.base}${p}`, user, key)).json();
    const one = `/groups/${g}/alertConfigs/${config.id}`;
    expect((await get(one)).enabled).toBe(true);
    expect((await get(one)).enabled).toBe(true);
    const { id: _, links: __, created: ___, updated: ____, ...body } = await get(one);
    const put = await digestFetch(`${srv.base}${one}`, user, key, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, enabled: false }) });
    expect(put.status).toBe(200);
    expect((await get(one)).enabled).toBe(false);
    expect((await get(`/groups/${g}/alertConfigs`)).results[0].enabled).toBe(false);

    // An acknowledgement changes the stored alert in place (same object).
    const alertPath = `/groups/${g}/alerts/${alert.id}`;
    expect((await get(alertPath)).acknowledgedUntil).toBeUndefined();
    expect((await get(`/groups/${g}/alerts`)).results[0].acknowledgedUntil).toBeUndefined();
    const ack = await digestFetch(`${srv.base}${alertPath}`, user, key, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ acknowledgedUntil: '2099-01-01T00:00:00Z', acknowledgementComment: 'seen' }) });
    expect(ack.status).toBe(200);
    expect((await get(alertPath)).acknowledgedUntil).toBe('2099-01-01T00:00:00Z');
    expect((await get(`/groups/${g}/alerts`)).results[0].acknowledgementComment).toBe('seen');

    const del = await digestFetch(`${srv.base}${one}`, user, key, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await digestFetch(`${srv.base}${one}`, user, key)).status).toBe(404);
    expect((await get(`/groups/${g}/alertConfigs`)).totalCount).toBe(0);
  });

  it('a refused write clears it too, and a query or another Host is another answer', async () => {
    const state = defaultState(new Date('2026-06-01T12:00:00Z'));
    srv = await startInProcess(state);
    const { publicKey: user, privateKey: key } = state.apiKeys[0];
    const g = state.groups[0].id;
    const list = `/groups/${g}/alertConfigs`;
    expect((await (await digestFetch(`${srv.base}${list}`, user, key)).json()).totalCount).toBe(1);
    // Changed behind the server's back, then a write that fails: the next GET reads the state again.
    state.alertConfigs.push({ ...state.alertConfigs[0], id: 'a'.repeat(24) });
    const bad = await digestFetch(`${srv.base}${list}`, user, key, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    expect((await (await digestFetch(`${srv.base}${list}`, user, key)).json()).totalCount).toBe(2);
    const paged = await (await digestFetch(`${srv.base}${list}?itemsPerPage=1`, user, key)).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next']);
    const other = await digestFetch(`${srv.base}${list}`.replace('127.0.0.1', 'localhost'), user, key);
    expect((await other.json()).links[0].href).toMatch(/^http:\/\/localhost:/);
  });

  it('each caller gets its own answer: a caller without the project is refused after an owner read it', async () => {
    const state = defaultState(new Date('2026-06-01T12:00:00Z'));
    const stranger = ownerKey('stranger', 'stranger-secret-0123', 'no role');
    stranger.roles = [{ roleName: 'GROUP_READ_ONLY', groupId: 'b'.repeat(24) }];
    state.apiKeys.push(stranger);
    srv = await startInProcess(state);
    const { publicKey: user, privateKey: key } = state.apiKeys[0];
    const list = `${srv.base}/groups/${state.groups[0].id}/alertConfigs`;
    expect((await digestFetch(list, user, key)).status).toBe(200);
    expect((await digestFetch(list, 'stranger', 'stranger-secret-0123')).status).toBe(403);
  });
});

describe('kept GET answers when the state moves on by itself', () => {
  it('an alert that opened on the clock alone (no write since its answer was kept) is answered OPEN', async () => {
    const state = defaultState(new Date('2026-06-01T12:00:00Z'));
    const g = state.groups[0].id;
    // A live alert as test/serve/live-alerts.test.ts sets it up: TRACKING, OPEN after delayMin (5).
    state.alerts = [];
    state.alertConfigs.push({
      id: 'c0ffee00c0ffee00c0ffee01', groupId: g, created: '2026-06-01T12:00:00Z', updated: '2026-06-01T12:00:00Z', enabled: true, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      matchers: [{ fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'rs0-0' }],
      metricThreshold: { metricName: 'OPCOUNTER_QUERY', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 100, units: 'RAW' },
      notifications: [{ typeName: 'EMAIL', delayMin: 5, intervalMin: 10, emailAddress: 'dba@example.com' }],
    });
    srv = await startInProcess(state, { control: true });
    const { publicKey: user, privateKey: key } = state.apiKeys[0];
    const measured = await digestFetch(`${srv.base.replace('/api/public/v1.0', '/__omlint')}/groups/${g}/measurements`, user, key, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ hostname: 'rs0-0.omlint.example', port: 27017, metric: 'OPCOUNTER_QUERY', value: 500 }]),
    });
    expect(measured.status).toBe(200);
    const statuses = async () => (await (await digestFetch(`${srv!.base}/groups/${g}/alerts`, user, key)).json()).results.map((a: { status: string }) => a.status);
    expect(await statuses()).toEqual(['TRACKING']);
    expect(await statuses()).toEqual(['TRACKING']); // kept
    // Only the host clock moves (the emulator clock with it): no request writes anything.
    srv.clock.now = new Date('2026-06-01T12:06:00Z');
    expect(await statuses()).toEqual(['OPEN']);
  });
});

describe('AnswerCache', () => {
  it('keeps no answer computed before a change', () => {
    const cache = new AnswerCache();
    const answer = { status: 200, headers: {}, body: '{}' };
    const before = cache.generation;
    cache.clear();
    cache.set('k', before, answer);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', cache.generation, answer);
    expect(cache.get('k')).toBe(answer);
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
  });
});
