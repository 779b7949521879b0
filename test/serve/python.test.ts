// A real client nobody here wrote: Python requests with HTTPDigestAuth runs a scripted conversation
// (test/serve/conversation.py) with `omlint serve` started as a process.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, type Running } from './support';

// The first Python that has requests: the one on PATH, or Debian's (python3-requests, which .ci/run installs).
let python = 'python3';
let requestsVersion: string | undefined;
for (const candidate of ['python3', '/usr/bin/python3']) {
  try {
    requestsVersion = execFileSync(candidate, ['-c', 'import requests; print(requests.__version__)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    python = candidate;
    break;
  } catch {
    requestsVersion = undefined;
  }
}

let srv: Running;
beforeAll(async () => {
  srv = await startProcess(['--control', '--automation-delay', '100']);
});
afterAll(() => srv?.stop());

interface Step {
  status: number;
  body: any;
  headers: Record<string, string>;
}

describe.skipIf(!requestsVersion)(`python requests ${requestsVersion} with HTTPDigestAuth`, () => {
  it('runs the scripted conversation', () => {
    const out = execFileSync(python, [path.join(__dirname, 'conversation.py'), srv.base, srv.user!, srv.groupId!], { encoding: 'utf8', timeout: 60_000 });
    const s = JSON.parse(out) as Record<string, Step>;
    expect(s.groups.status).toBe(200);
    expect(s.groups.body.results[0].id).toBe(srv.groupId);
    expect(s.list.body.totalCount).toBe(1);
    expect(s.page).toMatchObject({ status: 200, body: { results: [], totalCount: 1 } });
    expect(s.page.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'previous']);
    expect(s.envelope.body.status).toBe(200);
    expect(s.ack.body).toMatchObject({ acknowledgedUntil: '2099-01-01T00:00:00Z', acknowledgementComment: 'python' });
    expect(s.window.status).toBe(200);
    expect(s['window-update']).toMatchObject({ status: 201, body: { alertTypeNames: ['HOST', 'REPLICA_SET'] } });
    expect(s['window-delete'].status).toBe(204);
    expect(s.integration.status).toBe(200);
    expect(s.integration.body.results).toEqual([{ type: 'WEBHOOK', url: 'https://hooks.example.com/****', secret: '******' }]);
    expect(s.invalid.status).toBe(400);
    expect(s.invalid.body.errorCode).toBe('INVALID_ATTRIBUTE');
    expect(s.invalid.body.findings.some((f: { ruleId: string; severity: string }) => f.severity === 'error')).toBe(true);
    expect(s['automation-put']).toMatchObject({ status: 200, body: { version: s['automation-get'].body.version + 1 } });
    expect(s['automation-pending'].body.processes.map((p: { plan: string[] }) => p.plan)).toEqual([['Download', 'Stop', 'Start'], ['Download', 'Stop', 'Start'], ['Download', 'Stop', 'Start']]);
    // --automation-delay 100: three steps of 40 s (the host clock moves a few seconds meanwhile, never 20).
    expect((s as unknown as { polls: number }).polls).toBe(3);
    expect(s['automation-status'].body.processes.every((p: { lastGoalVersionAchieved: number }) => p.lastGoalVersionAchieved === s['automation-put'].body.version)).toBe(true);
    expect(s.events.body.results[0]).toMatchObject({ eventTypeName: 'AUTOMATION_CONFIG_PUBLISHED_AUDIT', groupId: srv.groupId });
    expect(s.event.body.raw.et).toBe('AUTOMATION_CONFIG_PUBLISHED_AUDIT');
    expect(s['measure-high'].status).toBe(200);
    const live = s['live-open'].body.results.find((a: { hostnameAndPort: string }) => a.hostnameAndPort === 'rs0-1.omlint.example:27017');
    expect(live).toMatchObject({ status: 'OPEN', metricName: 'CONNECTIONS', currentValue: { number: 6000, units: 'RAW' } });
    expect(s['live-closed'].body.results).toEqual([expect.objectContaining({ id: live.id, status: 'CLOSED', resolved: expect.any(String) })]);
    expect(s.notifications.body.results.map((n: { typeName: string; kind: string }) => [n.typeName, n.kind])).toEqual([['GROUP', 'alert'], ['GROUP', 'resolved']]);
    expect(s.wrong.status).toBe(401);
    expect(s.wrong.headers['Content-Type']).toBe('application/json;charset=ISO-8859-1');
    expect(s.wrong.headers['WWW-Authenticate']).toMatch(/^Digest realm="MMS Public API"/);
  });
});
