// A short CLI run of a few MB runs without V8's optimizing compiler, its young generation kept at
// its first size (src/bin/optimizer-hold.ts, issue 22: the memory of small runs); smaller runs never
// load node:v8, runs of many files keep V8's defaults; a run of a few bigger files keeps the
// optimizer but not a grown young generation; the findings are the same.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_RUN_FLAGS, HOLD_FLAGS, HOLD_FROM_BYTES, HOLD_MAX_FILES, HOLD_UP_TO_BYTES, MANY_FILES, MANY_FILES_FLAGS, RELEASE_FLAGS, RELEASE_FROM_CHARS, holdsOptimizer, keepsYoungGeneration, planOptimizer } from '../../src/bin/optimizer-hold';
import { onYamlLibraryParse } from '../../src/syntax/parse-signal';
import { DEFAULT_LIMITS, parseText } from '../../src/syntax';
import { automationConfig, automationJson } from '../../bench/generate';
import { ensureBuilt, BIN, ROOT } from '../robustness/support';

/** An alert config of `keys` unknown keys: read by the block reader, or (`flow`: its notifications a flow sequence) left to the `yaml` library. */
const wideAlert = (keys: number, flow: boolean) =>
  `eventTypeName: HOST_DOWN\nenabled: "yes"\n${flow ? 'notifications: [{typeName: EMAIL, emailAddress: a@example.com, intervalMin: 60, delayMin: 0}]' : 'notifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    intervalMin: 60\n    delayMin: 0'}\n${Array.from({ length: keys }, (_, i) => `k${i}: ${i}`).join('\n')}\n`;

describe('which runs hold the optimizer', () => {
  it('a few files of a few MB in all, not less, not more, not many', () => {
    expect(holdsOptimizer([2_100_000])).toBe(true);
    expect(holdsOptimizer([HOLD_FROM_BYTES])).toBe(true);
    expect(holdsOptimizer([HOLD_UP_TO_BYTES])).toBe(true);
    expect(holdsOptimizer([1_000_000, 1_000_000, 500_000])).toBe(true);
    expect(holdsOptimizer([581])).toBe(false); // one alert file: the optimizer never starts
    expect(holdsOptimizer([HOLD_FROM_BYTES - 1])).toBe(false);
    expect(holdsOptimizer([HOLD_UP_TO_BYTES + 1])).toBe(false); // the optimised code pays
    expect(holdsOptimizer([3_000_000, 3_000_000])).toBe(false);
    expect(holdsOptimizer(Array(HOLD_MAX_FILES + 1).fill(100_000))).toBe(false); // per-file code gets hot; workers
    expect(holdsOptimizer([])).toBe(false);
  });

  it('a few files of more than that keep the young generation at its first size; many files, or fewer bytes, do not', () => {
    expect(keepsYoungGeneration([HOLD_UP_TO_BYTES + 1])).toBe(true);
    expect(keepsYoungGeneration([94_521_878])).toBe(true);
    expect(keepsYoungGeneration([3_000_000, 3_000_000])).toBe(true);
    expect(keepsYoungGeneration([HOLD_UP_TO_BYTES])).toBe(false); // held instead
    expect(keepsYoungGeneration([581])).toBe(false);
    expect(keepsYoungGeneration(Array(HOLD_MAX_FILES + 1).fill(1_000_000))).toBe(false);
    expect(keepsYoungGeneration([])).toBe(false);
  });

  it('sets the flags only when it holds, and says so for --debug', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-hold-'));
    try {
      const small = path.join(dir, 'small.json');
      const mid = path.join(dir, 'mid.json');
      writeFileSync(small, '{}');
      writeFileSync(mid, Buffer.alloc(HOLD_FROM_BYTES + 10, 0x20));
      const set: string[] = [];
      expect(planOptimizer([small], (f) => set.push(f))).toBeUndefined();
      expect(planOptimizer([path.join(dir, 'gone.json')], (f) => set.push(f))).toBeUndefined();
      expect(set).toEqual([]);
      expect(planOptimizer([mid, small], (f) => set.push(f))).toMatch(/^V8 optimizing compiler held for this run \(0\.3 MB in 2 files\)/);
      expect(set).toEqual([HOLD_FLAGS]);
      const big = path.join(dir, 'big.json');
      writeFileSync(big, Buffer.alloc(HOLD_UP_TO_BYTES + 10, 0x20));
      expect(planOptimizer([big], (f) => set.push(f))).toMatch(/^V8 young generation kept at its first size for this run \(4\.0 MB in 1 file\)/);
      expect(set).toEqual([HOLD_FLAGS, BIG_RUN_FLAGS]);
      // Many files (not stat'ed: the count decides): the heap kept near what the run keeps; fewer, V8's defaults.
      expect(planOptimizer(Array(MANY_FILES - 1).fill(small), (f) => set.push(f))).toBeUndefined();
      expect(set).toEqual([HOLD_FLAGS, BIG_RUN_FLAGS]);
      expect(planOptimizer(Array(MANY_FILES).fill(path.join(dir, 'gone.json')), (f) => set.push(f))).toBe(`V8 heap kept near what the run keeps (${MANY_FILES} files): ${MANY_FILES_FLAGS}`);
      expect(set).toEqual([HOLD_FLAGS, BIG_RUN_FLAGS, MANY_FILES_FLAGS]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a held run gives the optimizer back before the yaml library parses a big text', () => {
  it('the parse tells the listener the length of each text the block reader did not read, and of no other', () => {
    const told: number[] = [];
    onYamlLibraryParse((chars) => told.push(chars));
    try {
      const refused = wideAlert(100, true);
      parseText(refused, 'a.alert-config.yaml');
      parseText(wideAlert(100, false), 'b.alert-config.yaml'); // the block reader's
      parseText('{"eventTypeName": "HOST_DOWN"}', 'c.json');
      parseText('a: &x 1\nb: *x\n', 'd.yaml'); // anchors: the yaml library's
      parseText('a: 1\nb: [x, {y: 1}]\n', 'e.yaml', { ...DEFAULT_LIMITS, maxNodes: 2 }); // over a limit: not parsed
      expect(told).toEqual([refused.length, 'a: &x 1\nb: *x\n'.length]);
    } finally {
      onYamlLibraryParse(undefined);
    }
  });

  it('a held run listens; the first text of RELEASE_FROM_CHARS or more gives the optimizer back, once, and says so', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-hold-'));
    try {
      const mid = path.join(dir, 'mid.yaml');
      const small = path.join(dir, 'small.yaml');
      writeFileSync(mid, Buffer.alloc(HOLD_FROM_BYTES + 10, 0x20));
      writeFileSync(small, 'a: 1\n');
      const set: string[] = [];
      const lines: string[] = [];
      let listener: ((chars: number) => void) | undefined;
      const release = { onYamlLibraryParse: (l: ((chars: number) => void) | undefined) => void (listener = l), debug: (line: string) => void lines.push(line) };
      // Runs that do not hold do not listen.
      expect(planOptimizer([small], (f) => set.push(f), release)).toBeUndefined();
      expect(listener).toBeUndefined();
      expect(planOptimizer(Array(MANY_FILES).fill(small), (f) => set.push(f), release)).toMatch(/^V8 heap kept near/);
      expect(listener).toBeUndefined();
      set.length = 0;
      expect(planOptimizer([mid], (f) => set.push(f), release)).toMatch(/^V8 optimizing compiler held for this run/);
      expect(set).toEqual([HOLD_FLAGS]);
      expect(listener).toBeDefined();
      listener!(RELEASE_FROM_CHARS - 1); // a smaller text: the optimizer would hardly start
      expect(set).toEqual([HOLD_FLAGS]);
      expect(lines).toEqual([]);
      listener!(1_377_914);
      expect(set).toEqual([HOLD_FLAGS, RELEASE_FLAGS]);
      expect(listener).toBeUndefined(); // once
      expect(lines).toEqual([`V8 optimizing compiler given back for the rest of this run (the yaml library parses 1.3 MB that the block reader did not read): ${RELEASE_FLAGS}`]);
      expect(RELEASE_FLAGS).toBe('--opt'); // the young generation stays at its first size
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a run of dist/omlint.js', () => {
  let work: string;
  beforeAll(() => {
    ensureBuilt();
    work = mkdtempSync(path.join(os.tmpdir(), 'omlint-hold-run-'));
    // ~2 MB of automation config (most of it the versions' download list), with one finding (a process of an undefined version).
    const doc = automationConfig(100) as { processes: { version: string }[] };
    doc.processes[3].version = '7.0.99';
    writeFileSync(path.join(work, 'mid.automation-config.json'), automationJson(doc));
    // ~4.5 MB: a run of one bigger file.
    const big = automationConfig(1200) as { processes: { version: string }[] };
    big.processes[3].version = '7.0.99';
    writeFileSync(path.join(work, 'big.automation-config.json'), automationJson(big));
    mkdirSync(path.join(work, 'many'));
    for (let i = 0; i <= HOLD_MAX_FILES; i++) writeFileSync(path.join(work, 'many', `c${i}.automation-config.json`), automationJson(doc));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const check = (args: string[], nodeArgs: string[] = []) => spawnSync(process.execPath, [...nodeArgs, BIN, 'check', '--no-color', ...args], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH }, maxBuffer: 64 * 1024 * 1024 });
  const optimised = (stdout: string) => stdout.split('\n').filter((l) => l.includes('completed optimizing')).length;

  it('of one file of a few MB holds the optimizer: no function is optimised, the findings are the same', () => {
    const held = check(['--debug', 'mid.automation-config.json'], ['--trace-opt']);
    expect(held.status, held.stderr).toBe(1);
    expect(held.stderr).toMatch(/^omlint:debug V8 optimizing compiler held for this run \(2\.\d MB in 1 file\): --no-opt --semi-space-growth-factor=1$/m);
    expect(optimised(held.stdout)).toBe(0);
    // The same document among more files than a held run takes: optimised, and the same findings.
    const many = check(['--format', 'json', '--output-file', 'many.json', 'many'], ['--trace-opt']);
    expect(many.status).toBe(1);
    expect(optimised(many.stdout)).toBeGreaterThan(0);
    type Result = { filePath: string; diagnostics: { ruleId: string; range: unknown; message: string }[] };
    const one = (JSON.parse(check(['--format', 'json', 'mid.automation-config.json']).stdout) as Result[])[0].diagnostics;
    expect(one.map((d) => d.ruleId)).toContain('process-version-defined');
    const all = JSON.parse(readFileSync(path.join(work, 'many.json'), 'utf8')) as Result[];
    expect(all).toHaveLength(HOLD_MAX_FILES + 1);
    // (Related locations name their file.)
    for (const r of all) expect(JSON.stringify(r.diagnostics).replaceAll(r.filePath, 'mid.automation-config.json')).toBe(JSON.stringify(one));
  });

  it('of one bigger file keeps the optimizer and the young generation at its first size (2 MB where V8 grew it to 16 MB)', () => {
    const r = check(['--debug', 'big.automation-config.json'], ['--trace-opt', '--trace-gc-verbose']);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^omlint:debug V8 young generation kept at its first size for this run \(4\.\d MB in 1 file\): --semi-space-growth-factor=1$/m);
    expect(optimised(r.stdout)).toBeGreaterThan(0);
    const committed = [...r.stdout.matchAll(/New space,.*committed:\s*(\d+) KB/g)].map((m) => Number(m[1]));
    expect(committed.length).toBeGreaterThan(0);
    expect(Math.max(...committed)).toBeLessThanOrEqual(2048);
    expect(r.stdout).toContain('process-version-defined');
  });

  it(`of ${MANY_FILES} files keeps the young generation at its first size and the old one near what the run keeps; every file linted`, () => {
    const dir = path.join(work, 'thousand');
    mkdirSync(dir);
    const alert = (i: number) => `eventTypeName: OUTSIDE_METRIC_THRESHOLD\nmetricThreshold: { metricName: NORMALIZED_SYSTEM_CPU_USER, mode: AVERAGE, operator: GREATER_THAN, threshold: ${i + 1}, units: RAW }\nnotifications:\n  - { typeName: GROUP, delayMin: 0, intervalMin: 60, emailEnabled: true, smsEnabled: false }\n`;
    for (let i = 0; i < MANY_FILES; i++) writeFileSync(path.join(dir, `a${i}.alert-config.yaml`), alert(i));
    const r = check(['--debug', '--format', 'json', '--output-file', 'thousand.json', 'thousand'], ['--trace-gc-verbose']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`omlint:debug V8 heap kept near what the run keeps (${MANY_FILES} files): ${MANY_FILES_FLAGS}\n`);
    const committed = [...r.stdout.matchAll(/New space,.*committed:\s*(\d+) KB/g)].map((m) => Number(m[1]));
    expect(committed.length).toBeGreaterThan(0);
    // V8 grows it to 32 MB over a run of 2,000 such files; kept here at what it is when the files are
    // known (grown once by then: 4 MB).
    expect(Math.max(...committed)).toBeLessThanOrEqual(4096);
    const results = JSON.parse(readFileSync(path.join(work, 'thousand.json'), 'utf8')) as { warningCount: number; errorCount: number }[];
    expect(results).toHaveLength(MANY_FILES);
    expect(results.every((x) => x.errorCount === 0)).toBe(true);
  });

  it('of one YAML text the block reader does not read gets the optimizer back before the yaml library parses it; one it reads stays held', () => {
    // ~0.3 MB each: held runs (HOLD_FROM_BYTES – HOLD_UP_TO_BYTES), both over RELEASE_FROM_CHARS.
    writeFileSync(path.join(work, 'refused.alert-config.yaml'), wideAlert(24_000, true));
    writeFileSync(path.join(work, 'read.alert-config.yaml'), wideAlert(24_000, false));
    const refused = check(['--debug', '--max-warnings', '-1', 'refused.alert-config.yaml'], ['--trace-opt']);
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/^omlint:debug V8 optimizing compiler held for this run \(0\.3 MB in 1 file\): --no-opt --semi-space-growth-factor=1$/m);
    expect(refused.stderr).toMatch(/^omlint:debug V8 optimizing compiler given back for the rest of this run \(the yaml library parses 0\.3 MB that the block reader did not read\): --opt$/m);
    // Functions optimised once the flag is back (the yaml library's lexer among them).
    expect(optimised(refused.stdout)).toBeGreaterThan(0);
    expect(refused.stdout).toMatch(/completed optimizing .*<JSFunction lex /);
    const read = check(['--debug', 'read.alert-config.yaml'], ['--trace-opt']);
    expect(read.status, read.stderr).toBe(1);
    expect(read.stderr).toMatch(/^omlint:debug V8 optimizing compiler held for this run \(0\.3 MB in 1 file\)/m);
    expect(read.stderr).not.toContain('given back');
    expect(optimised(read.stdout)).toBe(0);
  });

  it('of one small file does not hold it (nor load node:v8)', () => {
    const r = check(['--debug', path.join(ROOT, 'examples/clean/cpu-high.alert-config.yaml')]);
    expect(r.status).toBe(0);
    expect(r.stderr).not.toContain('optimizing compiler held');
  });
});
