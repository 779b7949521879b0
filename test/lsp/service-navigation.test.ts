// The language service called directly: go to definition, find references and rename for the
// names that link an automation configuration (and a WEBHOOK notification to its integration).
import { describe, expect, it } from 'vitest';
import type { Location, WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../../src/server/service';
import { InvalidRenameError } from '../../src/server/navigation';
import { NOW, openDoc, positionOf, tempDir } from './fixtures';
import { AUTOMATION_YAML } from './automation-fixture';


const where = (doc: TextDocument, locs: Location[]) => locs.map((l) => `${l.range.start.line}:${l.range.start.character}-${l.range.end.character} ${doc.getText(l.range)}`);
const applied = (doc: TextDocument, edit: WorkspaceEdit | null) => TextDocument.applyEdits(doc, edit?.changes?.[doc.uri] ?? []);

describe('navigation: definition, references, rename', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();

  it('goes from a member host to its process, from replSetName / shard rs / configServerReplica to the replica set', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    expect(where(doc, service.definition(doc, positionOf(doc, 'host: rs0_1', 8)))).toEqual(['9:10-15 rs0_1']);
    expect(where(doc, service.definition(doc, positionOf(doc, "'rs0'", 2)))).toEqual(['23:9-12 rs0']);
    expect(where(doc, service.definition(doc, positionOf(doc, 'rs: rs0', 5)))).toEqual(['23:9-12 rs0']);
    expect(where(doc, service.definition(doc, positionOf(doc, 'configServerReplica: rs0', 22)))).toEqual(['23:9-12 rs0']);
    expect(where(doc, service.definition(doc, positionOf(doc, 'cluster: sh0', 10)))).toEqual(['31:10-13 sh0']);
    // A version, quoted or plain, to its mongoDbVersions entry.
    expect(where(doc, service.definition(doc, positionOf(doc, '"7.0.12"', 3)))).toEqual(['36:10-16 7.0.12']);
    // A definition is its own definition; a key or a non-name value is nothing.
    expect(where(doc, service.definition(doc, positionOf(doc, 'name: rs0_1', 7)))).toEqual(['9:10-15 rs0_1']);
    expect(service.definition(doc, positionOf(doc, 'hostname: db1', 3))).toEqual([]);
    expect(service.definition(doc, positionOf(doc, 'db1.example', 2))).toEqual([]);
  });

  it('finds every reference, with or without the declaration', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    const rs0 = positionOf(doc, '_id: rs0', 6);
    expect(where(doc, service.references(doc, rs0, false))).toEqual([
      '8:34-37 rs0',
      '16:22-25 rs0',
      '32:25-28 rs0',
      '34:27-30 rs0',
    ]);
    expect(service.references(doc, rs0, true)).toHaveLength(5);
    expect(where(doc, service.references(doc, positionOf(doc, 'name: 7.0.12', 7), false))).toEqual(['4:13-19 7.0.12', '11:14-20 7.0.12', '19:13-19 7.0.12']);
  });

  it('renames a process everywhere, keeping each spelling valid YAML', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    expect(service.prepareRename(doc, positionOf(doc, 'host: rs0_1', 8))).toEqual({ start: { line: 27, character: 14 }, end: { line: 27, character: 19 } });
    const out = applied(doc, service.rename(doc, positionOf(doc, 'host: rs0_1', 8), 'node-1'));
    expect(out).toContain('  - name: node-1\n');
    expect(out).toContain('        host: node-1\n');
    expect(out).not.toContain('rs0_1');
    // A replica set name used quoted and plain; a new name that is not plain YAML gets quotes.
    const rs = applied(doc, service.rename(doc, positionOf(doc, '_id: rs0', 6), 'a: b'));
    expect(rs).toContain(`replSetName: 'a: b'`);
    expect(rs).toContain('replication: { replSetName: "a: b" }');
    expect(rs).toContain('- _id: "a: b"');
    expect(rs).toContain('rs: "a: b"');
    // A version renamed to something YAML reads as a number stays a string.
    expect(applied(doc, service.rename(doc, positionOf(doc, 'name: 7.0.12', 7), '8.0'))).toContain('  - name: "8.0"\n');
  });

  it('refuses a new name that cannot stand there, saying why, and edits nothing', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    const host = positionOf(doc, 'host: rs0_1', 8);
    const refused = (name: string) => {
      try {
        service.rename(doc, host, name);
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidRenameError);
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(refused('node\u00001')).toBe('A process name cannot hold U+0000 (NUL); it is at position 5 of the new name.');
    for (const name of ['node\n1', 'node\r1', 'a\tb', 'x\u007f', 'x\u0085', 'x\u2028']) expect(refused(name)).toMatch(/^A process name cannot hold U\+[0-9A-F]{4} \(a control character or line break\)/);
    expect(refused('x\ud800')).toMatch(/U\+D800 \(a lone surrogate\)/);
    expect(refused('')).toBe('A process name cannot be empty.');
    expect(refused('   ')).toBe('A process name cannot be empty.');
    expect(refused(' node-1')).toMatch(/cannot start or end with blanks/);
    expect(refused('rs0_0')).toBe('There is already a process named "rs0_0": renaming would make the two one.');
    expect(() => service.rename(doc, positionOf(doc, '_id: rs0', 6), 'rs\u0000')).toThrow(/^A replica set name cannot hold U\+0000/);
    // Usable names still go through: a surrogate pair, its own name again, punctuation.
    for (const name of ['n😀', 'rs0_1', 'a: b']) expect(refused(name)).toBe('accepted');
  });

  it('refuses to rename what is not a name', () => {
    const doc = openDoc(service, dir, 'automation.yaml', AUTOMATION_YAML);
    expect(service.prepareRename(doc, positionOf(doc, 'processType: mongod', 14))).toBeNull();
    expect(service.prepareRename(doc, positionOf(doc, 'replicaSets', 3))).toBeNull();
    expect(service.rename(doc, positionOf(doc, 'db0.example', 1), 'x')).toBeNull();
  });

  it('is exact in JSON with UTF-16 columns, a BOM and CRLF', () => {
    const json = '\uFEFF{\r\n  "processes": [{"hostname": "h😀", "name": "p\\u00e9", "processType": "mongod", "version": "7.0.12", "args2_6": {"replication": {"replSetName": "rs0"}}}],\r\n' +
      '  "replicaSets": [{"_id": "rs0", "members": [{"_id": 0, "host": "p\\u00e9"}]}],\r\n  "mongoDbVersions": [{"name": "7.0.12"}]\r\n}\r\n';
    const doc = openDoc(service, dir, 'automation.json', json);
    const host = positionOf(doc, '"p\\u00e9"}]', 2);
    const def = service.definition(doc, host);
    // "h😀" counts 2 UTF-16 units for the emoji: the name's string opens at column 44, the name is inside.
    expect(def.map((l) => l.range)).toEqual([{ start: { line: 1, character: 45 }, end: { line: 1, character: 52 } }]);
    expect(doc.getText(def[0].range)).toBe('p\\u00e9');
    const out = applied(doc, service.rename(doc, host, 'q"1'));
    expect(out).toContain('"name": "q\\"1"');
    expect(out).toContain('"host": "q\\"1"');
    expect(JSON.parse(out.slice(1)).replicaSets[0].members[0].host).toBe('q"1');
  });

  it('goes from a WEBHOOK notification without URL to the WEBHOOK integration of the project (another file)', () => {
    const project = tempDir({ 'webhook.yaml': 'type: WEBHOOK\nurl: https://hooks.example.com/om\n' });
    const alert = openDoc(service, project, 'alert.yaml', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: WEBHOOK\n    intervalMin: 5\n    delayMin: 0\n');
    const defs = service.definition(alert, positionOf(alert, 'WEBHOOK', 2));
    expect(defs.map((l) => [l.uri.endsWith('/webhook.yaml'), l.range])).toEqual([[true, { start: { line: 0, character: 6 }, end: { line: 0, character: 13 } }]]);
    const integration = openDoc(service, project, 'webhook.yaml', 'type: WEBHOOK\nurl: https://hooks.example.com/om\n');
    const refs = service.references(integration, positionOf(integration, 'WEBHOOK', 1), false);
    expect(refs.map((l) => [l.uri.endsWith('/alert.yaml'), l.range.start])).toEqual([[true, { line: 3, character: 14 }]]);
    expect(service.prepareRename(alert, positionOf(alert, 'WEBHOOK', 2))).toBeNull();
  });
});
