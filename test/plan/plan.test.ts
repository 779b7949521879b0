// The plan of the realistic pairs of test/data/transitions (issue 19): exactly the expected changes,
// grouped by replica set, with the restarts; and the three formats.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FORMATS, formatResults } from '../../src/format/index';
import { lint, lintProject, projectOf, type LintRunOptions, type TransitionPairs } from '../../src/engine/lint';
import { planFile, type FilePlan } from '../../src/plan/plan';
import { authExample } from '../../rules/auth-mechanism-switch';
import { authHead } from '../../rules/keyfile-replaced';
import { replicaSetExample, threeMembers } from '../../src/model/example-deployments';
import { planJson, planMarkdown, planStylish } from '../../src/plan/render';

const DATA = path.join(__dirname, '..', 'data', 'transitions');
const NOW = new Date('2026-11-21T00:00:00Z');

async function plan(dir: string, now = 'new.yaml', base = 'base.yaml') {
  const read = (f: string) => readFileSync(path.join(DATA, dir, f), 'utf8');
  let pairs: TransitionPairs | undefined;
  const opts: LintRunOptions = { now: NOW, cwd: DATA, onPairs: (_, p) => (pairs = p) };
  const run = await lintProject(projectOf(opts), [{ filePath: path.join(DATA, dir, now), text: read(now), base: { label: `${dir}/${base}`, text: read(base) } }], opts);
  const p = planFile(`${dir}/${now}`, pairs!);
  return { plan: p, run, lines: p.documents.flatMap((d) => d.groups.flatMap((g) => g.changes.map((c) => `${g.title} | ${c.type}${c.restart ? ' ↻' : ''} | ${c.summary}`))) };
}

describe('the plan of realistic pairs', () => {
  it('6.0 → 7.0 in two steps: binaries first (restarts), then FCV alone (no restart)', async () => {
    const step1 = await plan('upgrade-two-steps', '1-binaries.yaml', '0-base.yaml');
    expect(step1.lines).toEqual([0, 1, 2].map((i) => `replica set rs0 | version ↻ | rs0-${i}: version 6.0.15 → 7.0.12`));
    expect(step1.plan.documents[0].restarts).toEqual(['rs0-0', 'rs0-1', 'rs0-2']);
    const step2 = await plan('upgrade-two-steps', '2-fcv.yaml', '1-binaries.yaml');
    expect(step2.lines).toEqual([0, 1, 2].map((i) => `replica set rs0 | fcv | rs0-${i}: featureCompatibilityVersion 6.0 → 7.0`));
    expect(step2.plan.documents[0].restarts).toEqual([]);
  });
  it('6.0 → 7.0 in one step: version and FCV of each process together', async () => {
    const { lines } = await plan('upgrade-one-step');
    expect(lines).toEqual([0, 1, 2].flatMap((i) => [`replica set rs0 | version ↻ | rs0-${i}: version 6.0.15 → 7.0.12`, `replica set rs0 | fcv | rs0-${i}: featureCompatibilityVersion 6.0 → 7.0`]));
  });
  it('4.4 → 6.0 jump: the versions, FCV unchanged', async () => {
    const { lines } = await plan('jump-4.4-to-6.0');
    expect(lines).toEqual([0, 1, 2].map((i) => `replica set rs0 | version ↻ | rs0-${i}: version 4.4.29 → 6.0.15`));
  });
  it('FCV ahead: the FCV of all three, rs0-2 still on 6.0.15', async () => {
    const { lines } = await plan('fcv-ahead');
    expect(lines).toEqual([0, 1, 2].map((i) => `replica set rs0 | fcv | rs0-${i}: featureCompatibilityVersion 6.0 → 7.0`));
  });
  it('majority removal: two processes and two members gone', async () => {
    const { lines } = await plan('majority-removal');
    expect(lines).toEqual([
      'replica set rs0 | process-removed | process rs0-1 removed (mongod 7.0.12 on db1.example.net): the agent shuts it down',
      'replica set rs0 | process-removed | process rs0-2 removed (mongod 7.0.12 on db2.example.net): the agent shuts it down',
      'replica set rs0 | member-removed | member rs0-1 removed (it had 1 vote(s))',
      'replica set rs0 | member-removed | member rs0-2 removed (it had 1 vote(s))',
    ]);
  });
  it('dropped TLS key password: the removed field on each process, each restarts', async () => {
    const { lines, plan: p } = await plan('dropped-tls-password');
    expect(lines.filter((l) => l.includes('field-removed'))).toEqual([0, 1, 2].map((i) => `replica set rs0 | field-removed ↻ | rs0-${i}: args2_6.net.tls.certificateKeyFilePassword removed`));
    expect(p.documents[0].restarts).toEqual(['rs0-0', 'rs0-1', 'rs0-2']);
  });
  it('keyfile replaced: auth.key changed on both (masked) sides is a keyfile rotation, not "unchanged"', async () => {
    const { lines, plan: p } = await plan('keyfile-replaced');
    expect(lines).toEqual(['deployment | auth | auth.key replaced (value not shown): a keyfile rotation in one PUT, not through auth.newKey']);
    expect(p.documents[0].status).toBe('changed');
  });
  it('keyfile rotation on MongoDB 4.0: auth.newKey set, the line names the processes before 4.2', async () => {
    const { lines } = await plan('keyfile-rotation-4.0');
    expect(lines).toEqual(['deployment | auth | auth.newKey set (value not shown): Ops Manager rotates the keyfile, then replaces auth.key with it (the rotation through auth.newKey needs MongoDB 4.2 or later: rs0-0 4.0.28, rs0-1 4.0.28, rs0-2 4.0.28)']);
  });
  it('TLS allowTLS → requireTLS in one PUT: each process\'s line says preferTLS is skipped', async () => {
    const { lines, plan: p } = await plan('tls-require-jump');
    expect(lines).toEqual([0, 1, 2].map((i) => `replica set rs0 | tls ↻ | rs0-${i}: TLS mode allowTLS → requireTLS (skips preferTLS: one step per change)`));
    expect(p.documents[0].restarts).toEqual(['rs0-0', 'rs0-1', 'rs0-2']);
  });
  it('SCRAM → X.509 in one PUT: the mechanism lines, the deployment\'s saying nothing is in common', async () => {
    const { lines } = await plan('scram-to-x509');
    expect(lines).toEqual([
      'deployment | auth | auth.deploymentAuthMechanisms: ["SCRAM-SHA-256"] → ["MONGODB-X509"] (no mechanism in common: add the new one, move the agent, then remove the old)',
      'deployment | auth | auth.autoAuthMechanisms: ["SCRAM-SHA-256"] → ["MONGODB-X509"]',
      'deployment | auth | auth.autoAuthMechanism: SCRAM-SHA-256 → MONGODB-X509',
    ]);
  });
  it('an unchanged document plans nothing', async () => {
    const { plan: p } = await plan('upgrade-two-steps', '0-base.yaml', '0-base.yaml');
    expect(p.documents.map((d) => [d.status, d.groups.length])).toEqual([['unchanged', 0]]);
  });
});

describe('the plan of other kinds', () => {
  it('an alert config: enabled flipped, a field changed, a notification field removed', async () => {
    const base = 'id: 5f0\neventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
    const now = 'id: 5f0\neventTypeName: HOST_DOWN\nenabled: false\nnotifications:\n  - typeName: EMAIL\n    delayMin: 5\n    intervalMin: 60\n';
    let pairs: TransitionPairs | undefined;
    await lint([{ filePath: '/p/a.yaml', text: now, base: { label: 'HEAD:a.yaml', text: base } }], { now: NOW, onPairs: (_, p) => (pairs = p) });
    const p = planFile('a.yaml', pairs!);
    expect(p.documents[0].label).toBe('alert-config 5f0 HOST_DOWN');
    expect(p.documents[0].groups[0].changes.map((c) => `${c.type} ${c.summary}`)).toEqual(['enabled enabled true → false', 'field-changed notifications changed', 'field-removed notifications.0.emailAddress removed']);
  });
});

describe('the plan of authentication changes', () => {
  it('the agent moved while its old mechanism leaves the deployment: the agent\'s line says so', async () => {
    let pairs: TransitionPairs | undefined;
    const base = authExample(['SCRAM-SHA-256', 'MONGODB-X509'], ['SCRAM-SHA-256']);
    const now = authExample(['MONGODB-X509'], ['MONGODB-X509']);
    await lint([{ filePath: '/p/a.yaml', text: now, base: { label: 'HEAD:a.yaml', text: base } }], { now: NOW, onPairs: (_, p) => (pairs = p) });
    const lines = planFile('a.yaml', pairs!).documents[0].groups.flatMap((g) => g.changes.map((c) => c.summary));
    expect(lines).toContain('auth.autoAuthMechanisms: ["SCRAM-SHA-256"] → ["MONGODB-X509"] (while SCRAM-SHA-256 is removed from the deployment: move the agent first)');
    expect(lines).toContain('auth.deploymentAuthMechanisms: ["SCRAM-SHA-256","MONGODB-X509"] → ["MONGODB-X509"]');
  });
});

describe('the plan of MONGODB-CR and SCRAM-SHA-1', () => {
  async function lines(base: string, now: string) {
    let pairs: TransitionPairs | undefined;
    await lint([{ filePath: '/p/a.yaml', text: now, base: { label: 'HEAD:a.yaml', text: base } }], { now: NOW, onPairs: (_, p) => (pairs = p) });
    return planFile('a.yaml', pairs!).documents[0].groups.flatMap((g) => g.changes.map((c) => c.summary));
  }
  it('on 7.0 the rename is a change of spelling: no "no mechanism in common" note', async () => {
    expect(await lines(authExample(['MONGODB-CR'], ['MONGODB-CR']), authExample(['SCRAM-SHA-1'], ['SCRAM-SHA-1']))).toContain('auth.deploymentAuthMechanisms: ["MONGODB-CR"] → ["SCRAM-SHA-1"]');
  });
  it('on 3.6, where MONGODB-CR clients exist, the same change has the note', async () => {
    const on36 = (t: string) => t.replace(/7\.0\.12/g, '3.6.23').replace(/"7\.0"/g, '"3.6"');
    expect(await lines(on36(authExample(['MONGODB-CR'], ['MONGODB-CR'])), on36(authExample(['SCRAM-SHA-1'], ['SCRAM-SHA-1'])))).toContain(
      'auth.deploymentAuthMechanisms: ["MONGODB-CR"] → ["SCRAM-SHA-1"] (no mechanism in common: add the new one, move the agent, then remove the old)',
    );
  });
});

describe('the plan of a keyfile rotation before MongoDB 4.2', () => {
  const OLD = 'c2VjcmV0a2V5b25lc2VjcmV0a2V5b25lc2VjcmV0a2V5b25l';
  const NEW = 'bmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdv';
  async function keyLines(version: string, fcv: string, newKey: boolean) {
    const doc = (key: string, extra = '') => replicaSetExample(threeMembers(version, fcv), undefined, authHead(key, extra));
    let pairs: TransitionPairs | undefined;
    const now = newKey ? doc(OLD, `  newKey: ${NEW}\n`) : doc(NEW);
    await lint([{ filePath: '/p/a.yaml', text: now, base: { label: 'HEAD:a.yaml', text: doc(OLD) } }], { now: NOW, onPairs: (_, p) => (pairs = p) });
    return planFile('a.yaml', pairs!).documents[0].groups.flatMap((g) => g.changes.map((c) => c.summary));
  }
  it('auth.newKey on 4.0: the line says the rotation needs 4.2, naming the processes', async () => {
    expect(await keyLines('4.0.28', '4.0', true)).toEqual(['auth.newKey set (value not shown): Ops Manager rotates the keyfile, then replaces auth.key with it (the rotation through auth.newKey needs MongoDB 4.2 or later: rs0-0 4.0.28, rs0-1 4.0.28, rs0-2 4.0.28)']);
    expect(await keyLines('4.2.25', '4.2', true)).toEqual(['auth.newKey set (value not shown): Ops Manager rotates the keyfile, then replaces auth.key with it']);
  });
  it('auth.key replaced on 4.0: the same note', async () => {
    expect(await keyLines('4.0.28', '4.0', false)).toEqual(['auth.key replaced (value not shown): a keyfile rotation in one PUT, not through auth.newKey (the rotation through auth.newKey needs MongoDB 4.2 or later: rs0-0 4.0.28, rs0-1 4.0.28, rs0-2 4.0.28)']);
  });
});

describe('the plan of an alert configuration\'s event type', () => {
  it('a new eventTypeName under the same id: named with both values, delete and create instead', async () => {
    const { lines } = await plan('alert-event-type');
    expect(lines).toEqual(['document | field-changed | eventTypeName PRIMARY_ELECTED → NO_PRIMARY in place (same id): delete and create instead']);
  });
});

describe('plan formats', () => {
  it('stylish, JSON and Markdown say the same, and never print a secret of the base', async () => {
    const { plan: p, run } = await plan('dropped-tls-password');
    const plans: FilePlan[] = [p];
    const stylish = planStylish(plans, run, false);
    const json = JSON.parse(planJson(plans, run));
    const markdown = planMarkdown(plans, run);
    expect(stylish).toContain('  automation-config: changed\n    replica set rs0\n      ↻ rs0-0: args2_6 changed: the agent restarts it');
    expect(json.summary).toEqual({ changed: 1, added: 0, removed: 0, restarts: 3 });
    expect(json.plans[0].documents[0].groups[0].changes[3]).toMatchObject({ type: 'field-removed', basePointer: '/processes/0/args2_6/net/tls/certificateKeyFilePassword', restart: true });
    expect(markdown).toContain('| replica set rs0 | rs0-0: args2\\_6.net.tls.certificateKeyFilePassword removed | yes |');
    for (const text of [stylish, JSON.stringify(json), markdown]) expect(text).not.toContain('Tr4nsit-Key-Pass');
  });
  it('a keyfile rotation: neither key nor a hash of one reaches a plan format or a check format', async () => {
    const crypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
    const { plan: p, run } = await plan('keyfile-replaced');
    const outputs = [planStylish([p], run, false), planJson([p], run), planMarkdown([p], run), ...FORMATS.map((f) => formatResults(f, run, { color: false, cwd: DATA, fixDryRun: false }))];
    expect(outputs.join('\n')).toContain('auth.key replaced (value not shown)');
    const keys = ['c2VjcmV0a2V5b25lc2VjcmV0a2V5b25lc2VjcmV0a2V5b25l', 'bmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdvbmV3a2V5dHdv'];
    for (const out of outputs) for (const k of keys) expect(out.includes(k), k.slice(0, 6)).toBe(false);
    // Nor a hash of a key (what a careless digest would print).
    for (const k of keys) {
      for (const out of outputs) for (const enc of ['hex', 'base64', 'base64url'] as const) expect(out).not.toContain(crypto.createHash('sha256').update(k).digest(enc));
    }
  });
  it('Markdown escapes what a document could inject into a pull request comment', async () => {
    const plans: FilePlan[] = [{ filePath: 'a.yaml', baseLabel: 'HEAD:a.yaml', documents: [{ kind: 'alert-config', status: 'changed', label: 'alert-config <img src=x> | `x`', groups: [{ title: 'document', changes: [{ type: 'enabled', pointer: '/enabled', summary: 'enabled true → false' }] }], restarts: [] }] }];
    const markdown = planMarkdown(plans, { results: [], sources: new Map() });
    expect(markdown).toContain('**alert-config \\<img src=x\\> \\| \\`x\\`**: changed');
  });
});
