// The language service called directly: hover from the schema and the model, never a secret.
import { describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { OmlintLanguageService } from '../../src/server/service';
import { ALERT, NOW, openDoc, positionOf, tempDir } from './fixtures';

const text = (h: Hover | null) => (h ? (h.contents as MarkupContent).value : '');

describe('hover', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();

  it('describes a key: description, type, required', () => {
    const doc = openDoc(service, dir, 'cpu.yaml', ALERT);
    const h = service.hover(doc, positionOf(doc, 'eventTypeName', 3));
    expect(text(h)).toMatch(/\*\*eventTypeName\*\* — `string`/);
    expect(text(h)).toMatch(/Type of event that triggers the alert/);
    expect(text(h)).toMatch(/Required\./);
    expect(h?.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 13 } });
    const item = service.hover(doc, positionOf(doc, 'emailAddress', 2));
    expect(text(item)).toMatch(/EMAIL: address the notification is sent to/);
  });

  it('explains enum values from the model', () => {
    const doc = openDoc(service, dir, 'cpu.yaml', ALERT);
    expect(text(service.hover(doc, positionOf(doc, 'HOST_DOWN', 2)))).toMatch(/target host/);
    expect(text(service.hover(doc, positionOf(doc, 'EMAIL', 1)))).toMatch(/Required fields: `emailAddress`/);
    const metric = openDoc(service, dir, 'metric.yaml', `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: MEMORY_RESIDENT
  operator: GREATER_THAN
  threshold: 4
  units: GIGABYTES
notifications:
  - typeName: GROUP
    emailEnabled: true
    smsEnabled: false
`);
    expect(text(service.hover(metric, positionOf(metric, 'GIGABYTES', 1)))).toMatch(/data size unit/);
    expect(text(service.hover(metric, positionOf(metric, 'MEMORY_RESIDENT', 1)))).toMatch(/measures a size/);
    expect(text(service.hover(metric, positionOf(metric, 'units', 1)))).toMatch(/Accepted values: `RAW`, `BITS`/);
  });

  it('says when a field is deprecated or response-only', () => {
    const doc = openDoc(service, dir, 'cpu.yaml', `id: 5f0c1a2b3c4d5e6f7a8b9c0d\ntypeName: HOST\n${ALERT}`);
    expect(text(service.hover(doc, positionOf(doc, 'typeName', 1)))).toMatch(/\*\*Deprecated\*\*: the server ignores it/);
    expect(text(service.hover(doc, positionOf(doc, 'id', 1)))).toMatch(/Response-only/);
  });

  it('follows the integration union by type and never shows a secret', () => {
    const doc = openDoc(service, dir, 'datadog.yaml', 'type: DATADOG\napiKey: 0123456789abcdef0123456789abcdef\nregion: EU\n');
    expect(text(service.hover(doc, positionOf(doc, 'apiKey', 1)))).toMatch(/Datadog API key/);
    const onValue = text(service.hover(doc, positionOf(doc, '0123456789', 3)));
    expect(onValue).toMatch(/secret: omlint never shows its value/i);
    expect(onValue).not.toContain('0123456789abcdef');
    expect(text(service.hover(doc, positionOf(doc, 'DATADOG', 1)))).toMatch(/Required fields: `apiKey`/);
  });

  it('works on JSON, array items and list responses', () => {
    const json = openDoc(service, dir, 'cpu.json', JSON.stringify({ results: [JSON.parse(JSON.stringify({ eventTypeName: 'NO_PRIMARY', enabled: true, notifications: [{ typeName: 'SMS', mobileNumber: '+15555550100' }] }))], totalCount: 1 }, null, 2));
    expect(text(service.hover(json, positionOf(json, 'mobileNumber', 2)))).toMatch(/SMS: mobile number/);
    expect(text(service.hover(json, positionOf(json, 'NO_PRIMARY', 2)))).toMatch(/replica-set event/);
    const window = openDoc(service, dir, 'window.yaml', 'alertTypeNames:\n  - HOST\n  - BACKUP\nstartDate: 2030-01-01T00:00:00Z\nendDate: 2030-01-02T00:00:00Z\n');
    expect(text(service.hover(window, positionOf(window, 'BACKUP', 1)))).toMatch(/silences backup alerts/);
    const flow = openDoc(service, dir, 'flow.yaml', 'alertTypeNames: [HOST, REPLICA_SET]\nstartDate: 2030-01-01T00:00:00Z\nendDate: 2030-01-02T00:00:00Z\n');
    expect(text(service.hover(flow, positionOf(flow, 'REPLICA_SET', 1)))).toMatch(/silences replica set alerts/);
  });

  it('names array items (`member rs0_1`) in block, flow and JSON arrays, and reads keys inside a flow mapping', () => {
    const yaml = openDoc(service, dir, 'flow.automation-config.yaml', `processes:
  - { name: rs0_1, hostname: a.example.com, processType: mongod, args2_6: { net: { port: 27017 }, replication: { replSetName: rs0 } } }
replicaSets:
  - _id: rs0
    members: [{ _id: 0, host: rs0_1, priority: 1, votes: 1 }, { _id: 1, "host": 'rs0_2', votes: 0 }]
`);
    expect(text(service.hover(yaml, positionOf(yaml, '- {')))).toBe('**process rs0_1** — item 0 of `processes`');
    expect(text(service.hover(yaml, positionOf(yaml, '{ name')))).toMatch(/^\*\*process rs0_1\*\* — `object`/);
    expect(text(service.hover(yaml, positionOf(yaml, '{ _id: 0')))).toBe('**member rs0_1** — item 0 of `members`');
    expect(text(service.hover(yaml, positionOf(yaml, '{ _id: 1')))).toBe('**member rs0_2** — item 1 of `members`');
    // The key under the cursor, not the item the comma count made of it.
    expect(text(service.hover(yaml, positionOf(yaml, 'hostname', 2)))).toMatch(/^\*\*hostname\*\* — `string`/);
    expect(text(service.hover(yaml, positionOf(yaml, 'port', 1)))).toMatch(/^\*\*port\*\* — `integer`/);
    expect(text(service.hover(yaml, positionOf(yaml, 'replSetName', 1)))).toMatch(/^\*\*replSetName\*\*/);
    expect(text(service.hover(yaml, positionOf(yaml, 'priority', 1)))).toMatch(/^\*\*priority\*\* — `number`/);
    expect(text(service.hover(yaml, positionOf(yaml, 'votes', 1, 1)))).toMatch(/^\*\*votes\*\* — `number`/);
    expect(text(service.hover(yaml, positionOf(yaml, '"host"', 2)))).toMatch(/^\*\*host\*\* — `string`/);
    expect(text(service.hover(yaml, positionOf(yaml, 'mongod', 2)))).toMatch(/^\*\*processType\*\*/);
    const json = openDoc(service, dir, 'arrays.automation-config.json', JSON.stringify({ processes: [{ name: 'rs0_1', hostname: 'a.example.com', processType: 'mongod' }], replicaSets: [{ _id: 'rs0', members: [{ _id: 0, host: 'rs0_1' }] }] }, null, 2));
    expect(text(service.hover(json, positionOf(json, '{', 0, 1)))).toBe('**process rs0_1** — item 0 of `processes`');
    expect(text(service.hover(json, positionOf(json, '{', 0, 2)))).toBe('**replica set rs0** — item 0 of `replicaSets`');
    expect(text(service.hover(json, positionOf(json, '{', 0, 3)))).toBe('**member rs0_1** — item 0 of `members`');
    expect(service.hover(json, positionOf(json, '{', 0, 3))?.range).toEqual({ start: positionOf(json, '{', 0, 3), end: positionOf(json, '{', 1, 3) });
  });

  it('reads keys and names items inside a flow mapping written over several lines', () => {
    const yaml = openDoc(service, dir, 'spread.automation-config.yaml', `processes:
  - { name: rs0_1, hostname: a.example.com, processType: mongod,
      args2_6: { net: { port: 27017 },
                 replication: { replSetName: rs0 } } }
replicaSets:
  - _id: rs0
    members: [
      { _id: 0, host: rs0_1,
        priority: 1, votes: 1 }
    ]
`);
    expect(text(service.hover(yaml, positionOf(yaml, 'port', 1)))).toMatch(/^\*\*port\*\* — `integer`/);
    expect(text(service.hover(yaml, positionOf(yaml, 'replSetName', 1)))).toMatch(/^\*\*replSetName\*\*/);
    expect(text(service.hover(yaml, positionOf(yaml, 'priority', 1)))).toMatch(/^\*\*priority\*\* — `number`/);
    expect(text(service.hover(yaml, positionOf(yaml, 'votes', 1)))).toMatch(/^\*\*votes\*\* — `number`/);
    expect(text(service.hover(yaml, positionOf(yaml, '{ _id: 0')))).toBe('**member rs0_1** — item 0 of `members`');
  });

  it('links the documentation of each rule reported under the cursor ("read more"), the diagnostic\'s own link', async () => {
    const doc = openDoc(service, dir, 'docs.yaml', ALERT.replace('delayMin: 0', 'delayMin: 0\n    colour: red'));
    const [d] = (await service.diagnostics(doc)).filter((x) => x.code === 'unknown-field');
    expect(d.codeDescription?.href).toMatch(/^file:\/\/.*\/docs\/rules\/unknown-field\.md$/);
    // On the key: the schema says nothing of `colour`, the link is the whole hover.
    const onKey = service.hover(doc, positionOf(doc, 'colour', 2));
    expect(text(onKey)).toBe(`[Read more about unknown-field](${d.codeDescription!.href})`);
    expect(onKey?.range).toEqual(d.range);
    // Beside what the schema says.
    const metric = openDoc(service, dir, 'docs2.yaml', ALERT.replace('intervalMin: 60', 'intervalMin: -5'));
    const [neg] = (await service.diagnostics(metric)).filter((x) => x.range.start.line === 5);
    const both = text(service.hover(metric, positionOf(metric, '-5', 1)));
    expect(both).toMatch(/^\*\*intervalMin\*\*/);
    expect(both).toContain(`---\n\n[Read more about ${neg.code}](${neg.codeDescription!.href})`);
    // Nothing reported there: no link.
    expect(text(service.hover(metric, positionOf(metric, 'eventTypeName', 1)))).not.toContain('Read more');
  });

  it('has nothing to say about documents that are not omlint documents', () => {
    const doc = openDoc(service, dir, 'pod.yaml', 'apiVersion: v1\nkind: Pod\n');
    expect(service.hover(doc, { line: 0, character: 2 })).toBeNull();
  });
});
