// Parity of the two front doors on the golden corpus: for the same files and config, the language
// server must publish what `omlint check` reports — rule id, severity, message and range (the
// server's 0-based UTF-16 ranges, BOM counted on line 0, brought to the CLI's 1-based ones).
// The server is driven as an editor drives it: one file open at a time, its siblings on disk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../src/server/service';
import { REGISTRY } from '../rules/registry';
import { caseInputs, check, GOLDEN_CASES, GOLDEN_NOW, lintableUnder, ROOT } from './golden/corpus';
import { describeWithCorpus, SHARED_CORPUS } from './shared-corpus';
import { startClient, type LspClient } from './lsp/client';

/** How the editor holds the corpus: each file opened alone, or every file of a case open. */
type Mode = 'one at a time' | 'all open';

/** One finding, as both front doors can state it. */
interface Finding {
  file: string;
  ruleId: string;
  severity: string;
  /** `line:column-line:column`, 1-based, UTF-16 columns, BOM not counted. */
  range: string;
  message: string;
}

interface JsonResult {
  filePath: string;
  diagnostics: { ruleId: string; severity: string; message: string; range: { start: { line: number; column: number }; end: { line: number; column: number } } }[];
}

const SEVERITY: Record<number, string> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

/** `omlint check` over whole directories (project scopes complete), the findings of `files`. */
async function cliFindings(dirs: string[], files: string[], now = GOLDEN_NOW): Promise<Finding[]> {
  const run = await check([...dirs, '--format', 'json'], now);
  expect(run.stderr).toBe('');
  const wanted = new Set(files);
  // The CLI names files outside its working directory by absolute path: back to root-relative.
  const relative = (p: string) => path.relative(ROOT, path.resolve(ROOT, p)).split(path.sep).join('/');
  return (JSON.parse(run.stdout) as JsonResult[])
    .map((r) => ({ ...r, filePath: relative(r.filePath) }))
    .filter((r) => wanted.has(r.filePath))
    .flatMap((r) =>
      r.diagnostics.map((d) => ({
        file: r.filePath,
        ruleId: d.ruleId,
        severity: d.severity,
        range: `${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}`,
        message: d.message,
      })),
    );
}

function fromLsp(file: string, text: string, diagnostics: LspDiagnostic[]): Finding[] {
  const bom = text.charCodeAt(0) === 0xfeff;
  const at = (p: { line: number; character: number }) => `${p.line + 1}:${p.character + 1 - (bom && p.line === 0 ? 1 : 0)}`;
  // A grouped finding's other places are published as diagnostics too (issue 38), copies of the
  // related places the CLI reports with the finding: compared as the finding.
  return diagnostics.filter((d) => !(d.data as { groupedPlace?: boolean } | undefined)?.groupedPlace).map((d) => ({
    file,
    ruleId: String(d.code),
    severity: SEVERITY[d.severity ?? 1],
    range: `${at(d.range.start)}-${at(d.range.end)}`,
    message: d.message,
  }));
}

const uriOf = (file: string) => pathToFileURL(path.join(ROOT, file)).href;
/** A file's text as an editor holds it: UTF-16 with a BOM decoded (its BOM dropped), UTF-8 as is. */
function textOf(file: string): string {
  const buf = readFileSync(path.join(ROOT, file));
  return buf[0] === 0xff && buf[1] === 0xfe ? new TextDecoder('utf-16le').decode(buf) : buf.toString('utf8');
}
const languageOf = (file: string) => (file.endsWith('.json') ? 'json' : 'yaml');

/**
 * The transport-free service: one file open at a time (opened, linted, closed), or every file of
 * the case open at once (then open buffers of the same scope are read from the editor).
 */
async function serviceFindings(files: string[], mode: Mode): Promise<Finding[]> {
  const service = new OmlintLanguageService({ now: () => new Date(GOLDEN_NOW) });
  const docs = files.map((file) => TextDocument.create(uriOf(file), languageOf(file), 1, textOf(file)));
  if (mode === 'all open') for (const doc of docs) service.setDocument(doc);
  const out: Finding[] = [];
  for (const [i, doc] of docs.entries()) {
    if (mode === 'one at a time') service.setDocument(doc);
    out.push(...fromLsp(files[i], doc.getText(), await service.diagnostics(doc)));
    if (mode === 'one at a time') service.closeDocument(doc.uri);
  }
  return out;
}

/** A difference: a finding one front door states and the other does not. */
interface Difference extends Finding {
  only: 'cli' | 'server';
}

function differences(cli: Finding[], server: Finding[]): Difference[] {
  const key = (f: Finding) => JSON.stringify([f.file, f.ruleId, f.severity, f.range, f.message]);
  const count = (fs: Finding[]) => {
    const m = new Map<string, Finding[]>();
    for (const f of fs) m.set(key(f), [...(m.get(key(f)) ?? []), f]);
    return m;
  };
  const a = count(cli);
  const b = count(server);
  const out: Difference[] = [];
  for (const [k, fs] of a) for (const f of fs.slice(b.get(k)?.length ?? 0)) out.push({ ...f, only: 'cli' });
  for (const [k, fs] of b) for (const f of fs.slice(a.get(k)?.length ?? 0)) out.push({ ...f, only: 'server' });
  return out.sort((x, y) => key(x).localeCompare(key(y)) || x.only.localeCompare(y.only));
}

const describeDifference = (d: Difference) => `only the ${d.only}: ${d.file} ${d.ruleId} ${d.severity} ${d.range} "${d.message}"`;

interface Known {
  mode: Mode;
  only: 'cli' | 'server';
  file: string;
  ruleId: string;
}

/**
 * Known differences, by exact (mode, side, file, rule): nothing else can hide behind them, and the
 * test fails when one disappears, so that this list shrinks with the fix.
 */
const KNOWN: Known[] = [
  // (The cross-file scope bug of issue 16 — an override's scope spanning directories, missed by
  // the server with one file open — is fixed by the shared Project model: no longer listed.)
  // Policy, not glue: the CLI reports the syntax errors of a YAML file that does not parse even
  // when nothing declares its kind (a gate must not pass it), while the editor stays silent on
  // files not declared omlint's (no noise on Helm templates and the like; see "is silent on
  // documents of no known kind, even broken ones" in test/lsp/service-diagnostics.test.ts).
  ...(['one at a time', 'all open'] as const).map((mode) => ({ mode, only: 'cli' as const, file: 'examples/formats/tab-indented.yaml', ruleId: 'syntax-error' })),
];

const knownKey = (k: { only: string; file: string; ruleId: string }) => `${k.only} ${k.file} ${k.ruleId}`;

describe('CLI and language server give the same diagnostics on the golden corpus', () => {
  const MODES = ['one at a time', 'all open'] as const;
  it.each(GOLDEN_CASES.flatMap((c) => MODES.map((m) => [c, m] as const)))('examples/%s through the transport-free service, files %s', async (c, mode) => {
    const files = caseInputs([c]);
    const cli = await cliFindings([`examples/${c}`], files);
    const server = await serviceFindings(files, mode);
    // Not vacuous: every case but the clean one has findings to compare.
    if (c !== 'clean') expect(cli.length).toBeGreaterThan(0);
    const diff = differences(cli, server);
    const known = KNOWN.filter((k) => k.mode === mode && k.file.startsWith(`examples/${c}/`)).map(knownKey).sort();
    expect(diff.map(knownKey).sort(), `differences:\n${diff.map(describeDifference).join('\n')}`).toEqual(known);
  });

  it('compares what it should: a changed range, message or severity is a difference', () => {
    const f: Finding = { file: 'a.yaml', ruleId: 'r', severity: 'error', range: '1:1-1:2', message: 'm' };
    expect(differences([f], [f])).toEqual([]);
    expect(differences([f], [{ ...f, range: '1:2-1:2' }]).map((d) => d.only)).toEqual(['cli', 'server']);
    expect(differences([f], [{ ...f, message: 'n' }])).toHaveLength(2);
    expect(differences([f], [{ ...f, severity: 'warning' }])).toHaveLength(2);
    expect(differences([f, f], [f])).toEqual([{ ...f, only: 'cli' }]);
    // The conversion: 0-based, the BOM counted by the editor on line 0 only.
    const d = { range: { start: { line: 0, character: 5 }, end: { line: 1, character: 3 } }, severity: 1, code: 'r', message: 'm' } as LspDiagnostic;
    expect(fromLsp('a', '\uFEFFx', [d])[0].range).toBe('1:5-2:4');
    expect(fromLsp('a', 'x', [d])[0].range).toBe('1:6-2:4');
  });

  // The cross-file scope of issue 16: `overrides: [{files: ["**/*.yaml"], scope: production}]` with
  // the same alert in a/ and b/. Both front doors must report duplicate-alert-config on the later
  // copy (b/), the server with only that file open (a/ on disk, in another directory).
  it('a scope named by an override spans directories in both front doors (duplicate-alert-config in b/)', async () => {
    const copy = 'examples/scoped/b/disk-full-copy.alert-config.yaml';
    const config = readFileSync(path.join(ROOT, 'examples/scoped/omlint.config.yaml'), 'utf8');
    expect(config).toMatch(/files: \["\*\*\/\*\.yaml"\]\n\s+scope: production/);
    const dup = (fs: Finding[]) => fs.filter((f) => f.file === copy && f.ruleId === 'duplicate-alert-config').map((f) => `${f.range} ${f.message}`);
    const cli = dup(await cliFindings(['examples/scoped'], caseInputs(['scoped'])));
    expect(cli).toHaveLength(1);
    expect(cli[0]).toContain('disk-full.alert-config.yaml');
    expect(dup(await serviceFindings([copy], 'one at a time'))).toEqual(cli);
  });

  // Workspace (pull) diagnostics: the cross-file findings of files that are not open come from the
  // same lint(project, targets) as the CLI's. The scoped case's override scope spans a/, b/, c/ and
  // legacy/: with one file open, every other member gets what the CLI reports of the cross-file rules.
  it('workspace diagnostics of the files not open (override scope across directories) are the CLI findings of the cross-file rules', async () => {
    const files = caseInputs(['scoped']);
    const open = 'examples/scoped/a/disk-full.alert-config.yaml';
    const workspaceRules = new Set(REGISTRY.filter((r) => r.scope === 'workspace').map((r) => r.id));
    const cli = (await cliFindings(['examples/scoped'], files)).filter((f) => f.file !== open && workspaceRules.has(f.ruleId));
    // Not vacuous: copies in other directories of the scope are reported.
    expect(new Set(cli.map((f) => path.posix.dirname(f.file))).size).toBeGreaterThan(1);
    const service = new OmlintLanguageService({ now: () => new Date(GOLDEN_NOW) });
    service.setDocument(TextDocument.create(uriOf(open), 'yaml', 1, textOf(open)));
    const fileOf = new Map(files.map((f) => [uriOf(f), f]));
    const server = (await service.workspaceDiagnostics()).flatMap(({ uri, diagnostics }) => fromLsp(fileOf.get(uri) ?? uri, textOf(fileOf.get(uri) ?? ''), diagnostics));
    expect(differences(cli, server).map(describeDifference)).toEqual([]);
  });

  // Real documents (GET responses, client-library fixtures, automation configs up to megabytes):
  // no difference at all, one file open at a time.
  describeWithCorpus('on real documents', () => {
    it.each([path.relative(ROOT, SHARED_CORPUS), 'test/data/real'])('%s', async (dir) => {
      const files = lintableUnder(dir);
      const cli = await cliFindings([dir], files);
      expect(new Set(cli.map((f) => f.file)).size).toBeGreaterThan(10);
      expect(differences(cli, await serviceFindings(files, 'one at a time')).map(describeDifference)).toEqual([]);
    });
  });

  describe('over stdio (the real server process)', () => {
    // Files of every text shape whose findings do not depend on the clock (the process runs on the
    // real one): BOM JSON with a UTF-16 sibling it duplicates, CRLF, multi-document YAML with non-BMP
    // text and a duplicate in a sibling's list response, a modeline.
    const SUBSET = [
      'examples/formats/bom.integration.json',
      'examples/formats/crlf.maintenance-window.yaml',
      'examples/formats/team.alert-config.yaml',
      'examples/problems/cpu-alert.yaml',
    ];
    let client: LspClient;
    beforeAll(async () => {
      client = await startClient(ROOT);
    });
    afterAll(async () => {
      await client?.stop();
    });

    it('publishes what the CLI reports for each file', async () => {
      const dirs = [...new Set(SUBSET.map((f) => path.posix.dirname(f)))];
      const cli = await cliFindings(dirs, SUBSET);
      // The subset is clock-free: the CLI says the same on another day.
      expect(await cliFindings(dirs, SUBSET, new Date().toISOString())).toEqual(cli);
      const server: Finding[] = [];
      for (const file of SUBSET) {
        const published = client.diagnostics(uriOf(file));
        client.open(uriOf(file), textOf(file), languageOf(file));
        server.push(...fromLsp(file, textOf(file), (await published).diagnostics));
        client.close(uriOf(file));
      }
      expect(new Set(cli.map((f) => f.file)).size).toBe(SUBSET.length);
      const diff = differences(cli, server);
      expect(diff.map(describeDifference)).toEqual([]);
    });
  });
});
