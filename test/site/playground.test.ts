// The playground in headless Chromium, from disk (file://, no server): type a typo'd metric name,
// see the squiggle and the message, apply the fix from the keyboard, follow the rule link; the
// share link, the kind, the target version and the config pane; never a network request.
// Screenshots under test-artifacts/site/.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, builtSite, HAS_CHROMIUM, launch } from './browser';

let site: { dir: string; url: string };
let browser: Browser;
/** Every URL a page of the site asked for: only its own files, never the network. */
const requested: string[] = [];

const editorText = (page: Page) => page.evaluate(() => (window as unknown as { omlintPlayground: { view: { state: { doc: { toString(): string } } } } }).omlintPlayground.view.state.doc.toString());

async function openPlayground(url = `${site.url}playground.html`, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(url);
  await page.waitForFunction(() => ((window as { omlintPlayground?: { runs: number } }).omlintPlayground?.runs ?? 0) > 0);
  return page;
}

/** Puts the cursor at the end of the editor line that contains `text`. */
async function cursorAtEndOf(page: Page, text: string): Promise<void> {
  await page.locator('.cm-line', { hasText: text }).click();
  await page.keyboard.press('End');
}

/** Presses Tab until `selector` has the focus (a keyboard-only user's way there). */
async function tabTo(page: Page, selector: string, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} is not reachable with Tab`);
}

describe.skipIf(!HAS_CHROMIUM)('playground in Chromium', () => {
  beforeAll(async () => {
    site = await builtSite();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    expect(requested.filter((u) => !u.startsWith('file:'))).toEqual([]);
  });

  it('squiggles a typo of a metric name, says why, fixes it in place, and links the rule', async () => {
    const page = await openPlayground();
    await expect.poll(() => page.locator('#summary').textContent()).toBe('No problems.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'playground-start.png') });

    // Type the typo: replace CONNECTIONS by CONECTIONS.
    await cursorAtEndOf(page, 'metricName: CONNECTIONS');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await page.keyboard.type('CONECTIONS');
    // Under load a lint may run between two keystrokes: wait for the one of the whole word.
    const problem = page.locator('#problems li', { hasText: 'CONECTIONS is not an Ops Manager metric name' });
    await problem.waitFor();
    const squiggle = page.locator('.cm-lintRange-error');
    await expect.poll(() => squiggle.allTextContents()).toEqual(['CONECTIONS']);
    expect(await problem.textContent()).toContain('Did you mean CONNECTIONS?');
    expect(await page.locator('#summary').textContent()).toBe('1 problem.');
    await squiggle.first().hover();
    await page.locator('.cm-tooltip-lint', { hasText: 'CONECTIONS is not an Ops Manager metric name' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'playground-typo.png') });

    // Keyboard only: from the editor, Tab to the fix and press Enter.
    await tabTo(page, '#problems .fix');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Replace with CONNECTIONS');
    await page.keyboard.press('Enter');
    expect(await editorText(page)).toContain('metricName: CONNECTIONS\n');
    await expect.poll(() => page.locator('#summary').textContent()).toBe('No problems.');
    expect(await page.locator('.cm-lintRange-error').count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'playground-fixed.png') });

    // The typo back (undo the fix), then its rule's page.
    await page.keyboard.press('Control+z');
    await problem.waitFor();
    await problem.locator('a.rule').click();
    await page.waitForURL(/rules\/metric-name\.html$/);
    expect(await page.locator('h1').textContent()).toBe('metric-name');
    // The page's examples are linted live: the bad one has the rule's finding, the good one none.
    const statuses = page.locator('.live-example .live-status');
    await expect.poll(() => statuses.allTextContents()).toEqual(['omlint finds 1 problem:', 'omlint finds no problem.']);
    expect(await page.locator('.live-example').first().locator('.live-diagnostics').textContent()).toContain('ASSERTS_REGULAR is not an Ops Manager metric name');
    await page.screenshot({ path: path.join(ARTIFACTS, 'rule-page.png'), fullPage: true });
    await page.close();
  });

  it('applies a quick fix from the editor\'s own lint panel, keyboard only (Ctrl+Shift+M, then the action\'s key)', async () => {
    const page = await openPlayground();
    await cursorAtEndOf(page, 'metricName: CONNECTIONS');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await page.keyboard.type('CONECTIONS');
    await page.locator('#problems li', { hasText: 'CONECTIONS is not an Ops Manager metric name' }).waitFor();
    await page.keyboard.press('Control+Shift+KeyM');
    await page.locator('.cm-panel-lint button', { hasText: 'Replace with CONNECTIONS' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Diagnostics');
    await page.keyboard.press('r'); // the action's access key (underlined R)
    await expect.poll(() => editorText(page)).toContain('metricName: CONNECTIONS\n');
    await page.close();
  });

  it('keeps document, kind, target version and config in a share link that reopens them', async () => {
    const page = await openPlayground();
    const snmp = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: SNMP\n    snmpAddress: snmp.example.com:162\n    delayMin: 5\n    intervalMin: 60\n';
    await page.evaluate((text) => {
      const v = (window as unknown as { omlintPlayground: { view: { state: { doc: { length: number } }; dispatch(t: unknown): void } } }).omlintPlayground.view;
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
    }, snmp);
    const snmpProblem = page.locator('#problems li', { hasText: 'deprecated-notification-type' });
    await expect.poll(() => snmpProblem.locator('.sev').textContent()).toBe('warning');
    // Ops Manager 7.0 removed SNMP notifications: the same finding becomes an error.
    await page.selectOption('#target', '7.0');
    await expect.poll(() => snmpProblem.locator('.sev').textContent()).toBe('error');
    await page.selectOption('#kind', 'alert-config');
    await page.fill('#config', 'rules:\n  deprecated-notification-type: info\n');
    await expect.poll(() => snmpProblem.locator('.sev').textContent()).toBe('info');
    expect(await page.locator('#config-status').textContent()).toBe('Configuration applied.');

    const link = await page.inputValue('#share-link');
    expect(link).toMatch(/^file:.*\/playground\.html#s=[A-Za-z0-9_-]+$/);
    const again = await openPlayground(link);
    expect(await editorText(again)).toBe(snmp);
    expect(await again.inputValue('#kind')).toBe('alert-config');
    expect(await again.inputValue('#target')).toBe('7.0');
    expect(await again.inputValue('#config')).toBe('rules:\n  deprecated-notification-type: info\n');
    await expect.poll(() => again.locator('#problems li', { hasText: 'deprecated-notification-type' }).locator('.sev').textContent()).toBe('info');
    expect(await again.locator('#privacy').textContent()).toContain('Nothing is sent anywhere.');

    // A config the CLI would refuse is said so, with its place.
    await again.fill('#config', 'rules:\n  no-such-rule: off\n');
    await expect.poll(() => again.locator('#config-status').textContent()).toMatch(/^Configuration error: .*omlint\.config\.yaml:2:3: unknown rule id "no-such-rule"/);
    await page.close();
    await again.close();
  });

  it('masks the secrets of the document and the config in the share link (issue 31), and says so', async () => {
    const page = await openPlayground();
    // Secrets as plain values, a no-space colon in a flow mapping, a flow collection and a block
    // sequence under a secret-named key: none of them may be in the URL.
    const secrets = ['Qx7Share1LeakCanary', 'xoxb-Share2LeakCanary', 'Share3LeakCanaryItem', 'Share4LeakCanaryBlock', 'Share5LeakCanaryConfig'];
    const text = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: PAGER_DUTY\n    serviceKey: ${secrets[0]}\n    delayMin: 0\n  - {typeName: SLACK, apiToken:${secrets[1]}, channelName: c}\n  - typeName: DATADOG\n    datadogApiKey: [${secrets[2]}]\n  - typeName: WEBHOOK\n    webhookSecret:\n      - ${secrets[3]}\n`;
    await page.evaluate((t) => {
      const v = (window as unknown as { omlintPlayground: { view: { state: { doc: { length: number } }; dispatch(t: unknown): void } } }).omlintPlayground.view;
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: t } });
    }, text);
    await page.fill('#config', `# token: ${secrets[4]}\nrules: {}\n`);
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    const decoded = Buffer.from(link.split('#s=')[1].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    for (const s of secrets) {
      expect(link).not.toContain(s);
      expect(decoded).not.toContain(s);
    }
    expect(await page.locator('#share-status').textContent()).toContain('Its secrets are masked');
    // What is not secret comes back as it was.
    const again = await openPlayground(link);
    const reopened = await editorText(again);
    expect(reopened).toContain('typeName: PAGER_DUTY\n    serviceKey: *******************\n');
    expect(reopened).toContain('channelName: c');
    expect(reopened.length).toBe(text.length);
    await page.close();
    await again.close();
  });

  it('is usable on a 375 px screen: nothing wider than the screen, the editor first', async () => {
    const page = await openPlayground(undefined, 375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const editor = await page.locator('#editor').boundingBox();
    const settings = await page.locator('.pg-settings').boundingBox();
    expect(editor!.width).toBeGreaterThan(300);
    expect(editor!.y).toBeLessThan(settings!.y);
    await page.screenshot({ path: path.join(ARTIFACTS, 'playground-375.png'), fullPage: true });
    for (const p of ['index.html', 'rules/index.html', 'rules/metric-name.html']) {
      await page.goto(`${site.url}${p}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), p).toBeLessThanOrEqual(375);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'rule-page-375.png'), fullPage: true });
    await page.close();
  });
});
