// The language server's transition diagnostics against the file at git HEAD (issue 19): shown in
// a git repository, gone with omlint.transitions.againstHead off, following a new commit, and
// nothing outside a repository or for a file HEAD does not have.
import { describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { loadAllRules } from '../../rules/registry';
import { ALERT, NOW, openDoc, tempDir } from './fixtures';
import { gitRepo, HAS_GIT } from '../git-repo';
import enabledFlipped from '../fixtures/transition/enabled-flipped';

const RULES = [...(await loadAllRules()), enabledFlipped];
const DISABLED = ALERT.replace('enabled: true', 'enabled: false');
const flipped = async (service: OmlintLanguageService, doc: Parameters<OmlintLanguageService['diagnostics']>[0]) =>
  (await service.diagnostics(doc)).filter((d) => d.code === 'test-enabled-flipped').map((d) => [d.message, d.range.start.line]);

describe.skipIf(!HAS_GIT)('transition diagnostics against git HEAD', () => {
  it('shows them in a repository, not with the setting off, and follows a commit', async () => {
    const repo = gitRepo();
    repo.write('alerts/a.alert-config.yaml', ALERT);
    repo.commit('alert enabled');
    const service = new OmlintLanguageService({ now: NOW, ruleSet: RULES });
    const doc = openDoc(service, repo.dir, 'alerts/a.alert-config.yaml', DISABLED);
    expect(await flipped(service, doc)).toEqual([['enabled was true in HEAD:alerts/a.alert-config.yaml, now false.', 1]]);
    expect(service.setEditorSettings({ transitions: { againstHead: false } })).toBe(true);
    expect(await flipped(service, doc)).toEqual([]);
    expect(service.setEditorSettings({ transitions: { againstHead: true } })).toBe(true);
    expect(await flipped(service, doc)).toEqual([['enabled was true in HEAD:alerts/a.alert-config.yaml, now false.', 1]]);
    // Committed: HEAD now says false too.
    repo.write('alerts/a.alert-config.yaml', DISABLED);
    repo.commit('alert disabled');
    const again = openDoc(service, repo.dir, 'alerts/a.alert-config.yaml', DISABLED, 2);
    expect(await flipped(service, again)).toEqual([]);
  });
  it('parses the file at HEAD once per commit, not once per edit', async () => {
    const repo = gitRepo();
    repo.write('alerts/a.alert-config.yaml', ALERT);
    repo.commit('alert enabled');
    const service = new OmlintLanguageService({ now: NOW, ruleSet: RULES });
    for (let version = 1; version <= 4; version++) {
      const doc = openDoc(service, repo.dir, 'alerts/a.alert-config.yaml', DISABLED.replace('intervalMin: 60', `intervalMin: ${60 + version}`), version);
      expect((await flipped(service, doc)).length).toBe(1);
    }
    expect(service.headBases.stats.parses).toBe(1);
    repo.write('alerts/a.alert-config.yaml', DISABLED);
    repo.commit('alert disabled');
    expect(await flipped(service, openDoc(service, repo.dir, 'alerts/a.alert-config.yaml', DISABLED, 5))).toEqual([]);
    expect(service.headBases.stats.parses).toBe(2);
    // Closed, the base and its parse are let go: reopened, the file at HEAD is read and parsed again.
    service.closeDocument(openDoc(service, repo.dir, 'alerts/a.alert-config.yaml', DISABLED, 6).uri);
    expect(await flipped(service, openDoc(service, repo.dir, 'alerts/a.alert-config.yaml', DISABLED, 7))).toEqual([]);
    expect(service.headBases.stats.parses).toBe(3);
  });
  it('nothing outside a repository, nor for a file not in HEAD', async () => {
    const service = new OmlintLanguageService({ now: NOW, ruleSet: RULES });
    const outside = openDoc(service, tempDir({ 'a.alert-config.yaml': ALERT }), 'a.alert-config.yaml', DISABLED);
    expect(await flipped(service, outside)).toEqual([]);
    const repo = gitRepo();
    repo.write('other.yaml', 'x: 1\n');
    repo.commit('first');
    const fresh = openDoc(service, repo.dir, 'new.alert-config.yaml', DISABLED);
    expect(await flipped(service, fresh)).toEqual([]);
  });
});
