// Issue 22 "Beyond one machine": `check --shard i/n` splits the files by project scope and
// `omlint merge` joins the parts' reports into what one run reports (same findings, same exit).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesOfShard, parseShard } from '../../src/cli/shard';
import { cli, tree } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const ALERT = (n: number) => `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba${n}@example.com\n    delayMin: 0\n    intervalMin: 60\n`;
const BAD = 'eventTypeName: HOST_DOWNN\nenabled: true\nnotifications: []\n';
const WARN = 'eventTypeName: NO_PRIMARY\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    delayMin: 0\n    intervalMin: 60\n';

/** 9 project scopes (directories) of different sizes, with errors, warnings and a cross-document duplicate. */
function project(): string {
  const files: Record<string, string> = {};
  for (let s = 0; s < 9; s++) {
    for (let f = 0; f <= s % 4; f++) files[`team-${s}/alert-${f}.yaml`] = f === 1 && s % 2 ? BAD : f === 2 ? WARN : ALERT(s * 10 + f);
  }
  // the same alert twice in one scope: duplicate-alert-config needs both files in one part
  files['team-4/copy.yaml'] = ALERT(40);
  files['team-a-b/alert.yaml'] = BAD; // "team-a-b" sorts before "team-a/…" as a string, after it as a walk
  files['team-a/nested/alert.yaml'] = WARN;
  return tree(files);
}

async function parts(dir: string, format: string, n: number): Promise<string[]> {
  const out: string[] = [];
  const reports = tree({}); // outside the project: a report is a .json file the next part would walk
  for (let i = 1; i <= n; i++) {
    const file = path.join(reports, `part-${i}.${format}`);
    const r = await cli(['check', ...NOW, '--format', format, '--shard', `${i}/${n}`, '-o', file, '.'], { cwd: dir });
    expect(r.code === 0 || r.code === 1, r.stderr).toBe(true);
    expect(r.stderr).toMatch(new RegExp(`part ${i}/${n} lints \\d+ of 24 files`));
    out.push(file);
  }
  return out;
}

describe('filesOfShard', () => {
  const files = ['a/1', 'a/2', 'b/1', 'c/1', 'c/2', 'c/3', 'd/1', 'e/1'].map((f) => `/ci/run/${f}`);
  const scopeOf = (f: string) => path.dirname(f);

  it('puts every scope whole into exactly one part, and every file into one part', () => {
    for (const n of [1, 2, 3, 4, 7]) {
      const all = Array.from({ length: n }, (_, i) => filesOfShard(files, scopeOf, { index: i + 1, count: n }, '/ci/run'));
      expect(all.flat().sort()).toEqual([...files].sort());
      for (const part of all) for (const f of part) expect(all.filter((p) => p.some((g) => scopeOf(g) === scopeOf(f)))).toHaveLength(1);
    }
  });

  it('balances parts by file count (largest scope first)', () => {
    const sizes = [1, 2, 3].map((i) => filesOfShard(files, scopeOf, { index: i, count: 3 }, '/ci/run').length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('is the same split on a runner that checked out elsewhere (scopes named relative to the cwd)', () => {
    const moved = files.map((f) => f.replace('/ci/run/', '/home/runner/work/x/'));
    for (const i of [1, 2, 3]) {
      const here = filesOfShard(files, scopeOf, { index: i, count: 3 }, '/ci/run').map((f) => path.relative('/ci/run', f));
      const there = filesOfShard(moved, scopeOf, { index: i, count: 3 }, '/home/runner/work/x').map((f) => path.relative('/home/runner/work/x', f));
      expect(there).toEqual(here);
    }
  });

  it('refuses malformed parts', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '4', 'a/b', '1/0', '-1/2']) expect(() => parseShard(bad)).toThrow(/<i>\/<n>/);
  });
});

describe('check --shard with omlint merge', () => {
  it('4 JSON parts merge into exactly the report of one run, with its exit code', async () => {
    const dir = project();
    const single = await cli(['check', ...NOW, '--format', 'json', '.'], { cwd: dir });
    expect(single.code).toBe(1);
    const ids = (JSON.parse(single.stdout) as { diagnostics: { ruleId: string }[] }[]).flatMap((r) => r.diagnostics.map((d) => d.ruleId));
    expect(ids).toContain('duplicate-alert-config'); // the cross-document rule has its scope whole
    const files = await parts(dir, 'json', 4);
    const merged = await cli(['merge', '--expect', '4', ...files], { cwd: dir });
    expect(merged.stderr).toMatch(/merged 4 reports \(json\): 24 files/);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toBe(single.stdout);
  });

  it('4 SARIF parts merge into the SARIF of one run', async () => {
    const dir = project();
    const single = await cli(['check', ...NOW, '--format', 'sarif', '.'], { cwd: dir });
    const files = await parts(dir, 'sarif', 4);
    for (const [i, f] of files.entries()) expect(JSON.parse(readFileSync(f, 'utf8')).runs[0].properties).toEqual({ omlintShard: `${i + 1}/4` });
    const merged = await cli(['merge', ...files], { cwd: dir });
    expect(merged.code).toBe(single.code);
    expect(JSON.parse(merged.stdout)).toEqual(JSON.parse(single.stdout));
  });

  it('a missing, repeated or foreign part is an error (exit 2), never a quieter report', async () => {
    const dir = project();
    const files = await parts(dir, 'sarif', 3);
    const missing = await cli(['merge', files[0], files[2]], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/part 2\/3 missing/);
    const twice = await cli(['merge', files[0], files[0], files[1], files[2]], { cwd: dir });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/part 1\/3 was given twice/);
    const json = await parts(dir, 'json', 3);
    expect((await cli(['merge', files[0], json[1]], { cwd: dir })).stderr).toMatch(/mix JSON and SARIF/);
    expect((await cli(['merge', '--expect', '4', ...json], { cwd: dir })).code).toBe(2);
    writeFileSync(path.join(dir, 'junk.json'), '{"not": "a report"}');
    const junk = await cli(['merge', 'junk.json'], { cwd: dir });
    expect(junk.code).toBe(2);
    expect(junk.stderr).toMatch(/neither an omlint JSON report/);
    expect((await cli(['merge', 'nope.json'], { cwd: dir })).stderr).toMatch(/nope\.json: cannot be read \(ENOENT\)/);
  });

  it('a part with no scope of its own lints nothing and passes, saying so', async () => {
    const dir = tree({ 'only/a.yaml': ALERT(1) });
    const r = await cli(['check', ...NOW, '--shard', '2/2', '--format', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/part 2\/2 lints 0 of 1 file/);
    expect(r.stdout).toBe('[]\n');
  });

  it('each part applies the baseline to its own files only: no unpruned-suppression exit for the others', async () => {
    const dir = project();
    expect((await cli(['check', ...NOW, '--suppress-all', '.'], { cwd: dir })).code).toBe(0);
    for (let i = 1; i <= 3; i++) {
      const r = await cli(['check', ...NOW, '--shard', `${i}/3`, '.'], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it('refuses to record or prune a baseline part by part, and a malformed --shard', async () => {
    const dir = project();
    for (const flag of ['--suppress-all', '--prune-suppressions']) {
      const r = await cli(['check', ...NOW, '--shard', '1/2', flag, '.'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--shard splits a run of files; it cannot be used with/);
    }
    expect((await cli(['check', '--shard', '3/2', '.'], { cwd: dir })).code).toBe(2);
  });
});

describe('the GitHub Actions matrix of docs/ci-sharding.md', () => {
  it('its check and merge steps, run as written for each matrix value, give the report of one run', async () => {
    const { parse } = await import('yaml');
    const doc = readFileSync(path.join(__dirname, '..', '..', 'docs', 'ci-sharding.md'), 'utf8');
    const workflow = parse(/```yaml\n([\s\S]*?)```/.exec(doc)![1]) as {
      jobs: Record<string, { strategy?: { matrix: { shard: number[] } }; steps: { run?: string }[] }>;
    };
    const shards = workflow.jobs.lint.strategy!.matrix.shard;
    expect(shards).toEqual([1, 2, 3, 4]);
    const omlintArgs = (run: string) => run.replace(/^npx omlint /, '').split(/\s+/);
    const check = workflow.jobs.lint.steps.map((s) => s.run ?? '').find((r) => r.startsWith('npx omlint check'))!;
    const merge = workflow.jobs.report.steps.map((s) => s.run ?? '').find((r) => r.startsWith('npx omlint merge'))!;
    const dir = project();
    for (const shard of shards) {
      const r = await cli([...omlintArgs(check.replaceAll('${{ matrix.shard }}', String(shard))), ...NOW], { cwd: dir });
      expect([0, 1], r.stderr).toContain(r.code);
    }
    const merged = await cli(omlintArgs(merge), { cwd: dir });
    expect(merged.code, merged.stderr).toBe(1);
    const single = await cli(['check', ...NOW, '--format', 'sarif', '.'], { cwd: dir });
    expect(JSON.parse(readFileSync(path.join(dir, 'omlint.sarif'), 'utf8'))).toEqual(JSON.parse(single.stdout));
  });
});
