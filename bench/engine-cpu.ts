// The engine's CPU per file on a directory of small files, in one process: the texts are read
// first, then each round parses them alone and lints them as the CLI does (lintEach, file by
// file, parses let go); the engine's share is the lint less the parse. Round 0 is what one CLI
// run pays (the code is not optimised yet), the later rounds what the code costs once it is.
// CPU time (process.cpuUsage), not wall time: the machine is shared.
//
//   npx tsx bench/engine-cpu.ts /tmp/s7/alerts-10000-per-10000 [rounds]
//
// (tsx keeps function names with a wrapper: bundle this file with esbuild for figures closer to
// dist/, as bench/README.md's "engine's CPU per file" section did.)
import fs from 'node:fs';
import path from 'node:path';
import { lintEach } from '../src/engine/lint';
import { Project } from '../src/project/project';
import { defaultSettings } from '../src/config/load';
import { parseText } from '../src/syntax/index';

function filesIn(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesIn(p));
    else out.push(p);
  }
  return out.sort();
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? '');
  const rounds = Number(process.argv[3] ?? 4);
  if (!process.argv[2] || !fs.statSync(dir).isDirectory()) throw new Error('usage: engine-cpu.ts <directory> [rounds]');
  const files = filesIn(dir);
  const texts = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const engine: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let t = cpuMs();
    for (const f of files) void parseText(texts.get(f)!, f).documents;
    const parse = cpuMs() - t;
    t = cpuMs();
    const run = await lintEach(Project.ofFiles(defaultSettings), { paths: files, read: (f) => ({ filePath: f, text: texts.get(f)! }) }, { release: true, cwd: dir, skipUnknown: () => true });
    const lint = cpuMs() - t;
    engine.push(lint - parse);
    const findings = run.results.reduce((n, x) => n + x.diagnostics.length, 0);
    console.log(`round ${r}: parse ${parse.toFixed(0)} ms, lint ${lint.toFixed(0)} ms, engine ≈ ${(lint - parse).toFixed(0)} ms (${(((lint - parse) / files.length) * 1000).toFixed(1)} µs a file), ${findings} findings`);
  }
  const later = engine.slice(1).sort((a, b) => a - b);
  if (later.length) console.log(`engine: round 0 ${engine[0].toFixed(0)} ms; later rounds median ${later[later.length >> 1].toFixed(0)} ms, min ${later[0].toFixed(0)} ms (${files.length} files)`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
});
