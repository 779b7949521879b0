// `omlint plan` and `check --base` with a file or a directory as the base (issue 19): the plan
// and the findings, the exit code, -o, and the usage errors.
import { mkdtempSync, readFileSync, cpSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run';

const DATA = path.join(__dirname, '..', 'data', 'transitions');
/** A copy of the transition pairs: runs from their directory, paths relative to it. */
function pairs(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-plan-'));
  cpSync(DATA, dir, { recursive: true });
  return dir;
}

describe('omlint plan with a file or directory base', () => {
  it('a saved GET as the base: the plan, then the findings; exit 1 when they hold an error', async () => {
    const cwd = pairs();
    const r = await cli(['plan', 'jump-4.4-to-6.0/new.yaml', '--base', 'jump-4.4-to-6.0/base.yaml', '--no-color'], { cwd });
    expect(r.stdout).toMatch(/^jump-4\.4-to-6\.0\/new\.yaml against jump-4\.4-to-6\.0\/base\.yaml\n {2}automation-config: changed\n {4}replica set rs0\n {6}↻ rs0-0: version 4\.4\.29 → 6\.0\.15\n/);
    // The single-document findings of the new state come with the plan.
    expect(r.stdout).toContain('feature-compatibility-version');
    expect(r.code).toBe(1);
  });
  it('markdown to a file (-o), for a pull request comment', async () => {
    const cwd = pairs();
    const r = await cli(['plan', 'upgrade-two-steps/1-binaries.yaml', '--base', 'upgrade-two-steps/0-base.yaml', '--format', 'markdown', '-o', 'out/plan.md'], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const md = readFileSync(path.join(cwd, 'out/plan.md'), 'utf8');
    expect(md).toContain('## omlint plan');
    expect(md).toContain('| replica set rs0 | rs0-0: version 6.0.15 → 7.0.12 | yes |');
    expect(md).toContain('### Findings\n\nNone.');
  });
  it('a directory as the base: the same relative path below it', async () => {
    const cwd = pairs();
    const r = await cli(['plan', 'upgrade-two-steps/2-fcv.yaml', '--base', path.join(cwd, 'snapshot'), '--format', 'json'], { cwd });
    // No snapshot directory: a usage error, not an empty plan.
    expect(r.code).toBe(2);
    cpSync(path.join(cwd, 'upgrade-two-steps'), path.join(cwd, 'snapshot', 'upgrade-two-steps'), { recursive: true });
    cpSync(path.join(cwd, 'upgrade-two-steps', '1-binaries.yaml'), path.join(cwd, 'snapshot', 'upgrade-two-steps', '2-fcv.yaml'));
    const ok = await cli(['plan', 'upgrade-two-steps/2-fcv.yaml', '--base', 'snapshot', '--format', 'json'], { cwd });
    expect(ok.code).toBe(0);
    const out = JSON.parse(ok.stdout);
    expect(out.plans[0].baseLabel).toBe('snapshot/upgrade-two-steps/2-fcv.yaml');
    expect(out.plans[0].documents[0].groups[0].changes.map((c: { type: string }) => c.type)).toEqual(['fcv', 'fcv', 'fcv']);
  });
  it('usage errors exit 2 with the reason', async () => {
    const cwd = pairs();
    const two = await cli(['plan', 'fcv-ahead/new.yaml', 'fcv-ahead/base.yaml', '--base', 'fcv-ahead/base.yaml'], { cwd });
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/is a file: it can be the base of one file only \(2 given\)/);
    const fix = await cli(['check', 'fcv-ahead/new.yaml', '--base', 'fcv-ahead/base.yaml', '--fix'], { cwd });
    expect(fix.code).toBe(2);
    expect(fix.stderr).toMatch(/does not go with --fix/);
    const missing = await cli(['plan', 'nope.yaml', '--base', 'fcv-ahead/base.yaml'], { cwd });
    expect(missing.code).toBe(2);
  });
  it('check --base: the normal findings and the base-unusable one of a base that does not parse', async () => {
    const cwd = pairs();
    const r = await cli(['check', 'fcv-ahead/new.yaml', '--base', 'README.md', '--format', 'json'], { cwd });
    const [result] = JSON.parse(r.stdout);
    expect(result.diagnostics.map((d: { ruleId: string }) => d.ruleId).sort()).toEqual(['base-unusable', 'feature-compatibility-version']);
    expect(r.code).toBe(1);
  });
});

describe('omlint plan with the config\'s secretPlaceholders', () => {
  // A key written as the config's own placeholder form (vault:…) is no key to compare, in plan as in check.
  it('auth.key changed to a configured placeholder: not compared, in the plan and in the findings alike', async () => {
    const cwd = pairs();
    const dir = path.join(cwd, 'keyfile-replaced');
    const placeholder = 'vault:secret/data/mongodb#keyfile';
    const now = readFileSync(path.join(dir, 'new.yaml'), 'utf8');
    const newKey = /^ {2}key: (\S+)$/m.exec(now)![1];
    writeFileSync(path.join(dir, 'new.yaml'), now.replace(`key: ${newKey}`, `key: ${placeholder}`));
    const plan = async () => {
      const r = await cli(['plan', 'keyfile-replaced/new.yaml', '--base', 'keyfile-replaced/base.yaml', '--format', 'json'], { cwd });
      const out = JSON.parse(r.stdout);
      const summaries: string[] = out.plans[0].documents[0].groups.flatMap((g: { changes: { summary: string }[] }) => g.changes.map((c) => c.summary));
      const findings = out.results.flatMap((f: { diagnostics: { ruleId: string; severity: string }[] }) => f.diagnostics.filter((d) => d.ruleId === 'keyfile-replaced').map((d) => d.severity));
      return { text: r.stdout, summaries, findings };
    };
    // Without the pattern the value is a literal key: replaced, in both.
    const literal = await plan();
    expect(literal.summaries).toContain('auth.key replaced (value not shown): a keyfile rotation in one PUT, not through auth.newKey');
    expect(literal.findings).toEqual(['warning']);
    writeFileSync(path.join(cwd, 'omlint.config.yaml'), 'secretPlaceholders:\n  - "^vault:[a-z/#]+$"\n');
    const configured = await plan();
    expect(configured.summaries).toContain('auth.key changed between a placeholder or redaction mask and a value (not compared, not shown)');
    expect(configured.summaries.some((s) => s.startsWith('auth.key replaced'))).toBe(false);
    expect(configured.findings).toEqual(['info']);
    // The base's key never reaches the output, nor a hash of it.
    const baseKey = /^ {2}key: (\S+)$/m.exec(readFileSync(path.join(dir, 'base.yaml'), 'utf8'))![1];
    for (const r of [literal, configured]) expect(r.text.includes(baseKey)).toBe(false);
  });
});
