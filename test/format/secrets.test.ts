// No output format ever prints a secret: planted secrets (a Slack token in an alert config, a
// Datadog API key in an integration) on lines with findings, in a duplicated key and pasted as a
// key so that a message and a pointer quote them.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixProject, projectOf } from '../../src/engine/lint';
import type { FileResult, LintRun } from '../../src/core/types';
import { formatResults, FORMATS } from '../../src/format/index';
import { formatStylish } from '../../src/format/stylish';
import { cli } from '../cli/run';
import { FIXTURES, NOW, runOf } from './results';

const DIR = path.join(FIXTURES, 'secrets');
const FILES = ['slack.alert-config.yaml', 'datadog.integration.json'];
const SECRETS = ['xoxb-PLANTED-SECRET-123456', 'dd0123PLANTEDAPIKEY456789abcdef'];
/** Any recognisable part of them. */
const LEAK = /PLANTED/;

describe('secrets never reach an output', () => {
  let results: FileResult[];
  let run: LintRun;
  let cliDir: string;
  beforeAll(async () => {
    run = await runOf(FILES.map((f) => ({ filePath: path.join(DIR, f), text: readFileSync(path.join(DIR, f), 'utf8') })), { now: NOW, cwd: DIR });
    results = run.results;
    cliDir = mkdtempSync(path.join(os.tmpdir(), 'omlint-secrets-'));
    for (const f of FILES) cpSync(path.join(DIR, f), path.join(cliDir, f));
  });
  afterAll(() => rmSync(cliDir, { recursive: true, force: true }));

  it('the fixtures do plant the secrets on lines with findings', () => {
    for (const [i, f] of FILES.entries()) {
      const text = readFileSync(path.join(DIR, f), 'utf8');
      expect(text).toContain(SECRETS[i]);
      const secretLines = text.split('\n').flatMap((l, n) => (l.includes(SECRETS[i]) ? [n + 1] : []));
      const flagged = new Set(results[i].diagnostics.map((d) => d.range.start.line));
      expect(secretLines.filter((n) => flagged.has(n)).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('stylish with code frames masks them', () => {
    const out = formatStylish(run, { color: false, frames: true });
    expect(out).toContain('****');
    expect(out).toMatch(/\|.*\*{8,}/); // a code frame line with the masked value
    expect(out).not.toMatch(LEAK);
  });

  for (const format of FORMATS) {
    it(`--format ${format} does not contain them`, () => {
      const out = formatResults(format, run, { color: false, cwd: DIR, fixDryRun: false });
      expect(out.length).toBeGreaterThan(0);
      expect(out).not.toMatch(LEAK);
    });

    for (const extra of [[], ['--quiet']]) {
      it(`omlint check --format ${[format, ...extra].join(' ')} (whole CLI) does not print them`, async () => {
        const r = await cli(['check', '--format', format, '--now', NOW.toISOString(), ...extra, ...FILES], { cwd: cliDir });
        expect(r.code).toBe(1);
        expect(r.stdout.length).toBeGreaterThan(0);
        expect(r.stdout + r.stderr).not.toMatch(LEAK);
      });
    }
  }
});

// Issue 18: the leaks found in the default (stylish) code frames. The secrets here are plain
// lower-case words, so that no "looks like a token" shape rule hides them: each is masked by its
// field name, by the source text, or by the kind-independent finders.
describe('stylish code frames mask every secret-bearing line', () => {
  const CASES: { name: string; file: string; text: string; secret: string; kind?: 'maintenance-window' }[] = [
    { name: 'a duplicated secret key (the overridden value)', file: 'dup.alert-config.yaml', secret: 'plumtreeoverridden', text: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: SLACK\n    apiToken: plumtreeoverridden\n    apiToken: plumtreekeptvalue\n    channelName: x\n    delayMin: 0\n    intervalMin: 60\n' },
    { name: 'a secret written as a number', file: 'n.automation-config.yaml', secret: '9381953897703180', text: 'version: 1\nauth:\n  disabled: false\n  autoUser: mms-automation\n  autoPwd: 9381953897703180\n  keyfile: /k\nprocesses: []\nmongoDbVersions: []\n' },
    { name: 'a misspelt field (apiTokn)', file: 'm.integration.yaml', secret: 'plumtreemisspelt', text: 'type: SLACK\napiTokn: plumtreemisspelt\nteamName: ops\n' },
    { name: 'a field at the wrong level (top-level webhookSecret)', file: 'w.alert-config.yaml', secret: 'plumtreetoplevel', text: 'eventTypeName: HOST_DOWN\nenabled: true\nwebhookSecret: plumtreetoplevel\nnotifications: []\n' },
    { name: 'a value that merely contains a placeholder-like part', file: 'p.integration.yaml', secret: 'plumtree', text: 'type: DATADOG\napiKey: plumtree<Prod>sig\nregion: US\n' },
    { name: 'an integration url under another type', file: 's.integration.yaml', secret: 'plumtreeslackpath', text: 'type: SLACK\napiToken: ${T}\nteamName: t\nurl: https://hooks.example.com/services/plumtreeslackpath\n' },
    { name: 'an integration url under a lower-case webhook', file: 'l.integration.yaml', secret: 'plumtreelowerpath', text: 'type: webhook\nurl: https://hooks.example.com/services/plumtreelowerpath\n' },
    { name: 'a document linted as another kind', file: 'k.yaml', secret: 'plumtreeotherkind', kind: 'maintenance-window', text: 'notifications:\n  - typeName: PAGER_DUTY\n    serviceKey: plumtreeotherkind\neventTypeName: HOST_DOWN\n' },
    { name: 'a secret on a syntax-error line', file: 'b.integration.yaml', secret: 'plumtreebroken', text: 'type: DATADOG\napiKey: plumtreebroken: [\n' },
    { name: 'a secret on a syntax-error line of JSON', file: 'b.integration.json', secret: 'plumtreejson', text: '{"type": "DATADOG", "apiKey": "plumtreejson" "region": "US"}\n' },
    { name: 'a field the finders do not know, on the line before a finding', file: 'u.integration.yaml', secret: 'plumtreeunknownfield', text: 'type: DATADOG\nregion: US\nmyCustomPassword: plumtreeunknownfield\nbogusField: 1\n' },
    { name: 'backupVersions[].password', file: 'bv.automation-config.yaml', secret: 'plumtreebackup', text: 'version: 1\nbackupVersions:\n  - name: b\n    hostname: h\n    password: plumtreebackup\nprocesses: []\nmongoDbVersions: []\n' },
    { name: 'security.kmip.clientCertificatePassword and security.ldap.bind.queryPassword', file: 'sec.automation-config.yaml', secret: 'plumtreekmip', text: 'version: 1\nprocesses:\n  - name: a\n    processType: mongod\n    args2_6:\n      security:\n        kmip:\n          clientCertificatePassword: plumtreekmip\n        ldap:\n          bind:\n            queryPassword: plumtreekmipldap\nmongoDbVersions: []\n' },
    { name: 'a flow mapping', file: 'f.integration.yaml', secret: 'plumtreeflow', text: '{type: DATADOG, apiKey: plumtreeflow, region: US, bogus: 1}\n' },
    { name: 'a block scalar', file: 'bs.automation-config.yaml', secret: 'plumtreeblock', text: 'version: 1\nauth:\n  key: |\n    plumtreeblock\n  autoPwd: 42\n' },
  ];

  for (const c of CASES) {
    it(c.name, async () => {
      const run = await runOf([{ filePath: c.file, text: c.text }], { now: NOW, kind: c.kind });
      const { results } = run;
      // The secret stands in the frame of some finding (so the test exercises the frame).
      const lines = c.text.split('\n');
      const at = lines.findIndex((l) => l.includes(c.secret)) + 1;
      expect(results[0].diagnostics.some((d) => d.range.start.line === at || d.range.start.line === at + 1), 'a frame shows the line').toBe(true);
      const out = formatStylish(run, { color: false, frames: true });
      expect(out).not.toContain(c.secret);
      // Nor does any other format, nor the same after the cache lost the secret list.
      for (const format of FORMATS) expect(formatResults(format, run, { color: false, cwd: '.', fixDryRun: true })).not.toContain(c.secret);
      const lost = new Map([...run.sources].map(([p, s]) => [p, { ...s, secrets: [] }]));
      expect(formatStylish({ results, sources: lost }, { color: false, frames: true })).not.toContain(c.secret);
    });
  }

  it('keeps placeholders, masks and ordinary values readable', async () => {
    const run = await runOf([{ filePath: 'r.integration.yaml', text: 'type: DATADOG\napiKey: ${DD_API_KEY}\nbogusField: 1\nregion: US\n' }], { now: NOW });
    const out = formatStylish(run, { color: false, frames: true });
    expect(out).toContain('apiKey: ${DD_API_KEY}');
    expect(out).toContain('bogusField: 1');
  });
});

// A token pasted under a plain name, in a file without any secret-named key (so the file lists no
// secret): the message that quotes the value is masked by the secret shapes as its code frame is.
describe('a message quoting a secret-shaped value of a file that lists no secret', () => {
  const CASES = [
    { file: 'e.alert-config.yaml', code: 1, secret: 'ghp_PlantedShapeToken0123456789abcdefghij', text: 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: ghp_PlantedShapeToken0123456789abcdefghij\n    delayMin: 0\n    intervalMin: 60\n' },
    { file: 't.alert-config.yaml', code: 0, secret: 'AKIAPLANTEDSHAPE7QZX', text: 'eventTypeName: AKIAPLANTEDSHAPE7QZX\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    delayMin: 0\n    intervalMin: 60\n' },
  ];
  for (const c of CASES) {
    it(`${c.file}: no format and no CLI run prints it`, async () => {
      const run = await runOf([{ filePath: c.file, text: c.text }], { now: NOW });
      expect(run.results[0].diagnostics.length).toBeGreaterThan(0);
      expect(run.sources.get(run.results[0].filePath)?.secrets ?? []).toEqual([]);
      for (const format of FORMATS) expect(formatResults(format, run, { color: false, cwd: '.', fixDryRun: false })).not.toContain(c.secret.slice(0, 12));
      const out = await cli(['check', '--no-color', '--stdin', '--stdin-filename', c.file], { stdin: c.text });
      expect(out.code).toBe(c.code); // an error; a warning
      expect(out.stdout).toContain('****');
      expect(out.stdout + out.stderr).not.toContain(c.secret.slice(0, 12));
    });
  }
});

describe('--fix-dry-run json: the fixed text is printed with its secrets masked', () => {
  it('masks the output of a fixed file, keeping its length and shape', async () => {
    const text = 'eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: SLACK\n    apiToken: plumtreefixed\n    channelName: x\n    delayMin: 0\n    intervalMin: 60\n';
    const fixed = await fixProject(projectOf(), [{ filePath: 'x.alert-config.yaml', text }], { now: NOW, fixSuggestions: true }); // enabled: true is a suggestion
    expect(fixed.results[0].output).toContain('plumtreefixed'); // --fix writes the real text
    const json = JSON.parse(formatResults('json', fixed, { color: false, cwd: '.', fixDryRun: true })) as { output: string }[];
    expect(json[0].output).toContain('enabled');
    expect(json[0].output).toContain(`apiToken: ${'*'.repeat('plumtreefixed'.length)}\n`);
    expect(json[0].output).not.toContain('plumtreefixed');
  });
});

describe('a value of millions of characters on one line (docs/robustness.md: 10 MB lines)', () => {
  it('is framed by stylish without overflowing the stack, and a token that long is masked whole', async () => {
    // 6 million characters: the secret shapes' expressions overflowed the regular expression stack (issue 32).
    const long = 'a'.repeat(6_000_000);
    for (const value of [long, `xoxb-${long}`, `Ab1${long}PlantedTail`]) {
      const text = `type: SLACK\nchannelName: ${value}\nbogus: 1\n`;
      const out = await cli(['check', '--stdin', '--stdin-filename', 'big.integration.yaml'], { stdin: text });
      expect(out.stderr).not.toMatch(/internal error|RangeError/);
      expect(out.code).toBe(1);
      expect(out.stdout).toMatch(/ 2 \| channelName: /);
      expect(out.stdout).not.toContain('PlantedTail');
    }
    // The run goes on through the bound of the expressions: a token masked whole, however long.
    const { maskSecrets } = await import('../../src/engine/mask');
    expect(maskSecrets(`x Ab1${long}PlantedTail y`, [])).toBe('x **** y');
  }, 120_000);
});
