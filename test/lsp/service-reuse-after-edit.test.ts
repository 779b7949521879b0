// After a local edit the service reuses what it computed for the document's last version: the link
// index shifted (not located again) and a big JSON text's cursor containers read from the earlier
// parse. The answers equal a fresh service's on the same text; reuse is counted, never timed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Position } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../../src/server/service';
import { NOW, openDoc, tempDir } from './fixtures';
import { AUTOMATION_YAML } from './automation-fixture';

const AUTOMATION = path.resolve(__dirname, '../../../shared/corpus/automation-config/mck__bug-hunt__artifacts__fixed-ac.json');

/** Every navigation answer at each place of `needles` (the cursor two characters into each). */
function answers(service: OmlintLanguageService, doc: TextDocument, needles: string[]) {
  return needles.map((n) => {
    const at: Position = doc.positionAt(doc.getText().indexOf(n) + n.length - 2);
    return {
      n,
      definition: service.definition(doc, at),
      references: service.references(doc, at, true),
      prepare: service.prepareRename(doc, at),
      rename: service.prepareRename(doc, at) ? service.rename(doc, at, 'renamed') : null,
    };
  });
}

const NEEDLES = ['name: rs0_0', 'name: rs0_1', 'host: rs0_1', "replSetName: 'rs0'", 'replSetName: rs0', '_id: rs0', 'cluster: sh0', 'name: sh0', 'rs: rs0', 'version: "7.0.12"', 'name: 7.0.12'];

function edit(doc: TextDocument, from: string, to: string, version: number): TextDocument {
  const text = doc.getText();
  expect(text.includes(from)).toBe(true);
  return TextDocument.create(doc.uri, doc.languageId, version, text.replace(from, to));
}

describe('the link index after an edit', () => {
  const dir = tempDir();

  /** Each step's edit applied in turn: the index built or shifted as told, the answers a fresh service's. */
  function walk(name: string, text: string, needles: string[], steps: [string, string, 'built' | 'shifted' | 'kept'][]) {
    const service = new OmlintLanguageService({ now: NOW });
    let doc = openDoc(service, dir, name, text);
    answers(service, doc, needles);
    const memo = service.linkMemo(doc.uri)!;
    expect([memo.built, memo.shifted]).toEqual([1, 0]);
    let version = 1;
    for (const [from, to, how] of steps) {
      doc = edit(doc, from, to, ++version);
      service.setDocument(doc);
      const before = { built: memo.built, shifted: memo.shifted };
      const got = answers(service, doc, needles);
      const fresh = new OmlintLanguageService({ now: NOW });
      const freshDoc = openDoc(fresh, dir, name, doc.getText(), doc.version);
      expect(got, `${from} → ${to}`).toEqual(answers(fresh, freshDoc, needles));
      expect({ built: memo.built - before.built, shifted: memo.shifted - before.shifted }, `${from} → ${to}`).toEqual({ built: how === 'built' ? 1 : 0, shifted: how === 'shifted' ? 1 : 0 });
      expect(fresh.linkMemo(freshDoc.uri)!.built).toBe(1);
    }
  }

  it('is shifted after an edit inside a word that touches no name, rebuilt otherwise; the answers are a fresh index’s', () => {
    walk('automation.yaml', AUTOMATION_YAML, NEEDLES, [
      ['version: 3', 'version: 3456', 'shifted'], // longer: every name after it moves by 3
      ['db1.example', 'db1x.example', 'shifted'],
      ['port: 27017 }\n      replication:', 'port: 2701 }\n      replication:', 'shifted'],
      ['name: rs0_1', 'name: rs0_12', 'built'], // a name grew
      ['name: rs0_12', 'name: rs0_1', 'kept'], // back to an earlier text: its parse and index were kept
      ['      - _id: 1\n        host: rs0_1', '      - _id: 1\n        hosts: rs0_1', 'built'], // same names, one reference fewer
      ['hostname: db0', 'hostname:  db0', 'built'], // a blank: not inside a word
      ['hostname: db2', 'hostname: db2a', 'shifted'],
    ]);
  });

  // An edit inside a mapping key can change which of two equal keys a pointer reads (the last
  // wins) while the links stay the same: the name then stands on another line.
  it('is rebuilt after an edit inside a mapping key, YAML or JSON', () => {
    const member = '      - _id: 1\n        host: rs0_1\n';
    expect(AUTOMATION_YAML.includes(member)).toBe(true);
    const args = "      replication:\n        replSetName: 'rs0'\n";
    expect(AUTOMATION_YAML.includes(args)).toBe(true);
    const yaml = AUTOMATION_YAML.replace(member, `${member}        hos: rs0_1\n        votes: 1\n`).replace(args, `${args}    args3_6: { replication: { replSetName: rs0 } }\n`);
    walk('keys.yaml', yaml, NEEDLES, [
      ['hos: rs0_1', 'host: rs0_1', 'built'], // the member's host now the second one
      ['votes: 1\n        votes: 1', 'votes: 1\n        vote: 1', 'built'],
      ['args3_6', 'args2_6', 'built'], // the key goes on after the word
      ['hostname: db1', 'hostname: db1x', 'shifted'],
    ]);
    const twice = AUTOMATION_YAML.replace(member, `${member}        host: rs0_1\n`);
    walk('twice.yaml', twice, NEEDLES, [['host: rs0_1\n        host: rs0_1', 'host: rs0_1\n        hostx: rs0_1', 'built']]);
    const json = JSON.stringify(
      {
        version: 3,
        processes: [
          { name: 'rs0_0', processType: 'mongod', version: '7.0.12', hostname: 'db0.example.com', args2_6: { replication: { replSetName: 'rs0' } } },
          { name: 'rs0_1', processType: 'mongod', version: '7.0.12', hostname: 'db1.example.com', args2_6: { replication: { replSetName: 'rs0' } } },
        ],
        replicaSets: [{ _id: 'rs0', members: [{ _id: 0, host: 'rs0_0' }, { _id: 1, host: 'rs0_1', HOS: 1 }] }],
        mongoDbVersions: [{ name: '7.0.12', builds: [] }],
      },
      null,
      2,
    ).replace('"HOS": 1', '"hos": "rs0_1"');
    const jsonNeedles = ['"name": "rs0_1"', '"host": "rs0_1"', '"_id": "rs0"', '"name": "7.0.12"'];
    walk('keys.json', json, jsonNeedles, [
      ['"hos": "rs0_1"', '"host": "rs0_1"', 'built'],
      ['"host": "rs0_1",\n          "host"', '"host": "rs0_1",\n          "hostx"', 'built'],
      ['"hostname": "db0', '"hostname": "db0x', 'shifted'],
    ]);
  });

  it('is shifted across an edit of a big JSON configuration', () => {
    const service = new OmlintLanguageService({ now: NOW });
    const text = readFileSync(AUTOMATION, 'utf8');
    const host = text.indexOf('"host":');
    expect(host).toBeGreaterThan(0);
    let doc = openDoc(service, dir, 'big.json', text);
    const at = (d: TextDocument) => d.positionAt(d.getText().indexOf('"host":') + 10);
    const first = service.references(doc, at(doc), true);
    const m = /"version": (\d+)/.exec(text)!;
    doc = TextDocument.create(doc.uri, 'json', 2, text.slice(0, m.index + 11) + `${m[1]}99` + text.slice(m.index + 11 + m[1].length));
    service.setDocument(doc);
    const after = service.references(doc, at(doc), true);
    expect(service.linkMemo(doc.uri)).toMatchObject({ built: 1, shifted: 1 });
    const fresh = new OmlintLanguageService({ now: NOW });
    const freshDoc = openDoc(fresh, dir, 'big.json', doc.getText(), 2);
    expect(after).toEqual(fresh.references(freshDoc, at(freshDoc), true));
    expect(after.length).toBe(first.length);
    // The names after the edit moved by its two characters.
    expect(after.filter((l, i) => l.range.start.line === first[i].range.start.line && l.range.start.character !== first[i].range.start.character)).toEqual([]);
  });
});

describe('the cursor of a big JSON text after an edit', () => {
  const dir = tempDir();

  it('starts from the containers of the parse that placed the last cursor while the structure is kept', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const text = readFileSync(AUTOMATION, 'utf8');
    let doc = openDoc(service, dir, 'deployment.json', text);
    await service.diagnostics(doc);
    const valueAt = (d: TextDocument) => d.positionAt(d.getText().indexOf('"version": "', Math.floor(d.getText().length * 0.7)) + 12);
    const labels = (d: TextDocument, s = service) => s.completion(d, valueAt(d)).items.map((i) => i.label);
    const before = labels(doc);
    expect(before.length).toBeGreaterThan(10);
    // The new version's own containers, counted: read only when the earlier parse cannot answer.
    const newParse = async (d: TextDocument) => {
      service.setDocument(d);
      await service.diagnostics(d);
      const parsed = service.workspace.project.cachedParse(path.join(dir, 'deployment.json'), d.getText())!;
      return vi.spyOn(parsed.documents[0], 'containersAt');
    };
    const m = /"version": (\d+)/.exec(text)!;
    doc = TextDocument.create(doc.uri, 'json', 2, text.slice(0, m.index + 11) + `${m[1]}7` + text.slice(m.index + 11 + m[1].length));
    let spy = await newParse(doc);
    const fresh = new OmlintLanguageService({ now: NOW });
    const freshDoc = openDoc(fresh, dir, 'deployment.json', doc.getText(), 2);
    await fresh.diagnostics(freshDoc);
    expect(labels(doc)).toEqual(labels(freshDoc, fresh));
    expect(spy).not.toHaveBeenCalled();
    // The next version, not parsed yet (hover and completion never parse a big text): the same earlier parse answers, not the latest.
    const v2 = doc.getText();
    doc = TextDocument.create(doc.uri, 'json', 3, v2.slice(0, m.index + 11) + `${m[1]}75` + v2.slice(m.index + 11 + m[1].length + 1));
    service.setDocument(doc);
    expect(service.workspace.project.cachedParse(path.join(dir, 'deployment.json'), doc.getText())).toBeUndefined();
    expect(labels(doc)).toEqual(before);
    expect(spy).not.toHaveBeenCalled();
    // A structural edit (a new key): the new parse's containers are read.
    const brace = doc.getText().indexOf('{', 1);
    doc = TextDocument.create(doc.uri, 'json', 4, `${doc.getText().slice(0, brace + 1)}"extra": 1, ${doc.getText().slice(brace + 1)}`);
    spy = await newParse(doc);
    expect(labels(doc)).toEqual(before);
    expect(spy).toHaveBeenCalled();
  });
});
