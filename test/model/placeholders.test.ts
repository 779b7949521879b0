// Issue 15 item 4 and issue 18: one anchored placeholder recogniser; template values get one
// info (template-value) instead of enum, version and secret findings; config patterns run on
// RE2, so a catastrophic pattern cannot hang a run.
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { lint } from '../../src/engine/lint';
import { compilePlaceholderPattern, isPlaceholder, isWholePlaceholder, PlaceholderPatternError, WHOLE_FORMS } from '../../src/model/placeholders';
import { ConfigError, loadConfigText } from '../../src/config/load';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { cli } from '../cli/run';
import { prng, tempDir } from '../robustness/support';
import { writeFileSync } from 'node:fs';

const NOW = new Date('2026-11-21T00:00:00Z');

describe('isPlaceholder', () => {
  it.each([
    'YOUR_SLACK_TOKEN', 'your-api-key', 'yourApiKey', 'MY_API_KEY', 'CHANGE_ME', 'changeme', 'CHANGEME', 'REPLACE_ME', 'REPLACE_WITH_TOKEN',
    'API_KEY_HERE', 'TODO', 'xxxxxxxx', '<REGION>', '<your-token>', ':MONGOD_VERSION:', '{{ .Values.x }}', '{{ lookup "env" "X" }}',
    '${VAR}', '${VAR:-default}', '${{ secrets.SLACK }}', '$(pass show slack)', '$TOKEN', '{API-KEY}', '%TOKEN%', '__TOKEN__', '@token@',
    '((slack-token))', "<%= ENV['TOKEN'] %>", '#{token}', ' ${VAR} ',
    // Composite: substitutions joined by separators, a URL whose secret part is a placeholder.
    '${USER}:${PASS}', 'https://h.example.com/${PATH}', 'https://hooks.slack.com/services/T000/B000/<token>', 'https://user:<PASSWORD>@db.example.com',
  ])('%s is a template', (v) => expect(isPlaceholder(v)).toBe(true));

  it.each([
    // Real secrets that merely contain placeholder-like parts (the old unanchored patterns took them).
    'Hunter2<Prod>Sig9', 'pre<fix>post', 'ab{{x}}cd9', 'p4ss${x}word', 'xyz:TOKEN:abc', 'your_token_is_k8s9', 'abc$def',
    'https://hooks.example.com/services/Hunter2<Prod>Sig9', '__init__x', 'CHANGE_MEplease',
    // Plain values and secrets.
    'xoxb-123', '{"a":1}', 'hunter2', 'mypassword123', 'US', 'GREATER_THAN', '7.0.12', '',
  ])('%s is not a template', (v) => expect(isPlaceholder(v)).toBe(false));

  it('only strings are templates', () => {
    expect(isPlaceholder(42)).toBe(false);
    expect(isPlaceholder(null)).toBe(false);
    expect(isWholePlaceholder('${A}${B}')).toBe(false); // whole forms are single
  });

  it('takes the config patterns, RegExp or RE2, also global RegExps used twice', () => {
    const re = /^vault:/g;
    expect(isPlaceholder('vault:a/b', [re])).toBe(true);
    expect(isPlaceholder('vault:a/b', [re])).toBe(true);
    expect(isPlaceholder('vault:a/b', [compilePlaceholderPattern('^vault:')])).toBe(true);
    expect(isPlaceholder('plain', [compilePlaceholderPattern('^vault:')])).toBe(false);
  });
});

describe('isPlaceholder, the cost of a plain value', () => {
  it('refuses a plain value with one expression per flag set, not one per form, and no substitution or URL search', () => {
    // A spied exec: test() and replace() of every RegExp go through it.
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    try {
      for (const v of ['MONITORING_AGENT_DOWN', 'OUTSIDE_METRIC_THRESHOLD', 'dba-alerts@example.com', 'GROUP_OWNER']) {
        exec.mockClear();
        expect(isPlaceholder(v)).toBe(false);
        expect(exec.mock.calls.length).toBeLessThanOrEqual(2);
      }
    } finally {
      exec.mockRestore();
    }
  });

  it('the joined forms say what the forms one by one say', () => {
    // Seeded values near every form: each form's own examples, cut, padded and mixed.
    const seeds = ['${VAR}', '${{ s.X }}', '{{ .V.x }}', '{% raw %}', '<%= E %>', '$(cmd)', '((v))', '#{v}', '<R>', '$V_1', '{API-KEY}', ':MONGOD_VERSION:', '%V%', '__V__', '@v.x@', 'YOUR_T', 'your-api-key', 'yourApiKey', 'MY_K', 'ChangeMe', 'replace-me-x', 'REPLACE_WITH_T', 'INSERT_K', 'API_KEY_HERE', 'tbd', 'Secret_Placeholder', 'XXXX', 'x'.repeat(41), 'OUTSIDE_METRIC_THRESHOLD', '', ' '];
    const next = prng(37);
    const rand = (n: number) => Math.floor(next() * n);
    const values = [...seeds];
    for (let k = 0; k < 3000; k++) {
      const a = seeds[rand(seeds.length)];
      const b = seeds[rand(seeds.length)];
      const cut = a.slice(rand(3), a.length - rand(3));
      values.push(cut, a + b, `${a.slice(0, 1)}${b.slice(1)}`, ` ${cut}\n`, a.toUpperCase(), a.toLowerCase());
    }
    for (const v of values) expect([v, isWholePlaceholder(v)]).toEqual([v, v.trim() !== '' && v.trim().length <= 512 && WHOLE_FORMS.some((re) => re.test(v.trim()))]);
  });
});

describe('secretPlaceholders patterns run on RE2', () => {
  it('a catastrophic pattern finishes, with the right answers', () => {
    const p = compilePlaceholderPattern('^(a+)+$');
    // With a backtracking engine this input takes longer than the age of the universe.
    expect(p.test('a'.repeat(100_000) + 'b')).toBe(false);
    expect(p.test('a'.repeat(100_000))).toBe(true);
    expect(new RegExp('^(a+)+$').source).toBe(p.source);
  });

  it('refuses look-around and back-references with the reason', () => {
    expect(() => compilePlaceholderPattern('(?<=x)y')).toThrow(PlaceholderPatternError);
    expect(() => compilePlaceholderPattern('(a)\\1')).toThrow(/RE2 syntax/);
    expect(() => compilePlaceholderPattern('(unclosed')).toThrow(/missing closing/);
  });

  it('the config names the spot of a bad pattern', () => {
    const load = (text: string) => loadConfigText('/x/omlint.config.yaml', text, KNOWN_RULE_IDS);
    expect(() => load('secretPlaceholders:\n  - "^ok$"\n  - "(?=x)"\n')).toThrow(ConfigError);
    expect(() => load('secretPlaceholders:\n  - "^ok$"\n  - "(?=x)"\n')).toThrow(/omlint\.config\.yaml:3:5: invalid regular expression: .*RE2/);
    expect(load('secretPlaceholders: ["^(a+)+$"]\n').secretPlaceholders[0].test('aaa')).toBe(true);
  });

  it('the CLI: a hostile pattern completes with the template recognised; an unsupported one exits 2 with the spot', async () => {
    const dir = tempDir('placeholders');
    writeFileSync(path.join(dir, 'omlint.config.yaml'), 'secretPlaceholders: ["^(a+)+$"]\n');
    const value = 'a'.repeat(50_000);
    writeFileSync(path.join(dir, 'x.integration.yaml'), `type: DATADOG\nregion: US\napiKey: ${value}\n---\ntype: DATADOG\nregion: US\napiKey: ${value}b\n`);
    const r = await cli(['check', '--format', 'json', '--now', NOW.toISOString(), '.'], { cwd: dir });
    const report = JSON.parse(r.stdout) as { diagnostics: { ruleId: string; documentIndex: number }[] }[];
    // The first apiKey matches the pattern (a placeholder: no plaintext-secret); the second does not.
    expect(report[0].diagnostics.filter((d) => d.ruleId === 'plaintext-secret').map((d) => d.documentIndex)).toEqual([1]);
    writeFileSync(path.join(dir, 'omlint.config.yaml'), 'secretPlaceholders:\n  - "(?!x)y"\n');
    const bad = await cli(['check', '.'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/omlint\.config\.yaml:2:5: invalid regular expression/);
  });
});

describe('template values get one info instead of findings', () => {
  async function run(filePath: string, text: string, placeholders: RegExp[] = []) {
    const [r] = await lint([{ filePath, text }], { now: NOW, settingsFor: () => ({ ignored: false, rules: {}, scope: '/s', secretPlaceholders: placeholders }) });
    return r.diagnostics.map((d) => `${d.ruleId} ${d.severity} ${d.pointer}`);
  }

  it('no invalid-value enum error: an info naming the check', async () => {
    const text = 'type: DATADOG\napiKey: ${DD_KEY}\nregion: "<REGION>"\n';
    expect(await run('a.integration.yaml', text)).toEqual(['template-value info /region']);
    const [r] = await lint([{ filePath: 'a.integration.yaml', text }], { now: NOW });
    expect(r.diagnostics[0].message).toBe('region is a template value ("<REGION>"): not checked by invalid-value. omlint checks the value once the template is filled in.');
    // Without the template, the enum error stands.
    expect(await run('a.integration.yaml', 'type: DATADOG\napiKey: ${DD_KEY}\nregion: MARS\n')).toEqual(['invalid-value error /region']);
  });

  it('no process-version-defined error for a build-time token', async () => {
    const doc = (version: string) =>
      `version: 1\noptions: {downloadBase: /var/lib/mms}\nmongoDbVersions: [{name: 7.0.12, builds: []}]\nprocesses:\n  - name: a\n    hostname: h.example.com\n    processType: mongod\n    version: "${version}"\n    featureCompatibilityVersion: "7.0"\n    authSchemaVersion: 5\n    args2_6: {net: {port: 27017}, storage: {dbPath: /d}, systemLog: {destination: file, path: /d/l}}\nreplicaSets: []\nsharding: []\n`;
    const templated = await run('a.automation-config.yaml', doc(':MONGOD_VERSION:'));
    expect(templated.filter((d) => d.includes('/processes/0/version'))).toEqual(['template-value info /processes/0/version']);
    expect(templated.some((d) => d.startsWith('process-version-defined'))).toBe(false);
    expect((await run('a.automation-config.yaml', doc('7.0.99'))).filter((d) => d.includes('/processes/0/version'))).toContain('process-version-defined error /processes/0/version');
  });

  it('no plaintext-secret for any listed form; one for a secret with placeholder-like parts', async () => {
    for (const v of ['YOUR_SLACK_TOKEN', 'CHANGE_ME', '<token>', '{{ .Values.slack }}', '${SLACK}']) {
      const ds = await run('s.integration.yaml', `type: SLACK\napiToken: "${v}"\nteamName: t\n`);
      expect(ds.filter((d) => d.startsWith('plaintext-secret')), v).toEqual([]);
    }
    expect(await run('s.integration.yaml', 'type: SLACK\napiToken: "Hunter2<Prod>Sig9"\nteamName: t\n')).toContain('plaintext-secret warning /apiToken');
  });

  it('config patterns extend the recogniser for rules and the schema alike', async () => {
    const text = 'type: DATADOG\napiKey: vault:dd/key\nregion: vault:dd/region\n';
    expect(await run('v.integration.yaml', text)).toEqual(['plaintext-secret warning /apiKey', 'invalid-value error /region']);
    expect(await run('v.integration.yaml', text, [/^vault:/])).toEqual(['template-value info /region']);
  });

  it('template-value can be turned off; a key target (unknown field) is never a template matter', async () => {
    const [r] = await lint([{ filePath: 'a.integration.yaml', text: 'type: DATADOG\napiKey: ${K}\nregion: "{{ .Values.region }}"\n"${X}": 1\n' }], {
      now: NOW,
      rules: { 'template-value': 'off' },
    });
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['unknown-field']);
  });
});
