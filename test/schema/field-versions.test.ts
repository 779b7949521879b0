// Fields per Ops Manager version (issue 36): with a target version, a field the schema knows but the
// target Ops Manager does not is an unknown-field error; unknown-field says per kind what the server
// does with a field it does not know.
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import { FIELD_VERSIONS } from '../../src/model/field-versions';
import { loaders } from '../../src/schema/generated/index';
import { replicaSetExample, threeMembers } from '../../src/model/example-deployments';
import { cli } from '../cli/run';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NOW = new Date('2026-11-21T00:00:00Z');
const base = replicaSetExample(threeMembers('6.0.15', '6.0'));
/** The example deployment with top-level lines added (a GET of a newer Ops Manager). */
const withTop = (lines: string) => lines + base;

async function unknownFields(text: string, targetVersion?: string, kind?: string) {
  const [r] = await lint([{ filePath: '/p/ac.yaml', text }], { now: NOW, targetVersion, ...(kind ? { kind: kind as never } : {}) });
  return r.diagnostics.filter((d) => d.ruleId === 'unknown-field').map((d) => ({ pointer: d.pointer, severity: d.severity, message: d.message, line: d.range.start.line }));
}

describe('fields newer than the target version', () => {
  const doc = withTop('atlasUISes: []\nonlineArchiveModules: []\n');
  it('Ops Manager 6.0 does not know atlasUISes (7.0): an error at its key, with a suggestion to remove it', async () => {
    expect(await unknownFields(doc, '6.0')).toEqual([
      {
        pointer: '/atlasUISes',
        severity: 'error',
        line: 1,
        message: 'Field `atlasUISes` is unknown to Ops Manager 6.0, the target version: it first appears in Ops Manager 7.0, and an earlier Ops Manager rejects the PUT (INVALID_ATTRIBUTE). Remove it, or raise the target version.',
      },
    ]);
  });
  it('a patch of a series counts as its series: 6.0.20 does not know it either', async () => {
    expect((await unknownFields(doc, '6.0.20')).map((f) => f.pointer)).toEqual(['/atlasUISes']);
  });
  it('Ops Manager 4.2 knows neither field (onlineArchiveModules arrived in 4.4)', async () => {
    expect((await unknownFields(doc, '4.2')).map((f) => `${f.pointer} ${f.severity}`)).toEqual(['/atlasUISes error', '/onlineArchiveModules error']);
  });
  it('the series that introduced them, a later one, or no target version: nothing', async () => {
    for (const target of ['7.0', '7.0.1', '8.0', undefined]) expect(await unknownFields(doc, target), String(target)).toEqual([]);
  });
  it('a document without those fields: nothing even for an old target', async () => {
    expect(await unknownFields(base, '4.0')).toEqual([]);
  });
  it('each recorded field is a field the schema knows (the table records versions of known fields only)', async () => {
    const known = (await loaders['automation-config']()).knownKeys['#'];
    for (const entry of FIELD_VERSIONS) {
      expect(entry.kind).toBe('automation-config');
      const tokens = entry.path.split('/').slice(1);
      expect(tokens.length, entry.path).toBe(1);
      expect(known, entry.path).toContain(tokens[0]);
    }
  });
  it('--target-version reaches the check from the command line, and the config\'s targetVersion too', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-field-versions-'));
    writeFileSync(path.join(dir, 'ac.automation-config.yaml'), doc);
    const byFlag = await cli(['check', 'ac.automation-config.yaml', '--target-version', '6.0', '--format', 'json'], { cwd: dir });
    const ids = (out: string) => JSON.parse(out)[0].diagnostics.filter((d: { ruleId: string }) => d.ruleId === 'unknown-field').map((d: { pointer: string; severity: string }) => `${d.pointer} ${d.severity}`);
    expect(ids(byFlag.stdout)).toEqual(['/atlasUISes error']);
    expect(byFlag.code).toBe(1);
    writeFileSync(path.join(dir, 'omlint.config.yaml'), 'targetVersion: "4.2"\n');
    const byConfig = await cli(['check', 'ac.automation-config.yaml', '--format', 'json'], { cwd: dir });
    expect(ids(byConfig.stdout)).toEqual(['/atlasUISes error', '/onlineArchiveModules error']);
  });
});

describe('unknown-field words what the server does, per kind', () => {
  it('automation configuration: Ops Manager rejects a top-level attribute it does not know (mongodb-atlas-cli #813)', async () => {
    const [f] = await unknownFields(`onlineArchiveModule: []\n${base}`);
    expect(f.message).toBe('Unknown field `onlineArchiveModule`: Ops Manager rejects an attribute it does not know (INVALID_ATTRIBUTE). Did you mean `onlineArchiveModules`?');
  });
  it('automation configuration: a nested attribute is assumed to be rejected alike, and the message says so', async () => {
    const text = base.replace('    authSchemaVersion: 5\n', '    authSchemaVersion: 5\n    featureCompatibilityVersio: "6.0"\n');
    const [f] = await unknownFields(text);
    expect(f.message).toBe('Unknown field `featureCompatibilityVersio` in `processes[0]`: Ops Manager rejects a top-level attribute it does not know (INVALID_ATTRIBUTE), and is assumed to reject this one alike. Did you mean `featureCompatibilityVersion`?');
  });
  it('alert configuration: the server ignores it (the Ops Manager wording of other kinds is unchanged)', async () => {
    const text = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMn: 0\n    intervalMin: 60\n';
    const [f] = await unknownFields(text);
    expect(f.message).toBe('Unknown field `delayMn` in `notifications[0]`: the server ignores it. Did you mean `delayMin`?');
  });
});

describe('fields the Go client added recently are known to the schema', () => {
  it('maintainedOplogInjectors (go-client-mongodb-ops-manager PR #267): known, and a misspelling of it is named', async () => {
    const known = (await loaders['automation-config']()).knownKeys['#'];
    expect(known).toContain('maintainedOplogInjectors');
    expect(await unknownFields(withTop('maintainedOplogInjectors: []\n'))).toEqual([]);
    const [f] = await unknownFields(withTop('maintainedOplogInjector: []\n'));
    expect(f.message).toMatch(/Did you mean `maintainedOplogInjectors`\?$/);
  });
});
