// --jobs (worker threads) and --cache give exactly the results of a plain run.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliProcess, BIN } from './run';
import { decodeCacheFile } from '../../src/cli/cache';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const SECRET = 'xoxb-PLANTED-SECRET-0123456789';

function alert(i: number): string {
  const event = ['HOST_DOWN', 'NO_PRIMARY', 'OUTSIDE_METRIC_THRESHOLD'][i % 3];
  const threshold = event === 'OUTSIDE_METRIC_THRESHOLD' && i % 2 ? 'metricThreshold:\n  metricName: ASSERTS_REGULAR\n  mode: AVERAGE\n  operator: GREATER_THAN\n  threshold: 5\n  units: RAW\n' : '';
  return `eventTypeName: ${event}\n${i % 5 ? 'enabled: true\n' : ''}${threshold}notifications:\n  - typeName: SLACK\n    apiToken: ${SECRET}\n    channelName: "#db"\n    delayMin: 0\n    intervalMin: 60\n`;
}

function project(n: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-scale-'));
  for (let i = 0; i < n; i++) {
    const sub = path.join(dir, `team-${i % 4}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, `alert-${String(i).padStart(4, '0')}.yaml`), alert(i));
  }
  return dir;
}

describe.skipIf(!existsSync(BIN))('parallel runs', () => {
  it('--jobs 2 gives the same results, in the same order, as --jobs 1', () => {
    const dir = project(160);
    const one = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '1', '.'], { cwd: dir });
    const two = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '2', '.'], { cwd: dir });
    expect(one.code).toBe(1);
    expect(two.code).toBe(1);
    expect(two.stderr).toBe('');
    expect(two.stdout).toBe(one.stdout);
    const out = JSON.parse(two.stdout);
    expect(out).toHaveLength(160);
    // Cross-document rules still see whole scopes inside the workers.
    expect(out.some((r: { diagnostics: { ruleId: string }[] }) => r.diagnostics.some((d) => d.ruleId === 'duplicate-alert-config'))).toBe(true);
    const stylish = cliProcess(['check', ...NOW, '--jobs', '2', '.'], { cwd: dir });
    expect(stylish.stdout).toContain('> ');
    expect(stylish.stdout).not.toContain(SECRET);
  });
});

describe.skipIf(!existsSync(BIN))('one project scope split by file over threads (issue 22)', () => {
  it('a repeat in the worker\'s range of the first in this thread\'s range: found, placed, related located, as with --jobs 1', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-split-'));
    // One directory, one scope; every alert unique (its own threshold) but 150, a copy of 10.
    const unique = (i: number) => `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: CONNECTIONS\n  mode: AVERAGE\n  operator: GREATER_THAN\n  threshold: ${1000 + (i === 150 ? 10 : i)}\n  units: RAW\nnotifications:\n  - typeName: GROUP\n    roles: [GROUP_OWNER]\n    intervalMin: 60\n`;
    for (let i = 0; i < 160; i++) writeFileSync(path.join(dir, `a-${String(i).padStart(4, '0')}.alert-config.yaml`), unique(i));
    const one = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '1', '.'], { cwd: dir });
    const two = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '2', '.'], { cwd: dir });
    expect(two.stderr).toBe('');
    expect(two.stdout).toBe(one.stdout);
    const out = JSON.parse(two.stdout) as { filePath: string; diagnostics: { ruleId: string; related?: { filePath: string; range?: { start: { line: number } } }[] }[] }[];
    const found = out.flatMap((r) => r.diagnostics.filter((d) => d.ruleId === 'duplicate-alert-config').map((d) => [r.filePath, d.related?.[0]?.filePath, d.related?.[0]?.range?.start.line]));
    expect(found).toEqual([['a-0150.alert-config.yaml', 'a-0010.alert-config.yaml', 1]]);
  });

  it('the worker takes batches from the shared queue while this thread lints: both lint files, the output is --jobs 1\'s', () => {
    const dir = project(400);
    const env = { OMLINT_DEBUG_WORKERS: '1' };
    const one = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '1', '.'], { cwd: dir });
    const two = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '2', '.'], { cwd: dir, env });
    expect(two.stdout).toBe(one.stdout);
    // "worker 1: N files linted": it started with the run (--jobs) and took some of the 400 files
    // from the shared queue, not a fixed range of them.
    expect(two.stderr).toContain('omlint: workers: 400 files: 1 worker\n');
    const m = /worker 1: (\d+) files linted/.exec(two.stderr);
    expect(m, two.stderr).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(0);
    // Whole batches of 64, the last one (400 = 6 × 64 + 16) perhaps among them.
    expect([0, 16]).toContain(Number(m![1]) % 64);
  });

  it('--cache and --shard give the same output with a worker as without', () => {
    const dir = project(200);
    for (const extra of [['--cache', '--cache-location', path.join(dir, 'c1')], ['--shard', '1/2'], ['--shard', '2/2']]) {
      const one = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '1', ...extra, '.'], { cwd: dir });
      const two = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '2', ...extra.map((x) => x.replace('c1', 'c2')), '.'], { cwd: dir });
      expect(two.stderr).toBe(one.stderr);
      expect(two.stdout).toBe(one.stdout);
      // A second run from the cache, the worker's results included.
      if (extra[0] === '--cache') expect(cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '2', '--cache', '--cache-location', path.join(dir, 'c2'), '.'], { cwd: dir }).stdout).toBe(one.stdout);
    }
  });

  it('a baseline applies to a worker\'s results as to this thread\'s', () => {
    const dir = project(200);
    const baseline = path.join(mkdtempSync(path.join(os.tmpdir(), 'omlint-scale-baseline-')), 'suppressions.json');
    expect(cliProcess(['check', ...NOW, '--jobs', '1', '--suppress-all', '--suppressions-location', baseline, '.'], { cwd: dir }).code).toBe(0);
    // A new error in a file the worker takes (the queue hands out the last batches late).
    writeFileSync(path.join(dir, 'team-3', 'alert-0199.yaml'), alert(199).replace('eventTypeName: NO_PRIMARY', 'eventTypeName: OUTSIDE_METRIC_THRESHOLD'));
    const one = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '1', '--suppressions-location', baseline, '.'], { cwd: dir });
    // Whether the worker boots before this thread has taken every batch depends on the machine's
    // load: run again (a bounded number of times) until it has linted some; each run must agree.
    let two = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '2', '--suppressions-location', baseline, '.'], { cwd: dir, env: { OMLINT_DEBUG_WORKERS: '1' } });
    for (let i = 0; i < 5 && !/worker 1: [1-9]\d* files linted/.test(two.stderr); i++) {
      expect(two.stdout).toBe(one.stdout);
      two = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '2', '--suppressions-location', baseline, '.'], { cwd: dir, env: { OMLINT_DEBUG_WORKERS: '1' } });
    }
    expect(two.stderr).toMatch(/worker 1: [1-9]\d* files linted/);
    expect(two.code).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    const failing = (JSON.parse(two.stdout) as { filePath: string; errorCount: number }[]).filter((r) => r.errorCount > 0).map((r) => r.filePath);
    expect(failing).toEqual(['team-3/alert-0199.yaml']);
  });
});

describe('one project scope at a time', () => {
  it('keeps the order of the files named and compares documents within their scope only', async () => {
    const dir = project(8); // team-0 … team-3, two files each; alert i and i+4 share a team
    writeFileSync(path.join(dir, 'team-1', 'alert-0001.yaml'), alert(0)); // repeats alert-0000 of team-0
    writeFileSync(path.join(dir, 'team-0', 'alert-0004.yaml'), alert(0)); // repeats alert-0000 in its team
    const named = ['team-1/alert-0005.yaml', 'team-0/alert-0004.yaml', 'team-1/alert-0001.yaml', 'team-0/alert-0000.yaml'];
    const r = await cli(['check', ...NOW, '--format', 'json', ...named], { cwd: dir });
    const out = JSON.parse(r.stdout) as { filePath: string; diagnostics: { ruleId: string }[] }[];
    expect(out.map((f) => f.filePath)).toEqual(named);
    const duplicates = out.filter((f) => f.diagnostics.some((d) => d.ruleId === 'duplicate-alert-config')).map((f) => f.filePath);
    // The later of the two in run order is the repeat (the team-1 look-alike is another scope).
    expect(duplicates).toEqual(['team-0/alert-0000.yaml']);
  });
});

describe('--cache', () => {
  it('reuses unchanged results, re-lints changed scopes, never stores a secret', async () => {
    const dir = project(12);
    const first = await cli(['check', ...NOW, '--format', 'json', '--cache', '.'], { cwd: dir });
    const cacheFile = path.join(dir, '.omlintcache');
    expect(existsSync(cacheFile)).toBe(true);
    expect(JSON.stringify(decodeCacheFile(readFileSync(cacheFile, 'utf8')))).not.toContain(SECRET);
    const second = await cli(['check', ...NOW, '--format', 'json', '--cache', '.'], { cwd: dir });
    expect(second.stdout).toBe(first.stdout);
    // Stylish code frames of cached results still mask the secret.
    const frames = await cli(['check', ...NOW, '--cache', '.'], { cwd: dir });
    expect(frames.stdout).toContain('> ');
    expect(frames.stdout).not.toContain(SECRET);
    // A change in one file of a scope is seen (and its neighbours' cross-document results too).
    const target = path.join(dir, 'team-0', 'alert-0000.yaml');
    writeFileSync(target, alert(0).replace('HOST_DOWN', 'HOST_DOWNN'));
    const third = JSON.parse((await cli(['check', ...NOW, '--format', 'json', '--cache', '.'], { cwd: dir })).stdout);
    const changed = third.find((r: { filePath: string }) => r.filePath === 'team-0/alert-0000.yaml');
    expect(changed.diagnostics.map((d: { ruleId: string }) => d.ruleId)).toContain('event-type-name');
    const plain = JSON.parse((await cli(['check', ...NOW, '--format', 'json', '.'], { cwd: dir })).stdout);
    expect(third).toEqual(plain);
  });
});

describe.skipIf(!existsSync(BIN))('default worker threads (workerCountFor: from the file count and the cores)', () => {
  it('without --jobs a run below 20,000 files stays in this thread on any machine; the output is --jobs 1\'s', () => {
    const dir = project(300);
    const r = cliProcess(['check', ...NOW, '--format', 'json', '.'], { cwd: dir, env: { OMLINT_DEBUG_WORKERS: '1' } });
    // No split, so no line of the workers at all (the rule itself: thread-split.test.ts).
    expect(r.stderr).toBe('');
    const one = cliProcess(['check', ...NOW, '--format', 'json', '--jobs', '1', '.'], { cwd: dir });
    expect(r.code).toBe(one.code);
    expect(r.stdout).toBe(one.stdout);
  });
});
