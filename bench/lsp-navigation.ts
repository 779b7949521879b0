// Navigation latency of the language service (not a test; prints figures):
//   npx tsx bench/lsp-navigation.ts [--runs N]
// The document: the corpus's real automation configuration (mck__bug-hunt__artifacts__fixed-ac.json,
// mongodb/mongodb-kubernetes), pretty-printed with JSON.stringify(…, null, 2): 2.6 MB, 3 processes
// in rs0 and 338 mongoDbVersions. For the rename case its rs0 grows to 9 members (copies of rs0_0
// named rs0_3…rs0_8, each with a member entry), so `rs0` stands at 10 places (_id + 9 replSetName).
// Each run edits the document (a new `version` value: a new text, so a new parse) and then asks; two
// timings: "cold" asks right after the edit (pays the parse and the link index), "settled" asks
// after the diagnostics of that version were computed (as an editor does once the debounce passed).
// Settled requests also give their CPU time (process.cpuUsage): the wall time on a shared machine
// includes waiting for a core.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../src/server/service';
import { grownConfig, NAVIGATION_SOURCE as SOURCE } from './lsp-documents';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] || 20) || 20;

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-nav-bench-'));
  const uri = pathToFileURL(path.join(dir, 'automation-config.json')).href;
  const cases: { name: string; config: Record<string, any>; target: number; ask: (s: OmlintLanguageService, d: TextDocument) => unknown }[] = [];
  const real = JSON.parse(readFileSync(SOURCE, 'utf8'));
  const grown = grownConfig();
  cases.push({ name: 'definition (member host → process)', config: real, target: 50, ask: (s, d) => s.definition(d, pos(d, '"host": "rs0_1"', 10)) });
  cases.push({ name: 'references (version 7.0.12)', config: real, target: 50, ask: (s, d) => s.references(d, pos(d, '"version": "7.0.12"', 13), true) });
  cases.push({ name: 'document symbols', config: real, target: 50, ask: (s, d) => s.documentSymbols(d) });
  cases.push({ name: 'completion (version names)', config: real, target: 50, ask: (s, d) => s.completion(d, pos(d, '"version": "7.0.12"', 13)).items });
  // A snippet: a new member of an empty replica set (its host a choice of the processes in no set).
  const withEmptySet = structuredClone(real);
  withEmptySet.replicaSets.push({ _id: 'rs-new', members: [] });
  cases.push({ name: 'completion (new member snippet)', config: withEmptySet, target: 50, ask: (s, d) => s.completion(d, pos(d, '"members": []', 12)).items });
  cases.push({ name: 'rename rs0 (10 places)', config: grown, target: 100, ask: (s, d) => s.rename(d, pos(d, '"_id": "rs0"', 9), 'rs-main') });
  for (const c of cases) {
    const base = JSON.stringify(c.config, null, 2);
    const service = new OmlintLanguageService();
    service.setSnippetSupport(true); // as VS Code
    const cold: number[] = [];
    const settled: number[] = [];
    const settledCpu: number[] = [];
    let result: unknown;
    for (let run = 0; run < RUNS + 3; run++) {
      const text = base.replace(/"version": (\d+)/, `"version": ${run + 100}`);
      const doc = TextDocument.create(uri, 'json', run * 2 + 1, text);
      service.setDocument(doc);
      let t = performance.now();
      result = c.ask(service, doc);
      const coldMs = performance.now() - t;
      // Same text, next version: the parse is shared, the lint of this version runs first.
      const again = TextDocument.create(uri, 'json', run * 2 + 2, text.replace(/"version": (\d+)/, `"version": ${run + 1000}`));
      service.setDocument(again);
      await service.diagnostics(again);
      t = performance.now();
      const cpu = process.cpuUsage();
      result = c.ask(service, again);
      const settledMs = performance.now() - t;
      const used = process.cpuUsage(cpu);
      if (run >= 3) {
        cold.push(coldMs);
        settled.push(settledMs);
        settledCpu.push((used.user + used.system) / 1000);
      }
    }
    const size = (base.length / 1e6).toFixed(2);
    const n = Array.isArray(result) ? `${result.length} results` : `${Object.values((result as any)?.changes ?? {}).flat().length} edits`;
    console.log(`${c.name} [${size} MB, ${n}]: settled median ${median(settled).toFixed(1)} ms, p95 ${p95(settled).toFixed(1)} ms (target ${c.target} ms: ${p95(settled) <= c.target ? 'met' : 'not met'}), CPU median ${median(settledCpu).toFixed(1)} ms, p95 ${p95(settledCpu).toFixed(1)} ms; cold (incl. parse) median ${median(cold).toFixed(1)} ms, p95 ${p95(cold).toFixed(1)} ms`);
  }
}

function pos(doc: TextDocument, needle: string, delta: number) {
  const at = doc.getText().indexOf(needle);
  if (at < 0) throw new Error(`${needle} not found`);
  return doc.positionAt(at + delta);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
