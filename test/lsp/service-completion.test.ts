// The language service called directly: completion of keys and values, in YAML and JSON, also in
// documents that are being edited and do not parse.
import { describe, expect, it } from 'vitest';
import type { CompletionItem, TextEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../../src/server/service';
import { ALERT, NOW, openDoc, positionOf, tempDir } from './fixtures';

const labels = (items: CompletionItem[]) => items.map((i) => i.label);
const sorted = (items: CompletionItem[]) => [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)).map((i) => i.label);

/** The document's text after accepting a completion item. */
function accept(doc: TextDocument, item: CompletionItem): string {
  return TextDocument.applyEdits(doc, [item.textEdit as TextEdit]);
}

describe('completion', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();

  it('offers the keys not yet present, required ones first', () => {
    const doc = openDoc(service, dir, 'cpu.alert-config.yaml', 'enabled: true\n\nnotifications: []\n');
    const list = service.completion(doc, { line: 1, character: 0 });
    expect(sorted(list.items)[0]).toBe('eventTypeName');
    expect(labels(list.items)).toContain('metricThreshold');
    expect(labels(list.items)).not.toContain('enabled');
    expect(labels(list.items)).not.toContain('notifications');
    const item = list.items.find((i) => i.label === 'eventTypeName')!;
    expect(accept(doc, item)).toBe('enabled: true\neventTypeName: \nnotifications: []\n');
    const nested = list.items.find((i) => i.label === 'metricThreshold')!;
    expect(accept(doc, nested)).toBe('enabled: true\nmetricThreshold:\n  \nnotifications: []\n');
    expect(list.items.find((i) => i.label === 'typeName')?.tags).toEqual([1]);
  });

  it('completes enum values at a value position: `  units: `', () => {
    const text = `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: CONNECTIONS\n  units: \n`;
    const doc = openDoc(service, dir, 'cpu.yaml', text);
    const list = service.completion(doc, { line: 4, character: 9 });
    expect(labels(list.items)).toContain('RAW');
    expect(labels(list.items)).toContain('MEGABYTES');
    expect(accept(doc, list.items.find((i) => i.label === 'RAW')!)).toBe(text.replace('units: ', 'units: RAW'));
  });

  it('completes model vocabularies for fields the schema keeps as plain strings', () => {
    const doc = openDoc(service, dir, 'cpu.yaml', `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: CONN\nnotifications:\n  - typeName: \n`);
    const metrics = service.completion(doc, positionOf(doc, 'CONN', 4));
    expect(labels(metrics.items)).toContain('CONNECTIONS');
    expect(accept(doc, metrics.items.find((i) => i.label === 'CONNECTIONS')!)).toContain('metricName: CONNECTIONS\n');
    const types = service.completion(doc, positionOf(doc, 'typeName: ', 10));
    expect(labels(types.items)).toContain('PAGER_DUTY');
    expect(labels(types.items)).not.toContain('ADMIN'); // global only
    const events = service.completion(doc, positionOf(doc, 'OUTSIDE', 0));
    expect(labels(events.items)).toContain('HOST_DOWN');

    const global = openDoc(service, dir, 'global.yaml', 'eventTypeName: HOST_DOWN\nforAllGroups: true\nenabled: true\nnotifications:\n  - typeName: \n');
    expect(labels(service.completion(global, positionOf(global, 'typeName: ', 10)).items)).toContain('ADMIN');
  });

  it('works out the position in mid-edit YAML that does not parse', () => {
    const doc = openDoc(service, dir, 'edit.yaml', ALERT);
    const broken = TextDocument.update(doc, [{ text: ALERT.replace('    delayMin: 0\n', '    delayMin: 0\n    ty\n') }], 2);
    service.setDocument(broken);
    const list = service.completion(broken, positionOf(broken, '    ty', 6));
    // typeName is present in this notification; the EMAIL notification's other fields are offered.
    expect(labels(list.items)).not.toContain('typeName');
    expect(labels(list.items)).toContain('notifierId');
    expect(labels(list.items)).not.toContain('emailEnabled'); // GROUP, ORG and USER notifications'
    const fromName = openDoc(service, dir, 'new.alert-config.yaml', 'eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    del\n  - [\n');
    expect(labels(service.completion(fromName, positionOf(fromName, 'del', 3)).items)).toContain('delayMin');
  });

  it('completes sequence items and first keys of items', () => {
    const doc = openDoc(service, dir, 'window.yaml', 'alertTypeNames:\n  - HOST\n  - \nstartDate: 2030-01-01T00:00:00Z\nendDate: 2030-01-02T00:00:00Z\n');
    expect(labels(service.completion(doc, { line: 2, character: 4 }).items)).toEqual(['HOST', 'REPLICA_SET', 'CLUSTER', 'AGENT', 'BACKUP']);
    const flow = openDoc(service, dir, 'flow.yaml', 'alertTypeNames: [HOST, ]\nstartDate: 2030-01-01T00:00:00Z\nendDate: 2030-01-02T00:00:00Z\n');
    expect(labels(service.completion(flow, positionOf(flow, ', ]', 2)).items)).toContain('AGENT');
    const matchers = openDoc(service, dir, 'm.yaml', `${ALERT}matchers:\n  - \n`);
    const keys = service.completion(matchers, { line: 8, character: 4 });
    expect(labels(keys.items).sort()).toEqual(['fieldName', 'operator', 'value']);
  });

  it('offers the fields of the integration type and booleans', () => {
    const doc = openDoc(service, dir, 'slack.yaml', 'type: SLACK\n\n');
    const keys = labels(service.completion(doc, { line: 1, character: 0 }).items);
    expect(keys).toEqual(expect.arrayContaining(['apiToken', 'teamName', 'channelName']));
    expect(keys).not.toContain('apiKey');
    const alert = openDoc(service, dir, 'bool.yaml', 'eventTypeName: HOST_DOWN\nenabled: \nnotifications: []\n');
    expect(labels(service.completion(alert, { line: 1, character: 9 }).items)).toEqual(['true', 'false']);
  });

  it('completes keys and values in JSON', () => {
    const text = '{\n  "eventTypeName": "HOST_DOWN",\n  "",\n  "metricThreshold": { "units": "" }\n}';
    const doc = openDoc(service, dir, 'cpu.alert-config.json', text);
    const keys = service.completion(doc, positionOf(doc, '"",', 1));
    const enabled = keys.items.find((i) => i.label === 'enabled')!;
    expect(labels(keys.items)).not.toContain('eventTypeName');
    expect(accept(doc, enabled)).toBe(text.replace('"",', '"enabled": ,'));
    const values = service.completion(doc, positionOf(doc, '"units": ""', 10));
    expect(accept(doc, values.items.find((i) => i.label === 'SECONDS')!)).toContain('"units": "SECONDS"');
  });

  it('puts a space after a colon just typed, and lists no keys on every space typed', () => {
    const doc = openDoc(service, dir, 'colon.yaml', 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  units:\n');
    const list = service.completion(doc, { line: 3, character: 8 }, ':');
    expect(accept(doc, list.items.find((i) => i.label === 'RAW')!)).toContain('\n  units: RAW\n');
    const indent = openDoc(service, dir, 'indent.yaml', `${ALERT.replace('typeName: EMAIL', 'typeName: GROUP').replace(/ {4}emailAddress.*\n/, '')}    \n`);
    expect(service.completion(indent, { line: 6, character: 4 }, ' ').items).toEqual([]);
    expect(labels(service.completion(indent, { line: 6, character: 4 }).items)).toContain('smsEnabled');
  });

  it('offers nothing in documents that are not omlint documents', () => {
    const doc = openDoc(service, dir, 'pod.yaml', 'apiVersion: v1\nkind: Pod\n\n');
    expect(service.completion(doc, { line: 2, character: 0 }).items).toEqual([]);
  });
});
