// Where users meet findings (issue 37): omlint on findings-dense corpora beside ajv-cli and the
// floor of reading the files in bare Node, and one big JSON automation configuration beside the
// read + JSON.parse of the same file in bare Node; two builds (old, new), interleaved.
//
//   npx tsx bench/findings.ts --old /tmp/findings-main [--new .] [--sizes 2000,10000] [--rounds 2]
//        [--corpora one,dup,five,json,json-clean] [--warmup 1] [--busy 2] [--max-seconds 900] [--no-ajv] [--json FILE]
//   npx tsx bench/findings.ts --marginal --old /tmp/findings-main [--new .] [--sizes 2000] [--rounds 3] [--corpora one,dup]
//
// Corpora (YAML alert configurations, one directory, so one project scope; seeded):
//   one   every file one finding (`enabled` omitted: enabled-omitted);
//   dup   every file one finding (enabled-omitted), and a third of them repeat the condition of
//         an earlier file too (duplicate-alert-config, with a related location in the first);
//   five  every file one finding, 10 % of them five (five rules);
//   json  one automation configuration of --processes processes (9,600: 22 MB), against bare
//         Node's read + JSON.parse of it; json-clean the same without the planted findings (not by default).
// --marginal: the cost of a finding itself. Each build checks the one (dup) corpus with `--jobs 1`
// as it is and with its planted rules turned off (`--rule 'enabled-omitted: off'`, and
// duplicate-alert-config for dup: the same files read, parsed and checked, nothing to report),
// interleaved; it prints (CPU with − CPU without) ÷ findings, CPU of the omlint process (user +
// system, medians). 50,000 files: `--sizes 50000` (not by default). --busy N adds a loaded mode: N busy loops
// (`node -e 'for(;;);'`) started and stopped around each loaded pass. In the warm-up round the
// two builds' reports are compared byte for byte. The load average is recorded before each command.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SEED, PROBLEMS, REPO_ROOT, alertConfig, alertYaml, assertOutsideRepo, makeRng, writeAutomationConfig, type AlertDoc } from './generate';
import { busy, cell, commandLine, measure, median, ratio, secs, shuffler, snapshot, stopBusy, type Measured } from './harness';

const { option, flag, fail, count } = commandLine('bench/findings');

const SIZES = (option('--sizes') ?? '2000,10000').split(',').map(Number);
if (SIZES.some((n) => !Number.isInteger(n) || n < 3)) fail('--sizes wants file counts: 2000,10000');
const CORPORA = (option('--corpora') ?? 'one,dup,five,json').split(',');
for (const c of CORPORA) if (!['one', 'dup', 'five', 'json', 'json-clean'].includes(c)) fail(`--corpora: unknown corpus ${c} (one, dup, five, json, json-clean)`);
const ROUNDS = count('--rounds', '2');
const WARMUP = count('--warmup', '1');
const BUSY = count('--busy', '0');
const MAX_MS = count('--max-seconds', '900') * 1000;
const PROCESSES = count('--processes', '9600');
const SEED = DEFAULT_SEED;
const SCRATCH = path.resolve(option('--scratch') ?? path.join(os.tmpdir(), 'omlint-bench-findings'));
const TOOLS = path.resolve(option('--tools') ?? path.join(os.tmpdir(), 'omlint-bench-tools'));
const CORPUS_ROOT = path.join(SCRATCH, `corpus-${SEED}`);
const TIMEOUT_MS = 300_000;

type Corpus = 'one' | 'dup' | 'five';

/** Five mistakes of five rules (generate.ts's planted ones), for the files with five findings. */
const FIVE = [1, 2, 3, 4, 5].map((k) => PROBLEMS[k]);

/**
 * `n` alert configurations in one directory, each with exactly one finding (or five); the seed
 * decides every byte. Returns the directory and the findings planted.
 */
function findingsCorpus(corpus: Corpus, n: number): { dir: string; planted: number } {
  const dir = path.join(CORPUS_ROOT, `${corpus}-${n}`);
  const done = path.join(dir, '.done');
  if (existsSync(done)) return { dir, planted: Number(readFileSync(done, 'utf8')) };
  assertOutsideRepo(dir);
  mkdirSync(dir, { recursive: true });
  const rng = makeRng(SEED + n);
  const used = new Set<string>();
  const firsts: AlertDoc[] = [];
  let planted = 0;
  for (let i = 0; i < n; i++) {
    const a = alertConfig(rng, i, 'findings', used, 0);
    if (corpus === 'dup' && i % 3 === 2) {
      // The condition of an earlier file (not itself a repeat): this file's one finding.
      const first = firsts[rng.int(0, firsts.length - 1)].doc;
      for (const k of ['eventTypeName', 'matchers', 'metricThreshold', 'threshold']) {
        if (first[k] === undefined) delete a.doc[k];
        else a.doc[k] = structuredClone(first[k]);
      }
      delete a.doc.enabled;
      planted += 2;
    } else if (corpus === 'five' && i % 10 === 0) {
      for (const plant of FIVE) plant(a.doc);
      planted += 5;
    } else {
      delete a.doc.enabled;
      planted++;
    }
    if (!(corpus === 'dup' && i % 3 === 2)) firsts.push(a);
    writeFileSync(path.join(dir, `${String(i).padStart(5, '0')}-${String(a.doc.eventTypeName).toLowerCase().replace(/_/g, '-')}.alert-config.yaml`), alertYaml(a));
  }
  writeFileSync(done, String(planted));
  return { dir, planted };
}

function automationFile(clean: boolean): string {
  const file = path.join(CORPUS_ROOT, `automation-${clean ? 'clean-' : ''}${PROCESSES}.json`);
  if (!existsSync(file)) writeAutomationConfig(file, PROCESSES, SEED, clean);
  return file;
}

interface Command {
  tool: string;
  row: string;
  args: string[];
  out: string;
  check: (status: number | null, stdout: string, stderr: string) => string | undefined;
}

interface Sample extends Measured {
  mode: 'quiet' | 'busy';
  tool: string;
  row: string;
  load1: number;
  round: number;
}

/** omlint's summary line ("✖ N problems (…)"): the problems it counted, for the check that it did the work. */
const problemsOf = (stdout: string) => Number(/(\d+) problems? \(/.exec(stdout)?.[1] ?? 0);

function main(): void {
  assertOutsideRepo(SCRATCH);
  mkdirSync(CORPUS_ROOT, { recursive: true });
  const oldRoot = option('--old') ?? fail("--old <package root> is required (main's build)");
  const builds = [['old', snapshot(oldRoot, path.join(SCRATCH, 'build-old'), fail)], ['new', snapshot(option('--new') ?? REPO_ROOT, path.join(SCRATCH, 'build-new'), fail)]] as const;
  const ajvBin = path.join(TOOLS, 'node_modules/ajv-cli/dist/index.js');
  const ajv = !flag('--no-ajv') && existsSync(ajvBin) ? ajvBin : undefined;
  if (!flag('--no-ajv') && !ajv) console.log(`(no ajv-cli at ${ajvBin}: \`npm run bench -- --only files --runs 1\` installs it; going on without)`);
  const exitOk = (expect?: number) => (status: number | null, stdout: string, stderr: string) =>
    status !== 0 && status !== 1 ? `exit ${status}: ${stderr.slice(0, 300)}` : expect !== undefined && problemsOf(stdout) < expect ? `${problemsOf(stdout)} problems reported, ${expect} planted` : undefined;
  const commands: Command[] = [];
  const outOf = (row: string, tool: string) => path.join(SCRATCH, `${row}-${tool.replace(/[^a-z0-9]+/gi, '_')}.out`);
  for (const corpus of CORPORA.filter((c): c is Corpus => !c.startsWith('json'))) {
    for (const size of SIZES) {
      const { dir, planted } = findingsCorpus(corpus, size);
      const rel = path.relative(CORPUS_ROOT, dir);
      const row = `${corpus}-${size}`;
      for (const [name, root] of builds) commands.push({ tool: name, row, args: [path.join(root, 'dist/omlint.js'), 'check', '--no-color', rel], out: outOf(row, name), check: exitOk(planted) });
      if (ajv) {
        const schema = path.join(builds[1][1], 'schemas/alert-config.schema.json');
        commands.push({ tool: 'ajv-cli', row, args: [ajv, 'validate', '--spec=draft7', '-c', 'ajv-formats', '--strict=false', '--all-errors', '--errors=text', '-s', schema, '-d', `${rel}/*.yaml`], out: outOf(row, 'ajv'), check: (status, stdout, stderr) => {
          const seen = ((stdout + stderr).match(/ (valid|invalid)$/gm) ?? []).length;
          return status !== 0 && status !== 1 ? `exit ${status}` : seen === size ? undefined : `validated ${seen} of ${size} files`;
        } });
      }
      // The floor: every file opened, read and closed (what no linter of these files can avoid).
      const read = `const fs=require('fs'),p=require('path'),d=process.argv[1];let n=0;for(const f of fs.readdirSync(d))if(f.endsWith('.yaml'))n+=fs.readFileSync(p.join(d,f),'utf8').length;console.log(n)`;
      commands.push({ tool: 'node read', row, args: ['-e', read, rel], out: outOf(row, 'read'), check: (status) => (status === 0 ? undefined : `exit ${status}`) });
    }
  }
  for (const clean of [false, true]) {
    if (!CORPORA.includes(clean ? 'json-clean' : 'json')) continue;
    const rel = path.relative(CORPUS_ROOT, automationFile(clean));
    const row = `json-${clean ? 'clean-' : ''}${PROCESSES}`;
    for (const [name, root] of builds) commands.push({ tool: name, row, args: [path.join(root, 'dist/omlint.js'), 'check', '--no-color', rel], out: outOf(row, name), check: exitOk() });
    const parse = `const v=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8'));console.log(Object.keys(v).length)`;
    commands.push({ tool: 'node read+parse', row, args: ['-e', parse, rel], out: outOf(row, 'parse'), check: (status) => (status === 0 ? undefined : `exit ${status}`) });
  }
  const modes = BUSY > 0 ? (['quiet', 'busy'] as const) : (['quiet'] as const);
  console.log(`node ${process.version}, ${os.availableParallelism()} cores; rows ${[...new Set(commands.map((c) => c.row))].join(', ')}; ${WARMUP} warm-up + ${ROUNDS} rounds, at most ${MAX_MS / 1000} s${BUSY ? `; busy mode: ${BUSY} × node -e 'for(;;);'` : ''}`);
  console.log(`old: ${path.resolve(oldRoot)}; new: ${path.resolve(option('--new') ?? REPO_ROOT)}; uptime: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const samples: Sample[] = [];
  const shuffled = shuffler(makeRng(SEED));
  const started = performance.now();
  for (let round = 1 - WARMUP; round <= ROUNDS; round++) {
    if (round > 1 && performance.now() - started > MAX_MS) {
      console.log(`stopped after ${round - 1} measured rounds: --max-seconds reached`);
      break;
    }
    for (const mode of shuffled(modes)) {
      const loops = mode === 'busy' ? busy(BUSY) : [];
      try {
        for (const c of shuffled(commands)) {
          const load1 = os.loadavg()[0];
          const r = measure(c.args, { cwd: CORPUS_ROOT, out: c.out, scratch: SCRATCH, timeoutMs: TIMEOUT_MS, check: c.check });
          if (r.error) fail(`${c.tool} on ${c.row} (${mode}): ${r.error}`);
          if (round > 0) samples.push({ ...r, mode, tool: c.tool, row: c.row, load1, round });
        }
      } finally {
        stopBusy(loops);
      }
      if (round === 1 - WARMUP && mode === 'quiet') {
        // Same findings: the two builds' reports, byte for byte.
        for (const row of new Set(commands.map((c) => c.row))) {
          const [a, b] = builds.map(([name]) => readFileSync(outOf(row, name)));
          if (!a.equals(b)) fail(`the reports on ${row} differ between the builds (${outOf(row, 'old')}, ${outOf(row, 'new')})`);
        }
      }
    }
    process.stdout.write(round <= 0 ? 'w' : '.');
  }
  process.stdout.write('\n');

  const rows = ['| row | mode | findings | old: wall median (min – max); CPU; RSS | new | ajv-cli | floor | new ÷ old (wall; CPU) | old ÷ anchor | new ÷ anchor | new ÷ floor (wall; CPU) | new RSS − floor\'s |', '|---|---|---:|---|---|---|---|---:|---:|---:|---:|---:|'];
  for (const row of new Set(commands.map((c) => c.row))) {
    for (const mode of modes) {
      const of = (tool: string) => samples.filter((s) => s.row === row && s.mode === mode && s.tool === tool);
      const med = (tool: string, key: 'ms' | 'cpuMs' = 'ms') => (of(tool).length ? median(of(tool).map((s) => s[key] ?? NaN)) : NaN);
      const floor = row.startsWith('json') ? 'node read+parse' : 'node read';
      // The anchor: ajv-cli for the files, the floor for the big JSON (issue 37: against its floor).
      const anchor = row.startsWith('json') ? floor : 'ajv-cli';
      const found = existsSync(outOf(row, 'new')) ? problemsOf(readFileSync(outOf(row, 'new'), 'utf8')) : NaN;
      rows.push(`| ${row} | ${mode} | ${found.toLocaleString('en')} | ${cell(of('old'))} | ${cell(of('new'))} | ${cell(of('ajv-cli'))} | ${cell(of(floor))} | ${ratio(med('new'), med('old'))}; ${ratio(med('new', 'cpuMs'), med('old', 'cpuMs'))} | ${ratio(med('old'), med(anchor))} | ${ratio(med('new'), med(anchor))} | ${ratio(med('new'), med(floor))}; ${ratio(med('new', 'cpuMs'), med(floor, 'cpuMs'))} | ${overFloor(of('new'), of(floor))} |`);
    }
  }
  const loads = samples.map((s) => s.load1);
  const measured = new Set(samples.map((x) => x.round)).size;
  console.log(`\n${rows.join('\n')}\n\n${measured} measured rounds; 1-minute load average before each command ${Math.min(...loads).toFixed(2)} – ${Math.max(...loads).toFixed(2)} (median ${median(loads).toFixed(2)}); uptime now ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}; ${secs(performance.now() - started)} s in all`);
  const json = option('--json');
  if (json) writeFileSync(path.resolve(json), JSON.stringify({ date: new Date().toISOString(), cores: os.availableParallelism(), sizes: SIZES, corpora: CORPORA, busy: BUSY, samples }, null, 1) + '\n');
}

/** Peak RSS of a tool over the floor's (medians; issue 37: big JSON within its floor + 40 MB). */
function overFloor(tool: readonly Measured[], floor: readonly Measured[]): string {
  const rss = (xs: readonly Measured[]) => median(xs.flatMap((x) => (x.rssKB ? [x.rssKB] : [])));
  const d = (rss(tool) - rss(floor)) / 1024;
  return Number.isFinite(d) ? `${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(0)} MB` : '—';
}

/** The planted rules of a corpus, turned off for its clean twin in --marginal (five's unknown field is the schema's: not measured). */
const PLANTED_RULES: Partial<Record<Corpus, string[]>> = { one: ['enabled-omitted'], dup: ['enabled-omitted', 'duplicate-alert-config'] };

function marginal(): void {
  assertOutsideRepo(SCRATCH);
  mkdirSync(CORPUS_ROOT, { recursive: true });
  const oldRoot = option('--old') ?? fail("--old <package root> is required (main's build)");
  const builds = [['old', snapshot(oldRoot, path.join(SCRATCH, 'build-old'), fail)], ['new', snapshot(option('--new') ?? REPO_ROOT, path.join(SCRATCH, 'build-new'), fail)]] as const;
  const corpora = CORPORA.filter((c): c is Corpus => PLANTED_RULES[c as Corpus] !== undefined);
  if (corpora.length === 0) fail('--marginal measures the corpora one and dup');
  const commands: (Command & { variant: 'with' | 'without'; planted: number })[] = [];
  for (const corpus of corpora) {
    for (const size of SIZES) {
      const { dir, planted } = findingsCorpus(corpus, size);
      const rel = path.relative(CORPUS_ROOT, dir);
      const row = `${corpus}-${size}`;
      const off = PLANTED_RULES[corpus]!.flatMap((id) => ['--rule', `${id}: off`]);
      for (const [name, root] of builds) {
        const args = [path.join(root, 'dist/omlint.js'), 'check', '--no-color', '--jobs', '1', rel];
        const out = path.join(SCRATCH, `marginal-${row}-${name}`);
        commands.push({ tool: name, row, variant: 'with', planted, args, out: `${out}-with.out`, check: (status, stdout) => (status !== 0 && status !== 1 ? `exit ${status}` : problemsOf(stdout) < planted ? `${problemsOf(stdout)} problems, ${planted} planted` : undefined) });
        commands.push({ tool: name, row, variant: 'without', planted, args: [...args, ...off], out: `${out}-without.out`, check: (status, stdout) => (status !== 0 ? `exit ${status}` : /no problems/.test(stdout) ? undefined : 'problems left with the planted rules off') });
      }
    }
  }
  console.log(`node ${process.version}; marginal cost of a finding, ${WARMUP} warm-up + ${ROUNDS} rounds; uptime: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const samples: (Measured & { tool: string; row: string; variant: string; load1: number })[] = [];
  const shuffled = shuffler(makeRng(SEED));
  for (let round = 1 - WARMUP; round <= ROUNDS; round++) {
    for (const c of shuffled(commands)) {
      const load1 = os.loadavg()[0];
      const r = measure(c.args, { cwd: CORPUS_ROOT, out: c.out, scratch: SCRATCH, timeoutMs: TIMEOUT_MS, check: c.check });
      if (r.error) fail(`${c.tool} on ${c.row} (${c.variant}): ${r.error}`);
      if (round > 0) samples.push({ ...r, tool: c.tool, row: c.row, variant: c.variant, load1 });
    }
    process.stdout.write(round <= 0 ? 'w' : '.');
  }
  process.stdout.write('\n');
  const rows = ['| row | build | findings | CPU with (median, min – max) | CPU without | (with − without) ÷ findings | wall with; without |', '|---|---|---:|---|---|---:|---|'];
  const perFinding = new Map<string, number>();
  for (const c of commands.filter((x) => x.variant === 'with')) {
    const of = (variant: string) => samples.filter((s) => s.row === c.row && s.tool === c.tool && s.variant === variant);
    const cpu = (variant: string) => of(variant).map((s) => s.cpuMs ?? NaN);
    const found = problemsOf(readFileSync(c.out, 'utf8'));
    const us = ((median(cpu('with')) - median(cpu('without'))) / found) * 1000;
    perFinding.set(`${c.row} ${c.tool}`, us);
    const range = (xs: number[]) => `${secs(median(xs))} s (${secs(Math.min(...xs))} – ${secs(Math.max(...xs))})`;
    rows.push(`| ${c.row} | ${c.tool} | ${found.toLocaleString('en')} | ${range(cpu('with'))} | ${range(cpu('without'))} | ${us.toFixed(0)} µs | ${secs(median(of('with').map((s) => s.ms)))} s; ${secs(median(of('without').map((s) => s.ms)))} s |`);
  }
  const loads = samples.map((s) => s.load1);
  console.log(`\n${rows.join('\n')}\n`);
  for (const corpus of corpora) for (const size of SIZES) console.log(`${corpus}-${size}: new ÷ old per finding ${ratio(perFinding.get(`${corpus}-${size} new`)!, perFinding.get(`${corpus}-${size} old`)!)}`);
  console.log(`1-minute load average before each command ${Math.min(...loads).toFixed(2)} – ${Math.max(...loads).toFixed(2)} (median ${median(loads).toFixed(2)}); uptime now ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
}

if (flag('--marginal')) marginal();
else main();
