// What a validated PUT no longer builds (issue 34, validation ≤ 2 ms p99: each allocation a request
// makes brings the next young-generation collection closer, and the collection lands inside a
// request): an answer with nothing to mask is not copied, a warning line that repeats is masked
// once, and what a body's lint leaves behind dies young. Counted (calls, bytes), never timed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultState, emptyState, type State } from '../../src/serve/state';
import { SecretsNet } from '../../src/serve/secrets-net';
import { maskDeep } from '../../src/serve/redact';
import { digestFetch, startInProcess, type InProcess } from './support';

const masked = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../src/engine/mask', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/engine/mask')>();
  return { ...real, maskSecrets: (text: string, secrets: readonly string[]) => (masked.texts.push(text), real.maskSecrets(text, secrets)) };
});

// No secret by its shape (no digits, no upper case): only the net masks it.
const SECRET = 'correct-horse-battery-staple-lorem';

describe('maskDeep', () => {
  const net = new SecretsNet(emptyState());
  net.addWrite({ type: 'DATADOG', apiKey: SECRET });

  it('answers the value itself when no string changes: no copy of an answer without secrets', () => {
    const doc = { id: 'a1', enabled: true, matchers: [{ fieldName: 'HOSTNAME', value: 'h1' }], threshold: { operator: 'GREATER_THAN', threshold: 5 }, links: [{ rel: 'self', href: 'http://127.0.0.1/api/public/v1.0/groups/g' }] };
    expect(maskDeep(doc, net)).toBe(doc);
    expect(maskDeep([doc, doc], net)).toEqual([doc, doc]);
    const list = [doc, doc];
    expect(maskDeep(list, net)).toBe(list);
  });

  it('copies only the path to what it masked, keys in their order; the rest is shared', () => {
    const matchers = [{ fieldName: 'HOSTNAME', value: 'h1' }];
    const doc = { id: 'a1', matchers, note: `see ${SECRET}`, tail: { x: 1 }, list: ['a', SECRET] };
    const out = maskDeep(doc, net) as typeof doc;
    expect(out).not.toBe(doc);
    expect(Object.keys(out)).toEqual(['id', 'matchers', 'note', 'tail', 'list']);
    expect(out.note).toBe('see ****');
    expect(out.list).toEqual(['a', '****']);
    expect(out.matchers).toBe(matchers);
    expect(out.tail).toBe(doc.tail);
    expect(doc.note).toBe(`see ${SECRET}`);
    expect(doc.list[1]).toBe(SECRET);
  });

  it("keeps a body's `__proto__` key a key when it copies, and copies what is not plain JSON as before", () => {
    const doc = JSON.parse(`{"__proto__": {"polluted": "${SECRET}"}, "after": "${SECRET}"}`);
    const out = maskDeep(doc, net) as Record<string, unknown>;
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":"****"},"after":"****"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const date = new Date(0);
    expect(maskDeep({ at: date }, net)).toEqual({ at: {} });
  });
});

describe('a PUT with a warning', () => {
  let srv: InProcess;
  let state: State;
  beforeEach(async () => {
    state = defaultState(new Date('2026-06-01T12:00:00Z'));
    srv = await startInProcess(state);
  });
  afterEach(() => srv.close());

  it('masks its warning line once: the same line of the next PUT comes from the net memo', async () => {
    const key = state.apiKeys[0];
    const g = state.groups[0].id;
    const call = (p: string, init: RequestInit = {}) => digestFetch(`${srv.base}${p}`, key.publicKey, key.privateKey, init);
    // `groupId` is read-only in a body: one info finding, logged as a warning line.
    const body = JSON.stringify({ groupId: g, eventTypeName: 'HOST_DOWN', enabled: true, notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }] });
    const init: RequestInit = { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body };
    const created = await (await call(`/groups/${g}/alertConfigs`, { ...init, method: 'POST' })).json();
    masked.texts.length = 0;
    for (let i = 0; i < 3; i++) expect((await call(`/groups/${g}/alertConfigs/${created.id}`, init)).status).toBe(200);
    const lines = srv.log.filter((l) => l.startsWith('warning read-only-field'));
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(masked.texts.filter((t) => t.startsWith('warning read-only-field'))).toHaveLength(0);
  });
});

describe("a body's lint", () => {
  // V8's own count of the bytes a young-generation collection found alive (--trace-gc-nvp), over
  // 3,000 judged bodies: an object spread per body on the lint's path (eventWithField's
  // `{ ...event }`, four rules per alert configuration) kept ~550 KB alive at each collection of
  // the built server, against ~95 KB without (bench/README.md, serveput). A collection's pause grows with that.
  it('leaves little alive at each young-generation collection', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-survivors-'));
    try {
      const script = path.join(dir, 'judge.ts');
      writeFileSync(script, `import { BodyJudge } from ${JSON.stringify(path.resolve('src/serve/validate.ts'))};
const judge = new BodyJudge([{ kind: 'alert-config', transitions: false }]);
const body = JSON.stringify({ groupId: '5f0000000000000000000001', eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true,
  matchers: [{ fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs7' }],
  metricThreshold: { metricName: 'CONNECTIONS', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5000, units: 'RAW' },
  notifications: [{ typeName: 'GROUP', delayMin: 0, intervalMin: 60, emailEnabled: true, smsEnabled: false, roles: ['GROUP_OWNER'] }] }, null, 2);
const now = new Date('2026-11-29T00:00:00Z');
(async () => { for (let i = 0; i < 3000; i++) await judge.judge(body, 'alert-config', now); console.log('done'); })();
`);
      const out = execFileSync(process.execPath, ['--trace-gc-nvp', '--single-threaded', '--import', 'tsx', script], { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 << 20 });
      expect(out).toContain('done');
      // --single-threaded: optimized code arrives at the same point whatever the machine's load (a
      // background compile that waits for a core left more alive: medians of 77 KB alone, 140 KB beside another process).
      // The collections of the steady judging (the last third: past loading, compiling and the first
      // optimizations). From the sources (tsx): ~80 KB each, ~200 – 440 KB with the spread back, on the
      // machine this was written on; on the eighteenth session's machine 139 – 153 KB each (the same at
      // 0f27fab, where this test came in, and at 33f26b5), ~414 KB with the spread back. The limit
      // lies between both machines' figures: 150 KB failed there without any change to the lint's path.
      const survived = out.split('\n').filter((l) => l.includes(' gc=s ')).map((l) => Number(/ new_space_survived=(\d+)/.exec(l)![1]));
      const steady = survived.slice(Math.floor((survived.length * 2) / 3)).sort((a, b) => a - b);
      expect(steady.length).toBeGreaterThanOrEqual(5);
      expect(steady[Math.floor(steady.length / 2)]).toBeLessThan(200_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
