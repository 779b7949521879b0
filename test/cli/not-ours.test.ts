// Issue 31, on the built binary (a real process): exit codes of files that do not parse and are no
// Ops Manager document, by name with --skip-unknown (the pre-commit hook), in a walk, and by name
// without it; --debug says why each was skipped.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliProcess, tree, BIN } from './run';
import { BROKEN_OURS, NOT_OMLINT_BROKEN } from '../kinds/resemblance-fixtures';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const GOOD_ALERT = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const BROKEN = Object.keys(NOT_OMLINT_BROKEN);

describe.skipIf(!existsSync(BIN))('files that do not parse and are not ours (process)', () => {
  const dir = tree({ ...NOT_OMLINT_BROKEN, 'alerts/good.alert-config.yaml': GOOD_ALERT });

  it('--skip-unknown with the files by name (the pre-commit hook): exit 0, each counted as skipped', () => {
    const r = cliProcess(['check', ...NOW, '--skip-unknown', ...BROKEN], { cwd: dir });
    expect(r.stdout).toBe(`✔ 0 files checked, no problems.\n${BROKEN.length} files skipped: not Ops Manager documents; --debug lists them.\n`);
    expect(r.code).toBe(0);
  });

  it('a directory walk: exit 0, the good document checked', () => {
    const r = cliProcess(['check', ...NOW, '.'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`✔ 1 file checked, no problems.\n${BROKEN.length} files skipped`);
  });

  it('--debug names the reason of each skip', () => {
    const r = cliProcess(['check', ...NOW, '--skip-unknown', '--debug', ...BROKEN], { cwd: dir });
    expect(r.stderr).toContain('omlint:debug skip app/tsconfig.json: not valid JSON, and no Ops Manager document by what can be read of it');
    expect(r.stderr).toContain('omlint:debug skip chart/templates/configmap.yaml: not valid YAML, and no Ops Manager document by what can be read of it');
  });

  it('by name without --skip-unknown: reported as before, one syntax error a file (exit 1)', () => {
    const r = cliProcess(['check', ...NOW, '--format', 'json', ...BROKEN], { cwd: dir });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { filePath: string; diagnostics: { ruleId: string }[] }[];
    expect(report.map((f) => [f.filePath, f.diagnostics.map((d) => d.ruleId)]).sort()).toEqual(BROKEN.map((f) => [f, ['syntax-error']]).sort());
  });

  it('a broken text that reads as ours, or a broken file named with a kind, fails the hook (exit 1)', () => {
    const ours = tree({ ...BROKEN_OURS, 'chart/x.alert-config.yaml': NOT_OMLINT_BROKEN['chart/templates/configmap.yaml'] });
    for (const f of [...Object.keys(BROKEN_OURS), 'chart/x.alert-config.yaml']) {
      const r = cliProcess(['check', ...NOW, '--skip-unknown', f], { cwd: ours });
      expect(r.code, f).toBe(1);
      expect(r.stdout, f).toContain('syntax-error');
    }
  });

  it('an alert configuration named as an integration, a kind misspelt in a file name: exit 1, each said once', () => {
    const named = tree({ 'cpu.integration.yaml': GOOD_ALERT, 'cpu.alert-confg.yaml': GOOD_ALERT });
    const r = cliProcess(['check', ...NOW, '--skip-unknown', '--format', 'json', 'cpu.integration.yaml', 'cpu.alert-confg.yaml'], { cwd: named });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { filePath: string; diagnostics: { ruleId: string; message: string }[] }[];
    const byFile = Object.fromEntries(report.map((f) => [f.filePath, f.diagnostics]));
    expect(byFile['cpu.integration.yaml'].map((d) => d.ruleId)).toEqual(['unknown-kind']);
    expect(byFile['cpu.integration.yaml'][0].message).toContain('named as an integration, but this reads as an alert-config');
    expect(byFile['cpu.alert-confg.yaml'].map((d) => d.ruleId)).toEqual(['unknown-kind']);
    expect(byFile['cpu.alert-confg.yaml'][0].message).toContain('did you mean "alert-config"?');
  });
});
