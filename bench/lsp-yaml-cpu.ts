// CPU time (beside wall time) of the language service on a big YAML automation config: first
// diagnostics, then edits (not a test; prints figures). Under load wall time waits for a core:
// the process's CPU time (process.cpuUsage) is the steadier figure.
//   npx tsx bench/lsp-yaml-cpu.ts [--mb 4.6] [--edits 5] [--profile <file.cpuprofile>]
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../src/server/service';
import { bigAutomationYaml } from './lsp-documents';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const MB = Number(arg('--mb') ?? 4.6);
const EDITS = Number(arg('--edits') ?? 5);
const profile = arg('--profile');
/** Profile the edits instead of the first diagnostics. */
const profileEdits = args.includes('--profile-edits');

const text = bigAutomationYaml(MB * 1048576);
const filePath = path.join(os.tmpdir(), `omlint-bench-${MB}mb.yaml`);
writeFileSync(filePath, text);
const uri = pathToFileURL(filePath).href;

async function measured<T>(f: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await f();
  const c = process.cpuUsage(c0);
  return { result, wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
}

let session: Session | undefined;
async function startProfile(): Promise<void> {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
async function stopProfile(): Promise<void> {
  if (!session) return;
  const { profile: p } = await session.post('Profiler.stop');
  writeFileSync(profile!, JSON.stringify(p));
  session = undefined;
}
if (profile && !profileEdits) await startProfile();
const service = new OmlintLanguageService();
let doc = TextDocument.create(uri, 'yaml', 1, text);
service.setDocument(doc);
const first = await measured(() => service.diagnostics(doc));
await stopProfile();
console.log(`${(text.length / 1048576).toFixed(2)} MB YAML: first diagnostics ${first.wall.toFixed(0)} ms wall, ${first.cpu.toFixed(0)} ms CPU (${first.result.length} diagnostics); RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
const mid = Math.floor(text.length / 2);
const m = /\d+/.exec(text.slice(mid))!;
const start = mid + m.index;
const walls: number[] = [];
const cpus: number[] = [];
if (profile && profileEdits) await startProfile();
for (let i = 0; i < EDITS; i++) {
  doc = TextDocument.create(uri, 'yaml', doc.version + 1, text.slice(0, start) + String(1000 + i) + text.slice(start + m[0].length));
  service.setDocument(doc);
  const e = await measured(() => service.diagnostics(doc));
  walls.push(e.wall);
  cpus.push(e.cpu);
}
await stopProfile();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
if (EDITS) console.log(`  edit → diagnostics (service) median ${median(walls).toFixed(0)} ms wall, ${median(cpus).toFixed(0)} ms CPU (${EDITS} edits; CPU ${cpus.map((c) => c.toFixed(0)).join(', ')})`);
console.log(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
