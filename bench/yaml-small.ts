// Text → documents for many small YAML files, in-process (not a test; prints figures):
//   npx tsx bench/yaml-small.ts [DIR] [--runs N] [--limit N]
// DIR: a directory of YAML files (default /tmp/s7/alerts-10000-per-10000, from bench/generate.ts).
// Each phase is timed over every file, N rounds, and given as CPU (user + system) per file, the
// median round: reading (readInput), parsing (parseText: the prescans and the block reader), and
// the comments (SourceFile.comments(): directives and modelines), which the engine asks of every YAML file.
import os from 'node:os';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readInput } from '../src/io/read-input';
import { parseText, DEFAULT_LIMITS, type SourceFile } from '../src/syntax/index';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const RUNS = option('--runs', 7);
const LIMIT = option('--limit', Infinity);
const dir = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? '/tmp/s7/alerts-10000-per-10000';

function filesUnder(d: string, out: string[] = []): string[] {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) filesUnder(p, out);
    else if (/\.ya?ml$/.test(name)) out.push(p);
  }
  return out;
}

const paths = filesUnder(dir).slice(0, LIMIT);
const texts = paths.map((p) => readInput(p, DEFAULT_LIMITS).text);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(name: string, f: () => void): void {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let round = 0; round <= RUNS; round++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f();
    const c = process.cpuUsage(c0);
    if (round === 0) continue; // warm-up
    wall.push(performance.now() - t0);
    cpu.push(c.user + c.system);
  }
  const perFile = (us: number) => (us / paths.length).toFixed(1).padStart(6);
  console.log(`  ${name.padEnd(34)} ${perFile(median(cpu))} µs CPU per file (wall ${perFile(median(wall) * 1000)} µs; spread CPU ${perFile(Math.min(...cpu))}–${perFile(Math.max(...cpu))})`);
}

const bytes = texts.reduce((n, t) => n + t.length, 0);
console.log(`${paths.length} files under ${dir}, ${(bytes / 1048576).toFixed(1)} MB; ${RUNS} rounds each after a warm-up; node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
let sink = 0;
measure('read (readInput)', () => {
  for (const p of paths) sink += readInput(p, DEFAULT_LIMITS).text.length;
});
measure('parse (parseText)', () => {
  for (let i = 0; i < texts.length; i++) sink += parseText(texts[i], paths[i]).documents.length;
});
const parsed: SourceFile[] = texts.map((t, i) => parseText(t, paths[i]));
measure('comments (comments())', () => {
  // A fresh SourceFile each round: comments() keeps what it found per version.
  for (let i = 0; i < texts.length; i++) {
    const f = parsed[i];
    const again = new (f.constructor as new (p: SourceFile, name: string) => SourceFile)(f, f.fileName);
    sink += again.comments().modelines.length;
  }
});
measure('all three', () => {
  for (const p of paths) {
    const text = readInput(p, DEFAULT_LIMITS).text;
    sink += parseText(text, p).comments().modelines.length;
  }
});
if (sink < 0) console.log(sink);
