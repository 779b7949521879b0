// The library API (docs/api.md) from the built package entry (dist/api.js, what `import ... from
// 'omlint'` loads): the same reports as the CLI's `--format json` on the golden corpus, config and
// baseline honoured when asked, plan and rules as their commands print them, and the stable list
// of what it exports (the runtime entry and the TypeScript declarations alike).
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import type * as Api from '../../src/api/public';
import { cli, cliProcess } from '../cli/run';
import { GOLDEN_CASES, GOLDEN_DIR, GOLDEN_NOW, ROOT } from '../golden/corpus';

/** What the package exports, for good: a name removed or added here is a change of the public API. */
const STABLE_EXPORTS = ['OmlintError', 'formatResults', 'lint', 'lintText', 'plan', 'rules'];

let api: typeof Api;
beforeAll(async () => {
  const entry = path.join(ROOT, 'dist', 'api.js');
  expect(existsSync(entry), 'dist/api.js: run npm run build').toBe(true);
  api = (await import(pathToFileURL(entry).href)) as typeof Api;
});

describe('the library API', () => {
  it('exports exactly the stable list: the built entry and the declarations', () => {
    expect(Object.keys(api).filter((k) => k !== 'default').sort()).toEqual(STABLE_EXPORTS);
    const dts = path.join(ROOT, 'dist', 'types', 'api', 'public.d.ts');
    // As a user's project without @types/node sees them: the declarations need nothing else.
    const program = ts.createProgram([dts], { noEmit: true, strict: true, types: [], target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] });
    const checker = program.getTypeChecker();
    const symbol = checker.getSymbolAtLocation(program.getSourceFile(dts)!)!;
    const declared = checker.getExportsOfModule(symbol).map((s) => s.name);
    // The declarations also name the types (FileReport, LintOptions…); the values are the stable list.
    const values = checker.getExportsOfModule(symbol).filter((s) => ((s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s).flags & ts.SymbolFlags.Value) !== 0).map((s) => s.name);
    expect(values.sort()).toEqual(STABLE_EXPORTS);
    expect(declared).toEqual(expect.arrayContaining(['FileReport', 'Finding', 'LintOptions', 'PlanReport', 'RuleInfo', 'FormatName']));
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  });

  it('dist/types holds the declarations of the entry and the files they import, none stale', () => {
    const types = path.join(ROOT, 'dist', 'types');
    const program = ts.createProgram([path.join(types, 'api', 'public.d.ts')], { noEmit: true, types: [] });
    const reached = program.getSourceFiles().map((f) => path.resolve(f.fileName)).filter((f) => f.startsWith(types + path.sep));
    const present = (readdirSync(types, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.d.ts')).map((f) => path.join(types, f));
    expect(present.sort()).toEqual(reached.sort());
    expect(present).toContain(path.join(types, 'core', 'public-shapes.d.ts'));
  });

  it.each(GOLDEN_CASES)('lint(examples/%s) is the golden JSON report of omlint check', async (c) => {
    const results = await api.lint([`examples/${c}`], { cwd: ROOT, now: GOLDEN_NOW });
    expect(results).toEqual(JSON.parse(readFileSync(path.join(GOLDEN_DIR, `${c}.json`), 'utf8')));
  });

  it('lintText is `check --stdin --stdin-filename` of the built CLI', async () => {
    const file = 'examples/problems/access-list.access-list-entries.yaml';
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const results = await api.lintText(text, { filePath: file, cwd: ROOT, now: GOLDEN_NOW });
    const run = cliProcess(['check', '--stdin', '--stdin-filename', file, '--format', 'json', '--now', GOLDEN_NOW], { cwd: ROOT, input: text });
    expect(results).toEqual(JSON.parse(run.stdout));
    expect(results[0].errorCount).toBeGreaterThan(0);
  });

  it('honours a configuration when one is named, and the baseline when one is named', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-api-'));
    cpSync(path.join(ROOT, 'examples/problems/access-list.access-list-entries.yaml'), path.join(dir, 'a.access-list-entries.yaml'));
    const plain = await api.lint('a.access-list-entries.yaml', { cwd: dir, now: GOLDEN_NOW });
    const rule = plain[0].diagnostics.find((d) => d.severity === 'error')!.ruleId;
    writeFileSync(path.join(dir, 'quiet.yaml'), `rules:\n  ${rule}: off\n`);
    const configured = await api.lint('a.access-list-entries.yaml', { cwd: dir, now: GOLDEN_NOW, config: 'quiet.yaml' });
    expect(configured[0].diagnostics.some((d) => d.ruleId === rule)).toBe(false);
    expect(plain[0].diagnostics.some((d) => d.ruleId === rule)).toBe(true);

    // A baseline recorded by the CLI: the API leaves its errors out when it is named.
    expect((await cli(['check', 'a.access-list-entries.yaml', '--suppress-all', '--suppressions-location', 'base.json', '--now', GOLDEN_NOW], { cwd: dir })).code).toBe(0);
    const baselined = await api.lint('a.access-list-entries.yaml', { cwd: dir, now: GOLDEN_NOW, baseline: 'base.json' });
    expect(plain[0].errorCount).toBeGreaterThan(0);
    expect(baselined[0].errorCount).toBe(0);
    await expect(api.lint('a.access-list-entries.yaml', { cwd: dir, baseline: 'missing.json' })).rejects.toMatchObject({ name: 'OmlintError', exitCode: 2, message: expect.stringContaining('missing.json') });
  });

  it('plan is `omlint plan --format json`; rules is `omlint rules --format json`', async () => {
    const cwd = path.join(ROOT, 'test/data/transitions');
    const report = await api.plan('jump-4.4-to-6.0/new.yaml', { cwd, base: 'jump-4.4-to-6.0/base.yaml', now: GOLDEN_NOW });
    const run = cliProcess(['plan', 'jump-4.4-to-6.0/new.yaml', '--base', 'jump-4.4-to-6.0/base.yaml', '--format', 'json', '--now', GOLDEN_NOW], { cwd });
    expect(report).toEqual(JSON.parse(run.stdout));
    expect(report.plans[0].documents[0].status).toBe('changed');
    const rules = await api.rules({ cwd: ROOT });
    expect(rules).toEqual(JSON.parse(cliProcess(['rules', '--format', 'json'], { cwd: ROOT }).stdout));
    expect(rules.length).toBeGreaterThan(20);
  });

  it('formatResults writes the reports of lint in the CLI formats; bad input is a clear error', async () => {
    const results = await api.lint(['examples/problems'], { cwd: ROOT, now: GOLDEN_NOW });
    expect(JSON.parse(api.formatResults(results, 'json'))).toEqual(results);
    const sarif = JSON.parse(api.formatResults(results, 'sarif', { cwd: ROOT }));
    expect(sarif.runs[0].results).toHaveLength(results.reduce((n, r) => n + r.diagnostics.length, 0));
    expect(api.formatResults(results, 'stylish', { cwd: ROOT })).toContain(results[0].diagnostics[0].message);
    expect(() => api.formatResults(results, 'xml' as 'json')).toThrow(/unknown format "xml"/);
    await expect(api.lint([])).rejects.toThrow(/no path/);
    await expect(api.lint('no-such-file.yaml', { cwd: ROOT })).rejects.toMatchObject({ exitCode: 2 });
  });
});
