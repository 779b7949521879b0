// "Disable <rule> for this file" in JSON documents (no comments, so no directive): an override in
// the config that governs the file, written with its layout kept, or a new omlint.config.yaml.
// Each edit is applied and written as the editor would, and the rule is then off for that file only.
import { existsSync, lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CodeAction, TextDocumentEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parse as parseYaml } from 'yaml';
import { filePattern } from '../../src/server/disable-file';
import { OmlintLanguageService } from '../../src/server/service';
import { NOW, openDoc, tempDir } from './fixtures';

// invalid-value on `units` (PERCENTT), nothing else.
const JSON_ALERT = `${JSON.stringify(
  { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, metricThreshold: { metricName: 'ASSERT_REGULAR', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5, units: 'PERCENTT' }, notifications: [{ typeName: 'GROUP', emailEnabled: true, smsEnabled: false, delayMin: 0, intervalMin: 60 }] },
  null,
  2,
)}\n`;

const whole = (doc: TextDocument) => ({ start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) });

async function disableAction(service: OmlintLanguageService, doc: TextDocument, ruleId = 'invalid-value'): Promise<CodeAction | undefined> {
  const actions = await service.codeActions(doc, whole(doc), { diagnostics: [] });
  return actions.find((a) => a.title.startsWith(`Disable ${ruleId} for this file`));
}

/** Applies a workspace edit to the files on disk (creating a file where asked), as an editor would. */
function applyToDisk(edit: CodeAction['edit']): string[] {
  const written: string[] = [];
  const apply = (uri: string, edits: TextDocumentEdit['edits']) => {
    const file = fileURLToPath(uri);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
    writeFileSync(file, TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 0, before), edits));
    written.push(file);
  };
  for (const [uri, edits] of Object.entries(edit?.changes ?? {})) apply(uri, edits);
  for (const change of edit?.documentChanges ?? []) {
    if ('kind' in change) {
      if (change.kind !== 'create') throw new Error(`unexpected ${change.kind}`);
      const file = fileURLToPath(change.uri);
      if (!existsSync(file)) writeFileSync(file, '');
    } else apply(change.textDocument.uri, change.edits);
  }
  return written;
}

const codes = async (service: OmlintLanguageService, doc: TextDocument) => (await service.diagnostics(doc)).map((d) => d.code);

describe('"Disable <rule> for this file" in JSON', () => {
  it('appends an override to the governing omlint.config.yaml, keeping its layout and comments', async () => {
    const config = `# team settings
rules:
  unknown-field: warning   # kept as it is

overrides:
  - files: ["legacy/**"]
    rules:
      metric-name: off
`;
    const dir = tempDir({ 'omlint.config.yaml': config, 'other.json': JSON_ALERT });
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, dir, 'disk.json', JSON_ALERT);
    expect(await codes(service, doc)).toContain('invalid-value');
    const action = await disableAction(service, doc);
    expect(action?.title).toBe('Disable invalid-value for this file (in omlint.config.yaml)');
    expect(action?.kind).toBe('quickfix');
    expect(Object.keys(action?.edit?.changes ?? {})).toEqual([doc.uri.replace('disk.json', 'omlint.config.yaml')]);
    applyToDisk(action!.edit);
    expect(readFileSync(path.join(dir, 'omlint.config.yaml'), 'utf8')).toBe(`${config}  - files: [./disk.json]\n    rules:\n      invalid-value: off\n`);
    service.configChanged();
    expect(await codes(service, doc)).not.toContain('invalid-value');
    // Only this file: its neighbour with the same problem still has it.
    const other = openDoc(service, dir, 'other.json', JSON_ALERT);
    expect(await codes(service, other)).toContain('invalid-value');
  });

  it('adds the rule to the override that already names the file', async () => {
    const dir = tempDir({ 'omlint.config.yaml': 'overrides:\n  - files: [./disk.json]\n    rules:\n      metric-name: warning\n' });
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, dir, 'disk.json', JSON_ALERT);
    applyToDisk((await disableAction(service, doc))!.edit);
    const written = readFileSync(path.join(dir, 'omlint.config.yaml'), 'utf8');
    expect(parseYaml(written)).toEqual({ overrides: [{ files: ['./disk.json'], rules: { 'metric-name': 'warning', 'invalid-value': 'off' } }] });
    service.configChanged();
    expect(await codes(service, doc)).not.toContain('invalid-value');
  });

  it('writes into a flow-style overrides list and into a config of a parent directory (path relative to it)', async () => {
    const dir = tempDir({ 'omlint.config.yaml': 'targetVersion: "7.0"\noverrides: []\n', 'alerts/keep.txt': '' });
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, dir, 'alerts/disk [old].json', JSON_ALERT);
    applyToDisk((await disableAction(service, doc))!.edit);
    const written = readFileSync(path.join(dir, 'omlint.config.yaml'), 'utf8');
    expect(written).toBe('targetVersion: "7.0"\noverrides: [{ files: ["alerts/disk \\\\[old\\\\].json"], rules: { invalid-value: off } }]\n');
    service.configChanged();
    expect(await codes(service, doc)).not.toContain('invalid-value');
  });

  it('edits an omlint.config.json with jsonc-parser, in the file\'s indentation', async () => {
    const config = '{\n    "rules": {\n        "unknown-field": "warning"\n    }\n}\n';
    const dir = tempDir({ 'omlint.config.json': config });
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, dir, 'disk.json', JSON_ALERT);
    const action = await disableAction(service, doc);
    expect(action?.title).toBe('Disable invalid-value for this file (in omlint.config.json)');
    applyToDisk(action!.edit);
    const written = readFileSync(path.join(dir, 'omlint.config.json'), 'utf8');
    expect(JSON.parse(written)).toEqual({ rules: { 'unknown-field': 'warning' }, overrides: [{ files: ['./disk.json'], rules: { 'invalid-value': 'off' } }] });
    expect(written).toMatch(/^\{\n {4}"rules": \{\n {8}"unknown-field": "warning"\n {4}\},\n {4}"overrides": \[/);
    service.configChanged();
    expect(await codes(service, doc)).not.toContain('invalid-value');
  });

  it('edits the config\'s open buffer at its version, not the file on disk', async () => {
    const dir = tempDir({ 'omlint.config.yaml': 'rules: {}\n' });
    const service = new OmlintLanguageService({ now: NOW });
    const configDoc = openDoc(service, dir, 'omlint.config.yaml', 'rules: {}\n# being edited\n', 7);
    const doc = openDoc(service, dir, 'disk.json', JSON_ALERT);
    const edit = (await disableAction(service, doc))!.edit!;
    expect(edit.changes).toBeUndefined();
    const [change] = edit.documentChanges as TextDocumentEdit[];
    expect(change.textDocument).toEqual({ uri: configDoc.uri, version: 7 });
    expect(TextDocument.applyEdits(configDoc, change.edits)).toBe('rules: {}\n# being edited\noverrides:\n  - files: [./disk.json]\n    rules:\n      invalid-value: off\n');
  });

  it('creates omlint.config.yaml beside the file when no config governs it (if the client can create files)', async () => {
    const dir = tempDir();
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, dir, 'disk.json', JSON_ALERT);
    const action = await disableAction(service, doc);
    expect(action?.title).toBe('Disable invalid-value for this file (in a new omlint.config.yaml)');
    const changes = action!.edit!.documentChanges!;
    expect(changes[0]).toMatchObject({ kind: 'create', uri: doc.uri.replace('disk.json', 'omlint.config.yaml'), options: { ignoreIfExists: true } });
    applyToDisk(action!.edit);
    expect(readFileSync(path.join(dir, 'omlint.config.yaml'), 'utf8')).toBe('overrides:\n  - files: [./disk.json]\n    rules:\n      invalid-value: off\n');
    service.configChanged();
    expect(await codes(service, doc)).not.toContain('invalid-value');

    const noCreate = new OmlintLanguageService({ now: NOW });
    noCreate.canCreateFiles = false;
    expect(await disableAction(noCreate, openDoc(noCreate, tempDir(), 'disk.json', JSON_ALERT))).toBeUndefined();
  });

  it('the server-written config (clients without file watching): a config made since is found and edited, a link is refused', async () => {
    const dir = tempDir();
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, dir, 'disk.json', JSON_ALERT);
    await service.diagnostics(doc); // the server has looked for a config: none
    const config = path.join(dir, 'omlint.config.yaml');
    writeFileSync(config, 'overrides:\n  - files: [other.json]\n    rules:\n      invalid-value: off\n');
    expect(service.disableForFileCommand(doc.uri, 'invalid-value')).toEqual({ written: config });
    const written = parseYaml(readFileSync(config, 'utf8'));
    expect(written.overrides).toEqual([{ files: ['other.json'], rules: { 'invalid-value': 'off' } }, { files: ['./disk.json'], rules: { 'invalid-value': 'off' } }]);
    expect(await codes(service, doc)).not.toContain('invalid-value');

    const linked = tempDir();
    const target = path.join(tempDir(), 'shared.yaml');
    writeFileSync(target, 'overrides: []\n');
    symlinkSync(target, path.join(linked, 'omlint.config.yaml'));
    const other = new OmlintLanguageService({ now: NOW });
    const doc2 = openDoc(other, linked, 'disk.json', JSON_ALERT);
    expect(() => other.disableForFileCommand(doc2.uri, 'invalid-value')).toThrow(/symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('overrides: []\n');
    expect(lstatSync(path.join(linked, 'omlint.config.yaml')).isSymbolicLink()).toBe(true);
  });

  it('is no config override in YAML documents (their directive comment is the action: service-disable-file-yaml.test.ts) nor offered for syntax errors', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir();
    const yaml = openDoc(service, dir, 'disk.alert-config.yaml', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: GROUP\n    emailEnabled: true\n    smsEnabled: false\n    delayMin: 0\n    intervalMin: 60\ncolour: red\n');
    const actions = await service.codeActions(yaml, whole(yaml), { diagnostics: [] });
    expect(actions.map((a) => a.title)).toContain('Disable unknown-field for this line');
    expect(actions.filter((a) => /for this file/.test(a.title)).map((a) => [a.title, Object.keys(a.edit?.changes ?? {})])).toEqual([['Disable unknown-field for this file', [yaml.uri]]]);
    const broken = openDoc(service, dir, 'broken.alert-config.json', '{"eventTypeName": "HOST_DOWN",');
    expect(await codes(service, broken)).toContain('syntax-error');
    expect(await disableAction(service, broken, 'syntax-error')).toBeUndefined();
  });

  it('offers nothing rather than an edit that would break a config that does not parse', async () => {
    for (const [name, text] of [['omlint.config.yaml', 'rules: [\n'], ['omlint.config.yaml', '{ rules: {} }\n'], ['omlint.config.json', '{"rules": {'], ['omlint.config.yaml', 'overrides: 5\n']]) {
      const dir = tempDir({ [name]: text });
      const service = new OmlintLanguageService({ now: NOW, onConfigError: () => {} });
      const doc = openDoc(service, dir, 'disk.alert-config.json', JSON_ALERT);
      expect(await codes(service, doc), `${name}: ${text}`).toContain('invalid-value');
      expect(await disableAction(service, doc), `${name}: ${text}`).toBeUndefined();
      expect(readFileSync(path.join(dir, name), 'utf8')).toBe(text);
    }
  });

  it('writes file names as patterns that match only that file', () => {
    expect(filePattern('/w', '/w/a.json')).toBe('./a.json');
    expect(filePattern('/w', '/w/sub/a.json')).toBe('sub/a.json');
    expect(filePattern('/w', '/w/a*{1}.json')).toBe('./a\\*\\{1\\}.json');
    expect(filePattern('/w/sub', '/w/a.json')).toBeUndefined();
  });
});
