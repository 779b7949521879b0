// CPU time per edit of the language service on one document, for an A/B of two trees under load (wall time is noise then):
//   TREE=<a checkout with node_modules> node --import tsx bench/lsp-cpu-ab.ts <file> [edits]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const ROOT = process.env.TREE ?? new URL('..', import.meta.url).pathname;
const { TextDocument } = await import('vscode-languageserver-textdocument');
const { OmlintLanguageService } = await import(`${ROOT}/src/server/service.ts`);
const file = process.argv[2];
const text = readFileSync(file, 'utf8');
const service = new OmlintLanguageService();
const uri = pathToFileURL(file).href;
let doc = TextDocument.create(uri, file.endsWith('json') ? 'json' : 'yaml', 1, text);
service.setDocument(doc);
await service.diagnostics(doc);
const mid = Math.floor(text.length / 2);
const m = /\d+/.exec(text.slice(mid))!;
const start = mid + m.index;
const c0 = process.cpuUsage();
const N = Number(process.argv[3] ?? 20);
for (let i = 0; i < N; i++) {
  doc = TextDocument.create(uri, doc.languageId, doc.version + 1, text.slice(0, start) + String(1000 + i) + text.slice(start + m[0].length));
  service.setDocument(doc);
  await service.diagnostics(doc);
}
const c = process.cpuUsage(c0);
console.log(`${(((c.user + c.system) / 1000) / N).toFixed(1)} ms CPU per edit`);
