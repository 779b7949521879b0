// Secrets never leak: a known value planted in every secret field of every kind (RULES.md
// "Secrets", src/model/secrets.ts), written plainly and in the source forms that differ from the
// value (JSON "\/" escapes, YAML escapes, a YAML scalar folded over lines), also in documents
// that do not parse. No output format (every FORMATS entry, through formatResults and through the
// CLI in-process and as a process, with workers and with the cache), no log and no hover of the
// language service may contain any of them.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixProject, lint, lintProject, projectOf } from '../../src/engine/lint';
import type { FileResult, Kind, LintRun } from '../../src/core/types';
import { formatResults, FORMATS } from '../../src/format/index';
import { findSecrets } from '../../src/model/secrets';
import type { FileSettings } from '../../src/config/load';
import { CANARY, expectNoLeak, plantedSecrets } from '../planted-secrets';
import { OmlintLanguageService } from '../../src/server/service';
import { cli } from '../cli/run';
import { decodeCacheFile, encodeCacheFile } from '../../src/cli/cache';
import { ensureBuilt, runBundle, tempDir } from './support';

const NOW = '2026-11-21T00:00:00Z';
const { docs: DOCS, files: FILES, forcedKinds, planted } = plantedSecrets();
/** A unique secret for the tests below (not part of the shared fixture). */
let extra = 0;
function secret(field: string): string {
  return `Qx7${900 + ++extra}LeakCanary${field}9f8e`;
}

/** The config that forces the kinds of plantedSecrets().forcedKinds, as a user would. */
const CONFIG = `overrides:\n${Object.entries(forcedKinds).map(([f, k]) => `  - files: ["${f}"]\n    kind: ${k}\n`).join('')}`;

/** What that config says about a file, for in-process lint() runs. */
function settingsFor(filePath: string): FileSettings {
  return { ignored: false, rules: {}, scope: path.dirname(path.resolve(filePath)), secretPlaceholders: [], kind: forcedKinds[path.basename(filePath)] };
}

function writeAll(dir: string, copies = 1): void {
  writeFileSync(path.join(dir, 'omlint.config.yaml'), CONFIG);
  for (let c = 0; c < copies; c++) {
    for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(dir, c ? `c${c}-${name}` : name), text);
  }
}

beforeAll(() => ensureBuilt(), 120_000);

describe('the planted secrets', () => {
  it('cover every secret field of every kind with secrets, and findSecrets finds each', () => {
    const kinds = new Set(DOCS.map((d) => d.kind));
    expect([...kinds].sort()).toEqual(['alert-config', 'api-key-update', 'automation-config', 'global-alert-config', 'integration']);
    for (const d of DOCS) {
      const found = findSecrets(d.kind, d.value).map((s) => s.value);
      expect(found.sort(), d.file).toEqual([...d.secrets].sort());
    }
    expect(planted.length).toBeGreaterThanOrEqual(40);
  });

  it('appear in diagnostics and on flagged lines, so that masking is really exercised', async () => {
    const results = await lint(Object.entries(FILES).map(([f, text]) => ({ filePath: f, text })), { now: new Date(NOW), settingsFor });
    const ruleIds = new Set(results.flatMap((r) => r.diagnostics.map((d) => d.ruleId)));
    expect([...ruleIds]).toEqual(expect.arrayContaining(['plaintext-secret', 'syntax-error']));
    // Most planted values stand on a line that has a diagnostic (so stylish shows it in a frame).
    let onFlaggedLines = 0;
    for (const r of results) {
      const lines = FILES[r.filePath].split(/\r?\n/);
      const flagged = new Set(r.diagnostics.flatMap((d) => [d.range.start.line - 1, d.range.start.line]));
      lines.forEach((l, i) => {
        if (CANARY.test(l) && flagged.has(i + 1)) onFlaggedLines++;
      });
    }
    expect(onFlaggedLines).toBeGreaterThanOrEqual(planted.length);
  });
});

describe('no output contains a secret', () => {
  let results: FileResult[];
  let run: LintRun;
  let fixedRun: LintRun;
  let fixed: FileResult[];
  beforeAll(async () => {
    const inputs = Object.entries(FILES).map(([f, text]) => ({ filePath: f, text }));
    run = await lintProject(projectOf({ settingsFor }), inputs, { now: new Date(NOW) });
    results = run.results;
    fixedRun = await fixProject(projectOf({ settingsFor }), inputs, { now: new Date(NOW) });
    fixed = fixedRun.results;
  });

  it.each(FORMATS)('formatResults %s', (format) => {
    for (const color of [false, true]) expectNoLeak(formatResults(format, run, { color, cwd: process.cwd(), fixDryRun: false }), `${format}${color ? ' (colour)' : ''}`);
    // After --fix: the results of the fixed texts.
    expectNoLeak(formatResults(format, { results: fixed.map(({ output, ...r }) => r as FileResult), sources: fixedRun.sources }, { color: false, cwd: process.cwd(), fixDryRun: false }), `${format} after --fix`);
  });

  it('messages, pointers, fix and suggestion titles, related information', () => {
    for (const r of [...results, ...fixed]) {
      for (const d of r.diagnostics) {
        const texts = [d.message, d.fix?.title ?? '', ...(d.suggestions ?? []).map((s) => s.title), ...(d.related ?? []).map((x) => x.message)];
        for (const t of texts) expectNoLeak(t, `${r.filePath} ${d.ruleId}`);
      }
    }
  });

  it.each(FORMATS)('the CLI in-process: --format %s (stdout and stderr)', async (format) => {
    const dir = tempDir('secrets-cli');
    writeAll(dir);
    const r = await cli(['check', '--format', format, '--now', NOW, '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expectNoLeak(r.stdout, `--format ${format}`);
    expectNoLeak(r.stderr, `--format ${format} (stderr)`);
  });

  it('the CLI in-process: --fix-dry-run prints the fixed texts with their secrets masked, and nothing else with a secret', async () => {
    const dir = tempDir('secrets-dry');
    writeAll(dir);
    const r = await cli(['check', '--format', 'json', '--fix-dry-run', '--now', NOW, '.'], { cwd: dir });
    const report = JSON.parse(r.stdout) as { filePath: string; output?: string }[];
    const outputs = report.filter((f) => f.output !== undefined);
    // Fixes were made (so `output` is printed) in files holding secrets.
    expect(outputs.length).toBeGreaterThanOrEqual(3);
    expect(outputs.some((f) => /\*{16,}/.test(f.output!))).toBe(true);
    expectNoLeak(r.stdout, '--fix-dry-run --format json');
    expectNoLeak(r.stderr, '--fix-dry-run (stderr)');
    const stylish = await cli(['check', '--fix-dry-run', '--now', NOW, '.'], { cwd: dir });
    expectNoLeak(stylish.stdout + stylish.stderr, '--fix-dry-run stylish');
    // --fix itself writes the real fixed text (the secrets stay in the file, where they were).
    const fix = await cli(['check', '--fix', '--format', 'json', '--now', NOW, '.'], { cwd: dir });
    expectNoLeak(fix.stdout + fix.stderr, '--fix');
    const written = outputs.map((f) => readFileSync(path.join(dir, f.filePath), 'utf8'));
    expect(written.some((t) => CANARY.test(t))).toBe(true);
  });

  it('the CLI as a process, every format', async () => {
    const dir = tempDir('secrets-process');
    writeAll(dir);
    const runs = await Promise.all(FORMATS.map((format) => runBundle(['check', '--format', format, '--jobs', '1', '--now', NOW, '.'], { cwd: dir })));
    runs.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(1);
      expectNoLeak(r.stdout, `process --format ${FORMATS[i]}`);
      expectNoLeak(r.stderr, `process --format ${FORMATS[i]} (stderr)`);
    });
  });

  it('the CLI as a process with worker threads (--jobs 2) and with the cache (filled, then hit)', async () => {
    const dir = tempDir('secrets-workers');
    writeAll(dir, 2); // enough files for worker threads
    expect(readdirSync(dir).length).toBeGreaterThanOrEqual(64); // MIN_FILES_FOR_WORKERS
    const workers = await runBundle(['check', '--jobs', '2', '--now', NOW, '.'], { cwd: dir });
    expect(workers.code, workers.stderr).toBe(1);
    expectNoLeak(workers.stdout + workers.stderr, '--jobs 2');
    const cacheFile = path.join(dir, '.omlint-cache');
    for (const pass of ['fills', 'hits']) {
      const r = await runBundle(['check', '--jobs', '1', '--cache', '--cache-location', cacheFile, '--now', NOW, '.'], { cwd: dir });
      expect(r.code, r.stderr).toBe(1);
      expectNoLeak(r.stdout + r.stderr, `--cache (${pass} the cache)`);
    }
    expect(existsSync(cacheFile)).toBe(true);
    // The entries are stored as base64 (no shell text): read them decoded, or this would test nothing.
    const cache = decodeCacheFile(readFileSync(cacheFile, 'utf8'));
    if (typeof cache === 'string') throw new Error(cache);
    expectNoLeak(JSON.stringify(cache), 'the cache file');
    // A cache whose entries lost their secret offsets (an older omlint, an edited file): the code
    // frames mask by name and by shape anyway.
    const entries = cache.entries as Record<string, { secretSpans: unknown[] }>;
    const withSpans = Object.values(entries).filter((e) => e.secretSpans.length > 0);
    expect(withSpans.length).toBeGreaterThan(10);
    for (const e of withSpans) e.secretSpans = [];
    writeFileSync(cacheFile, encodeCacheFile(cache.version, entries));
    const emptied = await runBundle(['check', '--jobs', '1', '--cache', '--cache-location', cacheFile, '--now', NOW, '.'], { cwd: dir });
    expect(emptied.code, emptied.stderr).toBe(1);
    expectNoLeak(emptied.stdout + emptied.stderr, '--cache with empty secretSpans');
  });

  it('the CLI as a process reading stdin', async () => {
    const picks = Object.keys(FILES).filter((n) => /^(all\.alert-config\.yaml|rs0\.automation-config\.json|escaped|folded|broken\.integration\.json|complex-key|duplicate|number|misspelt|error-line)/.test(n));
    const runs = await Promise.all(picks.map((name) => runBundle(['check', '--stdin', '--stdin-filename', name, '--now', NOW], { input: FILES[name] })));
    runs.forEach((r, i) => expectNoLeak(r.stdout + r.stderr, `stdin ${picks[i]}`));
  });
});

// Reproducer for the lead (src/format/stylish.ts is not this test's to change): the code frame
// cuts a line at 200 characters and masks afterwards, so a secret that straddles column 200 (a
// minified JSON document) shows its first characters. Enable once codeFrame masks first.
it('stylish: a secret straddling the 200-character cut of a code frame', async () => {
  const key = secret('minified');
  const text = JSON.stringify({ type: 'DATADOG', region: 'US', extraFieldNumberOne: 'x'.repeat(123), apiKey: key });
  expect(text.indexOf(key)).toBeLessThan(200);
  expect(text.indexOf(key) + key.length).toBeGreaterThan(200);
  const run = await lintProject(projectOf(), [{ filePath: 'minified.integration.json', text }], { now: new Date(NOW) });
  expectNoLeak(formatResults('stylish', run, { color: false, cwd: process.cwd(), fixDryRun: false }), 'stylish, minified JSON');
});

describe('the language service', () => {
  const service = new OmlintLanguageService({ now: () => new Date(NOW) });
  const dir = tempDir('secrets-lsp');
  writeAll(dir);

  it('shows no secret in a hover, a completion, a diagnostic or a code action', async () => {
    let hovers = 0;
    for (const [name, text] of Object.entries(FILES)) {
      const doc = TextDocument.create(pathToFileURL(path.join(dir, name)).href, name.endsWith('.json') ? 'json' : 'yaml', 1, text);
      service.setDocument(doc);
      for (const d of await service.diagnostics(doc)) expectNoLeak(JSON.stringify(d), `${name}: diagnostic`);
      const actions = await service.codeActions(doc, { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, { diagnostics: await service.diagnostics(doc) });
      for (const a of actions) expectNoLeak(`${a.title} ${JSON.stringify(a.diagnostics ?? [])}`, `${name}: code action`);
      // Hover every other character of every line holding a secret (key, separator and value).
      const lines = text.split('\n');
      for (const [i, line] of lines.entries()) {
        if (!CANARY.test(line) && !(i > 0 && CANARY.test(lines[i - 1]))) continue;
        for (let c = 0; c <= line.length; c += 2) {
          const h = service.hover(doc, { line: i, character: c });
          if (!h) continue;
          hovers++;
          expectNoLeak((h.contents as MarkupContent).value ?? JSON.stringify(h.contents), `${name}:${i + 1}:${c + 1} hover`);
        }
        const completion = service.completion(doc, { line: i, character: line.length });
        expectNoLeak(JSON.stringify(completion), `${name}:${i + 1} completion`);
      }
    }
    expect(hovers).toBeGreaterThan(50);
  });
});
