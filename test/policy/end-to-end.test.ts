// The two built-in packs and the three example team policies end to end: the CLI's SARIF (each
// finding's rule described as a policy) and the editor (the same findings as diagnostics), on the
// invalid examples each pack ships. And a policy message never prints a secret.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tree } from '../cli/run';
import { OmlintLanguageService } from '../../src/server/service';
import { NOW, openDoc } from '../lsp/fixtures';

const ROOT = path.join(__dirname, '..', '..');
const PACKS = ['test/policy/packs/production', 'test/policy/packs/alerting', 'examples/policies/pagerduty-required', 'examples/policies/host-down-delay', 'examples/policies/fcv-floor'];

/** The invalid example files of a pack, each with the policy ids its lines announce. */
function invalidExamples(pack: string): { file: string; expected: string[] }[] {
  const dir = path.join(ROOT, pack, 'invalid');
  const files = readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? readdirSync(path.join(dir, n)).map((m) => path.join(dir, n, m)) : [path.join(dir, n)]));
  return files.map((file) => ({ file, expected: [...readFileSync(file, 'utf8').matchAll(/#\s*expect:\s*([a-z0-9/,\s-]+)$/gm)].flatMap((m) => m[1].split(',').map((s) => s.trim())) }));
}

describe.each(PACKS)('%s end to end', (pack) => {
  const config = path.join(ROOT, pack, 'omlint.config.yaml');
  it('SARIF: every announced finding, its rule described as a policy', async () => {
    const r = await cli(['--format', 'sarif', '-c', config, path.join(ROOT, pack, 'invalid')], { cwd: ROOT });
    expect(r.stderr).toBe('');
    const run = JSON.parse(r.stdout).runs[0];
    const expected = invalidExamples(pack).flatMap((e) => e.expected).sort();
    const got = run.results.filter((x: { ruleId: string }) => expected.includes(x.ruleId)).map((x: { ruleId: string }) => x.ruleId).sort();
    expect(got).toEqual(expected);
    for (const res of run.results.filter((x: { ruleId: string }) => expected.includes(x.ruleId))) {
      expect(run.tool.driver.rules[res.ruleIndex]).toMatchObject({ id: res.ruleId, properties: { tags: ['policy'] } });
    }
  });

  it('the editor: the same findings as diagnostics of the open document', async () => {
    for (const { file, expected } of invalidExamples(pack)) {
      if (expected.length === 0) continue;
      const service = new OmlintLanguageService({ now: NOW });
      // A copy of the example's folder beside the pack's config, so that the server finds both.
      const dir = path.dirname(file);
      const files = Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(path.join(dir, n), 'utf8')]));
      const copy = tree({ 'omlint.config.yaml': readFileSync(config, 'utf8'), ...files });
      const doc = openDoc(service, copy, path.basename(file), readFileSync(file, 'utf8'));
      const codes = (await service.diagnostics(doc)).map((d) => String(d.code)).filter((c) => expected.includes(c)).sort();
      expect(codes, file).toEqual([...expected].sort());
    }
  });
});

describe('secrets in policy messages', () => {
  it('{{value}} of a secret field is masked in every output', async () => {
    const config = `policies:
  - id: acme/key-from-vault
    kinds: [alert-config]
    severity: error
    message: "serviceKey {{value}} must come from the vault"
    given: $.notifications[*]
    then: { field: serviceKey, pattern: "^vault:" }
`;
    const secret = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
    const doc = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: ${secret}\n    delayMin: 0\n`;
    const dir = tree({ 'omlint.config.yaml': config, 'a.alert-config.yaml': doc });
    for (const format of ['stylish', 'json', 'sarif']) {
      const r = await cli(['--format', format, '.'], { cwd: dir });
      expect(r.stdout).toContain('acme/key-from-vault');
      expect(r.stdout).not.toContain(secret);
    }
  });

  it('{{value}} of a long secret, or of an object holding one, prints none of it: masked before it is cut (issue 32)', async () => {
    const config = `policies:
  - id: acme/teams-hook
    kinds: [alert-config]
    severity: error
    message: "hook {{value}} is not ours"
    given: $.notifications[*]
    then: { field: microsoftTeamsWebhookUrl, pattern: "^https://acme\\\\." }
  - id: acme/notification
    kinds: [alert-config]
    severity: warning
    message: "notifications {{notifications}} are not reviewed"
    given: $
    then: { field: eventTypeName, enum: [OTHER] }
`;
    // Longer than the 77 characters a quoted value is cut to.
    const secret = `https://example.webhook.office.com/webhookb2/policy-canary-0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4/incomingwebhook/f00d`;
    const doc = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: MICROSOFT_TEAMS\n    microsoftTeamsWebhookUrl: ${secret}\n    delayMin: 0\n  - typeName: EMAIL\n    emailAddress: on-call-database-operations@example.com\n    delayMin: 0\n`;
    const dir = tree({ 'omlint.config.yaml': config, 'a.alert-config.yaml': doc });
    for (const format of ['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab']) {
      const r = await cli(['--format', format, '.'], { cwd: dir });
      expect(r.stdout).toContain('acme/teams-hook');
      expect(r.stdout).toContain('acme/notification');
      expect(r.stdout).not.toContain('policy-canary');
    }
    // The object is masked first, then cut: what is not secret is shown up to the cut.
    const json = JSON.parse((await cli(['--format', 'json', '.'], { cwd: dir })).stdout) as { diagnostics: { ruleId: string; message: string }[] }[];
    const notification = json[0].diagnostics.find((d) => d.ruleId === 'acme/notification')!.message;
    const quoted = '[{"typeName":"MICROSOFT_TEAMS","microsoftTeamsWebhookUrl":"****","delayMin":0},{"typeName":"EMAIL","emailAddress":"on-call-database-operations@example.com","delayMin":0}]';
    expect(notification).toBe(`notifications ${quoted.slice(0, 77)}… are not reviewed`);
    expect(notification).not.toMatch(/[\uE000\uE001]/);
    const service = new OmlintLanguageService({ now: NOW });
    const opened = openDoc(service, dir, 'a.alert-config.yaml', doc);
    expect(JSON.stringify(await service.diagnostics(opened))).not.toContain('policy-canary');
  });
});
