// omlint.rules.customizations read as the ESLint extension reads `rule` (`*` any run of characters,
// `/` included, the rest literal), entries without a glob dropped when the settings are read, and
// applied to workspace diagnostics as to a document's own.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadAllRules } from '../../rules/registry';
import duplicateAlertConfig from '../../rules/duplicate-alert-config';
import { OmlintLanguageService } from '../../src/server/service';
import { ALERT, NOW, openDoc, tempDir } from './fixtures';

const RULES = await loadAllRules();
const ruleSet = RULES.some((r) => r.meta.id === 'duplicate-alert-config') ? RULES : [...RULES, duplicateAlertConfig];

const POLICY = `policies:
  - id: acme/other-only
    kinds: [alert-config]
    severity: error
    message: "only OTHER"
    given: $
    then: { field: eventTypeName, enum: [OTHER] }
`;

const codes = (ds: { code?: unknown; severity?: number }[]) => ds.map((d) => `${String(d.code)}:${d.severity}`);

describe('rule customizations', () => {
  it('`*` crosses the `/` of a namespaced policy id; `.` is literal', async () => {
    const dir = tempDir({ 'omlint.config.yaml': POLICY });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const doc = openDoc(service, dir, 'a.alert-config.yaml', ALERT);
    expect(codes(await service.diagnostics(doc))).toContain('acme/other-only:1');
    service.setEditorSettings({ rules: { customizations: [{ rule: 'acme*', severity: 'warn' }, { rule: 'acme.other-only', severity: 'off' }] } });
    expect(codes(await service.diagnostics(doc))).toContain('acme/other-only:2');
  });

  it('a rule of `!` alone is dropped when read, and the other customizations still apply', async () => {
    const dir = tempDir({ 'omlint.config.yaml': POLICY });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    const doc = openDoc(service, dir, 'a.alert-config.yaml', ALERT);
    service.setEditorSettings({ rules: { customizations: [{ rule: '!', severity: 'off' }, { rule: 'acme/*', severity: 'info' }] } });
    expect(service.settings.global.customizations).toEqual([{ rule: 'acme/*', severity: 'info' }]);
    expect(codes(await service.diagnostics(doc))).toContain('acme/other-only:3');
  });

  it('apply to workspace diagnostics, with the settings of the closed file\'s folder', async () => {
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': ALERT });
    const service = new OmlintLanguageService({ now: NOW, ruleSet });
    openDoc(service, dir, 'c.yaml', ALERT.replace('HOST_DOWN', 'NO_PRIMARY'));
    const bUri = pathToFileURL(path.join(dir, 'b.yaml')).href;
    const before = (await service.workspaceDiagnostics()).find((r) => r.uri === bUri);
    expect(codes(before?.diagnostics ?? [])).toEqual(['duplicate-alert-config:2']);
    service.setFolderSettings([{ uri: pathToFileURL(dir).href, settings: { rules: { customizations: [{ rule: 'duplicate-*', severity: 'upgrade' }] } } }]);
    const after = (await service.workspaceDiagnostics()).find((r) => r.uri === bUri);
    expect(codes(after?.diagnostics ?? [])).toEqual(['duplicate-alert-config:1']);
  });
});
