// Peak RSS (VmHWM) of a real server process on a big document: open, first diagnostics, one edit.
//   npx tsx bench/server-peak-rss.ts <file> [server.js]   (default dist/omlint-language-server.js; `npm run build` first)
import { readFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startClient, ROOT } from '../test/lsp/client';

const file = process.argv[2];
const server = process.argv[3] ?? path.join(ROOT, 'dist/omlint-language-server.js');
const text = readFileSync(file, 'utf8');
const status = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const get = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)![1]) / 1024;
  return `VmRSS ${get('VmRSS').toFixed(0)} MB, VmHWM ${get('VmHWM').toFixed(0)} MB`;
};
const cpu = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-rss-'));
const client = await startClient(dir, [server, '--stdio']);
const pid = client.process.pid!;
const uri = pathToFileURL(file).href;
console.log(`server started: ${status(pid)}, CPU ${cpu(pid)} ms`);
const t0 = performance.now();
const c0 = cpu(pid);
const first = client.diagnostics(uri, () => true, 600_000);
client.open(uri, text, file.endsWith('.json') ? 'json' : 'yaml');
const d = await first;
console.log(`first diagnostics (${d.diagnostics.length}) ${(performance.now() - t0).toFixed(0)} ms wall, server CPU ${(cpu(pid) - c0).toFixed(0)} ms; ${status(pid)}`);
const mid = Math.floor(text.length / 2);
const m = /\d+/.exec(text.slice(mid))!;
const { TextDocument } = await import('vscode-languageserver-textdocument');
const doc = TextDocument.create(uri, 'yaml', 1, text);
const at = mid + m.index;
const range = { start: doc.positionAt(at), end: doc.positionAt(at + m[0].length) };
const t1 = performance.now();
const c1 = cpu(pid);
const second = client.diagnostics(uri, (p) => p.version === 2, 600_000);
client.edit(uri, 2, range, String(Number(m[0].slice(0, 6)) + 1));
await second;
console.log(`after an edit ${(performance.now() - t1).toFixed(0)} ms wall, server CPU ${(cpu(pid) - c1).toFixed(0)} ms; ${status(pid)}`);
console.log(`load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
await client.stop();
