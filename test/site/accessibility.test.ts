// The site's pages pass axe-core's WCAG 2.1 A and AA rules (labels, contrast, landmarks, names) in
// Chromium, in the playground's states with problems and fixes shown too; and every page has a
// skip link to its content as the first stop of the keyboard.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { builtSite, HAS_CHROMIUM, launch } from './browser';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe's findings, less one of CodeMirror's own lint panel: its list items (role=option) hold their
 * fix buttons (nested-interactive). The panel is usable from the keyboard all the same: each fix
 * has an access key (playground.test.ts applies one).
 */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  const panelItem = (t: string[]) => t.length === 1 && /^#item_[0-9a-f]+$/.test(t[0]);
  return found
    .map((v) => (v.id === 'nested-interactive' ? { ...v, nodes: v.nodes.filter((n) => !panelItem(n.target)) } : v))
    .filter((v) => v.nodes.length)
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

let site: { dir: string; url: string };
let browser: Browser;

describe.skipIf(!HAS_CHROMIUM)('accessibility (axe-core in Chromium)', () => {
  beforeAll(async () => {
    site = await builtSite();
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it.each(['index.html', 'rules/index.html', 'rules/metric-name.html', 'rules/replica-set-voting.html', 'policies.html', 'versions.html', 'architecture.html', 'eslint-flags.html', 'robustness.html'])('%s has no WCAG A/AA violation', async (p) => {
    const page = await browser.newPage();
    await page.goto(`${site.url}${p}`);
    if (p.startsWith('rules/') && p !== 'rules/index.html') await page.waitForFunction(() => ![...document.querySelectorAll('.live-status')].some((s) => s.textContent === 'Linting…'));
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('the playground has none, with problems, fixes and the lint panel shown', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}playground.html`);
    await page.waitForFunction(() => ((window as { omlintPlayground?: { runs: number } }).omlintPlayground?.runs ?? 0) > 0);
    expect(await violations(page)).toEqual([]);
    await page.locator('.cm-line', { hasText: 'metricName: CONNECTIONS' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await page.keyboard.type('CONECTIONS');
    await page.locator('#problems li', { hasText: 'CONECTIONS is not' }).locator('.fix').waitFor();
    await page.keyboard.press('Control+Shift+KeyM');
    await page.locator('.cm-panel-lint').waitFor();
    expect((await violations(page)).join('\n')).toBe('');
    await page.close();
  });

  it('the first Tab of every page reaches "Skip to content", which moves the focus to the content', async () => {
    const page = await browser.newPage();
    for (const p of ['index.html', 'playground.html', 'rules/metric-name.html']) {
      await page.goto(`${site.url}${p}`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent), p).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id), p).toBe('main');
    }
    await page.close();
  });
});
