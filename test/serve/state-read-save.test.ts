// --state-dir keeps what a read changed: a GET after the automation delay finds the processes
// converged, and that is written to DIR/state.json soon after the answer (no write needed to carry
// it); a GET that changed nothing writes nothing. A real process (dist/omlint.js serve).
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { State } from '../../src/serve/state';
import { digestFetch, startProcess, type Running } from './support';

const USER = 'ci';
const SECRET = 'state-read-save-private-key';
let srv: Running | undefined;
afterAll(() => srv?.stop());

const saved = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')) as { state: State }).state;
const achieved = (s: State) => (s.automationStatus[0].processes as { lastGoalVersionAchieved: number }[]).map((p) => p.lastGoalVersionAchieved);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('--state-dir after a read', () => {
  it('writes what a GET changed (processes converged) soon after the answer, and nothing for a GET that changed nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-state-read-'));
    srv = await startProcess(['--state-dir', dir, '--user', `${USER}:${SECRET}`, '--automation-delay', '1']);
    const call = (p: string, init: RequestInit = {}) => digestFetch(`${srv!.base}${p}`, USER, SECRET, init);
    const g = saved(dir).groups[0].id;

    const before = statSync(path.join(dir, 'state.json'));
    expect((await call(`/groups/${g}/alertConfigs`)).status).toBe(200);
    await sleep(400);
    const after = statSync(path.join(dir, 'state.json'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);

    const config = await (await call(`/groups/${g}/automationConfig`)).json();
    const put = await call(`/groups/${g}/automationConfig`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(config) });
    expect(put.status).toBe(200);
    expect(saved(dir).automationStatus[0].goalVersion).toBe(2);
    expect(achieved(saved(dir))).toEqual([1, 1, 1]);

    await sleep(1200); // the delay passes on the emulator clock (the host's here)
    const status = await (await call(`/groups/${g}/automationStatus`)).json();
    expect(status.processes.map((p: { lastGoalVersionAchieved: number }) => p.lastGoalVersionAchieved)).toEqual([2, 2, 2]);
    let onDisk = achieved(saved(dir));
    for (let waited = 0; onDisk.includes(1) && waited < 5000; waited += 50) {
      await sleep(50);
      onDisk = achieved(saved(dir));
    }
    expect(onDisk).toEqual([2, 2, 2]);
    expect(statSync(path.join(dir, 'state.json')).mode & 0o777).toBe(0o600);
  }, 60_000);
});
