// The playground's page weight and time to first diagnostics, in this machine's Chromium, from disk
// (file://, as a user who opens site/dist/playground.html). Figures, not a test: bench/README.md.
//   npx tsx bench/site.ts [--runs N]
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { builtSite, CHROMIUM } from '../test/site/browser';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 10;

const site = await builtSite();
const files = (page: string, assets: string[]) => [page, 'assets/site.css', ...assets.map((a) => `assets/${a}`)];
const weights = {
  'playground.html': files('playground.html', ['omlint-core.js', 'playground.js']),
  'rules/metric-name.html': files('rules/metric-name.html', ['omlint-core.js', 'examples.js']),
  'index.html': files('index.html', []),
};
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log('| page | files | raw | gzip -9 | brotli |');
console.log('|---|---|---:|---:|---:|');
for (const [page, list] of Object.entries(weights)) {
  const bytes = list.map((f) => readFileSync(path.join(site.dir, f)));
  const sum = (f: (b: Buffer) => number) => bytes.reduce((s, b) => s + f(b), 0);
  console.log(`| ${page} | ${list.length} | ${kb(sum((b) => b.length))} | ${kb(sum((b) => gzipSync(b, { level: 9 }).length))} | ${kb(sum((b) => brotliCompressSync(b).length))} |`);
}
for (const f of ['assets/omlint-core.js', 'assets/playground.js']) console.log(`${f}: ${kb(statSync(path.join(site.dir, f)).size)}`);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const samples: { load: number; first: number; relint: number }[] = [];
for (let i = 0; i < runs + 1; i++) {
  // A fresh context each time: nothing cached from the run before.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}playground.html`);
  await page.waitForFunction(() => ((window as { omlintPlayground?: { runs: number } }).omlintPlayground?.runs ?? 0) > 0);
  const t = await page.evaluate(async () => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const w = window as unknown as { omlintPlayground: { firstDiagnosticsAt: number }; OmlintCore: { lintFiles(r: unknown): Promise<unknown> } };
    // One re-lint of the same document, as after a keystroke (the core warm).
    const text = document.querySelector('.cm-content')!.textContent!;
    const t0 = performance.now();
    await w.OmlintCore.lintFiles({ files: [{ filePath: '/playground/document.yaml', text }], cwd: '/playground' });
    return { load: nav.loadEventEnd, first: w.omlintPlayground.firstDiagnosticsAt, relint: performance.now() - t0 };
  });
  if (i > 0) samples.push(t); // the first run warms the browser's own caches of the process
  await context.close();
}
const version = browser.version();
await browser.close();

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(0)} ms (min ${s[0].toFixed(0)}, max ${s[s.length - 1].toFixed(0)})`;
};
console.log(`\nChromium ${version}, ${runs} runs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${os.cpus().length} cores`);
console.log(`load event (from navigation start):        ${stats(samples.map((s) => s.load))}`);
console.log(`first diagnostics (from navigation start): ${stats(samples.map((s) => s.first))}`);
console.log(`first diagnostics after the load event:    ${stats(samples.map((s) => s.first - s.load))}`);
console.log(`re-lint of the document (warm core):       ${stats(samples.map((s) => s.relint))}`);
