import { describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { NOW, openDoc, SNMP, tempDir } from '../lsp/fixtures';

describe('editor targetVersion', () => {
  it('is the default target, the config wins', async () => {
    const dir = tempDir({});
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, dir, 'a.alert-config.yaml', SNMP);
    const sev = async () => (await service.diagnostics(doc)).find((d) => d.code === 'deprecated-notification-type')?.severity;
    expect(await sev()).toBe(2);
    expect(service.setEditorSettings({ targetVersion: '7.0' })).toBe(true);
    expect(await sev()).toBe(1);
    expect(service.setEditorSettings({ targetVersion: '7.0' })).toBe(false);
    const dir2 = tempDir({ 'omlint.config.yaml': 'targetVersion: "6.0"\n' });
    const doc2 = openDoc(service, dir2, 'b.alert-config.yaml', SNMP);
    expect((await service.diagnostics(doc2)).find((d) => d.code === 'deprecated-notification-type')?.severity).toBe(2);
    expect(service.setEditorSettings({ targetVersion: '' })).toBe(true);
    expect(await sev()).toBe(2);
  });
});
