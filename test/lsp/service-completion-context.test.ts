// The language service called directly: the keys completion offers fit their context: a
// notification's typeName, an alert's event, response-only fields, keys already present.
import { describe, expect, it } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver';
import { OmlintLanguageService } from '../../src/server/service';
import { NOW, openDoc, positionOf, tempDir } from './fixtures';

const labels = (items: CompletionItem[]) => items.map((i) => i.label);
const sorted = (items: CompletionItem[]) => [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)).map((i) => String(i.label));

describe('completion of keys by context', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();
  const notificationKeys = (typeName: string, ext = 'yaml') => {
    const text =
      ext === 'yaml'
        ? `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: ${typeName}\n    \n`
        : `{\n  "eventTypeName": "HOST_DOWN",\n  "notifications": [\n    {\n      "typeName": "${typeName}",\n      ""\n    }\n  ]\n}`;
    if (ext === 'yaml') {
      const doc = openDoc(service, dir, `n-${typeName}.alert-config.yaml`, text);
      return service.completion(doc, positionOf(doc, '    \n', 4)).items;
    }
    // JSON being typed does not parse: the notification's typeName comes from the version before
    // (as the editor asked for completion or hover on it).
    const valid = openDoc(service, dir, `n-${typeName}.alert-config.json`, text.replace(',\n      ""', ''));
    service.completion(valid, positionOf(valid, '"EMAIL"', 1));
    const doc = openDoc(service, dir, `n-${typeName}.alert-config.json`, text, 2);
    return service.completion(doc, positionOf(doc, '""', 1)).items;
  };

  it("an EMAIL notification offers EMAIL's fields first and no other type's", () => {
    for (const ext of ['yaml', 'json']) {
      const items = notificationKeys('EMAIL', ext);
      expect(sorted(items)[0]).toBe('emailAddress');
      expect(items.find((i) => i.label === 'emailAddress')?.detail).toMatch(/^required/);
      expect(labels(items)).toEqual(expect.arrayContaining(['delayMin', 'intervalMin']));
      for (const other of ['emailEnabled', 'smsEnabled', 'mobileNumber', 'serviceKey', 'apiToken', 'channelName', 'webhookUrl', 'roles', 'username']) {
        expect(labels(items)).not.toContain(other);
      }
      expect(labels(items)).not.toContain('typeName'); // present
    }
  });

  it("other types offer their own fields: GROUP's booleans and roles, SLACK's channel, no intervalMin for PAGER_DUTY", () => {
    const group = notificationKeys('GROUP');
    expect(sorted(group).slice(0, 2).sort()).toEqual(['emailEnabled', 'smsEnabled']);
    expect(labels(group)).toEqual(expect.arrayContaining(['roles', 'role']));
    expect(labels(group)).not.toContain('emailAddress');
    const slack = notificationKeys('SLACK');
    expect(sorted(slack).slice(0, 2).sort()).toEqual(['apiToken', 'channelName']);
    expect(labels(slack)).not.toContain('datadogApiKey');
    const pagerDuty = notificationKeys('PAGER_DUTY');
    expect(sorted(pagerDuty)[0]).toBe('serviceKey');
    expect(labels(pagerDuty)).not.toContain('intervalMin');
    expect(labels(pagerDuty)).toContain('delayMin');
    // A type not chosen yet (or unknown): every field stays on offer.
    const unknown = notificationKeys('CARRIER_PIGEON');
    expect(labels(unknown)).toEqual(expect.arrayContaining(['emailAddress', 'emailEnabled', 'serviceKey']));
  });

  it('offers metricThreshold, not threshold, for OUTSIDE_METRIC_THRESHOLD, and the reverse', () => {
    const keysFor = (event: string) => {
      const doc = openDoc(service, dir, `e-${event}.alert-config.yaml`, `eventTypeName: ${event}\n\nnotifications: []\n`);
      return service.completion(doc, { line: 1, character: 0 }).items;
    };
    const metric = keysFor('OUTSIDE_METRIC_THRESHOLD');
    expect(labels(metric)).toContain('metricThreshold');
    expect(labels(metric)).not.toContain('threshold');
    expect(metric.find((i) => i.label === 'metricThreshold')?.sortText?.[0]).toBe('0');
    const members = keysFor('TOO_FEW_HEALTHY_MEMBERS');
    expect(labels(members)).toContain('threshold');
    expect(labels(members)).not.toContain('metricThreshold');
    expect(members.find((i) => i.label === 'threshold')?.sortText?.[0]).toBe('0');
    // HOST_DOWN takes neither; an agent event takes no matchers, a host event does.
    const host = keysFor('HOST_DOWN');
    expect(labels(host)).not.toContain('threshold');
    expect(labels(host)).not.toContain('metricThreshold');
    expect(labels(host)).toContain('matchers');
    expect(labels(keysFor('MONITORING_AGENT_DOWN'))).not.toContain('matchers');
    // Without a known event every key stays (the rules stay silent there too).
    expect(labels(keysFor('NOT_AN_EVENT'))).toEqual(expect.arrayContaining(['threshold', 'metricThreshold', 'matchers']));
  });

  it('offers no response-only field (id, groupId, created, updated, links; a TEAM notification’s teamName) in a write body', () => {
    const alert = openDoc(service, dir, 'ro.alert-config.yaml', 'eventTypeName: HOST_DOWN\n\n');
    const keys = labels(service.completion(alert, { line: 1, character: 0 }).items);
    expect(keys).toEqual(expect.arrayContaining(['enabled', 'notifications']));
    for (const readOnly of ['id', 'groupId', 'created', 'updated', 'links']) expect(keys).not.toContain(readOnly);
    const window = openDoc(service, dir, 'ro.maintenance-window.yaml', 'alertTypeNames: [HOST]\n\n');
    const windowKeys = labels(service.completion(window, { line: 1, character: 0 }).items);
    expect(windowKeys).toEqual(expect.arrayContaining(['startDate', 'endDate', 'description']));
    for (const readOnly of ['id', 'groupId', 'links']) expect(windowKeys).not.toContain(readOnly);
    const team = notificationKeys('TEAM');
    expect(labels(team)).toContain('teamId');
    expect(labels(team)).not.toContain('teamName');
  });

  it('offers the keys of a new YAML list item, not those of the item above it', () => {
    const doc = openDoc(service, dir, 'items.alert-config.yaml', 'eventTypeName: HOST_DOWN\nmatchers:\n  - fieldName: HOSTNAME\n    operator: EQUALS\n  - \n');
    expect(labels(service.completion(doc, positionOf(doc, '  - \n', 4)).items).sort()).toEqual(['fieldName', 'operator', 'value']);
  });

  it('puts the rules’ needed keys (enabled, notifications) with the schema’s required ones', () => {
    const doc = openDoc(service, dir, 'needed.alert-config.yaml', 'eventTypeName: HOST_DOWN\n\n');
    const items = service.completion(doc, { line: 1, character: 0 }).items;
    expect(sorted(items).slice(0, 2).sort()).toEqual(['enabled', 'notifications']);
  });
});
