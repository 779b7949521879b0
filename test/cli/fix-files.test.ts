// --fix file by file (issue 32): a file edited between its read and its write is left as the user
// made it (exit 2); each file is written before the next is read. --fix-dry-run / --diff (issue 31):
// the change as a unified diff, nothing written, the exit of check. Safe fixes against suggestions.
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import type { FixStep } from '../../src/cli/fix-files';
import { cli, tree, TEST_CACHE_HOME } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const GOOD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
/** One safe fix: `delayMn` → `delayMin` (unknown-field, one near name). */
const TYPO = GOOD.replace('delayMin', 'delayMn');
/** One suggestion with one change: enabled-omitted's `enabled: true`. */
const NO_ENABLED = GOOD.replace('enabled: true\n', '');
/** Two suggestions with a choice each: metric-name and units (two near names each). */
const CHOICES = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: ASSERT_USE\n  operator: GREATER_THAN\n  threshold: 10\n  units: KILOBYTE\n  mode: AVERAGE\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';

/** The CLI in-process with a seam told each step of --fix. */
async function cliWithSteps(args: string[], cwd: string, fixStep: FixStep) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    readStdin: async () => Buffer.from(''),
    cwd,
    env: { XDG_CACHE_HOME: TEST_CACHE_HOME },
    fixStep,
  });
  return { code, stdout, stderr };
}

const read = (dir: string, f: string) => readFileSync(path.join(dir, f), 'utf8');

describe('--fix writes file by file, and never over an edit made meanwhile', () => {
  it('a file edited between its read and its write is left as edited, named on stderr, exit 2; the others are fixed', async () => {
    const dir = tree({ 'a.yaml': TYPO, 'b.yaml': TYPO, 'c.yaml': TYPO });
    const edited = TYPO.replace('dba@', 'oncall@');
    const r = await cliWithSteps(['check', ...NOW, '--fix', '.'], dir, (step, file) => {
      if (step === 'write' && path.basename(file) === 'b.yaml') writeFileSync(file, edited);
    });
    expect(read(dir, 'b.yaml')).toBe(edited);
    expect(read(dir, 'a.yaml')).toBe(GOOD);
    expect(read(dir, 'c.yaml')).toBe(GOOD);
    expect(r.stderr).toBe('omlint: b.yaml changed while it was being fixed: left as it is (its fixes are not written); run --fix again.\n');
    expect(r.code).toBe(2);
    // Reported as it is on disk: b.yaml with its typo; two files fixed.
    expect(r.stdout).toContain('Unknown field `delayMn`');
    expect(r.stdout).toContain('Fixed 2 problems in 2 files.');
  });

  it('the same size and mtime but other bytes is a change too (the hash)', async () => {
    const dir = tree({ 'a.yaml': TYPO });
    // Whole seconds: a time set again reads back the same to the nanosecond.
    const SECOND = 1_700_000_000;
    utimesSync(path.join(dir, 'a.yaml'), SECOND, SECOND);
    const same = TYPO.replace('dba@', 'dbb@');
    const r = await cliWithSteps(['check', ...NOW, '--fix', '.'], dir, (step, file) => {
      if (step !== 'write') return;
      writeFileSync(file, same);
      utimesSync(file, SECOND, SECOND);
      expect(statSync(file).mtimeMs).toBe(SECOND * 1000);
    });
    expect(read(dir, 'a.yaml')).toBe(same);
    expect(r.code).toBe(2);
  });

  it('each file is written before the next is read: one file\'s fixing held at a time', async () => {
    const dir = tree({ 'a.yaml': TYPO, 'b.yaml': GOOD, 'c.yaml': TYPO, 'd.yaml': TYPO });
    const steps: string[] = [];
    const r = await cliWithSteps(['check', ...NOW, '--fix', '.'], dir, (step, file) => steps.push(`${step} ${path.basename(file)}`));
    expect(r.code).toBe(0);
    expect(steps).toEqual(['read a.yaml', 'write a.yaml', 'read b.yaml', 'read c.yaml', 'write c.yaml', 'read d.yaml', 'write d.yaml']);
  });
});

describe('--fix-dry-run and --diff', () => {
  it('print the change as a unified diff and what would be fixed, write nothing, and exit as check', async () => {
    const bad = TYPO.replace('HOST_DOWN', 'OUTSIDE_METRIC_THRESHOLD'); // an error --fix cannot repair
    const dir = tree({ 'a.yaml': TYPO, 'bad.yaml': bad });
    const check = await cli(['check', ...NOW, '.'], { cwd: dir });
    for (const flag of ['--fix-dry-run', '--diff']) {
      const r = await cli(['check', ...NOW, flag, '.'], { cwd: dir });
      expect(r.stdout).toContain('--- a/a.yaml\n+++ b/a.yaml\n@@ -3,5 +3,5 @@\n notifications:\n   - typeName: EMAIL\n     emailAddress: dba@example.com\n-    delayMn: 0\n+    delayMin: 0\n     intervalMin: 60\n');
      expect(r.stdout).toContain('Would fix 2 problems in 2 files (nothing was written; --fix writes the change shown above).');
      expect(r.stdout).not.toMatch(/Fixed \d/);
      expect(r.code).toBe(check.code);
      expect(r.code).toBe(1);
      expect(read(dir, 'a.yaml')).toBe(TYPO);
      expect(read(dir, 'bad.yaml')).toBe(bad);
    }
  });

  it("masks secrets in the diff", async () => {
    const token = 'xoxb-1234567890-abcdefghijklmnop';
    const slack = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: SLACK\n    apiToken: ${token}\n    channelName: ops\n    delayMn: 0\n    intervalMin: 60\n`;
    const dir = tree({ 's.yaml': slack });
    const r = await cli(['check', ...NOW, '--diff', '.'], { cwd: dir });
    expect(r.stdout).toContain('+    delayMin: 0');
    expect(r.stdout).not.toContain(token);
  });
});

describe('safe fixes and suggestions', () => {
  it('--fix applies safe fixes only and lists the suggestions it did not apply, with how to apply them', async () => {
    const dir = tree({ 'n.yaml': NO_ENABLED, 'c.yaml': CHOICES });
    const r = await cli(['check', ...NOW, '--fix', '.'], { cwd: dir });
    expect(read(dir, 'n.yaml')).toBe(NO_ENABLED);
    expect(read(dir, 'c.yaml')).toBe(CHOICES);
    expect(r.stdout).toContain("3 suggestions not applied (1 with one change: --fix-suggestions applies it; 2 offering a choice: pick one in your editor's quick fixes).");
    // A plain check says nothing of suggestions (its output is unchanged).
    expect((await cli(['check', ...NOW, '.'], { cwd: dir })).stdout).not.toContain('suggestion');
  });

  it('--fix-suggestions applies a suggestion that is the only one, never one of a choice', async () => {
    const dir = tree({ 'n.yaml': NO_ENABLED, 'c.yaml': CHOICES });
    const r = await cli(['check', ...NOW, '--fix-suggestions', '.'], { cwd: dir });
    expect(read(dir, 'n.yaml')).toBe(GOOD);
    expect(read(dir, 'c.yaml')).toBe(CHOICES);
    expect(r.stdout).toContain('Fixed 1 problem in 1 file.');
    expect(r.stdout).toContain("2 suggestions not applied (2 offering a choice: pick one in your editor's quick fixes).");
  });
});
