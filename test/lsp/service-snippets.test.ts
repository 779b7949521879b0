// The language service called directly: snippets that insert a kind's required fields with tab
// stops, in YAML and JSON at the cursor's indentation, only for clients that take snippets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type TextEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../../src/server/service';
import { ROOT } from './client';
import { AUTOMATION_YAML } from './automation-fixture';
import { NOW, openDoc, positionOf, tempDir } from './fixtures';
import { expandSnippet } from './snippet-text';

const snippets = (items: CompletionItem[]) => items.filter((i) => i.kind === CompletionItemKind.Snippet);
const accept = (doc: TextDocument, item: CompletionItem) => {
  const edit = item.textEdit as TextEdit;
  return TextDocument.applyEdits(doc, [{ range: edit.range, newText: expandSnippet(edit.newText) }]);
};
const tabStops = (item: CompletionItem) => [...(item.textEdit as TextEdit).newText.matchAll(/(?<!\\)\$\{(\d+)/g)].map((m) => Number(m[1]));
const schemaOf = (kind: string) => JSON.parse(readFileSync(path.join(ROOT, 'schemas', `${kind}.schema.json`), 'utf8'));

describe('snippets', () => {
  const service = new OmlintLanguageService({ now: NOW });
  service.setSnippetSupport(true);
  const dir = tempDir();

  it('are offered only to clients that take snippets', () => {
    const plain = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(plain, dir, 'plain.alert-config.yaml', 'eventTypeName: HOST_DOWN\nnotifications:\n  - \n');
    const items = plain.completion(doc, positionOf(doc, '  - ', 4)).items;
    expect(items.length).toBeGreaterThan(0);
    expect(snippets(items)).toEqual([]);
    expect(items.every((i) => i.insertTextFormat === InsertTextFormat.PlainText)).toBe(true);
    expect(snippets(service.completion(doc, positionOf(doc, '  - ', 4)).items).length).toBeGreaterThan(0);
  });

  it('a new alert configuration: eventTypeName, enabled, a notification with typeName, delayMin and intervalMin, matchers (YAML and JSON)', () => {
    for (const name of ['new.alert-config.yaml', 'new.alert-config.json']) {
      const doc = openDoc(service, dir, name, '');
      const item = snippets(service.completion(doc, { line: 0, character: 0 }).items).find((i) => i.label === 'new alert-config')!;
      expect(item.insertTextFormat).toBe(InsertTextFormat.Snippet);
      expect(tabStops(item)).toEqual([1, 2, 3, 4, 5]);
      const text = accept(doc, item);
      const value = name.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
      expect(Object.keys(value)).toEqual(['eventTypeName', 'enabled', 'notifications', 'matchers']);
      expect(value.enabled).toBe(true);
      expect(value.matchers).toEqual([]);
      expect(Object.keys(value.notifications[0])).toEqual(['typeName', 'delayMin', 'intervalMin']);
      expect(value.notifications[0].intervalMin).toBe(5); // the model's minimum (notification-interval)
      // The typeName is a choice among the notification types of a project configuration.
      expect((item.textEdit as TextEdit).newText).toMatch(/typeName"?: "?\$\{3\|DATADOG,EMAIL,GROUP,/);
    }
  });

  it('a notification of each typeName with its required fields; PAGER_DUTY without intervalMin', () => {
    const doc = openDoc(service, dir, 'n.alert-config.yaml', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - \nmatchers: []\n');
    const items = snippets(service.completion(doc, positionOf(doc, '  - ', 4)).items);
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['EMAIL notification', 'SLACK notification', 'PAGER_DUTY notification']));
    expect(items.map((i) => i.label)).not.toContain('ADMIN notification'); // global configurations only
    const email = items.find((i) => i.label === 'EMAIL notification')!;
    expect(accept(doc, email)).toBe('eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: \n    delayMin: 0\n    intervalMin: 5\nmatchers: []\n');
    const slack = parseYaml(accept(doc, items.find((i) => i.label === 'SLACK notification')!));
    expect(Object.keys(slack.notifications[0])).toEqual(['typeName', 'apiToken', 'channelName', 'delayMin', 'intervalMin']);
    const pagerDuty = parseYaml(accept(doc, items.find((i) => i.label === 'PAGER_DUTY notification')!));
    expect(Object.keys(pagerDuty.notifications[0])).toEqual(['typeName', 'serviceKey', 'delayMin']);
    const group = parseYaml(accept(doc, items.find((i) => i.label === 'GROUP notification')!));
    expect(group.notifications[0]).toEqual({ typeName: 'GROUP', emailEnabled: true, smsEnabled: true, delayMin: 0, intervalMin: 5 });
  });

  it('a notification in a JSON array, at its indentation, with a comma before the next item', () => {
    const text = '{\n  "eventTypeName": "HOST_DOWN",\n  "notifications": [\n    \n    { "typeName": "GROUP", "emailEnabled": true, "smsEnabled": false }\n  ]\n}';
    const doc = openDoc(service, dir, 'n.alert-config.json', text);
    const email = snippets(service.completion(doc, positionOf(doc, '    \n', 4)).items).find((i) => i.label === 'EMAIL notification')!;
    const result = accept(doc, email);
    expect(result).toContain('[\n    {\n      "typeName": "EMAIL",\n      "emailAddress": "",\n      "delayMin": 0,\n      "intervalMin": 5\n    },\n    { "typeName": "GROUP"');
    expect(JSON.parse(result).notifications).toHaveLength(2);
  });

  it('the fields an alert configuration still misses, after its eventTypeName: a metric event gets metricThreshold', () => {
    const doc = openDoc(service, dir, 'm.alert-config.yaml', 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\n\n');
    const item = snippets(service.completion(doc, { line: 1, character: 0 }).items)[0];
    expect(item.label).toBe('required fields of alert-config');
    const value = parseYaml(accept(doc, item));
    expect(Object.keys(value)).toEqual(['eventTypeName', 'enabled', 'metricThreshold', 'notifications', 'matchers']);
    // MetricThreshold's required fields, from the schema.
    expect(Object.keys(value.metricThreshold)).toEqual(schemaOf('alert-config').definitions.MetricThreshold.required);
    expect(value.metricThreshold.operator).toBe('GREATER_THAN');
    const members = openDoc(service, dir, 't.alert-config.yaml', 'eventTypeName: TOO_FEW_HEALTHY_MEMBERS\n\n');
    const threshold = parseYaml(accept(members, snippets(service.completion(members, { line: 1, character: 0 }).items)[0]));
    expect(Object.keys(threshold)).toContain('threshold');
    expect(Object.keys(threshold)).not.toContain('metricThreshold');
  });

  it('an object value still to write: after `metricThreshold:` in YAML (next lines, one step in) and JSON (braces)', () => {
    const yaml = openDoc(service, dir, 'v.alert-config.yaml', 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nmetricThreshold:\nnotifications: []\n');
    const item = snippets(service.completion(yaml, positionOf(yaml, 'metricThreshold:', 16), ':').items)[0];
    expect(item.label).toBe('new metric threshold');
    expect(accept(yaml, item)).toBe('eventTypeName: OUTSIDE_METRIC_THRESHOLD\nmetricThreshold:\n  metricName: \n  operator: GREATER_THAN\n  threshold: 0\nnotifications: []\n');
    const json = openDoc(service, dir, 'v.alert-config.json', '{\n  "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",\n  "metricThreshold": ,\n  "notifications": []\n}');
    const braces = snippets(service.completion(json, positionOf(json, '"metricThreshold": ', 19)).items)[0];
    // A block already begun: only its missing fields, above the ones there.
    const begun = openDoc(service, dir, 'v2.alert-config.yaml', 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nmetricThreshold:\n  metricName: CONNECTIONS\nnotifications: []\n');
    const rest = snippets(service.completion(begun, positionOf(begun, 'metricThreshold:', 16)).items)[0];
    expect(rest.label).toBe('required fields of metric threshold');
    expect(parseYaml(accept(begun, rest)).metricThreshold).toEqual({ operator: 'GREATER_THAN', threshold: 0, metricName: 'CONNECTIONS' });
    // Right before a value already there: nothing to insert.
    const there = openDoc(service, dir, 'v3.alert-config.json', '{\n  "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",\n  "metricThreshold": { "metricName": "CONNECTIONS" }\n}');
    expect(snippets(service.completion(there, positionOf(there, '"metricThreshold": ', 19)).items)).toEqual([]);
    const result = accept(json, braces);
    expect(result).toContain('"metricThreshold": {\n    "metricName": "",\n    "operator": "GREATER_THAN",\n    "threshold": 0\n  },\n');
    expect(JSON.parse(result).metricThreshold).toEqual({ metricName: '', operator: 'GREATER_THAN', threshold: 0 });
  });

  it('a maintenance window: its required alertTypeNames, startDate and endDate', () => {
    const doc = openDoc(service, dir, 'w.maintenance-window.yaml', '');
    const item = snippets(service.completion(doc, { line: 0, character: 0 }).items)[0];
    expect(item.label).toBe('new maintenance-window');
    const value = parseYaml(accept(doc, item));
    expect(Object.keys(value)).toEqual(schemaOf('maintenance-window').required);
    expect(value.alertTypeNames).toEqual(['HOST']);
    expect((item.textEdit as TextEdit).newText).toContain('${1|HOST,REPLICA_SET,CLUSTER,AGENT,BACKUP|}');
  });

  it("a process and a replica set member of an automation configuration: the schema's required fields; the member's _id the next free one, its host a process not yet in a set", () => {
    const text = AUTOMATION_YAML.replace('replicaSets:\n', '  - \nreplicaSets:\n').replace('        priority: 1\nsharding', '        priority: 1\n      - \nsharding');
    const doc = openDoc(service, dir, 'automation.yaml', text);
    const process = snippets(service.completion(doc, positionOf(doc, '  - \nreplicaSets', 4)).items)[0];
    expect(process.label).toBe('new process');
    const withProcess = parseYaml(accept(doc, process));
    const added = withProcess.processes[withProcess.processes.length - 1];
    expect(Object.keys(added)).toEqual(schemaOf('automation-config').definitions.Process.required);
    expect(added.processType).toBe('mongod');
    expect(added.args2_6).toEqual({});

    const member = snippets(service.completion(doc, positionOf(doc, '      - \n', 8)).items)[0];
    expect(member.label).toBe('new replica set member');
    expect((member.textEdit as TextEdit).newText).toBe('_id: ${1:2}\n        host: ${2|mongos_0|}');
    const withMember = parseYaml(accept(doc, member));
    expect(withMember.replicaSets[0].members[2]).toEqual({ _id: 2, host: 'mongos_0' });
  });

  it("a new integration: one snippet per type with that type's needed fields (integration-required-field)", () => {
    const doc = openDoc(service, dir, 'i.integration.yaml', '');
    const items = snippets(service.completion(doc, { line: 0, character: 0 }).items);
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['SLACK integration', 'WEBHOOK integration', 'PROMETHEUS integration']));
    expect(items.map((i) => i.label)).not.toContain('FLOWDOCK integration'); // end of life
    expect(parseYaml(accept(doc, items.find((i) => i.label === 'SLACK integration')!))).toEqual({ type: 'SLACK', apiToken: null, teamName: null });
    const prometheus = parseYaml(accept(doc, items.find((i) => i.label === 'PROMETHEUS integration')!));
    expect(prometheus).toMatchObject({ type: 'PROMETHEUS', scheme: 'http', enabled: true });
    // Once the type is there, its needed keys come first.
    const slack = openDoc(service, dir, 's.integration.yaml', 'type: SLACK\n\n');
    const keys = service.completion(slack, { line: 1, character: 0 }).items.filter((i) => i.kind !== 15);
    expect(keys.filter((i) => i.detail?.startsWith('required')).map((i) => i.label).sort()).toEqual(['apiToken', 'teamName']);
  });

  it('the missing fields at a JSON key, with the comma the next key needs', () => {
    const text = '{\n  "eventTypeName": "HOST_DOWN",\n  \n  "notifications": [{ "typeName": "GROUP", "emailEnabled": true, "smsEnabled": false }]\n}';
    const doc = openDoc(service, dir, 'k.alert-config.json', text);
    const item = snippets(service.completion(doc, positionOf(doc, '  \n', 2)).items)[0];
    expect(item.label).toBe('required fields of alert-config');
    const result = accept(doc, item);
    expect(result).toContain('"HOST_DOWN",\n  "enabled": true,\n  "matchers": [],\n  "notifications"');
    expect(Object.keys(JSON.parse(result))).toEqual(['eventTypeName', 'enabled', 'matchers', 'notifications']);
  });

  it("every kind's new-document snippet is valid YAML and JSON holding the schema's required fields", () => {
    const kinds = ['alert-config', 'global-alert-config', 'maintenance-window', 'automation-config'];
    for (const kind of kinds) {
      for (const ext of ['yaml', 'json']) {
        const doc = openDoc(service, dir, `all.${kind}.${ext}`, '');
        const item = snippets(service.completion(doc, { line: 0, character: 0 }).items).find((i) => i.label === `new ${kind}`);
        expect(item, `${kind} ${ext}`).toBeDefined();
        const text = accept(doc, item!);
        const value = ext === 'json' ? JSON.parse(text) : parseYaml(text);
        expect(Object.keys(value)).toEqual(expect.arrayContaining(schemaOf(kind).required));
        // Tab stops numbered in order, once each.
        const stops = tabStops(item!);
        expect(stops).toEqual(stops.map((_, i) => i + 1));
      }
    }
  });

  it('escapes what snippet syntax reads: a process named `a,b|c${1}\\` is inserted as named', () => {
    const name = 'a,b|c${1}\\';
    const text = JSON.stringify({ processes: [{ name, processType: 'mongod' }], replicaSets: [{ _id: 'rs', members: [] }] }, null, 2);
    const doc = openDoc(service, dir, 'odd.automation-config.json', text);
    const member = snippets(service.completion(doc, positionOf(doc, '"members": []', 12)).items)[0];
    expect(tabStops(member)).toEqual([1, 2]);
    expect(JSON.parse(accept(doc, member)).replicaSets[0].members[0]).toEqual({ _id: 0, host: name });
    const yaml = openDoc(service, dir, 'odd.automation-config.yaml', `processes:\n  - name: '${name}'\nreplicaSets:\n  - _id: rs\n    members:\n      - \n`);
    const yamlMember = snippets(service.completion(yaml, positionOf(yaml, '      - ', 8)).items)[0];
    expect(parseYaml(accept(yaml, yamlMember)).replicaSets[0].members[0]).toEqual({ _id: 0, host: name });
  });

  it('keeps CRLF line ends', () => {
    const doc = openDoc(service, dir, 'crlf.alert-config.yaml', 'eventTypeName: HOST_DOWN\r\nnotifications:\r\n  - \r\n');
    const email = snippets(service.completion(doc, positionOf(doc, '  - ', 4)).items).find((i) => i.label === 'EMAIL notification')!;
    expect(accept(doc, email)).toBe('eventTypeName: HOST_DOWN\r\nnotifications:\r\n  - typeName: EMAIL\r\n    emailAddress: \r\n    delayMin: 0\r\n    intervalMin: 5\r\n');
  });
});
