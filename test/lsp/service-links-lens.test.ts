// The language service called directly: code lens over replica sets and processes, and the quick
// fixes that use the links (nearest process names, a missing mongoDbVersions entry).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OmlintLanguageService } from '../../src/server/service';
import { applyAction, NOW, openDoc, positionOf, tempDir } from './fixtures';
import { AUTOMATION_YAML } from './automation-fixture';

describe('code lens and link quick fixes', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();

  it('puts a lens over each replica set and each process', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML.replace('host: rs0_1\n        votes: 1', 'host: rs0_1\n        votes: 0'));
    const lenses = service.codeLenses(doc).map((l) => `${l.range.start.line}: ${l.command?.title}`);
    expect(lenses).toEqual([
      '23: 2 members, 1 voting, version 7.0.12',
      '2: referenced: member 0 of rs0',
      '9: referenced: member 1 of rs0',
      '17: referenced: mongos of sh0',
    ]);
  });

  it('offers the nearest process names for a member naming no process', async () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML.replace('host: rs0_1\n', 'host: rs0_9\n'));
    const at = positionOf(doc, 'host: rs0_9', 8);
    const actions = await service.codeActions(doc, { start: at, end: at }, { diagnostics: [] });
    const uses = actions.filter((a) => a.title.startsWith('Use process'));
    expect(uses.map((a) => a.title)).toEqual(['Use process "rs0_0"', 'Use process "rs0_1"']);
    expect(uses[0].diagnostics?.[0].code).toBe('replica-set-members');
    expect(applyAction(doc, uses[1])).toBe(AUTOMATION_YAML);
  });

  it('adds a mongoDbVersions entry for a version that has none, in YAML and JSON', async () => {
    const yamlDoc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML.replace('version: "7.0.12"', 'version: "7.0.14"'));
    const at = positionOf(yamlDoc, '7.0.14', 1);
    const actions = await service.codeActions(yamlDoc, { start: at, end: at }, { diagnostics: [] });
    const add = actions.find((a) => a.title.startsWith('Add a mongoDbVersions entry'));
    expect(add?.title).toBe('Add a mongoDbVersions entry for "7.0.14" (its builds to fill in)');
    const fixed = parse(applyAction(yamlDoc, add!));
    expect(fixed.mongoDbVersions).toEqual([{ name: '7.0.12', builds: [] }, { name: '7.0.14', builds: [] }]);

    const config = parse(AUTOMATION_YAML);
    config.processes[1].version = '7.0.14';
    const jsonDoc = openDoc(service, dir, 'automation.json', JSON.stringify(config, null, 2));
    const jat = positionOf(jsonDoc, '"7.0.14"', 2);
    const jadd = (await service.codeActions(jsonDoc, { start: jat, end: jat }, { diagnostics: [] })).find((a) => a.title.startsWith('Add a mongoDbVersions entry'));
    expect(JSON.parse(applyAction(jsonDoc, jadd!)).mongoDbVersions).toEqual([{ name: '7.0.12', builds: [] }, { name: '7.0.14', builds: [] }]);
    // Only quick fixes asked for: none of these under source.fixAll.
    expect(await service.codeActions(jsonDoc, { start: jat, end: jat }, { diagnostics: [], only: ['source.fixAll'] })).not.toContainEqual(expect.objectContaining({ title: jadd!.title }));
  });
});

describe('hover on array items', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();

  it('names a YAML item by its naming field (member rs0_1, process, replica set, notification)', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    const hover = (needle: string) => (service.hover(doc, positionOf(doc, needle))?.contents as { value: string } | undefined)?.value;
    expect(hover('- _id: 1')).toBe('**member rs0_1** — item 1 of `members`');
    expect(hover('- { _id: 0')).toBe('**member rs0_0** — item 0 of `members`');
    expect(hover('- name: mongos_0')).toBe('**process mongos_0** — item 2 of `processes`');
    expect(hover('- _id: rs0')).toBe('**replica set rs0** — item 0 of `replicaSets`');
    expect(service.hover(doc, positionOf(doc, '- _id: 1'))?.range).toEqual({ start: { line: 26, character: 6 }, end: { line: 26, character: 7 } });
    const alert = openDoc(service, dir, 'cpu.yaml', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    intervalMin: 5\n    delayMin: 0\n');
    expect((service.hover(alert, positionOf(alert, '- typeName'))?.contents as { value: string }).value).toBe('**notification EMAIL** — item 0 of `notifications`');
  });
});

describe('completion of reference names', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();
  const labels = (doc: ReturnType<typeof openDoc>, needle: string, delta: number) => service.completion(doc, positionOf(doc, needle, delta)).items.map((i) => i.label);

  it('a member host offers the processes not yet in a replica set; replSetName, rs, cluster and version their names', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML.replace('  - name: mongos_0', '  - name: rs0_2\n    processType: mongod\n  - name: mongos_0'));
    expect(labels(doc, 'host: rs0_1', 6)).toEqual(['rs0_2', 'mongos_0']);
    expect(labels(doc, "replSetName: 'rs0'", 13)).toEqual(['rs0']);
    expect(labels(doc, 'configServerReplica: rs0', 22)).toEqual(['rs0']);
    expect(labels(doc, 'cluster: sh0', 9)).toEqual(['sh0']);
    expect(labels(doc, 'version: 7.0.12', 9)).toEqual(['7.0.12']);
  });
});
