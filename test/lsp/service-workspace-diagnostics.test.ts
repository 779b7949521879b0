// workspace/diagnostic: the cross-document rules' findings in files that are not open.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadAllRules } from '../../rules/registry';
import { OmlintLanguageService } from '../../src/server/service';
import duplicateAlertConfig from '../../rules/duplicate-alert-config';
import { ALERT, NOW, openDoc, tempDir } from './fixtures';

const RULES = await loadAllRules();

const ruleSet = RULES.some((r) => r.meta.id === 'duplicate-alert-config') ? RULES : [...RULES, duplicateAlertConfig];
const CONFIG = 'overrides:\n  - files: ["**/*.yaml"]\n    scope: production\n';

describe('workspace diagnostics', () => {
  it('shows a duplicate in a closed file of the open document\'s scope, in another directory', async () => {
    // b/cpu.yaml also has an unknown field: not a cross-document finding, not reported here.
    const dir = tempDir({ 'omlint.config.yaml': CONFIG, 'a/cpu.yaml': ALERT, 'b/cpu.yaml': `${ALERT}enabeld: true\n` });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const a = openDoc(service, dir, 'a/cpu.yaml', ALERT);
    expect((await service.diagnostics(a)).filter((d) => d.code === 'duplicate-alert-config')).toEqual([]);
    const report = await service.workspaceDiagnostics();
    const bUri = pathToFileURL(path.join(dir, 'b', 'cpu.yaml')).href;
    expect(report.map((r) => r.uri)).toEqual([bUri]); // the open document gets pushed diagnostics
    const [dup] = report[0].diagnostics;
    expect(report[0].diagnostics.map((d) => d.code)).toEqual(['duplicate-alert-config']);
    expect(dup.range.start).toEqual({ line: 0, character: 15 });
    expect(dup.relatedInformation?.[0].location.uri).toBe(a.uri);
  });

  it('shows a duplicate between two files that are not open, for the scope of an open one', async () => {
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': ALERT });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const open = openDoc(service, dir, 'c.yaml', ALERT.replace('HOST_DOWN', 'NO_PRIMARY'));
    expect((await service.diagnostics(open)).filter((d) => d.code === 'duplicate-alert-config')).toEqual([]);
    const report = await service.workspaceDiagnostics();
    const aUri = pathToFileURL(path.join(dir, 'a.yaml')).href;
    const b = report.find((r) => r.uri.endsWith('/b.yaml'));
    expect(b?.diagnostics.map((d) => d.code)).toEqual(['duplicate-alert-config']);
    expect(b?.diagnostics[0].relatedInformation?.[0].location.uri).toBe(aUri); // and it points at the other one
    expect(report.find((r) => r.uri === aUri)?.diagnostics ?? []).toEqual([]); // the first of the two is where the later one points
  });

  it('reports nothing for a closed file once the duplicate is edited away, and stops when cancelled', async () => {
    const dir = tempDir({ 'a.yaml': ALERT });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    openDoc(service, dir, 'z.yaml', ALERT);
    expect((await service.workspaceDiagnostics()).flatMap((r) => r.diagnostics)).toEqual([]); // a.yaml is the first: the open one is the duplicate
    openDoc(service, dir, '0.yaml', ALERT, 2);
    const report = await service.workspaceDiagnostics();
    expect(report.map((r) => [path.basename(r.uri), r.diagnostics.map((d) => d.code)])).toEqual([['a.yaml', ['duplicate-alert-config']]]);
    openDoc(service, dir, '0.yaml', ALERT.replace('HOST_DOWN', 'NO_PRIMARY'), 3);
    openDoc(service, dir, 'z.yaml', ALERT.replace('HOST_DOWN', 'HOST_UP'), 2);
    expect((await service.workspaceDiagnostics()).flatMap((r) => r.diagnostics)).toEqual([]);
    openDoc(service, dir, '0.yaml', ALERT, 4);
    expect(await service.workspaceDiagnostics(() => true)).toEqual([]);
  });
});
