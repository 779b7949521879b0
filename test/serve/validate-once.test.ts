// The validation of a request body costs its own parse and checks only: the body is parsed once
// (the engine's parse gives the handler its value), the rules are loaded when the server starts,
// and overlapping requests share them. Counted, never timed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultState, type State } from '../../src/serve/state';
import { workCounts } from '../../src/syntax/work-counts';
import { lint, TextLinter } from '../../src/engine/lint';
import { digestFetch, startInProcess, type InProcess } from './support';

const loads = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../rules/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../rules/registry')>();
  return { ...real, loadRules: (...a: Parameters<typeof real.loadRules>) => (loads.calls++, real.loadRules(...a)) };
});

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
afterEach(() => {
  vi.restoreAllMocks();
  return srv.close();
});

const call = (path: string, init: RequestInit = {}) => digestFetch(`${srv.base}${path}`, key.publicKey, key.privateKey, init);
const json = (method: string, body: string): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body });

// `groupId` is read-only in a body: an info finding, so that its place is looked up too.
const CONFIG = (threshold: number) => JSON.stringify({
  groupId: '5f0000000000000000000001',
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  enabled: true,
  metricThreshold: { metricName: 'CONNECTIONS', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold, units: 'RAW' },
  notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }],
}, null, 2);

describe('a validated request body', () => {
  it('is parsed once per PUT: one parse by the engine, one JSON.parse of its text, and that value stored', async () => {
    const created = await (await call(`/groups/${g}/alertConfigs`, json('POST', CONFIG(100)))).json();
    const body = CONFIG(250);
    const spy = vi.spyOn(JSON, 'parse');
    const parses = workCounts.parses;
    const res = await call(`/groups/${g}/alertConfigs/${created.id}`, json('PUT', body));
    const ofBody = spy.mock.calls.filter(([text]) => text === body).length;
    spy.mockRestore();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-omlint-warnings')).toBe('read-only-field /groupId 2:3');
    expect({ engineParses: workCounts.parses - parses, jsonParses: ofBody }).toEqual({ engineParses: 1, jsonParses: 1 });
    const stored = state.alertConfigs.find((c) => c.id === created.id)!;
    expect(stored.metricThreshold).toEqual(JSON.parse(body).metricThreshold);
  });

  it('loads no rules per request: they are loaded when the server starts', async () => {
    await new Promise((r) => setTimeout(r, 50)); // the start-up load, begun by createServeServer
    const before = loads.calls;
    const created = await (await call(`/groups/${g}/alertConfigs`, json('POST', CONFIG(100)))).json();
    for (const t of [200, 300, 400]) expect((await call(`/groups/${g}/alertConfigs/${created.id}`, json('PUT', CONFIG(t)))).status).toBe(200);
    expect(loads.calls - before).toBe(0);
  });
});

describe('TextLinter', () => {
  it('gives overlapping runs the rules a first run is still loading: the same results as lint()', async () => {
    const linter = new TextLinter('a.json', { rules: { 'plaintext-secret': 'off' } });
    const texts = [CONFIG(100), CONFIG(-1), '{"eventTypeName": "HOST_DOWN", "enabled": "yes"}'];
    const got = await Promise.all(texts.map((t) => linter.lint(t, { kind: 'alert-config', now: new Date('2026-06-01T12:00:00Z') })));
    const want = await Promise.all(texts.map(async (t) => (await lint([{ filePath: 'a.json', text: t }], { kind: 'alert-config', now: new Date('2026-06-01T12:00:00Z'), rules: { 'plaintext-secret': 'off' } }))[0]));
    expect(got.map((r) => r!.diagnostics.map((d) => [d.ruleId, d.message, d.pointer, d.range.start]))).toEqual(want.map((r) => r.diagnostics.map((d) => [d.ruleId, d.message, d.pointer, d.range.start])));
    expect(want[2].diagnostics.length).toBeGreaterThan(0);
  });
});
