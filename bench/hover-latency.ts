// Hover and completion latency of the language service after an edit, on big documents (issue 16:
// ≤ 50 ms on a 4.6 MB YAML automation config; issue 22: ≤ 50 ms on big JSON). Not a test; prints
// figures. The service is called directly (no transport), one case per process:
//   npx tsx bench/hover-latency.ts --case yaml|json|json-real [--runs N]
// Each run edits a number in the middle of the text, then asks for a hover on a key and a
// completion on a value further down: first right after the edit (the lint of the new version
// has not run: an editor's debounce is still waiting), then again after the lint.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../src/server/service';
import { bigDocument } from './big-documents';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 7);
const CASE = arg('--case') ?? 'yaml';

/** The i-th edit: a number near the middle changes, as typing would. */
function edited(t: string, i: number): string {
  const mid = Math.floor(t.length / 2);
  const m = /\d+/.exec(t.slice(mid))!;
  const start = mid + m.index;
  return t.slice(0, start) + String(Number(m[0].slice(0, 6)) + i + 1) + t.slice(start + m[0].length);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
/** Wall time; the machine is shared, so the process's CPU time is kept beside it (cpu[]). */
const cpu: Record<string, number[]> = {};
function timed<T>(f: () => T, row?: string): [T, number] {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (row) (cpu[row] ??= []).push((c.user + c.system) / 1000);
  return [r, wall];
}

async function main(): Promise<void> {
  const c = bigDocument(CASE);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-bench-hover-'));
  const file = path.join(dir, c.file);
  writeFileSync(file, c.text);
  const uri = pathToFileURL(file).href;
  const service = new OmlintLanguageService();
  let doc = TextDocument.create(uri, CASE === 'yaml' ? 'yaml' : 'json', 1, c.text);
  service.setDocument(doc);
  const [diags, first] = await (async () => {
    const t0 = performance.now();
    const d = await service.diagnostics(doc);
    return [d, performance.now() - t0] as const;
  })();
  // A key to hover and a value to complete, at 60 % of the text (past the edit).
  const keyAt = c.text.indexOf(CASE === 'yaml' ? 'hostname:' : '"hostname"', Math.floor(c.text.length * 0.6)) + 3;
  const valueAt = c.text.indexOf(CASE === 'yaml' ? 'mode: ' : '"mode": ', keyAt) + (CASE === 'yaml' ? 7 : 10);
  const rows = { hoverEdit: [] as number[], completionEdit: [] as number[], hoverLint: [] as number[], completionLint: [] as number[] };
  let answered = 0;
  for (let i = 0; i < RUNS; i++) {
    doc = TextDocument.create(uri, doc.languageId, doc.version + 1, edited(c.text, i));
    service.setDocument(doc);
    // The editor's document computes its line offsets once per version, for whichever request comes first.
    const keyPos = doc.positionAt(keyAt);
    const valuePos = doc.positionAt(valueAt);
    const [h1, hm1] = timed(() => service.hover(doc, keyPos), 'hoverEdit');
    const [c1, cm1] = timed(() => service.completion(doc, valuePos), 'completionEdit');
    rows.hoverEdit.push(hm1);
    rows.completionEdit.push(cm1);
    await service.diagnostics(doc);
    const [h2, hm2] = timed(() => service.hover(doc, keyPos), 'hoverLint');
    const [c2, cm2] = timed(() => service.completion(doc, valuePos), 'completionLint');
    rows.hoverLint.push(hm2);
    rows.completionLint.push(cm2);
    if (h1 && h2 && c1.items.length && c2.items.length) answered++;
  }
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  console.log(`${c.name}, ${mb(c.text.length)}: first diagnostics ${fmt(first)} (${diags.length}); ${RUNS} edits, hover and completion answered in ${answered} (node ${process.version}, load ${os.loadavg()[0].toFixed(1)})`);
  const row = (name: keyof typeof rows) => `median ${fmt(median(rows[name]))} (CPU ${fmt(median(cpu[name]))}, max ${fmt(Math.max(...rows[name]))})`;
  console.log(`  right after an edit: hover ${row('hoverEdit')}, completion ${row('completionEdit')}`);
  console.log(`  after the lint:      hover ${row('hoverLint')}, completion ${row('completionLint')}  [target 50 ms]`);
  console.log(`  RSS ${mb(process.memoryUsage().rss)}`);
}

await main();
