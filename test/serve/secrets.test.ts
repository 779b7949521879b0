// Redaction in every answer and log line of `omlint serve`: secrets planted in the seed's
// integrations, alert configurations and keys, and sent in request bodies, never come back; keys,
// tokens and webhook URLs come back partially redacted, webhook secrets completely, PROMETHEUS
// `password` omitted (API-SPEC, DOMAIN §5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { redactedValue } from '../../src/serve/redact';
import { digestFetch, startProcess, type Running } from './support';

const G = '5f0000000000000000000001';
const PLANTED = {
  privateKey: '7f3c9a1e-5b2d-4c8e-9f01-a1b2c3d4e5f6',
  ownerKey: 'Qx7PlantedOwnerKey0123',
  slackToken: 'xoxb-Qx7Slack-token-000111222333',
  serviceKey: 'Qx7aaaabbbbccccddddeeeeffff0000',
  webhookUrl: 'https://hooks.example.com/services/Qx7WebhookPath/LeakCanary',
  webhookSecret: 'Qx7WebhookSecretLeakCanary',
  promPassword: 'Qx7PromPasswordLeakCanary',
  datadog: 'Qx7datadog0123456789abcdef0123',
  teamsUrl: 'https://outlook.office.com/webhook/Qx7TeamsLeakCanary',
};

const SEED = `
orgs: [{ id: "${'5e'.padEnd(24, '0')}", name: Org }]
groups: [{ id: "${G}", name: Seeded, orgId: "${'5e'.padEnd(24, '0')}" }]
apiKeys:
  - { publicKey: seeded, privateKey: "${PLANTED.privateKey}", roles: [{ roleName: GLOBAL_OWNER }] }
integrations:
  - { groupId: "${G}", type: WEBHOOK, url: "${PLANTED.webhookUrl}", secret: "${PLANTED.webhookSecret}" }
  - { groupId: "${G}", type: PROMETHEUS, username: prom, password: "${PLANTED.promPassword}", listenAddress: "0.0.0.0:9216", serviceDiscovery: http, scheme: http, enabled: true }
alertConfigs:
  - groupId: "${G}"
    eventTypeName: HOST_DOWN
    enabled: true
    notifications:
      - { typeName: SLACK, apiToken: "${PLANTED.slackToken}", channelName: ops, delayMin: 0, intervalMin: 5 }
      - { typeName: PAGER_DUTY, serviceKey: "${PLANTED.serviceKey}", delayMin: 0, intervalMin: 5 }
      - { typeName: WEBHOOK, webhookUrl: "${PLANTED.webhookUrl}", webhookSecret: "${PLANTED.webhookSecret}", delayMin: 0, intervalMin: 5 }
`;

let srv: Running;
const answers: string[] = [];

async function call(p: string, init: RequestInit = {}, user = 'seeded', secret = PLANTED.privateKey): Promise<Response> {
  const r = await digestFetch(`${srv.base}${p}`, user, secret, init);
  const text = await r.text();
  answers.push([...r.headers].map(([k, v]) => `${k}: ${v}`).join('\n') + '\n' + text);
  return new Response(text || null, { status: r.status, headers: r.headers });
}
const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-serve-secrets-'));
  writeFileSync(path.join(dir, 'seed.yaml'), SEED);
  srv = await startProcess(['--seed', 'seed.yaml', '--user', `owner:${PLANTED.ownerKey}`], dir);
});
afterAll(() => srv?.stop());

describe('redaction', () => {
  it('redacts the seeded secrets in the formats of the API, and none leaks in any answer or log line', async () => {
    const configs = await (await call(`/groups/${G}/alertConfigs`)).json();
    const n = configs.results[0].notifications;
    expect(n[0].apiToken).toBe(`${'*'.repeat(70)}${PLANTED.slackToken.slice(-4)}`);
    expect(n[1].serviceKey).toBe(`${'*'.repeat(28)}${PLANTED.serviceKey.slice(-4)}`);
    expect(n[2].webhookUrl).toBe('https://hooks.example.com/****');
    expect(n[2].webhookSecret).toBe('******');
    const integrations = await (await call(`/groups/${G}/integrations`)).json();
    const webhook = integrations.results.find((i: { type: string }) => i.type === 'WEBHOOK');
    expect(webhook).toEqual({ type: 'WEBHOOK', url: 'https://hooks.example.com/****', secret: '******' });
    const prom = integrations.results.find((i: { type: string }) => i.type === 'PROMETHEUS');
    expect(prom).not.toHaveProperty('password');
    expect(prom.username).toBe('prom');

    // Secrets sent in bodies: stored, answered redacted; echoed in a description they are masked too.
    const put = await call(`/groups/${G}/integrations/DATADOG`, json('PUT', { type: 'DATADOG', apiKey: PLANTED.datadog }));
    expect(put.status).toBe(200);
    const created = await call(`/groups/${G}/alertConfigs`, json('POST', {
      eventTypeName: 'HOST_DOWN', enabled: true,
      notifications: [{ typeName: 'MICROSOFT_TEAMS', microsoftTeamsWebhookUrl: PLANTED.teamsUrl, delayMin: 0, intervalMin: 5 }],
    }));
    expect(created.status).toBe(201);
    const window = await call(`/groups/${G}/maintenanceWindows`, json('POST', { startDate: '2099-01-01T00:00:00Z', endDate: '2099-01-02T00:00:00Z', alertTypeNames: ['HOST'], description: `key ${PLANTED.webhookSecret}` }));
    expect(window.status).toBe(200);
    // Wrong credentials with a planted secret as the user name: the log keeps no secret either.
    await call(`/groups/${G}/alerts`, {}, PLANTED.slackToken, 'wrong');
    // A body with an error whose message would quote a secret.
    const bad = await call(`/groups/${G}/alertConfigs`, json('POST', { eventTypeName: 'HOST_DOWN', notifications: [{ typeName: 'SLACK', apiToken: PLANTED.slackToken, delayMin: 'x' }] }));
    expect(bad.status).toBe(400);
    await call(`/groups/${G}/alertConfigs?pretty=true&envelope=true`);
    // A secret in the query string: logged with the request line, echoed in the self link.
    expect((await call(`/groups/${G}/alerts?note=${PLANTED.ownerKey}`)).status).toBe(200);
    await call(`/groups/${G}/integrations/DATADOG`);
    await call(`/groups/${G}/maintenanceWindows`);

    await srv.stop();
    const everything = [...answers, srv.stdout, srv.stderr()].join('\n');
    expect(answers.length).toBeGreaterThan(8);
    expect(srv.stderr()).toMatch(/POST \S+alertConfigs 201/);
    for (const [name, value] of Object.entries(PLANTED)) expect(everything.includes(value), name).toBe(false);
    expect(everything).not.toMatch(/Qx7|LeakCanary/);
  });

  it('formats: a private key keeps its last 12 hex digits, short secrets keep nothing', () => {
    expect(redactedValue('privateKey', PLANTED.privateKey)).toBe('********-****-****-a1b2c3d4e5f6');
    expect(redactedValue('apiKey', 'short')).toBe('******');
    // A private key that is no UUID: its last 4 only from 12 characters on, as every other secret.
    expect(redactedValue('privateKey', 'abcd')).toBe('******');
    expect(redactedValue('privateKey', 'abcdefghij1')).toBe('******');
    expect(redactedValue('privateKey', 'abcdefghij12')).toBe(`${'*'.repeat(28)}ij12`);
    expect(redactedValue('opsGenieApiKey', 'abcdefghijklmnop1234')).toBe(`${'*'.repeat(32)}1234`);
  });
});
