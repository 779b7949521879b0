// The language service called directly: diagnostics (ranges, codes, severities, BOM, no noise,
// config, workspace scope).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadAllRules } from '../../rules/registry';
import { OmlintLanguageService } from '../../src/server/service';
import duplicateAlertConfig from '../../rules/duplicate-alert-config';
import { ALERT, NOW, openDoc as open, REPEATED_UNKNOWN, tempDir } from './fixtures';

const RULES = await loadAllRules();

describe('diagnostics', () => {
  it('publishes exact 0-based ranges with rule id, docs link, source and severity', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const doc = open(service, tempDir(), 'cpu.yaml', ALERT.replace('enabled: true', 'enabled: true\nenabeld: true'));
    const diags = await service.diagnostics(doc);
    const d = diags.find((x) => x.code === 'unknown-field')!;
    expect(d).toBeDefined();
    expect(d.range).toEqual({ start: { line: 2, character: 0 }, end: { line: 2, character: 7 } });
    expect(d.source).toBe('omlint');
    expect(d.severity).toBe(2);
    // The rule's page shipped with the server (offline), not a web link.
    const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    expect(d.codeDescription?.href).toBe(pathToFileURL(path.join(ROOT, 'docs/rules/unknown-field.md')).href);
    expect(readFileSync(fileURLToPath(d.codeDescription!.href), 'utf8')).toMatch(/^# unknown-field\n/);
  });

  it('maps error and info severities', async () => {
    const dir = tempDir({ 'omlint.config.yaml': 'rules:\n  unknown-field: info\n' });
    const service = new OmlintLanguageService({ now: NOW });
    const doc = open(service, dir, 'cpu.yaml', `${ALERT}foo: 1\nmatchers:\n  - fieldName: HOSTNAME\n    operator: EQUAL\n    value: db1\n`);
    const diags = await service.diagnostics(doc);
    expect(diags.find((x) => x.code === 'unknown-field')?.severity).toBe(3);
    const invalid = diags.find((x) => x.code === 'invalid-value')!;
    expect(invalid.severity).toBe(1);
    expect(invalid.range.start).toEqual({ line: 10, character: 14 });
  });

  it('shifts ranges on the first line of a document that starts with a BOM', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const doc = open(service, tempDir(), 'cpu.yaml', `\uFEFFenabeld: true\n${ALERT}`);
    const d = (await service.diagnostics(doc)).find((x) => x.code === 'unknown-field')!;
    expect(d.range).toEqual({ start: { line: 0, character: 1 }, end: { line: 0, character: 8 } });
  });

  it('counts columns in UTF-16 code units', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const doc = open(service, tempDir(), 'cpu.yaml', `${ALERT}matchers:\n  - {fieldName: HOSTNAME, operator: EQUALS, value: "😀é", bad: 1}\n`);
    const d = (await service.diagnostics(doc)).find((x) => x.code === 'unknown-field')!;
    const line = doc.getText().split('\n')[d.range.start.line];
    expect(line.slice(d.range.start.character, d.range.end.character)).toBe('bad');
  });

  it('is silent on documents of no known kind, even broken ones', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir();
    expect(await service.diagnostics(open(service, dir, 'pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n'))).toEqual([]);
    expect(await service.diagnostics(open(service, dir, 'broken.yaml', 'a: [1, 2\nb: : :\n'))).toEqual([]);
    expect(await service.diagnostics(open(service, dir, 'package.json', '{"name": "x", "version": "1.0.0"}'))).toEqual([]);
    expect(await service.diagnostics(open(service, dir, 'empty.yaml', ''))).toEqual([]);
  });

  it('lints a document of no recognisable content when a modeline or the config declares its kind', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir({ 'omlint.config.yaml': 'overrides:\n  - files: ["alerts/*.yaml"]\n    kind: alert-config\n' });
    const modeline = await service.diagnostics(open(service, dir, 'x.yaml', '# omlint: kind=alert-config\nfoo: 1\n'));
    expect(modeline.map((d) => d.code)).toContain('required-field');
    const configured = await service.diagnostics(open(service, dir, 'alerts/x.yaml', 'foo: 1\n'));
    expect(configured.map((d) => d.code)).toContain('required-field');
  });

  it('keeps reporting syntax errors of an omlint document while it is being edited', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir();
    const doc = open(service, dir, 'cpu.yaml', ALERT);
    expect(await service.diagnostics(doc)).toEqual([]);
    const broken = TextDocument.update(doc, [{ text: `${ALERT}matchers: [\n` }], 2);
    service.setDocument(broken);
    expect((await service.diagnostics(broken)).map((d) => d.code)).toContain('syntax-error');
  });

  it('lints unsaved (untitled:) documents by their content', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const doc = TextDocument.create('untitled:Untitled-1', 'yaml', 1, `${ALERT}foo: 1\n`);
    service.setDocument(doc);
    expect((await service.diagnostics(doc)).map((d) => d.code)).toEqual(['unknown-field']);
  });

  it('reports nothing for files the config ignores', async () => {
    const dir = tempDir({ 'omlint.config.yaml': 'ignore: ["vendor/**"]\n' });
    const service = new OmlintLanguageService({ now: NOW });
    expect(await service.diagnostics(open(service, dir, 'vendor/cpu.yaml', `${ALERT}foo: 1\n`))).toEqual([]);
  });

  it('re-reads the config when it changes on disk or in an open buffer', async () => {
    const dir = tempDir({ 'omlint.config.yaml': 'rules: {}\n' });
    const service = new OmlintLanguageService({ now: NOW });
    const doc = open(service, dir, 'cpu.yaml', `${ALERT}foo: 1\n`);
    expect((await service.diagnostics(doc)).map((d) => d.code)).toContain('unknown-field');
    writeFileSync(path.join(dir, 'omlint.config.yaml'), 'rules:\n  unknown-field: off\n');
    service.configChanged();
    expect((await service.diagnostics(doc)).map((d) => d.code)).not.toContain('unknown-field');
    // An unsaved edit of the config wins over the disk.
    open(service, dir, 'omlint.config.yaml', 'rules:\n  unknown-field: error\n');
    expect((await service.diagnostics(doc)).find((d) => d.code === 'unknown-field')?.severity).toBe(1);
  });

  it('reports a broken config on the config document and lints the others without it', async () => {
    const dir = tempDir({ 'omlint.config.yaml': 'rules:\n  no-such-rule: off\n' });
    const errors: string[] = [];
    const service = new OmlintLanguageService({ now: NOW, onConfigError: (m) => errors.push(m) });
    const doc = open(service, dir, 'cpu.yaml', `${ALERT}foo: 1\n`);
    expect((await service.diagnostics(doc)).map((d) => d.code)).toContain('unknown-field');
    expect(errors.join('\n')).toMatch(/no-such-rule/);
    const config = open(service, dir, 'omlint.config.yaml', 'rules:\n  no-such-rule: off\n');
    const diags = await service.diagnostics(config);
    expect(diags).toHaveLength(1);
    expect(diags[0].range.start).toEqual({ line: 1, character: 2 });
    expect(diags[0].message).toMatch(/unknown rule id "no-such-rule"/);
    // Three problems: three diagnostics, each at its own place.
    const three = open(service, dir, 'omlint.config.yaml', 'rules:\n  no-such-rule: off\ntargetVersion: 7\noverrides:\n  - files: [x]\n    kind: alerts\n');
    expect((await service.diagnostics(three)).map((d) => [d.range.start.line, d.range.start.character, d.message.replace(/^Configuration error: ([^;.]*)[\s\S]*/, '$1')])).toEqual([
      [1, 2, 'unknown rule id "no-such-rule"'],
      [2, 0, 'must be a version string such as "7'],
      [5, 4, 'unknown kind "alerts"'],
    ]);
  });

  it('lets workspace rules see the other documents of the directory, open buffers over disk', async () => {
    const ruleSet = RULES.some((r) => r.meta.id === 'duplicate-alert-config') ? RULES : [...RULES, duplicateAlertConfig];
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': ALERT.replace('HOST_DOWN', 'NO_PRIMARY'), 'other.txt': ALERT });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const doc = open(service, dir, 'c.yaml', ALERT);
    const dup = (await service.diagnostics(doc)).filter((d) => d.code === 'duplicate-alert-config');
    expect(dup).toHaveLength(1);
    expect(dup[0].range.start).toEqual({ line: 0, character: 15 });
    expect(dup[0].relatedInformation?.[0].location).toEqual({
      uri: pathToFileURL(path.join(dir, 'a.yaml')).href,
      range: { start: { line: 0, character: 15 }, end: { line: 0, character: 24 } },
    });
    // An open buffer replaces the file's text on disk: a.yaml edited into another event.
    open(service, dir, 'a.yaml', ALERT.replace('HOST_DOWN', 'HOST_RESTARTED'));
    expect((await service.diagnostics(doc)).filter((d) => d.code === 'duplicate-alert-config')).toEqual([]);
  });
});

describe('repeated findings', () => {
  it('are one diagnostic at the first place, the others as relatedInformation in the same document, and each a squiggle of its own', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const text = REPEATED_UNKNOWN;
    const doc = open(service, tempDir(), 'cpu.yaml', text);
    const all = (await service.diagnostics(doc)).filter((x) => x.code === 'unknown-field');
    // The other places as diagnostics too (issue 38: related information alone shows nothing in the editor).
    const unknown = all.filter((x) => /more places/.test(x.message));
    expect(unknown).toHaveLength(1);
    expect(all.filter((x) => x !== unknown[0]).map((x) => [x.range.start.line, x.severity, x.relatedInformation?.[0].location.range.start.line])).toEqual([
      [8, unknown[0].severity, 5],
      [11, unknown[0].severity, 5],
    ]);
    expect(unknown[0].range).toEqual({ start: { line: 5, character: 4 }, end: { line: 5, character: 8 } });
    expect(unknown[0].message).toMatch(/\(and 2 more places\)$/);
    expect(unknown[0].relatedInformation).toEqual([
      { location: { uri: doc.uri, range: { start: { line: 8, character: 4 }, end: { line: 8, character: 8 } } }, message: expect.stringContaining('`notifications[1]`') },
      { location: { uri: doc.uri, range: { start: { line: 11, character: 4 }, end: { line: 11, character: 8 } } }, message: expect.stringContaining('`notifications[2]`') },
    ]);
  });
});
