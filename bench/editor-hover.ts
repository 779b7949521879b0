// Hover latency of the editor features of issue 20 (not a test; prints figures):
//   npx tsx bench/editor-hover.ts [--runs N]
// The corpus's real automation configuration (mck__bug-hunt__artifacts__fixed-ac.json,
// mongodb/mongodb-kubernetes), 2.6 MB pretty JSON (its two plaintext-secret findings: a diagnostic
// to hover, "Read more"); and the same as YAML with each replica set's members as a flow
// sequence of flow mappings (`members: [{ _id: 0, host: rs0_0, … }, …]`). Each run edits the text
// (a new version, a new parse), waits for its diagnostics (settled, as after an editor's debounce)
// and asks: the item name on a member's `{`, a key inside a member, the start of the first finding.
// Wall time (median, p95) and the process's CPU time beside it: the machine is shared.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Document } from 'yaml';
import { OmlintLanguageService } from '../src/server/service';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] || 20) || 20;
const SOURCE = path.resolve(ROOT, '../shared/corpus/automation-config/mck__bug-hunt__artifacts__fixed-ac.json');

const config = JSON.parse(readFileSync(SOURCE, 'utf8'));
const json = JSON.stringify(config, null, 2);
const yamlDoc = new Document(config);
for (let i = 0; i < config.replicaSets.length; i++) (yamlDoc.getIn(['replicaSets', i, 'members'], true) as { flow: boolean }).flow = true;
const yaml = yamlDoc.toString({ lineWidth: 0 });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const said = (h: Hover | null) => {
  if (!h) return 'null';
  const value = (h.contents as MarkupContent).value;
  return value.split('\n')[0].slice(0, 60) + (/\[Read more about [a-z0-9-]+\]/.test(value) ? ' … + "Read more"' : '');
};

async function run(name: string, text: string, syntax: 'json' | 'yaml', asks: Record<string, (t: string) => number | undefined>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-bench-editor-'));
  const file = path.join(dir, `fixed-ac.automation-config.${syntax}`);
  writeFileSync(file, text);
  const uri = pathToFileURL(file).href;
  const service = new OmlintLanguageService();
  let doc = TextDocument.create(uri, syntax, 1, text);
  service.setDocument(doc);
  const [finding] = await service.diagnostics(doc);
  const wall: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  const answers: Record<string, string> = {};
  for (let i = -3; i < RUNS; i++) {
    // A new `version` text near the top: a new text, so a new parse and lint.
    const edited = text.replace(/(version"?:\s*"?)(\d+)/, (_m, a: string, d: string) => `${a}${Number(d) + i + 10}`);
    doc = TextDocument.create(uri, syntax, doc.version + 1, edited);
    service.setDocument(doc);
    await service.diagnostics(doc);
    for (const [ask, at] of Object.entries(asks)) {
      const offset = at(edited);
      // The edit keeps the line count: the first finding stays where the first lint found it.
      const position = offset === undefined ? { line: finding.range.start.line, character: finding.range.start.character + 1 } : doc.positionAt(offset);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const h = service.hover(doc, position);
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (i < 0) continue; // warm-up
      (wall[ask] ??= []).push(ms);
      (cpu[ask] ??= []).push((c.user + c.system) / 1000);
      answers[ask] = said(h);
    }
  }
  console.log(`${name}, ${(text.length / 1048576).toFixed(2)} MB, ${RUNS} edits (node ${process.version}, load ${os.loadavg()[0].toFixed(1)})`);
  for (const ask of Object.keys(asks)) {
    console.log(`  ${ask.padEnd(28)} median ${fmt(median(wall[ask]))} p95 ${fmt(p95(wall[ask]))} (CPU median ${fmt(median(cpu[ask]))})  → ${answers[ask]}`);
  }
}

const memberStart = (t: string, open: string) => t.indexOf(open, t.indexOf('members'));
await run('JSON', json, 'json', {
  'member item ({)': (t) => memberStart(t, '{'),
  'key in a member (priority)': (t) => t.indexOf('"priority"', t.indexOf('members')) + 3,
  [`first finding`]: () => undefined,
});
await run('YAML, flow members', yaml, 'yaml', {
  'member item ({)': (t) => memberStart(t, '{'),
  'key in a member (priority)': (t) => t.indexOf('priority', t.indexOf('members')) + 3,
  [`first finding`]: () => undefined,
});
