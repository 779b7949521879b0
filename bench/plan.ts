// `omlint plan` on two 22 MB automation configurations against a single `check` of one (issue 19:
// the plan within 2× the check). Figures, not a test: nothing here runs in `npm test`.
//   npx tsx bench/plan.ts [--runs 5] [--processes 9600] [--scratch DIR]
// The base is bench/generate.ts's automation configuration; the new one upgrades a third of the
// processes one release, raises the FCV of another third, drops a field on every tenth process
// and removes a replica set: a plan with thousands of changes. Runs are interleaved (each round
// runs both commands, in a random order), wall time spawn to exit, peak RSS from /usr/bin/time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { automationConfig, automationJson, REPO_ROOT } from './generate';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, processes: { type: 'string', default: '9600' }, scratch: { type: 'string', default: path.join(os.tmpdir(), 'omlint-bench-plan') } } });
const runs = Number(values.runs);
const processes = Number(values.processes);
const scratch = values.scratch!;
mkdirSync(scratch, { recursive: true });

type Json = Record<string, unknown>;
const basePath = path.join(scratch, `base-${processes}.automation-config.json`);
const nowPath = path.join(scratch, `now-${processes}.automation-config.json`);
if (!existsSync(nowPath)) {
  const base = automationConfig(processes) as Json;
  writeFileSync(basePath, automationJson(base));
  const now = JSON.parse(JSON.stringify(base)) as Json;
  const procs = now.processes as Json[];
  const names = new Set((now.mongoDbVersions as Json[]).map((v) => String(v.name)));
  procs.forEach((p, i) => {
    if (i % 3 === 0) {
      // One release up where mongoDbVersions has one; else the same version again.
      const [maj, min] = String(p.version).split('.').map(Number);
      const next = [...names].find((n) => n.startsWith(`${maj + 1}.${min}.`) || n.startsWith(`${maj}.${min + 1}.`));
      if (next) p.version = next;
    } else if (i % 3 === 1 && typeof p.featureCompatibilityVersion === 'string') p.featureCompatibilityVersion = String(p.version).split('.').slice(0, 2).join('.');
    if (i % 10 === 0 && p.logRotate) delete p.logRotate;
  });
  const sets = now.replicaSets as Json[];
  const gone = sets.find((rs) => !(now.sharding as Json[]).some((s) => JSON.stringify(s).includes(`"${String(rs._id)}"`)));
  if (gone) {
    now.replicaSets = sets.filter((rs) => rs !== gone);
    now.processes = procs.filter((p) => JSON.stringify(p.args2_6 ?? {}).indexOf(`"replSetName":"${String(gone._id)}"`) < 0);
  }
  writeFileSync(nowPath, automationJson(now));
}

const bin = path.join(REPO_ROOT, 'dist', 'omlint.js');
if (!existsSync(bin)) throw new Error('Build first: npm run build');
const hasTime = spawnSync('/usr/bin/time', ['-f', '%M', 'true']).status === 0;
const commands: Record<string, string[]> = {
  check: [bin, 'check', '--no-color', nowPath],
  plan: [bin, 'plan', '--no-color', '--format', 'json', '-o', path.join(scratch, 'plan.json'), nowPath, '--base', basePath],
};
const samples: Record<string, { ms: number; rssKb?: number }[]> = { check: [], plan: [] };
function runOnce(name: string) {
  const args = hasTime ? ['-f', '%M', '-o', path.join(scratch, 'rss.txt'), process.execPath, ...commands[name]] : commands[name];
  const start = performance.now();
  const r = spawnSync(hasTime ? '/usr/bin/time' : process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
  const rssKb = hasTime ? Number(readFileSync(path.join(scratch, 'rss.txt'), 'utf8').trim().split('\n').pop()) : undefined;
  return { ms, rssKb };
}
runOnce('check');
runOnce('plan'); // warm-up (file cache, code cache)
for (let i = 0; i < runs; i++) {
  const order = Math.random() < 0.5 ? ['check', 'plan'] : ['plan', 'check'];
  for (const name of order) samples[name].push(runOnce(name));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const plan = JSON.parse(readFileSync(path.join(scratch, 'plan.json'), 'utf8'));
const changes = plan.plans[0].documents.reduce((n: number, d: { groups: { changes: unknown[] }[] }) => n + d.groups.reduce((m, g) => m + g.changes.length, 0), 0);
console.log(`two automation configurations of ${(statSync(basePath).size / 1048576).toFixed(1)} MB and ${(statSync(nowPath).size / 1048576).toFixed(1)} MB; the plan lists ${changes} changes; ${runs} interleaved rounds, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const name of ['check', 'plan']) {
  const ms = samples[name].map((s) => s.ms);
  const rss = samples[name].map((s) => s.rssKb ?? NaN);
  console.log(`${name.padEnd(6)} median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}), peak RSS ${hasTime ? `${(median(rss) / 1024).toFixed(0)} MB` : 'n/a'}`);
}
const ratio = median(samples.plan.map((s) => s.ms)) / median(samples.check.map((s) => s.ms));
console.log(`plan ÷ check: ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'})`);
