// Issue 34's proof, "real clients nobody here wrote … over every endpoint": each of API-SPEC's 23
// endpoints called once, with its documented method, path and success status, by `curl --digest`
// and by Python requests with HTTPDigestAuth, each against its own `omlint serve` process started
// from one seed (a user with an API key for endpoints 7, 8 and 11, a host with databases and a
// disk, a global alert configuration, events). The same table of steps drives both clients.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, type Running } from './support';

const CURL = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
// The first Python that has requests, as python.test.ts finds it (.ci/run installs python3-requests).
const PYTHON = ['python3', '/usr/bin/python3'].find((p) => spawnSync(p, ['-c', 'import requests'], { stdio: 'ignore' }).status === 0);

const O = '5e0000000000000000000001';
const G = '5f0000000000000000000001';
const NOTIFY = [{ typeName: 'GROUP', delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled: false }];
const SEED = {
  orgs: [{ id: O, name: 'Org' }],
  groups: [{ id: G, name: 'Every', orgId: O }],
  apiKeys: [{ id: 'k1', publicKey: 'ci', privateKey: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c', roles: [{ roleName: 'GLOBAL_OWNER' }] }],
  users: [{ id: 'u1', username: 'jane', apiKey: '7c6b5a49-3827-4165-9f8e-7d6c5b4a3928', roles: [{ roleName: 'GROUP_OWNER', groupId: G }] }],
  hosts: [{ id: 'h1', groupId: G, hostname: 'h1.every.example', port: 27017, typeName: 'REPLICA_PRIMARY', replicaSetName: 'rs0', databases: ['admin', 'app'], disks: ['data'] }],
  alertConfigs: [{ id: 'ac1', groupId: G, eventTypeName: 'HOST_DOWN', enabled: true, notifications: NOTIFY }],
  alerts: [{ id: 'a1', groupId: G, alertConfigId: 'ac1', eventTypeName: 'HOST_DOWN', status: 'OPEN', created: '2026-06-01T00:00:00Z', updated: '2026-06-01T00:00:00Z' }],
  globalAlertConfigs: [{ id: 'gac1', eventTypeName: 'HOST_DOWN', enabled: true, forAllGroups: true, notifications: [{ typeName: 'ADMIN', delayMin: 0, intervalMin: 5 }] }],
  orgEvents: [{ id: 'e1', orgId: O, eventTypeName: 'JOINED_ORG', created: '2026-06-01T00:00:00Z', raw: { _t: 'AUDIT', et: 'JOINED_ORG' } }],
  globalEvents: [{ id: 'e2', eventTypeName: 'BACKUP_AGENT_DOWN', created: '2026-06-01T00:00:00Z' }],
};
const OWNER = 'ci:3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const JANE = 'jane:7c6b5a49-3827-4165-9f8e-7d6c5b4a3928';

/** One step: the endpoint's number, method, path (under the API, or /prometheus/v1.0), caller, body, status. */
interface Step { n: number; method: string; path: string; who: string; body?: unknown; status: number }
const WINDOW = '{WINDOW}'; // the id the create step (13) answered, for 14 and 15
const STEPS: Step[] = [
  { n: 1, method: 'PATCH', path: '/admin/apiKeys/k1', who: OWNER, body: { desc: 'renamed by a client' }, status: 200 },
  { n: 2, method: 'GET', path: '/admin/accessList', who: OWNER, status: 200 },
  { n: 3, method: 'GET', path: `/groups/${G}/alerts?status=OPEN`, who: OWNER, status: 200 },
  { n: 4, method: 'GET', path: `/groups/${G}/alerts/a1`, who: OWNER, status: 200 },
  { n: 5, method: 'PATCH', path: `/groups/${G}/alerts/a1`, who: OWNER, body: { acknowledgedUntil: '2099-01-01T00:00:00Z', acknowledgementComment: 'client' }, status: 200 },
  { n: 6, method: 'GET', path: `/groups/${G}/automationStatus/full`, who: OWNER, status: 200 },
  { n: 7, method: 'POST', path: '/users/u1/accessList', who: JANE, body: [{ ipAddress: '127.0.0.1' }, { cidrBlock: '10.0.0.0/8', comment: 'office' }], status: 201 },
  { n: 8, method: 'DELETE', path: '/users/u1/accessList/10.0.0.0%2F8', who: JANE, status: 204 },
  { n: 9, method: 'PUT', path: '/globalAlertConfigs/gac1', who: OWNER, body: { enabled: false }, status: 200 },
  { n: 10, method: 'DELETE', path: '/globalAlertConfigs/gac1', who: OWNER, status: 204 },
  { n: 11, method: 'GET', path: '/users/u1', who: JANE, status: 200 },
  { n: 12, method: 'PUT', path: `/groups/${G}/integrations/DATADOG`, who: OWNER, body: { type: 'DATADOG', apiKey: '0123456789abcdef0123456789abcdef' }, status: 200 },
  { n: 13, method: 'POST', path: `/groups/${G}/maintenanceWindows/`, who: OWNER, body: { startDate: '2099-01-01T00:00:00Z', endDate: '2099-01-01T02:00:00Z', alertTypeNames: ['HOST'] }, status: 200 },
  { n: 14, method: 'PATCH', path: `/groups/${G}/maintenanceWindows/${WINDOW}`, who: OWNER, body: { description: 'client window' }, status: 201 },
  { n: 15, method: 'DELETE', path: `/groups/${G}/maintenanceWindows/${WINDOW}`, who: OWNER, status: 204 },
  { n: 16, method: 'GET', path: `/groups/${G}/hosts/h1/databases`, who: OWNER, status: 200 },
  { n: 17, method: 'GET', path: `/groups/${G}/hosts/h1/disks/data`, who: OWNER, status: 200 },
  { n: 18, method: 'GET', path: '/alertConfigs/matchers/fieldNames', who: JANE, status: 200 },
  { n: 19, method: 'GET', path: `/prometheus/v1.0/groups/${G}/discovery`, who: OWNER, status: 200 },
  { n: 21, method: 'PUT', path: `/groups/${G}/alertConfigs/ac1`, who: OWNER, body: { eventTypeName: 'HOST_DOWN', enabled: true, notifications: NOTIFY }, status: 200 },
  { n: 20, method: 'DELETE', path: `/groups/${G}/alertConfigs/ac1`, who: OWNER, status: 204 },
  { n: 22, method: 'GET', path: `/orgs/${O}/events/e1?includeRaw=true`, who: OWNER, status: 200 },
  { n: 23, method: 'GET', path: '/globalEvents/e2', who: OWNER, status: 200 },
];

interface Answered { n: number; status: number; body: any }

/** What each endpoint answered, judged alike for both clients. */
function judge(out: Answered[]): void {
  expect(out.map((a) => [a.n, a.status])).toEqual(STEPS.map((s) => [s.n, s.status]));
  expect(new Set(out.map((a) => a.n)).size).toBe(23);
  const at = (n: number) => out.find((a) => a.n === n)!.body;
  expect(at(1)).toMatchObject({ desc: 'renamed by a client', privateKey: '********-****-****-5d4e3f2a1b0c' });
  expect(at(3)).toMatchObject({ totalCount: 1, results: [{ id: 'a1' }] });
  expect(at(5)).toMatchObject({ acknowledgementComment: 'client', acknowledgingUsername: 'ci' });
  expect(at(7).results.map((e: { cidrBlock: string }) => e.cidrBlock)).toEqual(['127.0.0.1', '10.0.0.0/8']);
  expect(at(9).enabled).toBe(false);
  expect(at(11)).toMatchObject({ id: 'u1', username: 'jane' });
  expect(at(11)).not.toHaveProperty('apiKey');
  expect(at(12).results[0].apiKey).toMatch(/^\*+cdef$/);
  expect(at(14).description).toBe('client window');
  expect(at(16).results.map((d: { databaseName: string }) => d.databaseName)).toEqual(['admin', 'app']);
  expect(at(17).partitionName).toBe('data');
  expect(at(18)).toContain('HOSTNAME_AND_PORT');
  expect(at(19)).toEqual([{ targets: ['h1.every.example:9216'], labels: { group_id: G, group_name: 'Every', org_id: O } }]);
  expect(at(22).raw).toEqual({ _t: 'AUDIT', et: 'JOINED_ORG' });
  expect(at(23)).not.toHaveProperty('raw');
  for (const n of [8, 10, 15, 20]) expect(at(n)).toBeNull();
}

let dir: string;
const servers: Running[] = [];
const start = async () => {
  const r = await startProcess(['--seed', path.join(dir, 'seed.json')]);
  servers.push(r);
  return r;
};
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-every-'));
  writeFileSync(path.join(dir, 'seed.json'), JSON.stringify(SEED));
});
afterAll(() => Promise.all(servers.map((s) => s.stop())));

/** The URL of a step: the API's base, or the server's origin for /prometheus/v1.0. */
const urlOf = (srv: Running, p: string) => (p.startsWith('/prometheus/') ? srv.base.replace('/api/public/v1.0', '') + p : srv.base + p);

describe.skipIf(!CURL)('every endpoint through curl --digest', () => {
  it('answers each of the 23 with its documented status', async () => {
    const srv = await start();
    let window = '';
    const out: Answered[] = [];
    for (const s of STEPS) {
      const body = s.body === undefined ? [] : ['-H', 'Content-Type: application/json', '--data-binary', JSON.stringify(s.body)];
      const text = execFileSync('curl', ['-s', '--max-time', '10', '--digest', '-u', s.who, '-X', s.method, ...body, '-w', '\n%{http_code}', urlOf(srv, s.path.replace(WINDOW, window))], { encoding: 'utf8', timeout: 15_000 });
      const cut = text.lastIndexOf('\n');
      const answered = { n: s.n, status: Number(text.slice(cut + 1)), body: cut > 0 ? JSON.parse(text.slice(0, cut)) : null };
      if (s.n === 13) window = answered.body.id;
      out.push(answered);
    }
    judge(out);
  }, 60_000);
});

// The Python side reads the steps as JSON on stdin and prints what each answered.
const SCRIPT = `
import json, sys
import requests
from requests.auth import HTTPDigestAuth
base, origin = sys.argv[1], sys.argv[2]
window, out = "", []
for s in json.load(sys.stdin):
    user, secret = s["who"].split(":", 1)
    p = s["path"].replace("${WINDOW}", window)
    url = (origin if p.startswith("/prometheus/") else base) + p
    kw = {} if "body" not in s else {"data": json.dumps(s["body"]), "headers": {"Content-Type": "application/json"}}
    r = requests.request(s["method"], url, auth=HTTPDigestAuth(user, secret), timeout=10, **kw)
    body = r.json() if r.content else None
    if s["n"] == 13:
        window = body["id"]
    out.append({"n": s["n"], "status": r.status_code, "body": body})
print(json.dumps(out))
`;

describe.skipIf(!PYTHON)('every endpoint through Python requests with HTTPDigestAuth', () => {
  it('answers each of the 23 with its documented status', async () => {
    const srv = await start();
    const out = execFileSync(PYTHON!, ['-c', SCRIPT, srv.base, srv.base.replace('/api/public/v1.0', '')], { input: JSON.stringify(STEPS), encoding: 'utf8', timeout: 60_000 });
    judge(JSON.parse(out) as Answered[]);
  }, 90_000);
});
