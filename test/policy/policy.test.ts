// Policies (issue 21): config → rules, positions, extends (relative, built-in packs, npm packages),
// exact config errors, CLI (rules, explain, SARIF, --fix), the editor's diagnostics and quick fix.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tree } from '../cli/run';
import { OmlintLanguageService } from '../../src/server/service';
import { applyAction, NOW, openDoc } from '../lsp/fixtures';

const ALERT = `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: GROUP
    emailEnabled: true
    delayMin: 30
    intervalMin: 60
`;

const DELAY_POLICY = `policies:
  - id: acme/host-down-delay
    kinds: [alert-config]
    severity: warning
    message: A HOST_DOWN notification should not wait {{value}} minutes.
    docs: https://wiki.example.com/alerting
    if: { field: eventTypeName, equals: HOST_DOWN }
    given: $.notifications[*]
    then: { field: delayMin, maximum: 15 }
    fix: { value: 15, title: Wait 15 minutes }
`;

describe('policies in a run', () => {
  it('reports a policy at the exact spot, with its severity and filled message', async () => {
    const dir = tree({ 'omlint.config.yaml': DELAY_POLICY, 'a.alert-config.yaml': ALERT });
    const r = await cli(['--format', 'json', 'a.alert-config.yaml'], { cwd: dir });
    const d = JSON.parse(r.stdout)[0].diagnostics.filter((x: { ruleId: string }) => x.ruleId === 'acme/host-down-delay');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ severity: 'warning', message: 'A HOST_DOWN notification should not wait 30 minutes.', pointer: '/notifications/0/delayMin', range: { start: { line: 6, column: 15 }, end: { line: 6, column: 17 } } });
    expect(r.code).not.toBe(2);
  });

  it('a policy with an unrelated `if` stays quiet, and `rules:` can turn a policy off', async () => {
    const quiet = tree({ 'omlint.config.yaml': DELAY_POLICY, 'a.alert-config.yaml': ALERT.replace('HOST_DOWN', 'NO_PRIMARY') });
    expect((await cli(['--format', 'json', '.'], { cwd: quiet })).stdout).not.toContain('acme/host-down-delay');
    const off = tree({ 'omlint.config.yaml': `${DELAY_POLICY}rules:\n  acme/host-down-delay: "off"\n`, 'a.alert-config.yaml': ALERT });
    const r = await cli(['--format', 'json', '.'], { cwd: off });
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('acme/host-down-delay');
  });

  it('suppression comments name policies like rules', async () => {
    const dir = tree({ 'omlint.config.yaml': DELAY_POLICY, 'a.alert-config.yaml': ALERT.replace('delayMin: 30', 'delayMin: 30 # omlint-disable-line acme/host-down-delay') });
    const r = await cli(['--format', 'json', '.'], { cwd: dir });
    expect(r.stdout).not.toContain('acme/host-down-delay');
    expect(r.stdout).not.toContain('unused-disable-directive');
  });

  it('--fix applies a safe fix value; a plain fix value is a quick fix only', async () => {
    const safe = tree({ 'omlint.config.yaml': DELAY_POLICY.replace('fix: { value: 15,', 'fix: { value: 15, safe: true,'), 'a.alert-config.yaml': ALERT });
    await cli(['--fix', '.'], { cwd: safe });
    expect(readFileSync(path.join(safe, 'a.alert-config.yaml'), 'utf8')).toBe(ALERT.replace('delayMin: 30', 'delayMin: 15'));
    const suggestion = tree({ 'omlint.config.yaml': DELAY_POLICY, 'a.alert-config.yaml': ALERT });
    await cli(['--fix', '.'], { cwd: suggestion });
    expect(readFileSync(path.join(suggestion, 'a.alert-config.yaml'), 'utf8')).toBe(ALERT);
  });

  it('SARIF carries the policy as a rule, with its docs URL and source', async () => {
    const dir = tree({ 'omlint.config.yaml': DELAY_POLICY, 'a.alert-config.yaml': ALERT });
    const sarif = JSON.parse((await cli(['--format', 'sarif', '.'], { cwd: dir })).stdout);
    const rules = sarif.runs[0].tool.driver.rules;
    const rule = rules.find((x: { id: string }) => x.id === 'acme/host-down-delay');
    expect(rule).toMatchObject({ helpUri: 'https://wiki.example.com/alerting', defaultConfiguration: { level: 'warning' }, properties: { tags: ['policy'] } });
    const result = sarif.runs[0].results.find((x: { ruleId: string }) => x.ruleId === 'acme/host-down-delay');
    expect(rules[result.ruleIndex].id).toBe('acme/host-down-delay');
    expect(result.locations[0].physicalLocation.region).toMatchObject({ startLine: 6, startColumn: 15 });
  });

  it('omlint rules lists policies with their source; explain prints one', async () => {
    const dir = tree({ 'omlint.config.yaml': `extends: [omlint:production]\n${DELAY_POLICY}` });
    const list = await cli(['rules'], { cwd: dir });
    expect(list.stdout).toMatch(/acme\/host-down-delay .* \(policy of .*omlint\.config\.yaml\)/);
    expect(list.stdout).toMatch(/production\/voting-members .* \(policy of omlint:production\)/);
    const json = JSON.parse((await cli(['rules', '--format', 'json'], { cwd: dir })).stdout);
    expect(json.find((r: { id: string }) => r.id === 'production/auth-enabled')).toMatchObject({ source: 'omlint:production', defaultSeverity: 'error', fixable: false });
    const explain = await cli(['explain', 'production/arbiter-priority'], { cwd: dir });
    expect(explain.code).toBe(0);
    expect(explain.stdout).toContain('Policy of `omlint:production`');
    expect(explain.stdout).toContain('quick fix');
  });
});

describe('extends', () => {
  it('takes a relative file, whose policies and severities apply', async () => {
    const dir = tree({ 'omlint.config.yaml': 'extends: [./team/alerting.yaml]\n', 'team/alerting.yaml': `${DELAY_POLICY}rules:\n  enabled-omitted: "off"\n`, 'a.alert-config.yaml': ALERT });
    const r = await cli(['--format', 'json', '.'], { cwd: dir });
    expect(r.stdout).toContain('acme/host-down-delay');
  });

  it('consumes a pack published as an npm package (YAML named by package.json, never required)', async () => {
    const dir = tree({
      'omlint.config.yaml': 'extends: [acme-omlint-policies]\n',
      'node_modules/acme-omlint-policies/package.json': JSON.stringify({ name: 'acme-omlint-policies', version: '1.0.0', omlint: 'policies.yaml', main: 'index.js' }),
      'node_modules/acme-omlint-policies/policies.yaml': DELAY_POLICY,
      // Would throw if anything required the package.
      'node_modules/acme-omlint-policies/index.js': 'throw new Error("a policy pack was executed");\n',
      'prod/a.alert-config.yaml': ALERT,
    });
    const r = await cli(['--format', 'json', 'prod'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)[0].diagnostics.map((d: { ruleId: string }) => d.ruleId)).toContain('acme/host-down-delay');
    expect((await cli(['rules'], { cwd: dir })).stdout).toContain('(policy of npm:acme-omlint-policies)');
  });

  it('refuses a package whose entry is a script, and a missing package, with exit 2', async () => {
    const script = tree({ 'omlint.config.yaml': 'extends: [evil-pack]\n', 'node_modules/evil-pack/package.json': JSON.stringify({ name: 'evil-pack', main: 'index.js' }), 'node_modules/evil-pack/index.js': 'process.exit(7)\n', 'a.alert-config.yaml': ALERT });
    const r = await cli(['.'], { cwd: script });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('omlint.config.yaml:1:11: the package "evil-pack" names no policy file');
    const missing = await cli(['.'], { cwd: tree({ 'omlint.config.yaml': 'extends:\n  - nope-pack\n', 'a.alert-config.yaml': ALERT }) });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('omlint.config.yaml:2:5: the npm package "nope-pack" is not installed');
  });

  it('refuses a loop and an unknown built-in pack', async () => {
    const loop = await cli(['.'], { cwd: tree({ 'omlint.config.yaml': 'extends: [./a.yaml]\n', 'a.yaml': 'extends: [./b.yaml]\n', 'b.yaml': 'extends: [./a.yaml]\n', 'x.alert-config.yaml': ALERT }) });
    expect(loop.code).toBe(2);
    expect(loop.stderr).toMatch(/b\.yaml:1:11: \.\/a\.yaml extends this file again/);
    const pack = await cli(['.'], { cwd: tree({ 'omlint.config.yaml': 'extends: [omlint:prod]\n', 'x.alert-config.yaml': ALERT }) });
    expect(pack.code).toBe(2);
    expect(pack.stderr).toContain('no built-in pack "prod"; packs: omlint:alerting, omlint:production');
  });
});

describe('config errors point at the exact spot (exit 2)', () => {
  const cases: [string, string, RegExp][] = [
    ['unknown policy field', DELAY_POLICY.replace('    given:', '    givn:'), /omlint\.config\.yaml:8:5: unknown policy field "givn"; did you mean "given"\?/],
    ['unknown assertion field', DELAY_POLICY.replace('maximum: 15', 'maximun: 15'), /omlint\.config\.yaml:9:30: unknown assertion field "maximun"; did you mean "maximum"\?/],
    ['id without namespace', DELAY_POLICY.replace('acme/host-down-delay', 'host-down-delay'), /omlint\.config\.yaml:2:5: a policy needs an "id" with a namespace/],
    ['bad JSONPath', DELAY_POLICY.replace('$.notifications[*]', '$.notifications[*'), /omlint\.config\.yaml:8:5: not a JSONPath query/],
    ['unknown kind', DELAY_POLICY.replace('[alert-config]', '[alert-configs]'), /omlint\.config\.yaml:3:13: unknown kind "alert-configs"/],
    ['regex RE2 cannot run', DELAY_POLICY.replace('maximum: 15', 'pattern: "(?=a)"'), /omlint\.config\.yaml:9:30: invalid regular expression/],
    ['match() in given', DELAY_POLICY.replace('$.notifications[*]', "$.notifications[?match(@.typeName, 'G.*')]"), /omlint\.config\.yaml:8:5: the function match\(\) runs a JavaScript regular expression/],
    ['pattern in a schema fragment', DELAY_POLICY.replace('maximum: 15', 'schema: { pattern: "^a" }'), /omlint\.config\.yaml:9:40: "pattern" runs a JavaScript regular expression/],
  ];
  for (const [name, config, message] of cases) {
    it(name, async () => {
      const r = await cli(['.'], { cwd: tree({ 'omlint.config.yaml': config, 'a.alert-config.yaml': ALERT }) });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    });
  }

  it('in an extended file, the spot is in that file', async () => {
    const r = await cli(['.'], { cwd: tree({ 'omlint.config.yaml': 'extends: [./team.yaml]\n', 'team.yaml': DELAY_POLICY.replace('    given:', '    givn:'), 'a.alert-config.yaml': ALERT }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/team\.yaml:8:5: unknown policy field "givn"/);
  });
});

describe('the editor', () => {
  it('shows a policy diagnostic and offers its fix value as a quick fix', async () => {
    const dir = tree({ 'omlint.config.yaml': DELAY_POLICY });
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, dir, 'a.alert-config.yaml', ALERT);
    const diags = await service.diagnostics(doc);
    const d = diags.find((x) => x.code === 'acme/host-down-delay')!;
    expect(d.range).toEqual({ start: { line: 5, character: 14 }, end: { line: 5, character: 16 } });
    const actions = await service.codeActions(doc, d.range, { diagnostics: [d] });
    const fix = actions.find((a) => a.title === 'Wait 15 minutes')!;
    expect(applyAction(doc, fix)).toBe(ALERT.replace('delayMin: 30', 'delayMin: 15'));
  });
});

describe('the editor and a cross-document policy', () => {
  it('reads the other alert configurations of the scope on disk for omlint:alerting', async () => {
    const read = (dir: string, f: string) => readFileSync(path.join('test/policy/packs/alerting', dir, 'project', f), 'utf8');
    const files = ['disk', 'host-down', 'no-primary', 'replication-lag'].map((n) => `${n}.alert-config.yaml`);
    const good = tree({ 'omlint.config.yaml': 'extends: [omlint:alerting]\n', ...Object.fromEntries(files.map((f) => [f, read('valid', f)])) });
    const service = new OmlintLanguageService({ now: NOW });
    const clean = openDoc(service, good, files[0], read('valid', files[0]));
    expect((await service.diagnostics(clean)).filter((d) => String(d.code).startsWith('alerting/'))).toEqual([]);
    const bad = tree({ 'omlint.config.yaml': 'extends: [omlint:alerting]\n', ...Object.fromEntries(files.map((f) => [f, read('invalid', f)])) });
    const service2 = new OmlintLanguageService({ now: NOW });
    const opened = openDoc(service2, bad, files[0], read('invalid', files[0]));
    const codes = (await service2.diagnostics(opened)).map((d) => d.code).filter((c) => String(c).startsWith('alerting/')).sort();
    expect(codes).toEqual(['alerting/disk-space-pages', 'alerting/host-down-pages']);
  });
});

describe('omlint policy test', () => {
  for (const name of ['pagerduty-required', 'host-down-delay', 'fcv-floor', 'allowed-versions', 'replica-set-members']) {
    it(`passes the examples of examples/policies/${name}`, async () => {
      const r = await cli(['policy', 'test', path.join('examples/policies', name)]);
      expect(r.stdout).toMatch(/(\d+) of \1 examples pass/);
      expect(r.code).toBe(0);
    });
  }

  it('fails a missing and an extra finding, naming the line', async () => {
    const dir = tree({ 'omlint.config.yaml': DELAY_POLICY, 'valid/bad.yaml': ALERT, 'invalid/wrong-line.yaml': ALERT.replace('HOST_DOWN', 'HOST_DOWN # expect: acme/host-down-delay') });
    const r = await cli(['policy', 'test', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL valid/bad.yaml\n  extra    valid/bad.yaml:6 acme/host-down-delay');
    expect(r.stdout).toContain('missing  invalid/wrong-line.yaml:1 acme/host-down-delay');
    expect(r.stdout).toContain('extra    invalid/wrong-line.yaml:6 acme/host-down-delay');
  });

  it('symbolic link loops are failed examples, said and never followed; no example at all is an error', async () => {
    const dir = tree({ 'omlint.config.yaml': DELAY_POLICY });
    mkdirSync(path.join(dir, 'valid'));
    mkdirSync(path.join(dir, 'invalid'));
    symlinkSync('self.yaml', path.join(dir, 'valid/self.yaml'));
    // A link named like an example, to the folder that holds it: read as a file, it was "ok".
    symlinkSync('.', path.join(dir, 'valid/x.yaml'));
    symlinkSync('..', path.join(dir, 'invalid/up'));
    // An example that cannot be read (not UTF-8) is no example either.
    writeFileSync(path.join(dir, 'valid/latin1.yaml'), Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]));
    const r = await cli(['policy', 'test', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/^ok/m);
    expect(r.stdout).toContain('FAIL invalid/up/: a symbolic link loop (to .); not followed\n');
    expect(r.stdout).toContain('FAIL valid/self.yaml: a symbolic link loop; not followed\n');
    expect(r.stdout).toContain('FAIL valid/x.yaml/: a symbolic link loop (to valid); not followed\n');
    expect(r.stdout).toMatch(/^FAIL valid\/latin1\.yaml: valid\/latin1\.yaml: .*UTF-8/m);
    expect(r.stdout).toContain('0 of 4 examples pass');
    const none = tree({ 'omlint.config.yaml': DELAY_POLICY, 'valid/notes.txt': 'no example\n' });
    const empty = await cli(['policy', 'test', none]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/no examples \(valid\/ and invalid\/ hold example documents\)/);
    expect(empty.stdout).not.toMatch(/^ok/m);
  });

  it('runs a pack from its package.json, and a folder of examples as one scope', async () => {
    const dir = tree({
      'package.json': JSON.stringify({ name: 'acme-pack', omlint: 'pack.yaml' }),
      'pack.yaml': 'extends: [omlint:alerting]\n',
      'valid/project/host-down.yaml': 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: "${KEY}"\n    delayMin: 0\n',
      'valid/project/no-primary.yaml': 'eventTypeName: NO_PRIMARY\nenabled: true\nnotifications:\n  - typeName: OPS_GENIE\n    opsGenieApiKey: "${KEY}"\n    opsGenieRegion: US\n    delayMin: 0\n',
    });
    mkdirSync(path.join(dir, 'invalid'));
    writeFileSync(path.join(dir, 'invalid/email.yaml'), 'eventTypeName: HOST_DOWN # expect: alerting/host-down-pages, alerting/no-primary-pages, alerting/replication-lag-pages, alerting/disk-space-pages\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    delayMin: 0\n    intervalMin: 60\n');
    const r = await cli(['policy', 'test', dir]);
    // The valid project lacks the lag and disk alerts: two findings there, so it fails; the invalid one passes.
    expect(r.stdout).toContain('ok   invalid/email.yaml');
    expect(r.stdout).toMatch(/FAIL valid\/project\/\n  extra {4}valid\/project\/host-down\.yaml:1 alerting\/disk-space-pages\n  extra {4}valid\/project\/host-down\.yaml:1 alerting\/replication-lag-pages/);
    expect(r.code).toBe(1);
  });
});

describe('the built-in packs, each policy by its examples (test/policy/packs)', () => {
  for (const pack of ['production', 'alerting']) {
    it(`omlint:${pack}: every valid example clean, every invalid one exactly as announced`, async () => {
      const r = await cli(['policy', 'test', path.join('test/policy/packs', pack)]);
      expect(r.stdout).toMatch(/(\d+) of \1 examples pass/);
      expect(r.code).toBe(0);
    });
  }
  it('every production policy is announced by some invalid example', async () => {
    const r = await cli(['policy', 'test', 'test/policy/packs/production']);
    expect(r.stdout).not.toContain('note production/');
  });
});

describe('policies with the run machinery', () => {
  it('--rule and the baseline (--suppress-rule) take policy ids', async () => {
    const dir = tree({ 'omlint.config.yaml': DELAY_POLICY, 'a.alert-config.yaml': ALERT });
    const off = await cli(['--format', 'json', '--rule', 'acme/host-down-delay: off', '.'], { cwd: dir });
    expect(off.stderr).toBe('');
    expect(off.stdout).not.toContain('acme/host-down-delay');
    const error = await cli(['--format', 'json', '--rule', 'acme/host-down-delay: error', '.'], { cwd: dir });
    expect(JSON.parse(error.stdout)[0].diagnostics.find((d: { ruleId: string }) => d.ruleId === 'acme/host-down-delay').severity).toBe('error');
    const record = await cli(['--suppress-rule', 'acme/host-down-delay', '--rule', 'acme/host-down-delay: error', '.'], { cwd: dir });
    expect(record.stderr).not.toContain('no such rule');
    const after = await cli(['--format', 'json', '--rule', 'acme/host-down-delay: error', '.'], { cwd: dir });
    expect(after.stdout).not.toContain('acme/host-down-delay');
  });

  it('--cache does not reuse a result after the extended pack file changed', async () => {
    // The pack lies outside the linted directory, so that no file of the scope changes with it.
    const dir = tree({ 'omlint.config.yaml': 'extends: [./packs/pack.yaml]\n', 'packs/pack.yaml': DELAY_POLICY, 'prod/a.alert-config.yaml': ALERT });
    const cache = path.join(dir, '.omlintcache');
    const first = await cli(['--cache', '--cache-location', cache, '--format', 'json', 'prod'], { cwd: dir });
    expect(first.stdout).toContain('acme/host-down-delay');
    writeFileSync(path.join(dir, 'packs/pack.yaml'), DELAY_POLICY.replace('maximum: 15', 'maximum: 45'));
    const second = await cli(['--cache', '--cache-location', cache, '--format', 'json', 'prod'], { cwd: dir });
    expect(second.stdout).not.toContain('acme/host-down-delay');
  });

  it('worker threads apply policies too', async () => {
    const files: Record<string, string> = { 'omlint.config.yaml': DELAY_POLICY };
    for (let i = 0; i < 70; i++) files[`a${i}.alert-config.yaml`] = ALERT;
    const r = await cli(['--jobs', '2', '--format', 'json', '.'], { cwd: tree(files) });
    const results = JSON.parse(r.stdout) as { diagnostics: { ruleId: string }[] }[];
    expect(results).toHaveLength(70);
    expect(results.every((x) => x.diagnostics.some((d) => d.ruleId === 'acme/host-down-delay'))).toBe(true);
  });
});

describe('the editor and a cross-document policy of a kind no built-in rule reads across files', () => {
  const WINDOW = (description: string) => `startDate: "2026-12-01T22:00:00Z"\nendDate: "2026-12-01T23:30:00Z"\nalertTypeNames: [BACKUP]\ndescription: ${description}\n`;
  const CONFIG = `policies:
  - id: acme/weekly-window
    kinds: [maintenance-window]
    severity: warning
    message: The project has no weekly maintenance window.
    contains:
      where: { field: description, required: true, equals: weekly }
`;
  it('reads the other maintenance windows of the scope from disk', async () => {
    const withWeekly = tree({ 'omlint.config.yaml': CONFIG, 'b.maintenance-window.yaml': WINDOW('weekly') });
    const service = new OmlintLanguageService({ now: NOW });
    const doc = openDoc(service, withWeekly, 'a.maintenance-window.yaml', WINDOW('one-off'));
    expect((await service.diagnostics(doc)).map((d) => d.code)).not.toContain('acme/weekly-window');
    const alone = tree({ 'omlint.config.yaml': CONFIG, 'b.maintenance-window.yaml': WINDOW('other') });
    const service2 = new OmlintLanguageService({ now: NOW });
    const doc2 = openDoc(service2, alone, 'a.maintenance-window.yaml', WINDOW('one-off'));
    expect((await service2.diagnostics(doc2)).map((d) => d.code)).toContain('acme/weekly-window');
  });
});

describe('--print-config', () => {
  it('lists the policies that apply to the file, with their severities, and not those filtered out', async () => {
    const config = `${DELAY_POLICY}  - id: acme/prod-only\n    kinds: [alert-config]\n    severity: info\n    message: m\n    files: ["prod/**"]\n    then: { required: true }\nrules:\n  acme/host-down-delay: error\n`;
    const dir = tree({ 'omlint.config.yaml': config, 'a.alert-config.yaml': ALERT });
    const r = await cli(['--print-config', 'a.alert-config.yaml'], { cwd: dir });
    const rules = JSON.parse(r.stdout).rules;
    expect(rules['acme/host-down-delay']).toBe('error');
    expect(rules['acme/prod-only']).toBeUndefined();
    const prod = await cli(['--print-config', 'prod/b.alert-config.yaml'], { cwd: dir });
    expect(JSON.parse(prod.stdout).rules['acme/prod-only']).toBe('info');
  });
});

describe('files and scope filters', () => {
  it('a policy with `scope` checks only the files of that override scope', async () => {
    const config = `${DELAY_POLICY.replace('    given:', '    scope: production\n    given:')}overrides:\n  - files: ["prod/**"]\n    scope: production\n`;
    const dir = tree({ 'omlint.config.yaml': config, 'prod/a.alert-config.yaml': ALERT, 'dev/a.alert-config.yaml': ALERT });
    const r = JSON.parse((await cli(['--format', 'json', '.'], { cwd: dir })).stdout) as { filePath: string; diagnostics: { ruleId: string }[] }[];
    const flagged = r.filter((f) => f.diagnostics.some((d) => d.ruleId === 'acme/host-down-delay')).map((f) => f.filePath);
    expect(flagged).toEqual(['prod/a.alert-config.yaml']);
  });
});
