// Cold start of `omlint check <one file>` against bare `node -e 0`, in wall time AND CPU time
// (issue 22): on a shared 2-core machine wall times under load are several times the idle ones,
// while the CPU time a run takes moves much less. Interleaved rounds in a seeded random order, a
// copy of the package (a rebuild during the run changes nothing), one warm-up round.
//   npx tsx bench/cold-start.ts [--runs 20] [--omlint <package root>] [--base <package root>]
//                               [--file <document>] [--json out.json]
// --base adds another build (say main's) to the same rounds: before and after under the same load.
// CPU time is perf's task-clock (user + system, to the microsecond) when `perf stat` works here,
// else /usr/bin/time's %U + %S (centiseconds). Not a test: it prints figures and asserts nothing.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, makeRng } from './generate';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 20);
const ROOT = path.resolve(option('--omlint') ?? REPO_ROOT);
const FILE = path.resolve(option('--file') ?? path.join(REPO_ROOT, 'examples/clean/cpu-high.alert-config.yaml'));

interface Tool {
  label: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

const BASE = option('--base') && path.resolve(option('--base')!);

const scratch = mkdtempSync(path.join(os.tmpdir(), 'omlint-cold-'));
function copyPackage(root: string, to: string): string {
  for (const part of ['dist', 'schemas', 'package.json', 'policies']) if (existsSync(path.join(root, part))) cpSync(path.join(root, part), path.join(to, part), { recursive: true });
  return to;
}
const pkg = copyPackage(ROOT, path.join(scratch, 'omlint'));
const base = BASE && copyPackage(BASE, path.join(scratch, 'base'));
// A read-only installation: a file where dist/cache should be, the user's cache directory its own.
const ro = path.join(scratch, 'read-only');
cpSync(pkg, ro, { recursive: true });
rmSync(path.join(ro, 'dist', 'cache'), { recursive: true, force: true });
writeFileSync(path.join(ro, 'dist', 'cache'), '');
const work = path.join(scratch, 'work');
cpSync(FILE, path.join(work, path.basename(FILE)));

const tools: Tool[] = [
  { label: 'bare node -e 0', args: ['-e', '0'] },
  { label: 'omlint', args: [path.join(pkg, 'dist/omlint.js'), 'check', '--no-color', path.basename(FILE)] },
  ...(base ? [{ label: `omlint ${path.basename(BASE!)} (base)`, args: [path.join(base, 'dist/omlint.js'), 'check', '--no-color', path.basename(FILE)] }] : []),
  { label: 'omlint, read-only dist/', args: [path.join(ro, 'dist/omlint.js'), 'check', '--no-color', path.basename(FILE)], env: { XDG_CACHE_HOME: path.join(scratch, 'cache-home') } },
];

const perf = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', process.execPath, '-e', '0'], { encoding: 'utf8' });
const PERF = perf.status === 0 && /task-clock/.test(perf.stderr);

function runOnce(t: Tool): { wall: number; cpu: number } {
  const env = { ...process.env, ...t.env };
  delete env.NODE_OPTIONS;
  const cmd = PERF ? ['perf', 'stat', '-x,', '-e', 'task-clock', process.execPath, ...t.args] : ['/usr/bin/time', '-f', 'CPU %U %S', process.execPath, ...t.args];
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: work, env, encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${t.label} exited ${r.status}: ${r.stderr}`);
  const cpu = PERF ? Number(/^([\d.]+),msec,task-clock/m.exec(r.stderr)?.[1]) : (([, u, s]) => (Number(u) + Number(s)) * 1000)(/CPU ([\d.]+) ([\d.]+)/.exec(r.stderr) ?? []);
  return { wall, cpu };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');
const loadBefore = load();
const samples = new Map<string, { wall: number[]; cpu: number[] }>(tools.map((t) => [t.label, { wall: [], cpu: [] }]));
const rng = makeRng(20240901);
for (let round = -1; round < RUNS; round++) {
  const order = [...tools];
  for (let j = order.length - 1; j > 0; j--) {
    const k = rng.int(0, j);
    [order[j], order[k]] = [order[k], order[j]];
  }
  for (const t of order) {
    const s = runOnce(t);
    if (round >= 0) {
      samples.get(t.label)!.wall.push(s.wall);
      samples.get(t.label)!.cpu.push(s.cpu);
    }
  }
}
const loadAfter = load();

const bare = samples.get(tools[0].label)!;
console.log(`cold start, ${path.basename(FILE)} (${readFileSync(FILE).length} bytes): ${RUNS} interleaved rounds after 1 warm-up, node ${process.version}`);
console.log(`CPU time by ${PERF ? 'perf stat task-clock' : '/usr/bin/time %U+%S'}; load average before ${loadBefore}, after ${loadAfter}\n`);
console.log('| | median wall | min wall | median CPU | min CPU | ÷ bare node (wall medians) | ÷ bare node (CPU medians) |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [label, s] of samples) {
  const ratio = (a: number[], b: number[]) => (s === bare ? '' : `${(median(a) / median(b)).toFixed(2)}×`);
  console.log(`| ${label} | ${median(s.wall).toFixed(1)} ms | ${Math.min(...s.wall).toFixed(1)} ms | ${median(s.cpu).toFixed(1)} ms | ${Math.min(...s.cpu).toFixed(1)} ms | ${ratio(s.wall, bare.wall)} | ${ratio(s.cpu, bare.cpu)} |`);
}
const json = option('--json');
if (json) writeFileSync(json, JSON.stringify({ loadBefore, loadAfter, perf: PERF, samples: Object.fromEntries(samples) }, null, 1));
rmSync(scratch, { recursive: true, force: true });
