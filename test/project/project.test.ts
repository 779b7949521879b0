// The Project owns parses and scopes: an edit re-parses the edited buffer only; siblings are
// sniffed, and read and parsed only when a workspace rule of their kind reads them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadAllRules } from '../../rules/registry';
import { workCounts } from '../../src/syntax/work-counts';
import { defaultSettings } from '../../src/config/load';
import { Project } from '../../src/project/project';
import { sniffKinds, SNIFF_BYTES } from '../../src/project/sniff';
import { OmlintLanguageService } from '../../src/server/service';
import duplicateAlertConfig from '../../rules/duplicate-alert-config';
import { ALERT, NOW, openDoc, tempDir } from '../lsp/fixtures';
import { nodeDisk } from '../../src/project/disk';

const RULES = await loadAllRules();

const ruleSet = RULES.some((r) => r.meta.id === 'duplicate-alert-config') ? RULES : [...RULES, duplicateAlertConfig];
const alert = (event: string) => ALERT.replace('HOST_DOWN', event);

/** An automation config larger than the sniff prefix. */
function bigAutomation(): string {
  const processes = Array.from({ length: 400 }, (_, i) => ({ name: `p${i}`, processType: 'mongod', hostname: `h${i}.example.com`, version: '6.0.5', args2_6: { net: { port: 27017 } } }));
  return JSON.stringify({ auth: { disabled: true }, processes, replicaSets: [] }, null, 2);
}

describe('Project', () => {
  it('an edit re-parses only the edited buffer, with five siblings in the scope', async () => {
    const events = ['NO_PRIMARY', 'HOST_RESTARTED', 'HOST_RECOVERED', 'HOST_UP', 'HOST_DOWN'];
    const dir = tempDir(Object.fromEntries(events.map((e, i) => [`s${i}.yaml`, alert(e)])));
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    let doc = openDoc(service, dir, 'z-edited.yaml', ALERT); // the later duplicate gets the report
    const first = (await service.diagnostics(doc)).filter((d) => d.code === 'duplicate-alert-config');
    expect(first).toHaveLength(1); // the siblings are read: s4.yaml is the same alert
    for (let v = 2; v <= 5; v++) {
      doc = TextDocument.create(doc.uri, 'yaml', v, ALERT.replace('intervalMin: 60', `intervalMin: ${60 + v}`));
      const before = workCounts.parses;
      service.setDocument(doc);
      const diags = await service.diagnostics(doc);
      service.hover(doc, { line: 0, character: 3 });
      service.completion(doc, { line: 1, character: 1 });
      expect(workCounts.parses - before).toBe(1);
      expect(diags.filter((d) => d.code === 'duplicate-alert-config')).toHaveLength(1);
    }
  });

  it('a big sibling of a kind no workspace rule pairs with alerts is sniffed, never read or parsed', async () => {
    const big = bigAutomation();
    expect(big.length).toBeGreaterThan(SNIFF_BYTES);
    const dir = tempDir({ 'deployment.json': big, 'other.yaml': alert('NO_PRIMARY') });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const before = workCounts.parses;
    const doc = openDoc(service, dir, 'cpu.yaml', ALERT);
    await service.diagnostics(doc);
    expect(workCounts.parses - before).toBe(2); // cpu.yaml and other.yaml
    expect(service.workspace.project.stats).toEqual({ reads: 1, sniffs: 1 });
  });

  it('a big sibling whose prefix tells nothing is read and parsed (never skipped unseen)', async () => {
    const padding = `# ${'x'.repeat(SNIFF_BYTES)}\n`;
    const dir = tempDir({ 'late.yaml': `${padding}${ALERT}` });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const doc = openDoc(service, dir, 'z.yaml', ALERT);
    const dup = (await service.diagnostics(doc)).filter((d) => d.code === 'duplicate-alert-config');
    expect(service.workspace.project.stats).toEqual({ reads: 1, sniffs: 1 });
    expect(dup).toHaveLength(1);
  });

  it('resolves a named scope across directories once, until the disk changes', () => {
    const config = 'overrides:\n  - files: ["**/*.yaml"]\n    scope: production\n';
    const dir = tempDir({ 'omlint.config.yaml': config, 'a/x.yaml': ALERT, 'b/y.yaml': ALERT, 'b/z.json': '{}', 'node_modules/m/q.yaml': ALERT });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const project = service.workspace.project;
    const x = path.join(dir, 'a', 'x.yaml');
    expect(project.members(x)).toEqual([x, path.join(dir, 'b', 'y.yaml')]);
    expect(project.scopeOf(x)).toBe(project.scopeOf(path.join(dir, 'b', 'y.yaml')));
    writeFileSync(path.join(dir, 'b', 'w.yaml'), ALERT);
    expect(project.members(x)).toHaveLength(2); // resolved once
    service.filesChanged([path.join(dir, 'b', 'w.yaml')]);
    expect(project.members(x)).toHaveLength(3);
  });

  it('works without a server: settings, parse cache and members from a host', () => {
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': alert('NO_PRIMARY') });
    const project = new Project({ settingsFor: defaultSettings, openText: () => undefined, openPaths: () => [], disk: nodeDisk }, ruleSet);
    const a = path.join(dir, 'a.yaml');
    const before = workCounts.parses;
    expect(project.parse(a, ALERT)).toBe(project.parse(a, ALERT));
    expect(workCounts.parses - before).toBe(1);
    expect([...project.kindsOf(a, ALERT)]).toEqual(['alert-config']);
    expect(project.scopeInputs(a, ['alert-config']).map((i) => path.basename(i.filePath))).toEqual(['b.yaml']);
    expect(project.scopeInputs(a, ['maintenance-window'])).toEqual([]);
    expect(pathToFileURL(a).href).toMatch(/a\.yaml$/);
  });
});

describe('sniffKinds', () => {
  const settings = defaultSettings('/p/x.json');
  it('trusts an automation config told by its first keys, and a whole short text', () => {
    expect(sniffKinds('/p/x.json', '{"auth": {}, "processes": [', settings, 5_000_000)).toEqual(new Set(['automation-config']));
    expect(sniffKinds('/p/x.yaml', 'eventTypeName: HOST_DOWN\n', settings, 25)).toEqual(new Set(['alert-config', 'global-alert-config']));
  });
  it('tells nothing about a long text whose prefix shows other kinds (a stream may change further on)', () => {
    expect(sniffKinds('/p/x.yaml', 'eventTypeName: HOST_DOWN\n', settings, 5_000_000)).toBeUndefined();
    expect(sniffKinds('/p/x.yaml', '# nothing yet\n', settings, 5_000_000)).toBeUndefined();
  });
  it('takes the kind the config declares', () => {
    expect(sniffKinds('/p/x.yaml', '', { ...settings, kind: 'integration' }, 5_000_000)).toEqual(new Set(['integration']));
  });
});

describe('readPrefix', () => {
  it('reads the first bytes of a regular file, and refuses a FIFO without waiting', async () => {
    const { execFileSync } = await import('node:child_process');
    const { readPrefix } = await import('../../src/project/disk');
    const dir = tempDir({ 'a.yaml': 'x'.repeat(100) });
    expect(readPrefix(path.join(dir, 'a.yaml'), 10)).toBe('x'.repeat(10));
    if (process.platform === 'win32') return;
    execFileSync('mkfifo', [path.join(dir, 'fifo.yaml')]);
    expect(readPrefix(path.join(dir, 'fifo.yaml'))).toBeUndefined();
  });
});
