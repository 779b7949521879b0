// The benchmark: omlint against ajv-cli 5 and Spectral 6.16 on the same generated workloads.
//   npm run bench -- [--only cold,files,automation,scaling,files-json,lsp,fix,sizes,shapes] [--no-spectral]
//                    [--runs 5] [--warmup 1] [--spectral-runs 3] [--seed N] [--json out.json]
//                    [--omlint <package root>] [--no-build] [--scratch DIR] [--tools DIR] [--keep]
//   npm run bench -- --report out.json     (re-print the tables of a saved run)
// Rounds are interleaved (one run of every tool per round), so a load change on the machine hits
// every tool alike. Not a test: it prints figures and asserts nothing.
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SCRATCH, DEFAULT_SEED, REPO_ROOT, alertConfig, alertYaml, assertOutsideRepo, makeRng, processesForSize, writeAlertCorpus, writeAutomationConfig, writeFixCorpus } from './generate';

const AJV_CLI = 'ajv-cli@5.0.0';
const AJV_FORMATS = 'ajv-formats@3.0.1';
const SPECTRAL_CLI = '@stoplight/spectral-cli@6.16.3';
const ALL_WORKLOADS = ['cold', 'files', 'automation', 'scaling', 'files-json', 'lsp', 'fix', 'sizes', 'shapes'] as const;
const DEFAULT_WORKLOADS = ['cold', 'files', 'automation', 'scaling', 'lsp', 'fix'];
type Workload = (typeof ALL_WORKLOADS)[number];

// ---------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
function option(name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === name) return argv[i + 1];
    if (argv[i].startsWith(name + '=')) return argv[i].slice(name.length + 1);
  }
  return undefined;
}
const flag = (name: string) => argv.includes(name);
if (flag('--help') || flag('-h')) {
  console.log(readFileSync(new URL(import.meta.url), 'utf8').split('\n').slice(0, 7).join('\n').replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}
const only = (option('--only') ?? DEFAULT_WORKLOADS.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
for (const w of only) if (!(ALL_WORKLOADS as readonly string[]).includes(w)) fail(`unknown workload "${w}"; choose from ${ALL_WORKLOADS.join(', ')}`);
const wants = (w: Workload) => only.includes(w);
const RUNS = positive(option('--runs') ?? '5', '--runs');
const WARMUP = Number(option('--warmup') ?? 1);
const SPECTRAL_RUNS = Math.min(RUNS, positive(option('--spectral-runs') ?? '3', '--spectral-runs'));
// Start-up times are short and noisy: four times the runs (Spectral excepted).
const COLD_RUNS = RUNS * 4;
const SEED = Number(option('--seed') ?? DEFAULT_SEED);
const SCRATCH = path.resolve(option('--scratch') ?? DEFAULT_SCRATCH);
const TOOLS = path.resolve(option('--tools') ?? path.join(os.tmpdir(), 'omlint-bench-tools'));
const USE_SPECTRAL = !flag('--no-spectral');
const USE_AJV = !flag('--no-ajv');

function positive(v: string, name: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) fail(`${name} needs a positive integer, not "${v}"`);
  return n;
}
function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Set-up: omlint snapshot, tools, corpus

/**
 * The omlint under test, copied out of the repo (dist/, schemas/, package.json): a rebuild of
 * dist/ while the benchmark runs cannot change what is measured. --omlint names another package
 * root, e.g. a worktree of an older commit, for before/after figures.
 */
function omlintUnderTest(): string {
  const given = option('--omlint');
  if (given) {
    const root = path.resolve(given);
    if (!existsSync(path.join(root, 'dist/omlint.js'))) fail(`${root}/dist/omlint.js not found (build it first)`);
    return root;
  }
  if (!flag('--no-build')) {
    console.log('building omlint (npm run build)…');
    const r = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) fail('npm run build failed');
  }
  const snap = path.join(SCRATCH, 'omlint');
  rmSync(snap, { recursive: true, force: true });
  mkdirSync(snap, { recursive: true });
  cpSync(path.join(REPO_ROOT, 'dist'), path.join(snap, 'dist'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'schemas'), path.join(snap, 'schemas'), { recursive: true });
  copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(snap, 'package.json'));
  return snap;
}

/** Installs the comparison tools into a bench-only folder (never project dependencies). */
function installTools(): { ajv?: string; spectral?: string } {
  const wanted = [...(USE_AJV ? [AJV_CLI, AJV_FORMATS] : []), ...(USE_SPECTRAL ? [SPECTRAL_CLI] : [])];
  const installed = (spec: string) => {
    const name = spec.slice(0, spec.lastIndexOf('@'));
    const file = path.join(TOOLS, 'node_modules', name, 'package.json');
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === spec.slice(spec.lastIndexOf('@') + 1);
  };
  const missing = wanted.filter((s) => !installed(s));
  if (missing.length) {
    console.log(`installing ${missing.join(', ')} into ${TOOLS}…`);
    mkdirSync(TOOLS, { recursive: true });
    const r = spawnSync('npm', ['install', '--prefix', TOOLS, '--no-audit', '--no-fund', '--loglevel=error', ...missing], { stdio: 'inherit' });
    if (r.status !== 0) fail(`npm install into ${TOOLS} failed (use --no-spectral / --no-ajv to skip a tool)`);
  }
  const bin = (pkg: string, name: string) => {
    const dir = path.join(TOOLS, 'node_modules', pkg);
    const b = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).bin;
    return path.join(dir, typeof b === 'string' ? b : b[name]);
  };
  return { ajv: USE_AJV ? bin('ajv-cli', 'ajv') : undefined, spectral: USE_SPECTRAL ? bin('@stoplight/spectral-cli', 'spectral') : undefined };
}

/** A Spectral ruleset that applies a kind's JSON Schema to the whole document, as ajv-cli does. */
function spectralRuleset(omlint: string, kind: string): string {
  const schema = JSON.parse(readFileSync(path.join(omlint, 'schemas', `${kind}.schema.json`), 'utf8'));
  const file = path.join(SCRATCH, 'spectral', `${kind}.spectral.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const rule = { description: `JSON Schema of ${kind}`, message: '{{error}}', given: '$', severity: 'error', then: { function: 'schema', functionOptions: { schema, dialect: 'draft7', allErrors: true } } };
  writeFileSync(file, JSON.stringify({ rules: { [`${kind}-schema`]: rule } }));
  return file;
}

// ---------------------------------------------------------------------------------------------
// Measuring

type Tool = 'node' | 'omlint' | 'ajv-cli' | 'spectral';

interface Sample {
  ms: number;
  /** Peak resident set of the child, KB (GNU time %M); undefined without /usr/bin/time. */
  rssKB?: number;
  code: number | null;
}

interface Output {
  status: number | null;
  stdout: string;
  stderr: string;
}

interface Invocation {
  tool: Tool;
  args: string[];
  /** A reason when the run did not do the work (crash, no file matched…). */
  check: (r: Output) => string | undefined;
  /** Set-up before each run, not measured (--fix runs get their unfixed file back). */
  before?: () => void;
  /** The name in the tables when the tool runs twice in a case (omlint, omlint --fix). */
  label?: string;
  /** Environment over this process's (the read-only install's XDG_CACHE_HOME). */
  env?: NodeJS.ProcessEnv;
}

interface Result {
  workload: string;
  /** Which corpus: results of one case are compared with one another. */
  key: string;
  label: string;
  tool: Tool;
  /** Which invocation of the tool, when a case runs it twice ("--fix"). */
  variant?: string;
  samples: Sample[];
  error?: string;
}

const TIME = (() => {
  if (!existsSync('/usr/bin/time')) return undefined;
  const out = path.join(os.tmpdir(), `omlint-bench-time-${process.pid}`);
  const r = spawnSync('/usr/bin/time', ['-f', '%M', '-o', out, process.execPath, '-e', '0']);
  const ok = r.status === 0 && /^\d+\s*$/.test(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  return ok ? '/usr/bin/time' : undefined;
})();

function measure(inv: Invocation, cwd: string): { sample: Sample; error?: string } {
  const rssFile = path.join(SCRATCH, 'time.out');
  const [cmd, args] = TIME ? [TIME, ['-f', '%M', '-o', rssFile, process.execPath, ...inv.args]] : [process.execPath, inv.args];
  // Output goes to files, not pipes: a child that exits right after writing loses nothing, and
  // its speed does not depend on how fast this process drains a pipe.
  const files = [path.join(SCRATCH, 'child.stdout'), path.join(SCRATCH, 'child.stderr')];
  const fds = files.map((f) => openSync(f, 'w'));
  let r;
  inv.before?.();
  const t0 = performance.now();
  try {
    r = spawnSync(cmd, args, { cwd, stdio: ['ignore', fds[0], fds[1]], env: { ...process.env, NO_COLOR: '1', ...inv.env } });
  } finally {
    fds.forEach(closeSync);
  }
  const ms = performance.now() - t0;
  const out: Output = { status: r.status, stdout: readFileSync(files[0], 'utf8'), stderr: readFileSync(files[1], 'utf8') };
  // With -o, GNU time writes "Command exited with non-zero status N" first, then the format.
  const rssKB = TIME ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : undefined;
  const sample: Sample = { ms, rssKB: Number.isFinite(rssKB) ? rssKB : undefined, code: r.status };
  const why = r.error ? String(r.error) : inv.check(out);
  return { sample, error: why && `${why}${out.stderr ? `: ${out.stderr.trim().split('\n').slice(0, 3).join(' | ')}` : ''}` };
}

/**
 * Runs the invocations of one case in interleaved rounds: WARMUP discarded rounds, then RUNS
 * measured ones. Spectral is slow: it takes part in the first SPECTRAL_RUNS measured rounds only,
 * and skips the warm-up (the other tools' warm-up has already brought the files into the page cache).
 */
function runCase(workload: string, key: string, label: string, cwd: string, invocations: Invocation[], runs = RUNS): Result[] {
  const results: Result[] = invocations.map((inv) => ({ workload, key, label, tool: inv.tool, variant: inv.label, samples: [] }));
  process.stdout.write(`  ${label}: `);
  // The tools run in a new random order each round (seeded): on this kind of VM the first command
  // of a round measured a few per cent faster than the same command later in the round.
  const rng = makeRng(SEED);
  for (let round = 0; round < WARMUP + runs; round++) {
    const order = invocations.map((_, i) => i);
    for (let j = order.length - 1; j > 0; j--) {
      const k = rng.int(0, j);
      [order[j], order[k]] = [order[k], order[j]];
    }
    order.forEach((i) => {
      const inv = invocations[i];
      const res = results[i];
      if (res.error) return;
      const measured = round - WARMUP;
      if (inv.tool === 'spectral' && (measured < 0 || measured >= SPECTRAL_RUNS)) return;
      const { sample, error } = measure(inv, cwd);
      if (error) res.error = error;
      else if (measured >= 0) res.samples.push(sample);
    });
    process.stdout.write(round < WARMUP ? 'w' : '.');
  }
  process.stdout.write('\n');
  for (const r of results) if (r.error) console.log(`    ${r.tool} failed: ${r.error}`);
  return results;
}

const exitIn = (codes: number[]) => (r: Output) => (codes.includes(r.status ?? -1) ? undefined : `exit ${r.status ?? "by signal"}`);

// ---------------------------------------------------------------------------------------------
// Workloads

interface Ctx {
  omlint: string;
  ajv?: string;
  spectral?: string;
  corpus: string;
}

function omlintRun(ctx: Ctx, target: string): Invocation {
  return { tool: 'omlint', args: [path.join(ctx.omlint, 'dist/omlint.js'), 'check', '--no-color', target], check: exitIn([0, 1]) };
}

/** ajv-cli prints "<file> valid" (stdout) or "<file> invalid" (stderr) per file: all must be there. */
function ajvRun(ctx: Ctx, kind: string, data: string, files: number): Invocation {
  const args = [ctx.ajv!, 'validate', '--spec=draft7', '-c', 'ajv-formats', '--strict=false', '--all-errors', '--errors=text', '-s', path.join(ctx.omlint, 'schemas', `${kind}.schema.json`), '-d', data];
  return {
    tool: 'ajv-cli',
    args,
    check: (r) => {
      const seen = ((r.stdout + r.stderr).match(/ (valid|invalid)$/gm) ?? []).length;
      return exitIn([0, 1])(r) ?? (seen === files ? undefined : `validated ${seen} of ${files} files`);
    },
  };
}

function spectralRun(ctx: Ctx, kind: string, data: string): Invocation {
  const out = path.join(SCRATCH, 'spectral', 'report.json');
  const args = [ctx.spectral!, 'lint', '--ruleset', spectralRuleset(ctx.omlint, kind), '--format', 'json', '--output', out, data];
  return {
    tool: 'spectral',
    args,
    check: (r) => {
      const bad = exitIn([0, 1])(r);
      if (bad) return bad;
      try {
        JSON.parse(readFileSync(out, 'utf8'));
        return undefined;
      } catch {
        return 'no JSON report';
      }
    },
  };
}

function competitors(ctx: Ctx, kind: string, data: string, files: number, spectral = true): Invocation[] {
  return [...(ctx.ajv ? [ajvRun(ctx, kind, data, files)] : []), ...(ctx.spectral && spectral ? [spectralRun(ctx, kind, data)] : [])];
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

function alertCorpus(ctx: Ctx, count: number, format: 'yaml' | 'json', perProject?: number) {
  const dir = path.join(ctx.corpus, `alerts-${count}-${format}${perProject ? `-per-${perProject}` : ''}`);
  if (!existsSync(path.join(dir, '.done'))) {
    const c = writeAlertCorpus(dir, { count, format, seed: SEED, perProject });
    writeFileSync(path.join(dir, '.done'), JSON.stringify(c));
  }
  return JSON.parse(readFileSync(path.join(dir, '.done'), 'utf8')) as ReturnType<typeof writeAlertCorpus>;
}

function automationFile(ctx: Ctx, name: string, processes: number) {
  const file = path.join(ctx.corpus, `${name}.automation-config.json`);
  const stamp = file + '.done';
  if (!existsSync(stamp)) writeFileSync(stamp, JSON.stringify(writeAutomationConfig(file, processes, SEED)));
  return JSON.parse(readFileSync(stamp, 'utf8')) as ReturnType<typeof writeAutomationConfig>;
}

function filesCase(ctx: Ctx, workload: string, count: number, format: 'yaml' | 'json', spectral = true): Result[] {
  const c = alertCorpus(ctx, count, format);
  const rel = path.relative(ctx.corpus, c.dir);
  return runCase(workload, `files-${count}-${format}`, `${count} ${format.toUpperCase()} alert configurations (${mb(c.bytes)})`, ctx.corpus, [
    omlintRun(ctx, rel),
    ...competitors(ctx, 'alert-config', `${rel}/**/*.${format}`, count, spectral),
  ]);
}

/**
 * Issue 22's sizes: files from 100 to 50,000, spread over projects of 100 and all in one
 * directory (one project scope), and automation configurations of 1, 22 and 90 MB, each against
 * ajv-cli (target: omlint ≤ 0.75× ajv-cli on every row).
 */
const POOL_OF_ONE = 'NODE_OPTIONS=--v8-pool-size=1';

function sizesCases(ctx: Ctx): Result[] {
  const out: Result[] = [];
  for (const [count, perProject] of [[100, 100], [10_000, 100], [10_000, 10_000], [50_000, 100], [50_000, 50_000]]) {
    const c = alertCorpus(ctx, count, 'yaml', perProject);
    const rel = path.relative(ctx.corpus, c.dir);
    const layout = perProject >= count ? 'one directory' : `${count / perProject} directories`;
    out.push(...runCase('sizes', `sizes-${count}-per-${perProject}`, `${count.toLocaleString('en')} YAML alert configurations, ${layout} (${mb(c.bytes)})`, ctx.corpus, [
      omlintRun(ctx, rel),
      // Node's one background thread for V8 instead of four: README.md's tip for 2-core runners (10,000 files only).
      ...(count === 10_000 ? [{ ...omlintRun(ctx, rel), label: POOL_OF_ONE, env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --v8-pool-size=1`.trim() } }] : []),
      ...competitors(ctx, 'alert-config', `${rel}/**/*.yaml`, count, false),
    ]));
  }
  // 22 MB: the issue's 22.8 MB row (the file of the `automation` workload, here with ajv-cli alone).
  for (const size of [1, 22, 90]) {
    const processes = processesForSize(size * 1048576, SEED);
    out.push(...automationCase(ctx, 'sizes', `automation-${processes}`, processes, false, ['--max-file-size', '128']));
  }
  return out;
}

function automationCase(ctx: Ctx, workload: string, name: string, processes: number, spectral = true, extra: string[] = []): Result[] {
  const a = automationFile(ctx, name, processes);
  const rel = path.relative(ctx.corpus, a.file);
  const run = omlintRun(ctx, rel);
  return runCase(workload, name, `automation configuration, ${a.processes} processes (${mb(a.bytes)})`, ctx.corpus, [
    { ...run, args: [...run.args, ...extra] },
    ...competitors(ctx, 'automation-config', rel, 1, spectral),
  ]);
}

/**
 * A copy of the built package whose dist/ cannot hold a code cache (a file where dist/cache
 * should be: read-only even to root), with its own user cache directory (issue 22).
 */
function readOnlyInstall(ctx: Ctx): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = path.join(SCRATCH, 'read-only-install');
  rmSync(dir, { recursive: true, force: true });
  for (const part of ['dist', 'schemas', 'package.json']) cpSync(path.join(ctx.omlint, part), path.join(dir, part), { recursive: true });
  rmSync(path.join(dir, 'dist', 'cache'), { recursive: true, force: true });
  writeFileSync(path.join(dir, 'dist', 'cache'), '');
  const cacheHome = path.join(SCRATCH, 'read-only-install-cache-home');
  rmSync(cacheHome, { recursive: true, force: true });
  return { dir, env: { XDG_CACHE_HOME: cacheHome } };
}

function coldCase(ctx: Ctx): Result[] {
  const file = path.join(ctx.corpus, 'cpu-high.alert-config.yaml');
  copyFileSync(path.join(REPO_ROOT, 'examples/clean/cpu-high.alert-config.yaml'), file);
  const rel = path.basename(file);
  const ro = readOnlyInstall(ctx);
  return runCase('cold', 'cold', `cold start, one small YAML file (${readFileSync(file).length} bytes)`, ctx.corpus, [
    { tool: 'node', args: ['-e', '0'], check: exitIn([0]) },
    omlintRun(ctx, rel),
    // The first (warm-up) run writes the cache under XDG_CACHE_HOME; the measured runs read it.
    { ...omlintRun({ ...ctx, omlint: ro.dir }, rel), label: 'read-only dist/', env: ro.env },
    ...competitors(ctx, 'alert-config', rel, 1),
  ], COLD_RUNS);
}

/**
 * --fix against lint alone on the same file (issue 17: 10,000 fixes in at most 2 × the lint
 * time). The --fix run gets the unfixed file back before each run (not measured), and must
 * report that it fixed every one.
 */
function fixCases(ctx: Ctx, fixes = 10_000): Result[] {
  const dir = path.join(ctx.corpus, 'fix');
  const stamp = path.join(dir, '.done');
  if (!existsSync(stamp)) writeFileSync(stamp, JSON.stringify(writeFixCorpus(dir, fixes, SEED)));
  const c = JSON.parse(readFileSync(stamp, 'utf8')) as ReturnType<typeof writeFixCorpus>;
  const out: Result[] = [];
  const cases: [key: string, file: string, bytes: number, what: string][] = [
    ['fix-automation', c.automation, c.bytes[0], `automation configuration, ${fixes.toLocaleString('en')} TLS modes to fix (one repeated finding)`],
    ['fix-alerts', c.alerts, c.bytes[1], `list of ${fixes.toLocaleString('en')} alert configurations without enabled (one finding each)`],
  ];
  for (const [key, file, bytes, what] of cases) {
    const work = path.join(dir, `work-${path.basename(file)}`);
    const lintCopy = path.join(dir, `lint-${path.basename(file)}`);
    copyFileSync(file, lintCopy);
    const fixed = new RegExp(`^Fixed ${fixes} problems in 1 file\\.$`, 'm');
    out.push(
      ...runCase('fix', key, `${what} (${mb(bytes)})`, dir, [
        omlintRun(ctx, path.basename(lintCopy)),
        {
          tool: 'omlint',
          label: '--fix',
          // --fix-suggestions: enabled-omitted's `enabled: true` is a suggestion since issue 31 (the safe fixes apply too).
          args: [path.join(ctx.omlint, 'dist/omlint.js'), 'check', '--fix-suggestions', '--no-color', path.basename(work)],
          before: () => copyFileSync(file, work),
          check: (r) => exitIn([0, 1])(r) ?? (fixed.test(r.stdout) ? undefined : `did not fix all ${fixes}: ${r.stdout.split('\n').filter((l) => l.startsWith('Fixed')).join(' ') || 'no "Fixed" line'}`),
        },
      ]),
    );
  }
  return out;
}

/**
 * Issue 32's shapes, once quadratic: N distinct anchors each aliased once, N "---" lines (over
 * --max-documents: refused unread) and the most "---" lines that --max-documents accepts. Each
 * beside its anchor, an ordinary stream of alert configurations of about the same size: in
 * linear time the shape costs a small, fixed multiple of it ("× lint" in the table).
 */
function shapesCases(ctx: Ctx): Result[] {
  const dir = path.join(ctx.corpus, 'shapes');
  mkdirSync(dir, { recursive: true });
  const anchors = (n: number) => Array.from({ length: n }, (_, i) => `- &a${i} ${i}\n- *a${i}\n`).join('');
  const shapes: [key: string, label: string, what: string, text: string][] = [
    ['shapes-anchors-8000', 'anchors', '8,000 distinct anchors each aliased once', anchors(8_000)],
    ['shapes-separators-40000', '"---" lines', '40,000 "---" lines (over --max-documents)', '---\n'.repeat(40_000)],
    ['shapes-separators-10000', '"---" lines', '10,000 "---" lines (the most --max-documents accepts)', '---\n'.repeat(10_000)],
  ];
  const out: Result[] = [];
  for (const [key, label, what, text] of shapes) {
    const shape = path.join(dir, `${key}.yaml`);
    const ordinary = path.join(dir, `${key}-ordinary.alert-config.yaml`);
    writeFileSync(shape, text);
    writeFileSync(ordinary, ordinaryStream(text.length));
    const shapeRun = omlintRun(ctx, path.basename(shape));
    out.push(...runCase('shapes', key, `${what} (${(text.length / 1024).toFixed(0)} KB) beside an ordinary stream of its size`, dir, [omlintRun(ctx, path.basename(ordinary)), { ...shapeRun, label }]));
  }
  return out;
}

/** Alert configurations separated by "---", up to about `bytes`. */
function ordinaryStream(bytes: number): string {
  const rng = makeRng(SEED);
  const docs: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const doc = alertYaml(alertConfig(rng, i, 'p', new Set()));
    docs.push(doc);
    size += doc.length + 4;
  }
  return docs.join('---\n');
}

function lspLatency(ctx: Ctx): string | undefined {
  const script = path.join(REPO_ROOT, 'bench/lsp-latency.ts');
  if (!existsSync(script)) {
    console.log('  (bench/lsp-latency.ts not found: skipped)');
    return undefined;
  }
  const server = path.join(ctx.omlint, 'dist/omlint-language-server.js');
  const args = ['--import', 'tsx', script, ...(existsSync(server) ? ['--server', server] : [])];
  const r = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  const out = (r.stdout + (r.status ? `\n(exit ${r.status}) ${r.stderr}` : '')).trim();
  console.log(out.replace(/^/gm, '    '));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Report

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const fmtMs = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const fmtRss = (kb: number | undefined) => (kb === undefined ? 'n/a' : `${(kb / 1024).toFixed(0)} MB`);
const wall = (r: Result | undefined) => (r && r.samples.length ? median(r.samples.map((s) => s.ms)) : undefined);
const rss = (r: Result | undefined) => {
  const v = r?.samples.map((s) => s.rssKB).filter((x): x is number => x !== undefined);
  return v && v.length ? median(v) : undefined;
};

function table(results: Result[]): string {
  const lines = ['| workload | tool | median wall | min – max | runs | peak RSS (median) | omlint ÷ tool (wall) |', '|---|---|---:|---:|---:|---:|---:|'];
  let last = '';
  for (const r of results) {
    const omlint = results.find((o) => o.key === r.key && o.tool === 'omlint' && !o.variant);
    const m = wall(r);
    const ms = r.samples.map((s) => s.ms);
    // A variant of omlint (--fix) is compared the other way round: variant ÷ plain lint.
    const ratio = r.variant && m && wall(omlint) ? `${(m / wall(omlint)!).toFixed(2)}× lint` : r.tool !== 'omlint' && m && wall(omlint) ? `${(wall(omlint)! / m).toFixed(2)}×` : '';
    const cells = r.error && !ms.length
      ? ['failed', '', '0', '', '']
      : [fmtMs(m!), `${fmtMs(Math.min(...ms))} – ${fmtMs(Math.max(...ms))}`, String(ms.length), fmtRss(rss(r)), ratio];
    lines.push(`| ${r.key === last ? '' : r.label} | ${r.tool === 'node' ? 'bare `node -e 0`' : r.variant ? `${r.tool} ${r.variant}` : r.tool} | ${cells.join(' | ')} |`);
    last = r.key;
  }
  return lines.join('\n');
}

/**
 * The issue's targets. Time ratios are given twice: of the medians (the figure the targets
 * name), and of the best runs, which a loaded machine disturbs least.
 */
function targets(results: Result[]): string {
  const find = (key: string, tool: Tool, variant?: string) => results.find((r) => r.key === key && r.tool === tool && r.variant === variant);
  const best = (r: Result | undefined) => (r && r.samples.length ? Math.min(...r.samples.map((s) => s.ms)) : undefined);
  const rows: string[] = [];
  const verdict = (v: number, limit: number) => (v <= limit ? 'met' : '**not met**');
  /** a ÷ b ≤ limit, where a and b are results (a: omlint). */
  const timeRatio = (what: string, a: Result | undefined, b: Result | undefined, limit: number) => {
    const [ma, mb, ba, bb] = [wall(a), wall(b), best(a), best(b)];
    if (ma === undefined || !mb || ba === undefined || !bb) return;
    rows.push(`| ${what} | ${fmtMs(ma)} vs ${fmtMs(mb)} | ${(ma / mb).toFixed(2)}× | ${(ba / bb).toFixed(2)}× | ≤ ${limit}× | ${verdict(ma / mb, limit)} |`);
  };
  timeRatio('cold start: omlint ÷ bare node', find('cold', 'omlint'), find('cold', 'node'), 1.3);
  timeRatio('cold start, read-only dist/: omlint ÷ bare node', find('cold', 'omlint', 'read-only dist/'), find('cold', 'node'), 1.5);
  timeRatio('2,000 YAML files: omlint ÷ ajv-cli', find('files-2000-yaml', 'omlint'), find('files-2000-yaml', 'ajv-cli'), 1);
  const big = results.find((r) => r.workload === 'automation')?.key ?? '';
  timeRatio('22 MB automation config: omlint ÷ ajv-cli', find(big, 'omlint'), find(big, 'ajv-cli'), 1);
  const bigRss = rss(find(big, 'omlint'));
  if (bigRss !== undefined) rows.push(`| 22 MB automation config: omlint peak RSS | | ${fmtRss(bigRss)} | | ≤ 250 MB | ${verdict(bigRss / 1024, 250)} |`);
  timeRatio('10× the files: 2,000 ÷ 200 (omlint)', find('files-2000-yaml', 'omlint'), find('files-200-yaml', 'omlint'), 11);
  timeRatio('10× the processes: 10k ÷ 1k (omlint)', find('automation-10000', 'omlint'), find('automation-1000', 'omlint'), 11);
  for (const r of results.filter((x) => x.workload === 'sizes' && x.tool === 'omlint')) {
    const label = r.variant ? `${r.label}, ${r.variant}` : r.label;
    timeRatio(`${label}: omlint ÷ ajv-cli`, r, find(r.key, 'ajv-cli'), 0.75);
    const peak = rss(r);
    if (peak !== undefined) rows.push(`| ${label}: omlint peak RSS | | ${fmtRss(peak)} | | | ajv-cli ${fmtRss(rss(find(r.key, 'ajv-cli')))} |`);
  }
  for (const key of ['fix-automation', 'fix-alerts']) {
    const r = find(key, 'omlint', '--fix');
    if (r) timeRatio(`${r.label}: --fix ÷ lint`, r, find(key, 'omlint'), 2);
  }
  if (!rows.length) return '';
  return ['| target | medians | ratio of medians | ratio of best runs | target | verdict (medians) |', '|---|---:|---:|---:|---:|---|', ...rows].join('\n');
}

function loadavg(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(', ');
}

// ---------------------------------------------------------------------------------------------

function main(): void {
  const saved = option('--report');
  if (saved) {
    // Re-print the tables of a run saved with --json.
    const { meta, results } = JSON.parse(readFileSync(path.resolve(saved), 'utf8')) as { meta: Record<string, unknown>; results: Result[] };
    console.log(`${JSON.stringify(meta)}\n\n${table(results)}\n\n${targets(results)}`);
    return;
  }
  assertOutsideRepo(SCRATCH);
  mkdirSync(SCRATCH, { recursive: true });
  const loadBefore = loadavg();
  const omlint = omlintUnderTest();
  const tools = installTools();
  const corpus = path.join(SCRATCH, `corpus-${SEED}`);
  mkdirSync(corpus, { recursive: true });
  const ctx: Ctx = { omlint, ...tools, corpus };
  const version = JSON.parse(readFileSync(path.join(omlint, 'package.json'), 'utf8')).version;
  console.log(`\nomlint ${version} (${omlint}) vs ${[tools.ajv && AJV_CLI, tools.spectral && SPECTRAL_CLI].filter(Boolean).join(', ') || 'nothing'}`);
  console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load average ${loadBefore}`);
  console.log(`runs ${RUNS} after ${WARMUP} warm-up (cold start: ${COLD_RUNS}; Spectral: ${SPECTRAL_RUNS}), seed ${SEED}, peak RSS ${TIME ? 'by /usr/bin/time %M' : 'not measured (no /usr/bin/time)'}\n`);

  const results: Result[] = [];
  let lsp: string | undefined;
  if (wants('cold')) results.push(...coldCase(ctx));
  if (wants('files')) results.push(...filesCase(ctx, 'files', 2000, 'yaml'));
  if (wants('files-json')) results.push(...filesCase(ctx, 'files-json', 2000, 'json'));
  if (wants('automation')) {
    const processes = processesForSize(22 * 1048576, SEED);
    results.push(...automationCase(ctx, 'automation', `automation-${processes}`, processes));
  }
  if (wants('scaling')) {
    // Scaling is omlint's (ajv-cli for reference); Spectral would only add minutes.
    results.push(...filesCase(ctx, 'scaling', 200, 'yaml', false));
    if (!wants('files')) results.push(...filesCase(ctx, 'scaling', 2000, 'yaml', false));
    results.push(...automationCase(ctx, 'scaling', 'automation-1000', 1000, false));
    results.push(...automationCase(ctx, 'scaling', 'automation-10000', 10000, false));
  }
  if (wants('fix')) results.push(...fixCases(ctx));
  if (wants('sizes')) results.push(...sizesCases(ctx));
  if (wants('shapes')) results.push(...shapesCases(ctx));
  if (wants('lsp')) {
    console.log('  language server, edit → diagnostics (bench/lsp-latency.ts):');
    lsp = lspLatency(ctx);
  }

  const report = [table(results), '', targets(results)].join('\n');
  console.log(`\n${report}\n\nload average before ${loadBefore}, after ${loadavg()}`);
  const json = option('--json');
  if (json) {
    const meta = { omlint: version, node: process.version, cpus: os.cpus().length, runs: RUNS, warmup: WARMUP, spectralRuns: SPECTRAL_RUNS, seed: SEED, loadBefore, loadAfter: loadavg(), date: new Date().toISOString() };
    writeFileSync(path.resolve(json), JSON.stringify({ meta, results, lsp }, null, 2) + '\n');
    console.log(`raw results: ${path.resolve(json)}`);
  }
  if (!flag('--keep')) rmSync(corpus, { recursive: true, force: true });
}

main();
