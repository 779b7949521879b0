// A real client nobody here wrote: `curl --digest` runs a scripted conversation with
// `omlint serve` started as a process (dist/omlint.js serve --port 0): list, page, envelope,
// acknowledge, create/update/delete a maintenance window, PUT an integration, a 400 with findings.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, type Running } from './support';

let curlVersion: string | undefined;
try {
  curlVersion = execFileSync('curl', ['--version'], { encoding: 'utf8' }).split('\n')[0];
} catch {
  curlVersion = undefined;
}

let srv: Running;
beforeAll(async () => {
  srv = await startProcess(['--control', '--automation-delay', '100']);
});
afterAll(() => srv?.stop());

/** One curl call: status, headers and body. */
function curl(path: string, ...extra: string[]): { status: number; headers: string; body: string } {
  // A path under /__omlint/ is the control API's, beside the Public API's prefix.
  const url = path.startsWith('/__omlint/') ? srv.base.replace('/api/public/v1.0', '') + path : `${srv.base}${path}`;
  const out = execFileSync('curl', ['-s', '--max-time', '10', '--digest', '-u', srv.user!, '-D', '-', ...extra, url], { encoding: 'utf8', timeout: 15_000 });
  // -D - prints the headers of every response: the 401 of the challenge first, then the answer's.
  const blocks = out.split(/\r\n\r\n/);
  let last = blocks.length - 1;
  while (last > 0 && !/^HTTP\/1\.1 \d+/.test(blocks[last])) last--;
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(blocks[last])![1]);
  return { status, headers: blocks[last], body: blocks.slice(last + 1).join('\r\n\r\n') };
}
const send = (method: string, path: string, body: unknown) => curl(path, '-X', method, '-H', 'Content-Type: application/json', '--data-binary', typeof body === 'string' ? body : JSON.stringify(body));

describe.skipIf(!curlVersion)(`curl --digest (${curlVersion})`, () => {
  it('runs the scripted conversation', () => {
    const g = srv.groupId!;
    // Find the project, as every client starts.
    const groups = curl('/groups');
    expect(groups.status).toBe(200);
    expect(JSON.parse(groups.body).results[0].id).toBe(g);
    expect(groups.headers).toMatch(/Strict-Transport-Security: max-age=300/);
    expect(groups.headers).toMatch(/X-Vendor-Service-Version: gitHash=[0-9a-f]{40}; versionString=/);

    // List and page.
    const configs = JSON.parse(curl(`/groups/${g}/alertConfigs`).body);
    expect(configs.totalCount).toBe(1);
    const created = send('POST', `/groups/${g}/alertConfigs`, { ...configs.results[0], id: undefined, links: undefined, metricThreshold: { ...configs.results[0].metricThreshold, threshold: 9000 } });
    expect(created.status).toBe(201);
    const page = JSON.parse(curl(`/groups/${g}/alertConfigs?itemsPerPage=1&pageNum=1`).body);
    expect(page.results).toHaveLength(1);
    expect(page.totalCount).toBe(2);
    expect(page.links.find((l: { rel: string }) => l.rel === 'next').href).toContain('pageNum=2');

    // Envelope.
    const env = JSON.parse(curl(`/groups/${g}/alerts?envelope=true`).body);
    expect(env.status).toBe(200);
    const alertId = env.results[0].id;

    // Acknowledge, then remove the acknowledgement.
    const ack = send('PATCH', `/groups/${g}/alerts/${alertId}`, { acknowledgedUntil: '2099-01-01T00:00:00Z', acknowledgementComment: 'curl' });
    expect(ack.status).toBe(200);
    expect(JSON.parse(ack.body)).toMatchObject({ acknowledgedUntil: '2099-01-01T00:00:00Z', acknowledgementComment: 'curl' });
    expect(JSON.parse(send('PATCH', `/groups/${g}/alerts/${alertId}`, {}).body).acknowledgedUntil).toBeUndefined();

    // A maintenance window: create, update, delete.
    const w = send('POST', `/groups/${g}/maintenanceWindows/`, { startDate: '2099-01-01T00:00:00Z', endDate: '2099-01-01T02:00:00Z', alertTypeNames: ['REPLICA_SET'] });
    expect(w.status).toBe(200);
    const id = JSON.parse(w.body).id;
    expect(send('PATCH', `/groups/${g}/maintenanceWindows/${id}`, { description: 'curl window' }).status).toBe(201);
    expect(curl(`/groups/${g}/maintenanceWindows/${id}`, '-X', 'DELETE').status).toBe(204);

    // An integration.
    const integ = send('PUT', `/groups/${g}/integrations/PAGER_DUTY`, { type: 'PAGER_DUTY', serviceKey: '0123456789abcdef0123456789abcdef' });
    expect(integ.status).toBe(200);
    expect(JSON.parse(integ.body).results[0].serviceKey).toMatch(/^\*{28}cdef$/);

    // A 400 with findings, placed in the body as sent.
    const bad = send('PUT', `/groups/${g}/alertConfigs/${configs.results[0].id}`, '{\n  "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",\n  "enabled": true,\n  "notifications": []\n}');
    expect(bad.status).toBe(400);
    const findings = JSON.parse(bad.body).findings;
    expect(findings).toContainEqual(expect.objectContaining({ ruleId: 'metric-threshold-required', line: 2, column: 20 }));

    // Automation: GET the configuration, PUT it upgraded, advance the emulator clock until every process reached the goal.
    const config = JSON.parse(curl(`/groups/${g}/automationConfig`).body);
    config.mongoDbVersions.push({ ...config.mongoDbVersions[0], name: '7.0.14' });
    for (const p of config.processes) p.version = '7.0.14';
    const put = send('PUT', `/groups/${g}/automationConfig`, config);
    expect(put.status).toBe(200);
    expect(JSON.parse(put.body).version).toBe(config.version + 1);
    let status = JSON.parse(curl(`/groups/${g}/automationStatus`).body);
    expect(status.goalVersion).toBe(config.version + 1);
    expect(status.processes[0].plan).toEqual(['Download', 'Stop', 'Start']);
    let polls = 0;
    while (status.processes.some((p: { lastGoalVersionAchieved: number }) => p.lastGoalVersionAchieved !== status.goalVersion) && polls++ < 10) {
      expect(send('POST', '/__omlint/clock', { seconds: 30 }).status).toBe(200);
      status = JSON.parse(curl(`/groups/${g}/automationStatus`).body);
    }
    // --automation-delay 100: four steps of 30 s (the host clock moves a few seconds meanwhile, never 10).
    expect(polls).toBe(4);
    expect(status.processes.every((p: { plan: string[] }) => p.plan.length === 0)).toBe(true);

    // The events of the conversation, newest first: the automation PUT, then the window and acknowledgements.
    const org = JSON.parse(curl(`/groups/${g}`).body).orgId;
    const events = JSON.parse(curl(`/orgs/${org}/events`).body);
    expect(events.results[0]).toMatchObject({ eventTypeName: 'AUTOMATION_CONFIG_PUBLISHED_AUDIT', groupId: g });
    expect(events.results.map((e: { eventTypeName: string }) => e.eventTypeName)).toContain('MAINTENANCE_WINDOW_DELETED_AUDIT');
    const raw = JSON.parse(curl(`/orgs/${org}/events/${events.results[0].id}?includeRaw=true`).body).raw;
    expect(raw.et).toBe('AUTOMATION_CONFIG_PUBLISHED_AUDIT');
  });
});
