// The playground shows what the CLI says: the browser build of the core (site/dist/assets/
// omlint-core.js), run in Chromium and in a bare vm context with no Node built-ins, gives the JSON
// report of `omlint check --format json` (dist/omlint.js, a real process) on every golden case.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cliProcess } from '../cli/run';
import { GOLDEN_CASES, GOLDEN_NOW, lintableUnder, ROOT } from '../golden/corpus';
import { readInput } from '../../src/io/read-input';
import { ConfigResolver } from '../../src/config/discover';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import type { CoreRequest, CoreResult } from '../../site/src/core';
import { builtSite, HAS_CHROMIUM, launch } from './browser';

/** The request that lints one golden case as `omlint check examples/<case>` does, from the repository root. */
function requestFor(c: string): CoreRequest {
  const resolver = new ConfigResolver(KNOWN_RULE_IDS);
  const configs: Record<string, string> = {};
  const files = lintableUnder(`examples/${c}`).map((rel) => {
    const abs = path.join(ROOT, rel);
    const config = resolver.findUp(path.dirname(abs)) ?? undefined;
    if (config) configs[config] = readFileSync(config, 'utf8');
    return { ...readInput(abs), ...(config ? { config } : {}) };
  });
  return { files, configs, now: GOLDEN_NOW, cwd: ROOT, skipUnknown: true };
}

const byPath = (report: { filePath: string }[]) => [...report].sort((a, b) => a.filePath.localeCompare(b.filePath));

function cliReport(c: string): unknown[] {
  const run = cliProcess(['check', `examples/${c}`, '--format', 'json', '--now', GOLDEN_NOW], { cwd: ROOT });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as unknown[];
}

let site: { dir: string; url: string };
let coreSource: string;
beforeAll(async () => {
  site = await builtSite();
  coreSource = readFileSync(path.join(site.dir, 'assets/omlint-core.js'), 'utf8');
});

describe('the browser core in a bare vm context (no require, no process, no Node built-ins)', () => {
  it.each(GOLDEN_CASES)('gives the CLI report on examples/%s', async (c) => {
    const context = vm.createContext({ TextEncoder, TextDecoder, URL, console });
    vm.runInContext(coreSource, context);
    const core = context.OmlintCore as { lintFiles(r: CoreRequest): Promise<CoreResult> };
    const result = await core.lintFiles(requestFor(c));
    expect(result.configError).toBeUndefined();
    const report = JSON.parse(result.json) as { filePath: string; diagnostics: unknown[] }[];
    expect(report.some((f) => f.diagnostics.length) || c === 'clean').toBe(true);
    expect(byPath(report)).toEqual(byPath(cliReport(c) as { filePath: string }[]));
  });
});

describe.skipIf(!HAS_CHROMIUM)('the browser core in Chromium (the playground page)', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage();
    await page.goto(`${site.url}playground.html`);
    await page.waitForFunction(() => (window as { omlintPlayground?: { runs: number } }).omlintPlayground?.runs);
  });
  afterAll(async () => browser?.close());

  it.each(GOLDEN_CASES)('gives the CLI report on examples/%s', async (c) => {
    const json = await page.evaluate(async (req) => {
      const r = await (window as unknown as { OmlintCore: { lintFiles(r: unknown): Promise<{ json: string; configError?: string }> } }).OmlintCore.lintFiles(req);
      return r.configError ?? r.json;
    }, requestFor(c));
    expect(byPath(JSON.parse(json) as { filePath: string }[])).toEqual(byPath(cliReport(c) as { filePath: string }[]));
  });
});
