// End-to-end test of the omlint extension in a real VS Code: code-server (VS Code served to a
// browser) on 127.0.0.1, the .vsix installed into it, Debian's Chromium driven by playwright-core.
// A workspace holds an alert configuration with a known problem (metricName ASSERTS_REGULAR):
// the squiggle and the Problems entry (rule id, line) must show, the quick fix must apply and the
// problem go away; "omlint: Fix all" must fix a second file; the rule's page (shipped in the
// .vsix) opens in the Markdown preview from the diagnostic's code link, the hover's "Read more" and
// the command; a JSON problem is reported once; on a real automation configuration: outline,
// completion of a reference name, go to definition, rename. Screenshots go to
// test-artifacts/vscode/ (look at them!).
//
// Run: node --import tsx test/vscode/run-e2e.ts   (test/vscode/e2e.test.ts does, under vitest)
// Exit codes: 0 passed, 1 failed, 3 skipped (code-server or Chromium cannot be had here).
// Writes test-artifacts/vscode/result.json with the steps, their timings and what was seen.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'vscode');
const CHROMIUM = process.env.OMLINT_CHROMIUM ?? '/usr/bin/chromium';
const KEEP = process.env.OMLINT_E2E_KEEP === '1';

const BAD_ALERT = `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERTS_REGULAR
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 10
  units: RAW
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`;

// For "Fix all": a safely fixable problem (the misspelt metric) and a suggestion that fix-all leaves
// to the author (no `enabled`: true or false, issue 31), and another
// threshold so that duplicate-alert-config does not pair it with the first file.
const SECOND_ALERT = BAD_ALERT.replace('enabled: true\n', '').replace('threshold: 10', 'threshold: 25').replace('dba-oncall@example.com', 'ops@example.com');

// A JSON document with a bad unit: omlint's one report on its line (the extension contributes no
// schema to VS Code's JSON validation, which would repeat it).
// Snippets at indented spots (issue 38: VS Code added the line's indentation to the snippet's
// own and nested the fields under the previous key): a new notification after `  - `, the missing
// fields of a notification under its typeName, of a metric threshold under its metricName, a new
// matcher after `  - ` (the "new <item>" kind); in JSON, a new notification in an array and the
// missing fields of an object, each on an indented line between members.
const SNIPPET_ALERT = `eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: ASSERT_REGULAR
  mode: AVERAGE
  units: RAW
  
notifications:
  - typeName: EMAIL
    
  - 
matchers:
  - 
`;
const SNIPPET_JSON = `{
  "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",
  "enabled": true,
  "metricThreshold": {
    "metricName": "ASSERT_WARNING",
    "mode": "AVERAGE",
    
    "units": "RAW"
  },
  "notifications": [
    
    {"typeName": "EMAIL", "emailAddress": "dba@example.com", "delayMin": 0, "intervalMin": 5}
  ]
}
`;

// A JSON document with the `$schema` member the README advises for editors without omlint, the
// schema beside it: VS Code's JSON support validates the document against it, omlint lints it, and
// neither reports the member (issue 38: schema and unknown-field both did).
const SCHEMA_JSON = `${JSON.stringify({ $schema: './alert-config.schema.json', eventTypeName: 'HOST_RECOVERING', enabled: true, notifications: [{ typeName: 'ORG', delayMin: 0, intervalMin: 15 }] }, null, 2)}\n`;

// Formatting: off by default, omlint is no formatter (VS Code's own JSON formatter formats JSON
// without asking which one; YAML has none); turned on in the settings, omlint formats YAML.
// Each of another event, so that duplicate-alert-config pairs none of them.
const FORMAT_JSON = '{"eventTypeName":"HOST_NOW_PRIMARY","enabled":true,"notifications":[{"typeName":"ORG","delayMin":0,"intervalMin":20}]}\n';
const FORMAT_YAML = 'eventTypeName:    HOST_DOWN\nenabled: true\nnotifications:\n    - typeName: ORG\n      delayMin: 0\n      intervalMin: 25\n';

const JSON_ALERT = `${JSON.stringify(
  { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', enabled: true, metricThreshold: { metricName: 'ASSERT_REGULAR', mode: 'AVERAGE', operator: 'GREATER_THAN', threshold: 5, units: 'PERCENTT' }, notifications: [{ typeName: 'GROUP', emailEnabled: true, smsEnabled: false, delayMin: 0, intervalMin: 60 }] },
  null,
  2,
)}\n`;

interface Step {
  name: string;
  ms: number;
  detail?: unknown;
}

// A real automation configuration (mongodb/mongodb-kubernetes, kubectl-mongodb migrate test input:
// replica set my-rs of processes my-rs-0…2), as block YAML: outline, go to definition, rename.
const REAL_AUTOMATION = path.join(ROOT, '../shared/corpus/automation-config/mck__migrate__input__singlecluster__replicaset__full.json');

const result: { status: 'passed' | 'failed' | 'skipped'; reason?: string; steps: Step[]; screenshots: string[]; totalMs?: number } = {
  status: 'failed',
  steps: [],
  screenshots: [],
};
const started = Date.now();
let last = started;

function step(name: string, detail?: unknown): void {
  const now = Date.now();
  result.steps.push({ name, ms: now - last, detail });
  console.log(`[e2e] ${name} (${((now - last) / 1000).toFixed(1)} s)${detail !== undefined ? `: ${JSON.stringify(detail)}` : ''}`);
  last = now;
}

function finish(status: 'passed' | 'failed' | 'skipped', reason?: string): never {
  result.status = status;
  result.reason = reason;
  result.totalMs = Date.now() - started;
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, 'result.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`[e2e] ${status}${reason ? `: ${reason}` : ''} (${(result.totalMs / 1000).toFixed(1)} s in all)`);
  process.exit(status === 'passed' ? 0 : status === 'skipped' ? 3 : 1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Every file under a directory whose name matches (for the logs). */
function findFiles(dir: string, match: RegExp, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) findFiles(p, match, out);
    else if (match.test(name)) out.push(p);
  }
  return out;
}

async function main(): Promise<void> {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });

  // --- what this test needs: Chromium, playwright-core, code-server --------------------------
  if (!existsSync(CHROMIUM)) finish('skipped', `${CHROMIUM} is missing (apt-get install -y chromium)`);
  let playwright: typeof import('playwright-core');
  try {
    playwright = await import('playwright-core');
  } catch {
    finish('skipped', 'playwright-core is not installed (npm ci installs it as a devDependency)');
  }
  let codeServer: string;
  try {
    const out = execFileSync('bash', [path.join(ROOT, 'test/vscode/install-code-server.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 20 * 60_000 });
    codeServer = out.trim().split('\n').pop()!;
  } catch (e) {
    const status = (e as { status?: number }).status;
    finish(status === 3 ? 'skipped' : 'failed', `code-server could not be installed (exit ${status}); see the output above`);
  }
  step('code-server installed', codeServer);

  // --- the .vsix -------------------------------------------------------------------------------
  let vsix = process.env.OMLINT_VSIX;
  if (!vsix) {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/vsix.ts'), ...(process.env.OMLINT_VSIX_NO_BUILD === '1' ? ['--no-build'] : [])], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'extension/package.json'), 'utf8')) as { version: string };
    vsix = path.join(ROOT, 'extension', `omlint-${version}.vsix`);
  }
  step('vsix built', { file: path.relative(ROOT, vsix), kib: Math.round(statSync(vsix).size / 1024) });
  // Every rule's page ships inside (the diagnostics' links open it offline).
  const entries = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n');
  const pages = entries.filter((e) => /^extension\/docs\/rules\/[a-z0-9-]+\.md$/.test(e));
  if (!pages.includes('extension/docs/rules/metric-name.md') || pages.length < 50) throw new Error(`the .vsix holds ${pages.length} rule pages`);
  step('rule pages in the vsix', pages.length);

  // --- a sandbox: user data, extensions, XDG dirs and the workspace in one temp folder -----------
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'omlint-e2e-'));
  const userData = path.join(tmp, 'user-data');
  const extensions = path.join(tmp, 'extensions');
  const workspace = path.join(tmp, 'workspace');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: path.join(tmp, 'home') };
  for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME', 'XDG_RUNTIME_DIR']) {
    env[k] = path.join(tmp, 'xdg', k.toLowerCase());
    mkdirSync(env[k]!, { recursive: true, mode: 0o700 });
  }
  delete env.VSCODE_IPC_HOOK_CLI;
  for (const d of [userData, extensions, workspace, env.HOME!, path.join(userData, 'User')]) mkdirSync(d, { recursive: true });
  writeFileSync(path.join(workspace, 'cpu-asserts.alert-config.yaml'), BAD_ALERT);
  writeFileSync(path.join(workspace, 'second.alert-config.yaml'), SECOND_ALERT);
  writeFileSync(path.join(workspace, 'disk.alert-config.json'), JSON_ALERT);
  writeFileSync(path.join(workspace, 'snippets.alert-config.yaml'), SNIPPET_ALERT);
  writeFileSync(path.join(workspace, 'snippets.alert-config.json'), SNIPPET_JSON);
  writeFileSync(path.join(workspace, 'schema.alert-config.json'), SCHEMA_JSON);
  copyFileSync(path.join(ROOT, 'schemas/alert-config.schema.json'), path.join(workspace, 'alert-config.schema.json'));
  writeFileSync(path.join(workspace, 'format.alert-config.json'), FORMAT_JSON);
  writeFileSync(path.join(workspace, 'format.alert-config.yaml'), FORMAT_YAML);
  const automationYaml = stringifyYaml(JSON.parse(readFileSync(REAL_AUTOMATION, 'utf8')));
  writeFileSync(path.join(workspace, 'replicaset.automation-config.yaml'), automationYaml);
  writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'workbench.welcomePage.walkthroughs.openOnInstall': false,
        'security.workspace.trust.enabled': false,
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        'update.mode': 'none',
        'telemetry.telemetryLevel': 'off',
        'chat.commandCenter.enabled': false,
        'workbench.colorTheme': 'Default Light Modern',
        'editor.fontSize': 16,
        'editor.minimap.enabled': false,
        'editor.stickyScroll.enabled': false,
        'files.autoSave': 'off',
      },
      null,
      2,
    ),
  );

  const dirs = ['--user-data-dir', userData, '--extensions-dir', extensions];
  const install = execFileSync(process.execPath, [codeServer, ...dirs, '--install-extension', vsix, '--force'], { env, encoding: 'utf8', timeout: 120_000 });
  const listed = execFileSync(process.execPath, [codeServer, ...dirs, '--list-extensions', '--show-versions'], { env, encoding: 'utf8', timeout: 60_000 });
  if (!/omlint\.omlint@/.test(listed)) throw new Error(`the extension is not installed: ${install}\n${listed}`);
  step('extension installed', listed.trim());

  // --- code-server -----------------------------------------------------------------------------
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [codeServer, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', '--ignore-last-opened', ...dirs, workspace],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let serverLog = '';
  server.stdout!.on('data', (d) => (serverLog += String(d)));
  server.stderr!.on('data', (d) => (serverLog += String(d)));
  const base = `http://127.0.0.1:${port}`;
  let browser: import('playwright-core').Browser | undefined;
  let failure: unknown;
  try {
    await waitForHttp(`${base}/healthz`, 60_000, server);
    step('code-server listening', base);

    browser = await playwright.chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const shot = async (name: string) => {
      const file = path.join(ARTIFACTS, `${String(result.screenshots.length + 1).padStart(2, '0')}-${name}.png`);
      await page.screenshot({ path: file });
      result.screenshots.push(path.relative(ROOT, file));
    };
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    // A loaded machine takes longer than the default 30 s to serve the workbench.
    await page.goto(`${base}/?folder=${encodeURIComponent(workspace)}`, { timeout: 120_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'cpu-asserts.alert-config.yaml' }).waitFor({ timeout: 60_000 });
    step('workbench loaded');

    // The Problems panel lists the whole workspace (workspace diagnostics of files never opened):
    // its filter shows one file's rows, as a person would narrow it. Set before the editor takes focus.
    const problemsFilter = page.getByPlaceholder(/^Filter \(e\.g\./).first();
    const showProblemsOf = async (name: string) => {
      if (!(await problemsFilter.isVisible())) return;
      await problemsFilter.fill(name);
      // The filter applies after a short delay: until then other files' rows are still listed.
      const fileRows = page.locator('.markers-panel .monaco-list-row[aria-level="1"]');
      for (const until = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 200))) {
        const files = await fileRows.allInnerTexts();
        if (files.every((t) => t.includes(name))) break;
        if (Date.now() > until) throw new Error(`the Problems filter "${name}" still lists ${JSON.stringify(files)}`);
      }
    };
    // Open the file through Quick Open, as a person would.
    const openFile = async (name: string) => {
      await showProblemsOf(name);
      await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => undefined);
      await page.keyboard.press('Control+P');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: 20_000 });
      await input.fill(name);
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 60_000 });
      await page.keyboard.press('Enter');
      await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: 20_000 });
    };
    await openFile('cpu-asserts.alert-config.yaml');
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    await editor.locator('.view-lines', { hasText: 'ASSERTS_REGULAR' }).waitFor({ timeout: 20_000 });
    step('file opened');

    // The squiggle under the metric name.
    const squiggle = editor.locator('.squiggly-error');
    await squiggle.first().waitFor({ timeout: 60_000 });
    const lineOfSquiggle = await page.evaluate(() => {
      const sq = document.querySelector('.editor-group-container.active .squiggly-error') as HTMLElement | null;
      const lines = [...document.querySelectorAll('.editor-group-container.active .view-line')] as HTMLElement[];
      if (!sq) return null;
      const top = sq.getBoundingClientRect().top;
      const line = lines.find((l) => Math.abs(l.getBoundingClientRect().top - top) < 3);
      return line?.textContent?.replace(/\u00a0/g, ' ') ?? null;
    });
    if (!lineOfSquiggle?.includes('metricName: ASSERTS_REGULAR')) throw new Error(`the squiggle is not on the metricName line, but on: ${lineOfSquiggle}`);
    step('squiggle shown', { line: lineOfSquiggle.trim(), count: await squiggle.count() });

    // The status bar item.
    const status = page.locator('.statusbar-item', { hasText: 'omlint' }).first();
    await status.waitFor({ timeout: 20_000 });
    // An error in the file: the error icon (issue 38: it was the warning icon).
    await status.locator('.codicon-error').waitFor({ timeout: 20_000 });
    step('status bar item', (await status.innerText()).trim());

    // The Problems panel: rule id and line.
    await page.keyboard.press('Control+Shift+M');
    await problemsFilter.waitFor({ timeout: 20_000 });
    // A file never opened has its problems listed too (workspace/diagnostic).
    await showProblemsOf('second.alert-config.yaml');
    const unopenedRows = page.locator('.markers-panel .monaco-list-row', { hasText: 'enabled-omitted' });
    await unopenedRows.first().waitFor({ timeout: 30_000 });
    const unopened = (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    if (unopened.length < 3 || !unopened[0].includes('second.alert-config.yaml') || !unopened.some((t) => /metric-name.*\[Ln 3, Col 15\]/.test(t))) throw new Error(`the unopened file's rows: ${JSON.stringify(unopened)}`);
    step('problems of a file never opened (workspace diagnostics)', unopened);
    await showProblemsOf('cpu-asserts.alert-config.yaml');
    const problemRow = page.locator('.markers-panel .monaco-list-row', { hasText: 'metric-name' });
    await problemRow.first().waitFor({ timeout: 20_000 });
    const rowText = (await problemRow.first().innerText()).replace(/\s+/g, ' ').trim();
    if (!/ASSERTS_REGULAR is not an Ops Manager metric name/.test(rowText) || !/omlint/.test(rowText) || !/\[Ln 4, Col 15\]/.test(rowText)) {
      throw new Error(`unexpected Problems entry: ${rowText}`);
    }
    step('problems entry', rowText);

    // Hover over the squiggle: omlint's message with its rule id, and omlint's "Read more".
    // (Moving the mouse, not locator.hover(): the squiggle is a decoration under the text layer.)
    const box = await squiggle.first().boundingBox();
    if (!box) throw new Error('the squiggle has no box');
    const hoverSquiggle = async () => {
      await page.mouse.move(5, 5);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 4);
      const h = page.locator('.monaco-hover', { hasText: 'ASSERTS_REGULAR is not an Ops Manager metric name' }).first();
      await h.waitFor({ timeout: 20_000 });
      await h.locator('a', { hasText: 'Read more about metric-name' }).first().waitFor({ timeout: 20_000 });
      return h;
    };
    const hover = await hoverSquiggle();
    step('hover on the problem', (await hover.innerText()).replace(/\s+/g, ' ').trim().slice(0, 300));
    await page.waitForTimeout(600); // the hover fades in
    await shot('problem');

    // The rule's page shipped in the extension, in the Markdown preview: from the diagnostic's
    // code link, then from the hover's "Read more" (a command link, not a web page).
    const runCommand = async (title: string) => {
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 20_000 });
      await page.keyboard.type(title);
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 20_000 });
      await page.keyboard.press('Enter');
    };
    const preview = (id: string) => page.locator('.tab', { hasText: `Preview ${id}.md` }).first();
    const closePreview = async (id: string) => {
      await preview(id).hover();
      await preview(id).locator('.tab-actions .action-label').first().click();
      await preview(id).waitFor({ state: 'detached', timeout: 20_000 });
    };
    await hover.locator('a.code-link', { hasText: 'metric-name' }).first().click();
    await preview('metric-name').waitFor({ timeout: 30_000 });
    // The preview's webview (a frame of the page) shows the page's text.
    const previewText = async (needle: string) => {
      for (let i = 0; i < 60; i++) {
        for (const frame of page.frames()) {
          if (frame === page.mainFrame()) continue;
          const body = await frame.locator('body').innerText({ timeout: 2_000 }).catch(() => '');
          if (body.includes(needle)) return body;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`the Markdown preview does not show "${needle}"`);
    };
    const shown = await previewText('metricThreshold.metricName must be an Ops Manager metric name');
    step('rule page opened from the diagnostic code link', shown.replace(/\s+/g, ' ').trim().slice(0, 200));
    await shot('rule-page-preview');
    await closePreview('metric-name');
    await page.locator('.tab.active', { hasText: 'cpu-asserts.alert-config.yaml' }).waitFor({ timeout: 20_000 });
    const again = await hoverSquiggle();
    await again.locator('a', { hasText: 'Read more about metric-name' }).first().click();
    await preview('metric-name').waitFor({ timeout: 30_000 });
    step('rule page opened from the hover\'s "Read more"');
    await closePreview('metric-name');
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');

    // Quick fix at the problem: Ctrl+G 4:15, Ctrl+. , pick the fix.
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').waitFor({ timeout: 20_000 });
    await page.keyboard.type('4:15');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+.');
    const fixItem = page.locator('.action-widget .monaco-list-row', { hasText: 'Replace with ASSERT_REGULAR' }).first();
    await fixItem.waitFor({ timeout: 20_000 });
    const menu = (await page.locator('.action-widget').first().innerText()).split('\n').map((s) => s.trim()).filter(Boolean);
    step('quick fix menu', menu);
    await shot('quick-fix-menu');
    // The preferred fix is focused first; Enter applies it (a click would hit the widget's pointer block).
    const focused = await page.locator('.action-widget .monaco-list-row.focused').first().getAttribute('aria-label');
    if (focused !== 'Replace with ASSERT_REGULAR') throw new Error(`the focused quick fix is ${focused}`);
    await page.keyboard.press('Enter');
    await editor.locator('.view-lines', { hasText: 'metricName: ASSERT_REGULAR' }).waitFor({ timeout: 20_000 });
    await squiggle.first().waitFor({ state: 'detached', timeout: 30_000 });
    await problemRow.first().waitFor({ state: 'detached', timeout: 30_000 });
    const panelText = (await page.locator('.markers-panel').first().innerText()).replace(/\s+/g, ' ').trim();
    step('quick fix applied, problem gone', panelText.slice(0, 200));
    await page.keyboard.press('Control+S');
    const deadline = Date.now() + 10_000;
    while (!readFileSync(path.join(workspace, 'cpu-asserts.alert-config.yaml'), 'utf8').includes('metricName: ASSERT_REGULAR\n')) {
      if (Date.now() > deadline) throw new Error('the fixed file was not saved');
      await new Promise((r) => setTimeout(r, 100));
    }
    step('saved to disk');
    await shot('fixed');

    // "omlint: Fix all" from the Command Palette on a second file.
    await openFile('second.alert-config.yaml');
    await editor.locator('.view-lines', { hasText: 'ops@example.com' }).waitFor({ timeout: 20_000 });
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 60_000 });
    for (const rule of ['enabled-omitted', 'metric-name']) {
      await page.locator('.markers-panel .monaco-list-row', { hasText: rule }).first().waitFor({ timeout: 20_000 });
    }
    await shot('before-fix-all');
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor({ timeout: 20_000 });
    await page.keyboard.type('omlint: Fix all');
    const command = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'omlint: Fix all' }).first();
    await command.waitFor({ timeout: 20_000 });
    await page.keyboard.press('Enter');
    await editor.locator('.view-lines', { hasText: 'metricName: ASSERT_REGULAR' }).waitFor({ timeout: 30_000 });
    await editor.locator('.squiggly-error').first().waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'metric-name' }).first().waitFor({ state: 'detached', timeout: 30_000 });
    // The suggestion stays: fix-all applies safe fixes only.
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'enabled-omitted' }).first().waitFor({ timeout: 20_000 });
    if ((await editor.locator('.view-lines', { hasText: 'enabled:' }).count()) > 0) throw new Error('fix-all inserted enabled, a suggestion');
    step('"omlint: Fix all" applied', 'metricName fixed; the enabled-omitted suggestion left to the author');
    await shot('fix-all');

    // A JSON document: omlint's report only, VS Code's JSON validation does not repeat it (the
    // extension associates no schema). Markers on the line of the bad unit, from every source.
    await openFile('disk.alert-config.json');
    await editor.locator('.view-lines', { hasText: 'PERCENTT' }).waitFor({ timeout: 20_000 });
    const unitLine = JSON_ALERT.split('\n').findIndex((l) => l.includes('PERCENTT')) + 1;
    const omlintRow = page.locator('.markers-panel .monaco-list-row', { hasText: 'invalid-value' }).first();
    await omlintRow.waitFor({ timeout: 60_000 });
    // VS Code's JSON service validates on open too; give it time to report if it were to.
    await new Promise((r) => setTimeout(r, 5_000));
    const rowsOnLine = async () =>
      (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => t.includes(`[Ln ${unitLine}, `));
    const onLine = await rowsOnLine();
    if (onLine.length !== 1 || !/omlint/.test(onLine[0]) || /Value is not accepted/.test(onLine.join(' '))) throw new Error(`markers on line ${unitLine}: ${JSON.stringify(onLine)}`);
    const squigglesOnLine = await editor.locator('.squiggly-error').count();
    step('one report per problem in JSON (no VS Code schema validation beside omlint)', { line: unitLine, markers: onLine, squiggles: squigglesOnLine });
    await shot('json-one-report');

    // "omlint: Show rule documentation" at a problem: the rule's page in the Markdown preview.
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').waitFor({ timeout: 20_000 });
    await page.keyboard.type(`${unitLine}:16`);
    await page.keyboard.press('Enter');
    await runCommand('omlint: Show rule documentation');
    await preview('invalid-value').waitFor({ timeout: 30_000 });
    const invalidPage = await previewText('A value breaks an enumeration, pattern, format, length or range.');
    step('rule documentation opened by the command', invalidPage.replace(/\s+/g, ' ').trim().slice(0, 120));
    await shot('rule-docs');
    await closePreview('invalid-value');
    await page.locator('.tab.active', { hasText: 'disk.alert-config.json' }).waitFor({ timeout: 20_000 });

    // "omlint: Restart server": the server comes back and answers again.
    await runCommand('omlint: Restart server');
    await page.locator('.statusbar-item', { hasText: /omlint 1/ }).first().waitFor({ timeout: 30_000 });
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await page.keyboard.press('Backspace');
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'invalid-value' }).first().waitFor({ timeout: 30_000 });
    // The omlint output channel (a log file of the window) tells each start. The window writes that
    // file on its own schedule (the status bar said "omlint 1" before the restart too): read it
    // until the second start is there, 30 s at most.
    const countStarts = () =>
      findFiles(path.join(userData, 'logs'), /omlint\.log$/)
        .map((f) => readFileSync(f, 'utf8').match(/omlint language server \S+ started/g)?.length ?? 0)
        .reduce((a, b) => a + b, 0);
    let starts = countStarts();
    for (const until = Date.now() + 30_000; starts < 2 && Date.now() < until; starts = countStarts()) await new Promise((r) => setTimeout(r, 250));
    if (starts < 2) throw new Error(`the omlint output shows ${starts} server start(s), not 2`);
    step('server restarted', { status: (await page.locator('.statusbar-item', { hasText: 'omlint' }).first().innerText()).trim(), starts });

    // "Disable invalid-value for this file" in the JSON document (no comments there): VS Code
    // creates omlint.config.yaml beside it with the override, and the problem goes away.
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').waitFor({ timeout: 20_000 });
    await page.keyboard.type(`${unitLine}:16`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+.');
    const disableItem = page.locator('.action-widget .monaco-list-row', { hasText: 'Disable invalid-value for this file' }).first();
    await disableItem.waitFor({ timeout: 20_000 });
    const disableMenu = (await page.locator('.action-widget').first().innerText()).split('\n').map((t) => t.trim()).filter(Boolean);
    await shot('disable-for-file-menu');
    for (let i = 0; i < 10; i++) {
      if ((await page.locator('.action-widget .monaco-list-row.focused').first().getAttribute('aria-label'))?.startsWith('Disable invalid-value for this file')) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const configFile = path.join(workspace, 'omlint.config.yaml');
    const configBy = Date.now() + 20_000;
    while (!existsSync(configFile) && Date.now() < configBy) await new Promise((r) => setTimeout(r, 200));
    if (!existsSync(configFile)) throw new Error('omlint.config.yaml was not created');
    // The edit may stay in an unsaved buffer of the new file: save everything.
    await runCommand('File: Save All');
    const configWritten = Date.now() + 20_000;
    while (!readFileSync(configFile, 'utf8').includes('invalid-value: off') && Date.now() < configWritten) await new Promise((r) => setTimeout(r, 200));
    const configText = readFileSync(configFile, 'utf8');
    if (configText !== 'overrides:\n  - files: [./disk.alert-config.json]\n    rules:\n      invalid-value: off\n') throw new Error(`omlint.config.yaml holds: ${JSON.stringify(configText)}`);
    await openFile('disk.alert-config.json');
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'invalid-value' }).first().waitFor({ state: 'detached', timeout: 30_000 });
    step('"Disable for this file" in JSON writes a new omlint.config.yaml; the problem is gone', { menu: disableMenu, config: configText });
    await shot('disabled-for-file');

    // Navigation on the real automation configuration (issue 20).
    const lineOf = (needle: string) => automationYaml.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const goTo = async (line: number, column: number) => {
      await editor.locator('.view-lines').click();
      await page.keyboard.press('Control+G');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 20_000 });
      await page.keyboard.type(`${line}:${column}`);
      await page.keyboard.press('Enter');
    };
    // Completion asked for as a user would, again if need be: in one fresh-clone CI run (24 Nov) the
    // widget never opened after the first Ctrl+Space (no list, no "No suggestions"), while the
    // server's answer for the spot was the same before and after the lint of the edit (checked in
    // the service). Three tries, 30 s in all.
    const suggest = async (row: import('playwright-core').Locator) => {
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('Control+Space');
        try {
          await row.waitFor({ timeout: 10_000 });
          return;
        } catch (e) {
          if (attempt === 3) throw e;
          await page.keyboard.press('Escape');
        }
      }
    };
    const cursorLine = async () => Number(/Ln (\d+)/.exec(await page.locator('.statusbar-item', { hasText: /Ln \d+, Col \d+/ }).first().innerText())?.[1]);
    await openFile('replicaset.automation-config.yaml');
    await editor.locator('.view-lines', { hasText: 'agentVersion' }).waitFor({ timeout: 20_000 });
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+Shift+O');
    const symbol = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'my-rs-1' }).first();
    await symbol.waitFor({ timeout: 60_000 });
    const symbols = (await page.locator('.quick-input-widget .monaco-list-rows').innerText()).replace(/\s+/g, ' ').trim();
    step('outline of the automation configuration', symbols.slice(0, 300));
    await shot('outline');
    await page.keyboard.press('Escape');

    // Completion of a reference name: a process's replSetName offers the replica sets' _ids.
    const replLine = lineOf('replSetName: my-rs');
    const replColumn = automationYaml.split('\n')[replLine - 1].indexOf('my-rs') + 1;
    await goTo(replLine, replColumn);
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Backspace');
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: 'my-rs' }).first();
    await suggest(suggestion);
    const offered = (await page.locator('.suggest-widget .monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    await shot('completion');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (want) => [...document.querySelectorAll('.editor-group-container.active .view-line')].some((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ').trim() === want),
      'replSetName: my-rs',
      { timeout: 20_000 },
    );
    step('completion of a reference name: replSetName → my-rs', { line: replLine, offered });

    const hostLine = lineOf('host: my-rs-1');
    const nameLine = lineOf('name: my-rs-1');
    const hostColumn = automationYaml.split('\n')[hostLine - 1].indexOf('my-rs-1') + 3;
    await goTo(hostLine, hostColumn);
    await page.keyboard.press('F12');
    await page.waitForFunction((want) => [...document.querySelectorAll('.statusbar-item')].some((e) => (e.textContent ?? '').includes(`Ln ${want},`)), nameLine, { timeout: 20_000 });
    step('go to definition: member host → process', { from: hostLine, to: await cursorLine() });
    await shot('definition');

    // Inlay hint: the process's hostname:port beside the member's host (text injected in the line).
    const hintLine = async () =>
      page.evaluate((want) => [...document.querySelectorAll('.editor-group-container.active .view-line')].map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).find((t) => t.includes(want)) ?? '', 'host: my-rs-1');
    await goTo(hostLine, hostColumn);
    let hinted = '';
    for (const until = Date.now() + 20_000; Date.now() < until && !/vm-mongo-1\.prod\.example\.com:27018/.test(hinted); ) {
      hinted = await hintLine();
      await new Promise((r) => setTimeout(r, 250));
    }
    if (!/vm-mongo-1\.prod\.example\.com:27018/.test(hinted)) throw new Error(`no inlay hint beside the member host: ${JSON.stringify(hinted)}`);
    step('inlay hint: host:port beside a member host', hinted.trim());
    await shot('inlay-hint');

    // Document highlights: on the member's host name, the next highlight (F7) is the process's name;
    // on a key, omlint highlights nothing (VS Code's word highlighter would take over without omlint).
    // F7 does something only once the editor shows the highlights (its hasWordHighlights context), so
    // it is pressed when they are drawn, and again from a fresh landing if the cursor stayed: in two
    // fresh-clone CI runs (29 Nov, the suite beside it) one F7 after a fixed 1 s wait moved nothing.
    const drawnHighlights = () =>
      page.waitForFunction(() => document.querySelectorAll('.editor-group-container.active .view-overlays [class*="wordHighlight"]').length > 0, undefined, { timeout: 10_000 });
    const cursorOn = (want: number, timeout: number) =>
      page.waitForFunction((w) => [...document.querySelectorAll('.statusbar-item')].some((e) => (e.textContent ?? '').includes(`Ln ${w},`)), want, { timeout });
    let landings = 0;
    // How long the highlights of the host name took to be drawn after its landing: the negative
    // check below waits a multiple of it, so a slow machine waits longer before judging "none".
    let drawnAfterMs = 0;
    for (const until = Date.now() + 45_000; ; ) {
      landings++;
      await goTo(hostLine, hostColumn);
      await cursorOn(hostLine, 10_000);
      const landed = Date.now();
      const drawn = await drawnHighlights().then(() => true, () => false);
      if (drawn) {
        drawnAfterMs = Math.max(drawnAfterMs, Date.now() - landed);
        await page.keyboard.press('F7');
        if (await cursorOn(nameLine, 5_000).then(() => true, () => false)) break;
      }
      if (Date.now() > until) throw new Error(`F7 on the member host never reached the process's name (${landings} landings; highlights drawn on the last: ${drawn})`);
    }
    await shot('highlights');
    const hostKeyLine = lineOf('host: my-rs-0');
    await goTo(hostKeyLine, automationYaml.split('\n')[hostKeyLine - 1].indexOf('host') + 2);
    await cursorOn(hostKeyLine, 10_000);
    // A move by arrow keys too, as a user's: the word highlighter asks its providers on explicit moves.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    // "None" is judged over three times as long as the host name's highlights took to be drawn (at
    // least 1.5 s), by counting the highlights drawn every 100 ms: the host name's must go (they
    // are cleared once the cursor leaves them), then any drawn (VS Code's word highlighter, or
    // omlint's on a key) fails the step, and so does F7 moving the cursor afterwards.
    const settleMs = Math.max(1_500, 3 * drawnAfterMs);
    const drawnNow = () => page.evaluate(() => document.querySelectorAll('.editor-group-container.active .view-overlays [class*="wordHighlight"]').length);
    const counts: number[] = [];
    for (const until = Date.now() + settleMs; (counts.length === 0 || counts[counts.length - 1] > 0) && Date.now() < until; await page.waitForTimeout(100)) counts.push(await drawnNow());
    if (counts[counts.length - 1] > 0) throw new Error(`highlights still drawn ${settleMs} ms after landing on the key host (line ${hostKeyLine}; counts ${counts.join(',')}): highlights that are not omlint's`);
    for (const until = Date.now() + settleMs; Date.now() < until; await page.waitForTimeout(100)) counts.push(await drawnNow());
    if (counts.some((n, i) => n > 0 && counts.slice(0, i).includes(0))) throw new Error(`highlights drawn on the key host (line ${hostKeyLine}; counts ${counts.join(',')}): highlights that are not omlint's`);
    await page.keyboard.press('F7');
    await page.waitForTimeout(Math.min(settleMs, 5_000));
    if ((await cursorLine()) !== hostKeyLine) throw new Error(`F7 on the key host moved to line ${await cursorLine()}: highlights that are not omlint's`);
    step('document highlights: host name → process name (F7), none on a key', { from: hostLine, to: nameLine, landings, drawnAfterMs, settleMs, keyCounts: counts.length });

    // Code lens over the replica set: clicked, VS Code's peek shows its members' processes.
    const rsLine = lineOf('_id: my-rs');
    await goTo(rsLine, 5);
    const lens = page.locator('.editor-group-container.active .codelens-decoration a', { hasText: /^\d+ members, \d+ voting/ }).first();
    await lens.waitFor({ timeout: 30_000 });
    const lensTitle = (await lens.innerText()).trim();
    await lens.click();
    const peek = page.locator('.editor-group-container.active .reference-zone-widget').first();
    await peek.waitFor({ timeout: 20_000 });
    const peekRows = (await peek.locator('.ref-tree .monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    await shot('code-lens-peek');
    if (!['my-rs-0', 'my-rs-1', 'my-rs-2'].every((n) => peekRows.some((r) => r.includes(`name: ${n}`)))) throw new Error(`the lens's peek shows: ${JSON.stringify(peekRows)}`);
    await page.keyboard.press('Escape');
    await peek.waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
    step('code lens clicked: the replica set\'s members in the peek view', { lens: lensTitle, rows: peekRows });

    await goTo(hostLine, hostColumn);
    await page.keyboard.press('F2');
    const renameInput = page.locator('.rename-box input, .rename-box textarea').first();
    await renameInput.waitFor({ timeout: 20_000 });
    await renameInput.fill('my-rs-renamed');
    await shot('rename');
    await page.keyboard.press('Enter');
    await editor.locator('.view-lines', { hasText: 'my-rs-renamed' }).first().waitFor({ timeout: 20_000 });
    await page.keyboard.press('Control+S');
    const savedPath = path.join(workspace, 'replicaset.automation-config.yaml');
    const savedBy = Date.now() + 20_000;
    while (!readFileSync(savedPath, 'utf8').includes('my-rs-renamed') && Date.now() < savedBy) await new Promise((r) => setTimeout(r, 200));
    const saved = readFileSync(savedPath, 'utf8');
    const uses = saved.split('my-rs-renamed').length - 1;
    if (uses !== 2 || saved.includes('my-rs-1\n')) throw new Error(`rename left ${uses} uses of the new name`);
    step('rename of a process edits its name and the member host', { uses });


    // Each snippet kind accepted at an indented spot, from the bottom up (lines stay put), its
    // first tab stop typed where it has no default; the result reads back with each field in its
    // place and lints clean, in the editor and by the CLI.
    const acceptSnippets = async (file: string, marker: string, snippets: readonly (readonly [number, number, string, string, ((() => Promise<void>) | undefined)?])[]) => {
      await openFile(file);
      await editor.locator('.view-lines', { hasText: marker }).waitFor({ timeout: 20_000 });
      const accepted: string[] = [];
      for (const [line, column, label, typed, after] of snippets) {
        await goTo(line, column);
        const row = page.locator('.suggest-widget .monaco-list-row', { hasText: label }).first();
        await suggest(row);
        for (let i = 0; i < 40; i++) {
          if ((await page.locator('.suggest-widget .monaco-list-row.focused').first().getAttribute('aria-label'))?.includes(label)) break;
          await page.keyboard.press('ArrowDown');
        }
        const focusedLabel = await page.locator('.suggest-widget .monaco-list-row.focused').first().getAttribute('aria-label');
        if (!focusedLabel?.includes(label)) throw new Error(`the suggestion "${label}" could not be focused (${focusedLabel})`);
        await page.keyboard.press('Enter');
        if (typed) await page.keyboard.type(typed);
        // Out of the snippet (a choice's list first, then the tab stops).
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await after?.();
        accepted.push(label);
      }
      await shot(`snippets-${path.extname(file).slice(1)}`);
      await page.keyboard.press('Control+S');
      const saved = path.join(workspace, file);
      const by = Date.now() + 20_000;
      while (readFileSync(saved, 'utf8') === (file.endsWith('.json') ? SNIPPET_JSON : SNIPPET_ALERT) && Date.now() < by) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 300));
      return { accepted, saved, text: readFileSync(saved, 'utf8') };
    };
    const lintsClean = async (saved: string, text: string) => {
      // The editor's lint of the result: no squiggle left in the document.
      const cleanBy = Date.now() + 30_000;
      let squiggles = -1;
      while (Date.now() < cleanBy) {
        squiggles = await editor.locator('.squiggly-error, .squiggly-warning, .squiggly-info').count();
        if (squiggles === 0) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      if (squiggles !== 0) throw new Error(`${squiggles} squiggle(s) after the snippets: ${JSON.stringify(text)}`);
      try {
        return execFileSync(process.execPath, [path.join(ROOT, 'dist/omlint.js'), 'check', saved], { encoding: 'utf8', cwd: workspace }).trim();
      } catch (e) {
        throw new Error(`omlint check of the snippets' result: ${String((e as { stdout?: string }).stdout ?? e)}\n${text}`);
      }
    };
    const keysOf = (o: unknown) => (o && typeof o === 'object' ? Object.keys(o) : []);
    // The matcher's value has no default: typed on its line once the snippet is left.
    const matcherValue = async () => {
      await goTo(15, 1);
      await page.keyboard.press('End');
      await page.keyboard.type('PRIMARY');
    };
    const yamlRun = await acceptSnippets('snippets.alert-config.yaml', 'ASSERT_REGULAR', [
      [13, 5, 'new matcher', '', matcherValue],
      [11, 5, 'ORG notification', ''],
      [10, 5, 'required fields of notification', 'dba@example.com'],
      [7, 3, 'required fields of metric threshold', ''],
    ]);
    const snippetValue = parseYaml(yamlRun.text) as { metricThreshold: Record<string, unknown>; notifications: Record<string, unknown>[]; matchers: Record<string, unknown>[] };
    const placed =
      ['operator', 'threshold'].every((k) => keysOf(snippetValue.metricThreshold).includes(k)) &&
      snippetValue.notifications.length === 2 &&
      ['emailAddress', 'delayMin', 'intervalMin'].every((k) => keysOf(snippetValue.notifications[0]).includes(k)) &&
      snippetValue.notifications[0].emailAddress === 'dba@example.com' &&
      snippetValue.notifications[1].typeName === 'ORG' &&
      ['delayMin', 'intervalMin'].every((k) => keysOf(snippetValue.notifications[1]).includes(k)) &&
      snippetValue.matchers?.length === 1 &&
      ['fieldName', 'operator', 'value'].every((k) => keysOf(snippetValue.matchers[0]).includes(k)) &&
      snippetValue.matchers[0].value === 'PRIMARY';
    if (!placed) throw new Error(`the snippets left: ${JSON.stringify(yamlRun.text)}`);
    const yamlCli = await lintsClean(yamlRun.saved, yamlRun.text);
    const jsonRun = await acceptSnippets('snippets.alert-config.json', 'ASSERT_WARNING', [
      [11, 5, 'ORG notification', ''],
      [7, 5, 'required fields of metric threshold', ''],
    ]);
    let jsonValue: { metricThreshold: Record<string, unknown>; notifications: Record<string, unknown>[] } | undefined;
    try {
      jsonValue = JSON.parse(jsonRun.text);
    } catch {
      throw new Error(`the JSON snippets left: ${JSON.stringify(jsonRun.text)}`);
    }
    const jsonPlaced =
      ['operator', 'threshold', 'units'].every((k) => keysOf(jsonValue!.metricThreshold).includes(k)) &&
      jsonValue!.notifications.length === 2 &&
      jsonValue!.notifications[0].typeName === 'ORG' &&
      jsonValue!.notifications[1].typeName === 'EMAIL';
    if (!jsonPlaced) throw new Error(`the JSON snippets left: ${JSON.stringify(jsonRun.text)}`);
    const jsonCli = await lintsClean(jsonRun.saved, jsonRun.text);
    step('each snippet kind accepted at an indented spot lints clean', { accepted: [...yamlRun.accepted, ...jsonRun.accepted.map((l) => `${l} (JSON)`)], text: yamlRun.text, json: jsonRun.text, cli: [yamlCli, jsonCli] });

    // $schema in JSON: omlint's lint is done (the status bar's check), VS Code's JSON validation
    // has had its time; no problem on the file from either.
    await openFile('schema.alert-config.json');
    await editor.locator('.view-lines', { hasText: '$schema' }).waitFor({ timeout: 20_000 });
    await page.locator('.statusbar-item', { hasText: 'omlint' }).first().locator('.codicon-check').waitFor({ timeout: 30_000 });
    await new Promise((r) => setTimeout(r, 5_000));
    const schemaRows = (await page.locator('.markers-panel .monaco-list-row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => t.includes('schema.alert-config.json') || /\$schema/.test(t));
    const schemaSquiggles = await editor.locator('.squiggly-error, .squiggly-warning, .squiggly-info').count();
    if (schemaRows.length || schemaSquiggles) throw new Error(`a $schema member is reported: ${JSON.stringify(schemaRows)}, ${schemaSquiggles} squiggle(s)`);
    step('$schema accepted in JSON: no report from omlint or from VS Code\'s schema validation');
    await shot('schema-member');

    // Formatting: off by default. JSON: VS Code's own formatter, no dialog asking which one.
    const viewText = async () => (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
    const formatDocument = async () => {
      await editor.locator('.view-lines').click();
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 20_000 });
      await page.keyboard.type('Format Document');
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Format Document' }).first().waitFor({ timeout: 20_000 });
      for (let i = 0; i < 10; i++) {
        if (/^Format Document(?! With)/.test((await page.locator('.quick-input-widget .monaco-list-row.focused').first().getAttribute('aria-label')) ?? '')) break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
    };
    await openFile('format.alert-config.json');
    await editor.locator('.view-lines', { hasText: 'intervalMin' }).waitFor({ timeout: 20_000 });
    await formatDocument();
    const jsonFormattedBy = Date.now() + 20_000;
    while (!(await viewText()).includes('\n') && Date.now() < jsonFormattedBy) {
      if (await page.locator('.monaco-dialog-box').count()) {
        await shot('format-dialog');
        throw new Error(`Format Document asked which formatter: ${(await page.locator('.monaco-dialog-box').first().innerText()).replace(/\s+/g, ' ')}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const jsonFormatted = await viewText();
    if (!jsonFormatted.includes('\n') || (await page.locator('.monaco-dialog-box').count())) throw new Error(`the JSON was not formatted by VS Code's formatter: ${JSON.stringify(jsonFormatted)}`);
    // YAML: no formatter at all while omlint's is off.
    await openFile('format.alert-config.yaml');
    await editor.locator('.view-lines', { hasText: 'intervalMin' }).waitFor({ timeout: 20_000 });
    await formatDocument();
    // VS Code says so in a dialog (a toast in some versions).
    const none = page.locator('.monaco-dialog-box, .notifications-toasts', { hasText: /There is no formatter for 'yaml'/ }).first();
    await none.waitFor({ timeout: 20_000 });
    await shot('format-none-yaml');
    const cancel = page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Cancel' }).first();
    if (await cancel.count()) await cancel.click();
    await page.locator('.monaco-dialog-box').first().waitFor({ state: 'detached', timeout: 20_000 });
    if ((await viewText()).includes('eventTypeName: HOST_DOWN')) throw new Error('the YAML was formatted with the setting off');
    step('formatting off by default: VS Code formats JSON without asking, no YAML formatter', { json: jsonFormatted.split('\n').length });
    await shot('format-off');
    // Turned on in the workspace's settings: omlint formats the YAML.
    mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
    writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'omlint.format.enable': true }, null, 2));
    let yamlFormatted = '';
    for (const until = Date.now() + 60_000; Date.now() < until; ) {
      await page.keyboard.press('Escape');
      await formatDocument();
      await new Promise((r) => setTimeout(r, 1_500));
      yamlFormatted = await viewText();
      if (yamlFormatted.includes('eventTypeName: HOST_DOWN')) break;
    }
    if (!yamlFormatted.includes('eventTypeName: HOST_DOWN') || !yamlFormatted.includes('\n  - typeName: ORG')) throw new Error(`omlint did not format the YAML with the setting on: ${JSON.stringify(yamlFormatted)}`);
    step('formatting on by setting: omlint formats the YAML', yamlFormatted);
    await shot('format-on');

    if (pageErrors.length) step('page errors (not fatal)', pageErrors.slice(0, 5));
  } catch (e) {
    failure = e;
    if (browser) {
      const page = browser.contexts()[0]?.pages()[0];
      if (page) await page.screenshot({ path: path.join(ARTIFACTS, 'failure.png') }).catch(() => undefined);
      result.screenshots.push(path.relative(ROOT, path.join(ARTIFACTS, 'failure.png')));
    }
  } finally {
    await browser?.close().catch(() => undefined);
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
    writeFileSync(path.join(ARTIFACTS, 'code-server.log'), serverLog);
    // The extension host's and the omlint output channel's logs, for a failure's diagnosis.
    for (const f of findFiles(path.join(userData, 'logs'), /^(exthost\d*|remoteexthost|.*omlint.*)\.log$/)) {
      copyFileSync(f, path.join(ARTIFACTS, `${path.basename(path.dirname(f))}-${path.basename(f)}`));
    }
    if (!KEEP) rmSync(tmp, { recursive: true, force: true });
    else console.log(`[e2e] kept ${tmp}`);
  }
  if (failure) finish('failed', failure instanceof Error ? (failure.stack ?? failure.message) : String(failure));
  finish('passed');
}

main().catch((e) => finish('failed', e instanceof Error ? (e.stack ?? e.message) : String(e)));
