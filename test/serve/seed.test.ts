// Seeds (`--seed`, YAML or JSON) and the command line of `omlint serve`: a bad seed is refused at
// file:line:column with exit 2, as are bad options; a good seed's keys and projects are served.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeed, loadSeedChecked, SeedError } from '../../src/serve/seed';
import { defaultState, type Doc } from '../../src/serve/state';
import { BIN, digestFetch, startProcess } from './support';

const ORG = '5e0000000000000000000001';
const GOOD = `orgs:\n  - { id: "${ORG}", name: Org }\ngroups:\n  - { id: "5f0000000000000000000001", name: P, orgId: "${ORG}" }\napiKeys:\n  - publicKey: ci\n    privateKey: "0a1b2c3d-0000-1111-2222-333344445555"\n    roles: [{ roleName: GLOBAL_READ_ONLY }]\n`;

const fails = (text: string, name = 'seed.yaml') => {
  try {
    loadSeed(text, name);
  } catch (e) {
    expect(e).toBeInstanceOf(SeedError);
    return (e as Error).message;
  }
  throw new Error('no SeedError');
};

describe('seed validation', () => {
  it('reads a good seed in YAML and in JSON', () => {
    expect(loadSeed(GOOD, 'seed.yaml').apiKeys[0].publicKey).toBe('ci');
    const json = JSON.stringify({ orgs: [{ id: ORG, name: 'Org' }], groups: [{ name: 'P', orgId: ORG }] }, null, 2);
    expect(loadSeed(json, 'seed.json').groups[0].id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('places each problem at file:line:column', () => {
    expect(fails(`${GOOD}alertz: []\n`)).toBe('seed.yaml:9:1: unknown section "alertz"; a seed has orgs, groups, apiKeys, users, hosts, alertConfigs, alerts, maintenanceWindows, integrations, globalAlertConfigs, globalAccessList, orgEvents, globalEvents, automationStatus, automationConfigs.');
    expect(fails(`${GOOD}alerts:\n  - { groupId: "5f0000000000000000000001", status: OPEN }\n`)).toBe('seed.yaml:10:5: alerts[0] needs eventTypeName.');
    expect(fails(`${GOOD}hosts:\n  - { groupId: nope, hostname: h, port: 27017 }\n`)).toBe('seed.yaml:10:16: no group (project) with id nope in the seed.');
    expect(fails(GOOD.replace('roles: [{ roleName: GLOBAL_READ_ONLY }]', 'roles: []'))).toBe('seed.yaml:8:12: roles is a non-empty list of {roleName, groupId?, orgId?}.');
    expect(fails('{\n  "groups": [\n    {"name": 1,}\n  ]\n}', 'seed.json')).toMatch(/^seed\.json:3:\d+: /);
    expect(fails('- a\n- b\n')).toBe('seed.yaml:1:1: a seed is a mapping of sections (orgs, groups, apiKeys, users, hosts, alertConfigs, alerts, maintenanceWindows, integrations, globalAlertConfigs, globalAccessList, orgEvents, globalEvents, automationStatus, automationConfigs).');
  });

  it('reads automationConfigs: the configuration judged as automation-config (an error at its place in the seed), the status derived or matched', async () => {
    const config = defaultState(new Date()).automationConfigs[0].config;
    const seed = (c: unknown, extra = '') => `${GOOD}automationConfigs:\n  - groupId: "5f0000000000000000000001"\n    config: ${JSON.stringify(c)}\n${extra}`;
    const now = new Date('2026-06-01T12:00:00Z');
    const state = await loadSeedChecked(seed(config), 'seed.yaml', now);
    expect(state.automationConfigs[0].config.version).toBe(1);
    expect(state.automationStatus[0]).toMatchObject({ groupId: '5f0000000000000000000001', goalVersion: 1, processes: [{ name: 'rs0_0', lastGoalVersionAchieved: 1, plan: [] }, {}, {}] });
    const bad = structuredClone(config);
    (bad.processes as Doc[])[1].processType = 'mongodx';
    await expect(loadSeedChecked(seed(bad), 'seed.yaml', now)).rejects.toThrow(/^seed\.yaml:11:\d+: automationConfigs\[0\]\.config: [a-z-]+: /);
    const lagging = `automationStatus:\n  - groupId: "5f0000000000000000000001"\n    goalVersion: 2\n    processes: [{ name: rs0_0, hostname: h, lastGoalVersionAchieved: 1, plan: [Start] }]\n`;
    await expect(loadSeedChecked(seed(config, lagging), 'seed.yaml', now)).rejects.toThrow('seed.yaml:11:24: version 1 differs from the goalVersion 2 of the group\'s automationStatus.');
    // A process seeded behind its goal converges from the time the seed is loaded.
    const behind = await loadSeedChecked(seed({ ...config, version: 2 }, lagging), 'seed.yaml', now);
    expect(behind.automationStatus[0].goalSetAt).toBe('2026-06-01T12:00:00Z');
  });

  it('refuses an alias bomb with the parser limits, not by running out of memory', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)].join('\n');
    expect(fails(bomb)).toMatch(/^seed\.yaml:\d+:\d+: /);
  });
});

describe('omlint serve command line', () => {
  const run = (args: string[], cwd?: string) => spawnSync(process.execPath, [BIN, 'serve', ...args], { cwd, encoding: 'utf8', timeout: 15_000 });

  it('exits 2 with the place of a bad seed, a bad --user, a bad port or size', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-serve-seed-'));
    writeFileSync(path.join(dir, 'bad.yaml'), `${GOOD}alertz: []\n`);
    const bad = run(['--seed', 'bad.yaml', '--port', '0'], dir);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('omlint: invalid seed: bad.yaml:9:1: unknown section "alertz"; a seed has orgs, groups, apiKeys, users, hosts, alertConfigs, alerts, maintenanceWindows, integrations, globalAlertConfigs, globalAccessList, orgEvents, globalEvents, automationStatus, automationConfigs.\n');
    expect(run(['--seed', 'missing.yaml', '--port', '0'], dir)).toMatchObject({ status: 2, stderr: 'omlint: --seed missing.yaml: cannot be read (ENOENT).\n' });
    expect(run(['--user', 'nocolon', '--port', '0'])).toMatchObject({ status: 2, stderr: 'omlint: --user takes <publicKey>:<privateKey>, both non-empty.\n' });
    expect(run(['--port', '70000']).status).toBe(2);
    expect(run(['--max-body-size', '10gb']).status).toBe(2);
  });

  it('serves a seed with --user added as a global owner, bound to 127.0.0.1', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-serve-seed-'));
    writeFileSync(path.join(dir, 'seed.yaml'), GOOD);
    const srv = await startProcess(['--seed', 'seed.yaml', '--user', 'ciowner:ci-private-0001'], dir);
    try {
      expect(srv.stdout).toMatch(/^omlint serve: listening on http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1\.0 \(port \d+\)\n {2}--user ciowner \(GLOBAL_OWNER\)\n$/);
      expect(srv.stdout).not.toContain('ci-private-0001');
      const seeded = await digestFetch(`${srv.base}/groups`, 'ci', '0a1b2c3d-0000-1111-2222-333344445555');
      expect((await seeded.json()).totalCount).toBe(1);
      const owner = await digestFetch(`${srv.base}/globalAlertConfigs/x`, 'ciowner', 'ci-private-0001', { method: 'DELETE' });
      expect(owner.status).toBe(404);
      const reader = await digestFetch(`${srv.base}/globalAlertConfigs/x`, 'ci', '0a1b2c3d-0000-1111-2222-333344445555', { method: 'DELETE' });
      expect(reader.status).toBe(403);
    } finally {
      await srv.stop();
    }
  });
});
