// The CI integrations as written: action.yml's steps run as a GitHub runner runs a composite
// action (each `run` with its `env`, `${{ inputs.* }}` from the inputs and their defaults, GITHUB_PATH
// and GITHUB_OUTPUT files between steps), and the GitLab template's script as a runner runs it,
// both installing the packed tool (npm run pack) and checking a workspace: SARIF for code
// scanning, a Code Quality report for GitLab, the exit codes each promises.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
let tarball: string;
beforeAll(() => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'omlint-ci-pack-'));
  tarball = execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/pack.ts'), '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 }).trim();
}, 150_000);

/** A repository of the user's: one file with problems, one clean. */
function workspace(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-ci-ws-'));
  mkdirSync(path.join(dir, 'alerts'));
  cpSync(path.join(ROOT, 'examples/problems/access-list.access-list-entries.yaml'), path.join(dir, 'alerts/access.access-list-entries.yaml'));
  cpSync(path.join(ROOT, 'examples/clean/cpu-high.alert-config.yaml'), path.join(dir, 'alerts/cpu-high.alert-config.yaml'));
  return dir;
}

interface Step { name: string; id?: string; if?: string; uses?: string; run?: string; shell?: string; env?: Record<string, string>; with?: Record<string, string> }
const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; steps: Step[] }; inputs: Record<string, { default: string }> };

/** Runs the action's `run` steps in order, as the runner does; the `uses` steps are returned to look at. */
function runAction(ws: string, given: Record<string, string>) {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'omlint-ci-runner-'));
  const files = { GITHUB_PATH: path.join(temp, 'path'), GITHUB_OUTPUT: path.join(temp, 'output') };
  for (const f of Object.values(files)) writeFileSync(f, '');
  const inputs = { ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, String(v.default)])), ...given };
  const expr = (v: string) => v.replace(/\$\{\{\s*(inputs\.([\w-]+)|github\.action_path)\s*\}\}/g, (_, all: string, name?: string) => (name ? inputs[name] : ROOT));
  const steps: { name: string; code: number | null; stdout: string; stderr: string }[] = [];
  for (const step of action.runs.steps) {
    if (!step.run) continue;
    expect(step.shell).toBe('bash');
    // The PATH a runner gives the step: the system's, then what earlier steps added (GITHUB_PATH).
    const added = readFileSync(files.GITHUB_PATH, 'utf8').split('\n').filter(Boolean).reverse();
    const env = { PATH: [...added, process.env.PATH].join(':'), HOME: temp, RUNNER_TEMP: temp, ...files, ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expr(v)])) };
    const r = spawnSync('bash', ['-e', '-c', step.run], { cwd: ws, env, encoding: 'utf8', timeout: 120_000 });
    steps.push({ name: step.name, code: r.status, stdout: r.stdout, stderr: r.stderr });
    if (r.status !== 0) break;
  }
  const outputs = Object.fromEntries(readFileSync(files.GITHUB_OUTPUT, 'utf8').split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2)));
  return { steps, outputs, inputs };
}

describe('action.yml (GitHub Actions)', () => {
  it('is a composite action whose steps install the packed tool, check, and upload the SARIF', () => {
    expect(action.runs.using).toBe('composite');
    const upload = action.runs.steps.find((s) => s.uses)!;
    expect(upload.uses).toBe('github/codeql-action/upload-sarif@v3');
    expect(upload.with).toEqual({ sarif_file: '${{ inputs.sarif-file }}', category: '${{ inputs.category }}' });
    expect(upload.if).toMatch(/always\(\)/);
  });

  it('its steps, run as a script: install, then check with SARIF; findings fail the step unless told not to', () => {
    const ws = workspace();
    const run = runAction(ws, { package: tarball, paths: 'alerts' });
    expect(run.steps.map((s) => [s.name, s.code])).toEqual([['Install omlint', 0], ['omlint check', 1]]);
    expect(run.steps[0].stdout.trim()).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    const sarif = JSON.parse(readFileSync(path.join(ws, 'omlint.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.length).toBeGreaterThan(0);
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('alerts/access.access-list-entries.yaml');
    expect(run.outputs).toEqual({ 'sarif-file': 'omlint.sarif', 'exit-code': '1' });
    // The log has the findings too.
    expect(run.steps[1].stdout).toMatch(/alerts\/access\.access-list-entries\.yaml:\d+:\d+/);

    const lenient = runAction(ws, { package: tarball, paths: 'alerts', 'fail-on-findings': 'false', 'sarif-file': 'out/report.sarif', args: '--quiet' });
    expect(lenient.steps.map((s) => s.code)).toEqual([0, 0]);
    expect(lenient.outputs['exit-code']).toBe('1');
    expect(existsSync(path.join(ws, 'out/report.sarif'))).toBe(true);

    // A usage error fails whatever fail-on-findings says.
    const bad = runAction(ws, { package: tarball, paths: 'no-such-dir', 'fail-on-findings': 'false' });
    expect(bad.steps[1].code).toBe(2);
    // The earlier run's omlint.sarif is in the workspace: it must not be offered as this run's report.
    expect(bad.outputs['sarif-file']).toBeUndefined();
    expect(bad.outputs['exit-code']).toBe('2');
  }, 180_000);
});

describe('ci/omlint.gitlab-ci.yml (GitLab CI)', () => {
  const template = parse(readFileSync(path.join(ROOT, 'ci/omlint.gitlab-ci.yml'), 'utf8')) as Record<string, { script: string[]; variables: Record<string, string>; artifacts: { reports: { codequality: string }; when: string }; extends?: string }>;

  function runJob(ws: string, variables: Record<string, string>) {
    const job = template['.omlint'];
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'omlint-ci-gl-'));
    // The node image's global prefix is on PATH; here a temporary one stands for it.
    const env = { PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}`, HOME: prefix, npm_config_prefix: prefix, CI_PROJECT_DIR: ws, ...job.variables, ...variables };
    for (const line of job.script) {
      // A runner runs each line in one shell and stops the job at the first that fails.
      const r = spawnSync('sh', ['-e', '-c', line], { cwd: ws, env, encoding: 'utf8', timeout: 120_000 });
      if (r.status !== 0) return { code: r.status, stderr: r.stderr };
    }
    return { code: 0, stderr: '' };
  }

  it('its job script, run as a runner does: a Code Quality report, the job failing on errors', () => {
    expect(template.omlint.extends).toBe('.omlint');
    expect(template['.omlint'].artifacts).toEqual({ when: 'always', reports: { codequality: 'gl-code-quality-report.json' } });
    const ws = workspace();
    const failed = runJob(ws, { OMLINT_PACKAGE: tarball, OMLINT_PATHS: 'alerts' });
    expect(failed.code).toBe(1);
    const report = JSON.parse(readFileSync(path.join(ws, 'gl-code-quality-report.json'), 'utf8'));
    expect(report.length).toBeGreaterThan(0);
    expect(report[0]).toMatchObject({ location: { path: 'alerts/access.access-list-entries.yaml' } });
    expect(typeof report[0].fingerprint).toBe('string');
    const clean = runJob(ws, { OMLINT_PACKAGE: tarball, OMLINT_PATHS: 'alerts/cpu-high.alert-config.yaml' });
    expect(clean.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(ws, 'gl-code-quality-report.json'), 'utf8'))).toEqual([]);
  }, 180_000);
});
