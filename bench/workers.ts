// The worker policy, before and after (issue 33, item 6): two builds of omlint (and ajv-cli for
// reference) on the same alert corpora, interleaved, on a quiet machine and under load (two busy
// `node -e 'for(;;);'` processes, started and stopped by this script around each loaded round).
//
//   npx tsx bench/workers.ts --old /tmp/ws-main [--new .] [--sizes 2000,10000] [--rounds 5]
//                            [--max-seconds 600] [--busy 2] [--jobs2] [--no-ajv] [--json FILE]
//
// --old/--new: package roots with dist/ and schemas/ (built: `npm run build`); each is copied to
// the scratch directory first, so a rebuild during the run cannot change what is measured.
// Every round runs every command once per mode (quiet, busy; in random order), the commands in a
// new random order; a round is not started once --max-seconds have passed. The first round is a
// warm-up (discarded); in it the two builds' reports are compared byte for byte.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SCRATCH, DEFAULT_SEED, REPO_ROOT, assertOutsideRepo, makeRng, writeAlertCorpus } from './generate';
import { busy, cell, commandLine, measure as measureIn, median, ratio, secs, shuffler, snapshot as snapshotTo, stopBusy } from './harness';

const { option, flag, fail, count } = commandLine('bench/workers');

const SIZES = (option('--sizes') ?? '2000,10000').split(',').map(Number);
if (SIZES.some((n) => !Number.isInteger(n) || n < 1)) fail('--sizes wants file counts: 2000,10000');
const ROUNDS = count('--rounds', '5');
const MAX_MS = count('--max-seconds', '600') * 1000;
const BUSY = count('--busy', '2');
const SEED = DEFAULT_SEED;
const SCRATCH = path.resolve(option('--scratch') ?? DEFAULT_SCRATCH);
const TOOLS = path.resolve(option('--tools') ?? path.join(os.tmpdir(), 'omlint-bench-tools'));
const TIMEOUT_MS = 120_000;

const snapshot = (root: string, name: string) => snapshotTo(root, path.join(SCRATCH, `workers-${name}`), fail);

/** The corpus of `n` YAML alert configurations in projects of 100 (bench/run.ts's layout and seed). */
function corpus(n: number): string {
  const dir = path.join(SCRATCH, `corpus-${SEED}`, `alerts-${n}-yaml-per-100`);
  if (!existsSync(path.join(dir, '.done'))) writeFileSync(path.join(writeAlertCorpus(dir, { count: n, format: 'yaml', seed: SEED, perProject: 100 }).dir, '.done'), '');
  return dir;
}

interface Command {
  tool: string;
  size: number;
  args: string[];
  /** Where its stdout goes (the report, compared between builds in the warm-up round). */
  out: string;
  check: (status: number | null, stdout: string, stderr: string) => string | undefined;
}

interface Sample {
  mode: 'quiet' | 'busy';
  tool: string;
  size: number;
  ms: number;
  /** User + system CPU time of the process, all its threads (ms): what load changes least. */
  cpuMs?: number;
  rssKB?: number;
  load1: number;
}

function measure(c: Command) {
  return measureIn(c.args, { cwd: path.join(SCRATCH, `corpus-${SEED}`), out: c.out, scratch: SCRATCH, timeoutMs: TIMEOUT_MS, check: c.check });
}

function main(): void {
  assertOutsideRepo(SCRATCH);
  mkdirSync(SCRATCH, { recursive: true });
  const oldRoot = option('--old') ?? fail('--old <package root> is required (main\'s build)');
  const builds = [['old', snapshot(oldRoot, 'old')], ['new', snapshot(option('--new') ?? REPO_ROOT, 'new')]] as const;
  const ajvBin = path.join(TOOLS, 'node_modules/ajv-cli/dist/index.js');
  const ajv = !flag('--no-ajv') && existsSync(ajvBin) ? ajvBin : undefined;
  if (!flag('--no-ajv') && !ajv) console.log(`(no ajv-cli at ${ajvBin}: \`npm run bench -- --only files --runs 1\` installs it; going on without)`);
  const jobsVariants = flag('--jobs2') ? [[], ['--jobs', '2']] : [[]];
  const commands: Command[] = [];
  for (const size of SIZES) {
    const rel = path.relative(path.join(SCRATCH, `corpus-${SEED}`), corpus(size));
    for (const [name, root] of builds) {
      for (const extra of jobsVariants) {
        const tool = `${name}${extra.length ? ' --jobs 2' : ''}`;
        commands.push({ tool, size, args: [path.join(root, 'dist/omlint.js'), 'check', '--no-color', ...extra, rel], out: path.join(SCRATCH, `workers-${size}-${tool.replace(/ /g, '')}.out`), check: (status, _, stderr) => (status === 0 || status === 1 ? undefined : `exit ${status}: ${stderr.slice(0, 300)}`) });
      }
    }
    if (ajv) {
      const schema = path.join(builds[1][1], 'schemas/alert-config.schema.json');
      commands.push({ tool: 'ajv-cli', size, args: [ajv, 'validate', '--spec=draft7', '-c', 'ajv-formats', '--strict=false', '--all-errors', '--errors=text', '-s', schema, '-d', `${rel}/**/*.yaml`], out: path.join(SCRATCH, `workers-${size}-ajv.out`), check: (status, stdout, stderr) => {
        const seen = ((stdout + stderr).match(/ (valid|invalid)$/gm) ?? []).length;
        return status !== 0 && status !== 1 ? `exit ${status}` : seen === size ? undefined : `validated ${seen} of ${size} files`;
      } });
    }
  }

  console.log(`node ${process.version}, ${os.availableParallelism()} cores; sizes ${SIZES.join(', ')}; ${ROUNDS} rounds after a warm-up, at most ${MAX_MS / 1000} s; busy mode: ${BUSY} × node -e 'for(;;);'`);
  console.log(`old: ${path.resolve(oldRoot)}; new: ${path.resolve(option('--new') ?? REPO_ROOT)}; uptime: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const samples: Sample[] = [];
  const loads: number[] = [];
  const rng = makeRng(SEED);
  const shuffled = shuffler(rng);
  const started = performance.now();
  for (let round = 0; round <= ROUNDS; round++) {
    if (round > 0 && performance.now() - started > MAX_MS) {
      console.log(`stopped after ${round - 1} measured rounds: --max-seconds reached`);
      break;
    }
    for (const mode of shuffled(['quiet', 'busy'] as const)) {
      const loaders = mode === 'busy' ? busy(BUSY) : [];
      try {
        for (const c of shuffled(commands)) {
          const load1 = os.loadavg()[0];
          loads.push(load1);
          const r = measure(c);
          if (r.error) fail(`${c.tool} on ${c.size} files (${mode}): ${r.error}`);
          if (round > 0) samples.push({ mode, tool: c.tool, size: c.size, ms: r.ms, cpuMs: r.cpuMs, rssKB: r.rssKB, load1 });
        }
      } finally {
        stopBusy(loaders);
      }
      if (round === 0 && mode === 'quiet') {
        // Same findings: the two builds' reports, byte for byte.
        for (const size of SIZES) {
          const outs = commands.filter((c) => c.size === size && c.tool !== 'ajv-cli').map((c) => readFileSync(c.out));
          if (outs.some((o) => !o.equals(outs[0]))) fail(`the reports on ${size} files differ between the builds (${commands.filter((c) => c.size === size).map((c) => c.out).join(', ')})`);
        }
      }
    }
    process.stdout.write(round === 0 ? 'w' : '.');
  }
  process.stdout.write('\n');

  const tools = [...new Set(commands.map((c) => c.tool))];
  const rows: string[] = ['| files | mode | ' + tools.map((t) => `${t}: wall median (min – max); CPU median; RSS`).join(' | ') + ' | new ÷ old (wall; CPU) | old ÷ ajv-cli | new ÷ ajv-cli |', '|---|---|' + tools.map(() => '---|').join('') + '---:|---:|---:|'];
  for (const size of SIZES) {
    for (const mode of ['quiet', 'busy'] as const) {
      const of = (tool: string) => samples.filter((s) => s.size === size && s.mode === mode && s.tool === tool);
      const med = (tool: string, key: 'ms' | 'cpuMs' = 'ms') => (of(tool).length ? median(of(tool).map((s) => s[key] ?? NaN)) : NaN);
      rows.push(`| ${size.toLocaleString('en')} | ${mode} | ${tools.map((t) => cell(of(t))).join(' | ')} | ${ratio(med('new'), med('old'))}; ${ratio(med('new', 'cpuMs'), med('old', 'cpuMs'))} | ${ratio(med('old'), med('ajv-cli'))} | ${ratio(med('new'), med('ajv-cli'))} |`);
    }
  }
  const n = samples.length ? Math.max(...samples.map((s) => samples.filter((t) => t.tool === s.tool && t.size === s.size && t.mode === s.mode).length)) : 0;
  console.log(`\n${rows.join('\n')}\n\n${n} measured runs per cell; 1-minute load average before each command ${Math.min(...loads).toFixed(2)} – ${Math.max(...loads).toFixed(2)}; uptime now ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}; ${secs(performance.now() - started)} s in all`);
  const json = option('--json');
  if (json) writeFileSync(path.resolve(json), JSON.stringify({ date: new Date().toISOString(), cores: os.availableParallelism(), sizes: SIZES, busy: BUSY, samples }, null, 1) + '\n');
}

main();
