// The second net of redaction grows from each accepted write: a secret a write brought is masked in
// the next answers and log lines wherever it was copied, and the write does not walk the state's
// documents again (counted on the alerts, the biggest list: a proxy counts every element read).
import { afterEach, describe, expect, it } from 'vitest';
import { defaultState, emptyState, type Doc, type State } from '../../src/serve/state';
import { SecretsNet } from '../../src/serve/secrets-net';
import { maskDeep, redactDoc } from '../../src/serve/redact';
import { digestFetch, startInProcess, type InProcess } from './support';

// No secret by its shape (no digits, no upper case): only the net can mask it where it was copied.
const SECRET = 'correct-horse-battery-staple-lorem';

let srv: InProcess | undefined;
afterEach(() => srv?.close());

/** The state's alerts behind a proxy that counts the elements read. */
function countedAlerts(state: State, n: number): { reads: number } {
  const counter = { reads: 0 };
  const g = state.groups[0].id;
  const alerts: Doc[] = Array.from({ length: n }, (_, i) => ({ id: `a${i}`.padStart(24, '0'), groupId: g, eventTypeName: 'HOST_DOWN', status: 'OPEN', created: '2026-06-01T12:00:00Z', typeName: 'HOST', hostnameAndPort: `h${i}.example:27017` }));
  state.alerts = new Proxy(alerts, {
    get(target, p, receiver) {
      if (typeof p === 'string' && /^\d+$/.test(p)) counter.reads++;
      return Reflect.get(target, p, receiver);
    },
  });
  return counter;
}

describe('the secrets net', () => {
  it("grows from each accepted write: the write's secret masked in later answers and logs, the state not walked again", async () => {
    const state = defaultState(new Date('2026-06-01T12:00:00Z'));
    const counter = countedAlerts(state, 3000);
    srv = await startInProcess(state);
    const key = state.apiKeys[0];
    const g = state.groups[0].id;
    const call = (p: string, init: RequestInit = {}) => digestFetch(`${srv!.base}${p}`, key.publicKey, key.privateKey, init);
    const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    // The net of the state as loaded, collected for the first answer: every document read once.
    expect((await call(`/groups/${g}/alertConfigs`)).status).toBe(200);
    expect(counter.reads).toBeGreaterThanOrEqual(3000);
    counter.reads = 0;

    expect((await call(`/groups/${g}/integrations/DATADOG`, json('PUT', { type: 'DATADOG', apiKey: SECRET, region: 'US' }))).status).toBe(200);
    const window = await call(`/groups/${g}/maintenanceWindows`, json('POST', { startDate: '2099-01-01T00:00:00Z', endDate: '2099-01-02T00:00:00Z', alertTypeNames: ['HOST'], description: `rotated ${SECRET}` }));
    expect(window.status).toBe(200);
    expect(await window.text()).not.toContain(SECRET);
    // Two writes carried out, and not one of the 3,000 alerts read for them.
    expect(counter.reads).toBe(0);

    const windows = await (await call(`/groups/${g}/maintenanceWindows`)).text();
    expect(windows).toContain('rotated ****');
    expect(windows).not.toContain(SECRET);
    expect((await call(`/groups/${g}/alertConfigs?note=${SECRET}`)).status).toBe(200);
    expect(srv.log.some((l) => l.includes('alertConfigs?note=****'))).toBe(true);
    expect(srv.log.join('\n')).not.toContain(SECRET);
  });

  it('keeps a value a later write removed (masking more is safe), and leaves a public key shown', async () => {
    const state = defaultState(new Date('2026-06-01T12:00:00Z'));
    srv = await startInProcess(state);
    const key = state.apiKeys[0];
    const g = state.groups[0].id;
    const call = (p: string, init: RequestInit = {}) => digestFetch(`${srv!.base}${p}`, key.publicKey, key.privateKey, init);
    const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await call(`/groups/${g}/integrations/DATADOG`, json('PUT', { type: 'DATADOG', apiKey: SECRET, region: 'US' }))).status).toBe(200);
    expect((await call(`/groups/${g}/integrations/DATADOG`, json('PUT', { type: 'DATADOG', apiKey: 'another-plain-words-value', region: 'US' }))).status).toBe(200);
    const window = await (await call(`/groups/${g}/maintenanceWindows`, json('POST', { startDate: '2099-01-01T00:00:00Z', endDate: '2099-01-02T00:00:00Z', alertTypeNames: ['HOST'], description: `was ${SECRET}` }))).text();
    expect(window).toContain('was ****');
    // The caller's public key, recorded in the events, is an identifier: shown.
    const events = await (await call(`/groups/${g}/events`)).json();
    expect(events.results.some((e: { publicKey?: string }) => e.publicKey === key.publicKey)).toBe(true);
  });
});

describe('masking with the net', () => {
  it('remembers what it masked only while the net is unchanged: a value masked anew once a write brings a secret', () => {
    const state = emptyState();
    const net = new SecretsNet(state);
    const line = `note ${SECRET}`;
    expect(net.maskText(line)).toBe(line);
    expect(net.maskUrl(`/x?note=${SECRET}`)).toBe(`/x?note=${SECRET}`);
    net.addWrite({ type: 'DATADOG', apiKey: SECRET });
    expect(net.maskText(line)).toBe('note ****');
    expect(net.maskUrl(`/x?note=${SECRET}`)).toBe('/x?note=****');
    // A key the server made (no body carried it) joins the net with the next write.
    state.apiKeys.push({ id: 'k', desc: '', publicKey: 'made', privateKey: 'server-made-private-words', roles: [] });
    net.addWrite();
    expect(net.maskText('server-made-private-words')).toBe('****');
  });

  it('answers copies: a redacted document is a copy, a body key `__proto__` stays a key, the stored value is untouched', () => {
    const stored = { type: 'DATADOG', apiKey: SECRET, nested: JSON.parse('{"__proto__": {"polluted": "correct-horse-battery-staple-lorem"}}') };
    const net = new SecretsNet(emptyState());
    net.addWrite(stored);
    const out = maskDeep(redactDoc(stored), net) as Record<string, unknown>;
    expect(JSON.stringify(out)).toBe(JSON.stringify({ type: 'DATADOG', apiKey: `${'*'.repeat(28)}orem`, nested: { ['__proto__']: { polluted: '****' } } }).replace('{}', ''));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(stored.apiKey).toBe(SECRET);
  });
});
