// A named scope (overrides: scope) spans directories: the CLI and the editor must both see it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadAllRules } from '../../rules/registry';
import { OmlintLanguageService } from '../../src/server/service';
import duplicateAlertConfig from '../../rules/duplicate-alert-config';
import { ALERT, NOW, openDoc, tempDir } from '../lsp/fixtures';
import { cli } from '../cli/run';

const RULES = await loadAllRules();

const CONFIG = 'overrides:\n  - files: ["**/*.yaml"]\n    scope: production\n';
const ruleSet = RULES.some((r) => r.meta.id === 'duplicate-alert-config') ? RULES : [...RULES, duplicateAlertConfig];

describe('a scope named by an override, across directories', () => {
  const files = { 'omlint.config.yaml': CONFIG, 'a/cpu.yaml': ALERT, 'b/cpu.yaml': ALERT };

  // The rule reports the later of two duplicates (by path), pointing at the first.
  it('the CLI reports the duplicate', async () => {
    const dir = tempDir(files);
    const r = await cli(['check', '--format', 'json', '--now', '2026-11-21T00:00:00Z', '.'], { cwd: dir });
    const results = JSON.parse(r.stdout) as { filePath: string; diagnostics: { ruleId: string }[] }[];
    expect(results.find((x) => x.filePath === 'b/cpu.yaml')?.diagnostics.map((d) => d.ruleId)).toContain('duplicate-alert-config');
  });

  it('the editor reports it on the open file, the other one closed, in another directory', async () => {
    const dir = tempDir(files);
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const doc = openDoc(service, dir, 'b/cpu.yaml', ALERT);
    const dup = (await service.diagnostics(doc)).filter((d) => d.code === 'duplicate-alert-config');
    expect(dup).toHaveLength(1);
    expect(dup[0].relatedInformation?.[0].location.uri).toBe(pathToFileURL(path.join(dir, 'a', 'cpu.yaml')).href);
  });

  it('without the override, other directories are other scopes', async () => {
    const dir = tempDir({ 'a/cpu.yaml': ALERT, 'b/cpu.yaml': ALERT });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const doc = openDoc(service, dir, path.join('b', 'cpu.yaml'), ALERT);
    expect((await service.diagnostics(doc)).filter((d) => d.code === 'duplicate-alert-config')).toEqual([]);
  });
});
