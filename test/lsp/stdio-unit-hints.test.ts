// Inlay hints "units beside thresholds" through the real server over stdio (issue 38): an alert
// configuration's `units` beside `metricThreshold.threshold` and `threshold.threshold`, in YAML and
// JSON; none where `units` is left out (no source says which unit Ops Manager assumes); off by
// omlint.inlayHints.thresholdUnits.enable, independently of omlint.inlayHints.enable.
import { describe, expect, it } from 'vitest';
import { DidChangeConfigurationNotification, InlayHintRequest, type InlayHint } from 'vscode-languageserver-protocol/node';
import { openAndLint, serverForSuite, startClient } from './client';

const NOTIFY = 'notifications: [{ typeName: GROUP, emailEnabled: true, smsEnabled: false, delayMin: 0, intervalMin: 60 }]\n';
const metricAlert = (metricName: string, threshold: number, units?: string) =>
  `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: ${metricName}\n  mode: AVERAGE\n  operator: GREATER_THAN\n  threshold: ${threshold}\n${units ? `  units: ${units}\n` : ''}${NOTIFY}`;
// The second document leaves its units out.
const YAML = `${metricAlert('MEMORY_RESIDENT', 2048, 'MEGABYTES')}---\n${metricAlert('CONNECTIONS', 500)}`;

const JSON_ALERT = `${JSON.stringify({ eventTypeName: 'TOO_FEW_HEALTHY_MEMBERS', enabled: true, threshold: { operator: 'LESS_THAN', threshold: 2, units: 'RAW' }, notifications: [{ typeName: 'GROUP', emailEnabled: true, smsEnabled: false, delayMin: 0, intervalMin: 60 }] }, null, 2)}\n`;

describe('units beside thresholds over stdio', () => {
  let settings: Record<string, unknown> = {};
  const server = serverForSuite((dir) => startClient(dir, undefined, {}, undefined, undefined, { configuration: (items) => items.map(() => settings), workspace: {} }));
  const whole = (text: string) => ({ start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } });
  const shown = (text: string, hints: InlayHint[]) => hints.map((h) => `${text.split('\n')[h.position.line].slice(0, h.position.character).trim()} ${String(h.label)}`);
  const hintsOf = async (uri: string, text: string) => (await server.client().connection.sendRequest(InlayHintRequest.type, { textDocument: { uri }, range: whole(text) })) as InlayHint[];

  it('shows the units given beside the threshold, in YAML and JSON; nothing where units are left out', async () => {
    const client = server.client();
    const yaml = await openAndLint(client, server.dir(), 'alerts.yaml', YAML);
    expect(shown(YAML, await hintsOf(yaml, YAML))).toEqual(['threshold: 2048 MEGABYTES']);
    const json = await openAndLint(client, server.dir(), 'members.alert-config.json', JSON_ALERT, 'json');
    expect(shown(JSON_ALERT, await hintsOf(json, JSON_ALERT))).toEqual(['"threshold": 2 RAW']);
  });

  it('is off by its own setting, whatever omlint.inlayHints.enable says', async () => {
    const client = server.client();
    const uri = await openAndLint(client, server.dir(), 'alerts2.yaml', YAML);
    settings = { inlayHints: { enable: false } };
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await expect.poll(async () => shown(YAML, await hintsOf(uri, YAML)), { timeout: 10_000 }).toEqual(['threshold: 2048 MEGABYTES']);
    settings = { inlayHints: { enable: true, thresholdUnits: { enable: false } } };
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await expect.poll(async () => hintsOf(uri, YAML), { timeout: 10_000 }).toEqual([]);
  });
});
