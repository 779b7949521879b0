import fs from 'node:fs'; import path from 'node:path';
import rule from '../rules/duplicate-alert-config';
import { parseText } from '../src/syntax/index';
const dir = process.argv[2];
const files: string[] = [];
const walk = (d: string) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else files.push(p); } };
walk(dir); files.sort();
const values = files.map((f) => parseText(fs.readFileSync(f, 'utf8'), f).documents[0].value);
const digest = (rule as any).digest;
let sink = 0;
for (let r = 0; r < 6; r++) {
  const c0 = process.cpuUsage();
  for (const v of values) sink += digest({ value: v, kind: 'alert-config', filePath: 'x', options: {}, isTemplate: () => false }).length;
  const c = process.cpuUsage(c0);
  console.log(`round ${r}: ${((c.user + c.system) / values.length).toFixed(2)} µs/doc`);
}
if (process.argv[3]) {
  // The partition: for each document, the index of the first with its key.
  const first = new Map<string, number>();
  const out = values.map((v, i) => { const k = digest({ value: v, kind: 'alert-config' }); if (!first.has(k)) first.set(k, i); return first.get(k); });
  fs.writeFileSync(process.argv[3], JSON.stringify(out));
}
