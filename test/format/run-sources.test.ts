// Issue 16: formatters, workers and the cache take a run's sources explicitly (no side channel).
// A secret copied under a field that is not secret-named is masked only through the run's list of
// the file's secrets: every way a result travels (a copy, a worker's structured clone, the cache)
// must bring that list along, or some format prints the secret.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixProject, lintEach, lintPass, lintProject, projectOf, type FilePass } from '../../src/engine/lint';
import { formatResults, FORMATS } from '../../src/format/index';
import { formatStylish } from '../../src/format/stylish';
import { ResultCache } from '../../src/cli/cache';
import { portablePass } from '../../src/engine/posted-pass';
import type { LintRun } from '../../src/core/types';
import { ensureBuilt, runBundle, tempDir } from '../robustness/support';
import { NOW } from './results';

const SECRET = 'plumtreecopied';
/** The secret as apiKey, and copied under an unknown field (whose code frame shows its line). */
const INTEGRATION = `type: DATADOG\napiKey: ${SECRET}\nregion: US\nbogusField: ${SECRET}\n`;
/** A fixable alert (no `enabled`: a suggestion, applied with fixSuggestions) whose Slack token is copied into channelName: --fix-dry-run prints the fixed text. */
const ALERT = `eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: SLACK\n    apiToken: ${SECRET}\n    channelName: ${SECRET}\n    delayMin: 0\n    intervalMin: 60\n`;
const INPUTS = [
  { filePath: 'copied.integration.yaml', text: INTEGRATION },
  { filePath: 'copied.alert-config.yaml', text: ALERT },
];

const formatAll = (run: LintRun) => FORMATS.map((f) => formatResults(f, run, { color: false, cwd: '.', fixDryRun: true }));
/** The run with every source's list of secrets dropped (what a forgetful copy would do). */
const withoutSecrets = (run: LintRun): LintRun => ({ results: run.results, sources: new Map([...run.sources].map(([p, s]) => [p, { ...s, secrets: [] }])) });

describe("a run's sources travel with its results", () => {
  let run: LintRun;
  let fixed: LintRun;
  beforeAll(async () => {
    run = await lintProject(projectOf(), INPUTS, { now: NOW });
    fixed = await fixProject(projectOf(), INPUTS, { now: NOW, fixSuggestions: true }); // enabled: true is a suggestion
  });

  it('the case needs the list: without it the stylish code frame would print the secret', () => {
    expect(run.sources.get('copied.integration.yaml')?.secrets).toEqual([SECRET]);
    expect(formatStylish(withoutSecrets(run), { color: false })).toContain(`bogusField: ${SECRET}`);
    // --fix-dry-run prints the fixed text (json `output`), with the copy in it.
    expect(fixed.results.find((r) => r.filePath === 'copied.alert-config.yaml')?.output).toContain(`channelName: ${SECRET}`);
  });

  it('the run itself prints it in no format, with code frames', () => {
    for (const out of [...formatAll(run), ...formatAll(fixed)]) expect(out).not.toContain(SECRET);
    expect(formatStylish(run, { color: false })).toMatch(/> 4 \| bogusField: \*{14}/);
  });

  it('copies of results (--quiet, a baseline) find their sources by path', () => {
    const copies: LintRun = { results: run.results.map((r) => ({ ...r, diagnostics: [...r.diagnostics] })), sources: run.sources };
    expect(formatAll(copies)).toEqual(formatAll(run));
  });

  it('a worker round trip (structured clone of what the worker posts) prints the same, secret masked', async () => {
    // The second file linted by a "worker" (its pass cloned as postMessage would), the first here.
    const targets = { paths: INPUTS.map((i) => i.filePath), read: (_: string, i: number) => INPUTS[i] };
    const queueOf = (...batches: [number, number][]) => ({ take: () => batches.shift() });
    const passes: FilePass[] = [];
    await lintPass(projectOf(), targets, { now: NOW, release: true }, queueOf([1, 2]), undefined, (p) => passes.push(structuredClone(portablePass(p))));
    const back = await lintEach(projectOf(), targets, { now: NOW, release: true }, { queue: queueOf([0, 1]), passes: async () => passes });
    for (const out of formatAll(back)) expect(out).not.toContain(SECRET);
    expect(formatStylish(back, { color: false })).toBe(formatStylish(run, { color: false }));
  });

  it('a cache hit (written, saved, read back by a new cache) prints the same, secret masked', () => {
    const dir = tempDir('run-sources-cache');
    const file = path.join(dir, 'cache.json');
    const key = Buffer.alloc(32, 3);
    const writer = new ResultCache(file, 'v', key);
    run.results.forEach((r, k) => writer.set(r.filePath, 'k', r, run.sources.get(r.filePath), INPUTS[k].text));
    writer.save();
    const reader = new ResultCache(file, 'v', key);
    const hits = INPUTS.map((i) => ({ path: i.filePath, hit: reader.get(i.filePath, 'k', i.text)! }));
    const back: LintRun = { results: hits.map((h) => h.hit.result!), sources: new Map(hits.map((h) => [h.path, h.hit.source])) };
    for (const out of formatAll(back)) expect(out).not.toContain(SECRET);
    expect(formatStylish(back, { color: false })).toBe(formatStylish(run, { color: false }));
  });
});

describe('the CLI through workers and the cache prints no copied secret', () => {
  let dir: string;
  beforeAll(() => {
    ensureBuilt();
    // 80 files in 4 directories (4 scopes): --jobs 2 deals whole scopes to worker threads.
    dir = tempDir('run-sources-cli');
    for (let d = 0; d < 4; d++) {
      mkdirSync(path.join(dir, `d${d}`));
      for (let i = 0; i < 20; i++) writeFileSync(path.join(dir, `d${d}`, `f${i}.integration.yaml`), INTEGRATION);
    }
  }, 120_000);

  it.each(FORMATS)('--jobs 2 --format %s, then --cache twice', async (format) => {
    const args = ['check', '--format', format, '--now', NOW.toISOString(), '.'];
    const viaWorkers = await runBundle([...args, '--jobs', '2'], { cwd: dir });
    // 1: the copies of a scope are duplicate integrations (a workspace rule, run per scope in the workers too).
    expect(viaWorkers.code, viaWorkers.stderr).toBe(1);
    expect(viaWorkers.modules, 'worker threads were started').toContain('worker_threads');
    const cacheFile = path.join(dir, `.cache-${format}`);
    const first = await runBundle([...args, '--jobs', '1', '--cache', '--cache-location', cacheFile], { cwd: dir });
    const hit = await runBundle([...args, '--jobs', '1', '--cache', '--cache-location', cacheFile], { cwd: dir });
    for (const r of [viaWorkers, first, hit]) {
      expect(r.stdout).toContain(format === 'stylish' ? 'bogusField' : 'unknown-field');
      expect(r.stdout).toContain('duplicate-integration');
      expect(r.stdout + r.stderr).not.toContain(SECRET);
    }
    expect(hit.stdout).toBe(first.stdout);
  }, 120_000);
});
