// No output format ever prints a secret: planted secrets (a Slack token in an alert config, a
// Datadog API key in an integration) on lines with findings, in a duplicated key and pasted as a
// key so that a message and a pointer quote them.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import type { FileResult } from '../../src/engine/types';
import { formatResults, FORMATS } from '../../src/format/index';
import { formatStylish } from '../../src/format/stylish';
import { cli } from '../cli/run';
import { FIXTURES, NOW } from './results';

const DIR = path.join(FIXTURES, 'secrets');
const FILES = ['slack.alert-config.yaml', 'datadog.integration.json'];
const SECRETS = ['xoxb-PLANTED-SECRET-123456', 'dd0123PLANTEDAPIKEY456789abcdef'];
/** Any recognisable part of them. */
const LEAK = /PLANTED/;

describe('secrets never reach an output', () => {
  let results: FileResult[];
  let cliDir: string;
  beforeAll(async () => {
    results = await lint(FILES.map((f) => ({ filePath: path.join(DIR, f), text: readFileSync(path.join(DIR, f), 'utf8') })), { now: NOW, cwd: DIR });
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
    const out = formatStylish(results, { color: false, frames: true });
    expect(out).toContain('****');
    expect(out).toMatch(/\|.*\*{8,}/); // a code frame line with the masked value
    expect(out).not.toMatch(LEAK);
  });

  for (const format of FORMATS) {
    it(`--format ${format} does not contain them`, () => {
      const out = formatResults(format, results, { color: false, cwd: DIR, fixDryRun: false });
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
