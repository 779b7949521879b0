// The SARIF output validated by Microsoft's SARIF Multitool: the SARIF 2.1.0 schema, the SARIF
// validation rules (SARIFxxxx) and GitHub's ingestion rules (GHxxxx), i.e. what code scanning needs.
// The tool is installed on demand into a cache outside the repository, never as a dependency.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatSarif } from '../src/format/sarif';
import { FIXTURES, fixtureRun, handResult } from './format/results';

const VERSION = '5.7.0';
const TOOLS = path.join(os.tmpdir(), 'omlint-test-tools', `sarif-multitool-${VERSION}`);
const PLATFORM_PACKAGE = `@microsoft/sarif-multitool-${process.platform}`;
const EXE = path.join(TOOLS, 'node_modules', PLATFORM_PACKAGE, process.platform === 'win32' ? 'Sarif.Multitool.exe' : 'Sarif.Multitool');

/** Installs (once) and smoke-runs the multitool; returns why it cannot be used, if so. */
function prepareTool(): string | undefined {
  if (!['linux', 'darwin', 'win32'].includes(process.platform)) return `no SARIF Multitool build for ${process.platform}`;
  if (!existsSync(EXE)) {
    mkdirSync(TOOLS, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['install', '--prefix', TOOLS, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `@microsoft/sarif-multitool@${VERSION}`], {
      encoding: 'utf8',
      shell: process.platform === 'win32',
      timeout: 280_000,
    });
    if (r.status !== 0 || !existsSync(EXE)) {
      return `\`npm install @microsoft/sarif-multitool@${VERSION}\` into ${TOOLS} failed (exit ${r.status}): ${(r.stderr || r.error?.message || '').trim().split('\n').slice(-3).join(' | ')}`;
    }
  }
  // The package's postinstall (chmod) may not have run (npm's allowScripts, --ignore-scripts).
  if (process.platform !== 'win32') chmodSync(EXE, 0o755);
  const v = spawnSync(EXE, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  if (v.status !== 0) return `${EXE} does not run here (exit ${v.status}${v.signal ? `, ${v.signal}` : ''}): ${(v.stderr || v.stdout || v.error?.message || '').trim().split('\n')[0]}`;
  return undefined;
}

interface ToolResult {
  ruleId: string;
  level?: string;
  message: { id?: string; text?: string; arguments?: string[] };
}

// SARIF2006 (a note) sends an HTTP GET to every URI of the log (helpUri of each rule, $schema):
// offline that costs about ten seconds of time-outs and says nothing about the log's validity.
const CONFIG = `<?xml version="1.0" encoding="utf-8"?>
<Properties>
  <Properties Key="SARIF2006.UrisShouldBeReachable.Options">
    <Property Key="RuleEnabled" Value="Disabled" Type="Driver.RuleEnabledState" />
  </Properties>
</Properties>
`;

/** Runs `validate` on a SARIF text; the exit code is always 0, so the verdict is read from its log. */
function validate(sarif: string): { results: ToolResult[]; run: any; console: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-sarif-'));
  const input = path.join(dir, 'omlint.sarif');
  const output = path.join(dir, 'validation.sarif');
  const config = path.join(dir, 'validation.xml');
  writeFileSync(input, sarif);
  writeFileSync(config, CONFIG);
  // Rule kinds: Sarif = the SARIF validation rules, Gh = what GitHub code scanning requires.
  const r = spawnSync(
    EXE,
    ['validate', input, '--output', output, '--log', 'ForceOverwrite', '--config', config,
      '--level', 'Error;Warning;Note', '--kind', 'Fail', '--rule-kind', 'Sarif;Gh'],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (!existsSync(output)) throw new Error(`the multitool wrote no log (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const log = JSON.parse(readFileSync(output, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  const run = log.runs[0];
  return { results: run.results ?? [], run, console: r.stdout };
}

/** Errors are results whose level is error, and error notifications of the tool itself. */
function errorsOf(v: ReturnType<typeof validate>): string[] {
  const lines = v.console.split('\n').filter((l) => /\berror\b/.test(l));
  const fromResults = v.results.filter((r) => r.level === 'error').map((r) => `${r.ruleId}: ${(r.message.arguments ?? [r.message.text]).join(' / ')}`);
  const notifications = (v.run.invocations ?? []).flatMap((inv: any) => [...(inv.toolExecutionNotifications ?? []), ...(inv.toolConfigurationNotifications ?? [])]);
  const fromTool = notifications.filter((n: any) => (n.level ?? 'warning') === 'error').map((n: any) => `tool: ${n.message?.text}`);
  return fromResults.length || fromTool.length ? [...fromResults, ...fromTool, ...lines] : [];
}

let unusable: string | undefined;

describe('SARIF output against the SARIF Multitool', () => {
  beforeAll(() => {
    unusable = prepareTool();
    if (unusable) console.warn(`SKIPPED test/sarif-multitool.test.ts: ${unusable}`);
  }, 300_000);

  it('finds no error in omlint SARIF for the format fixtures, including related locations and odd paths', async (ctx) => {
    if (unusable) return ctx.skip();
    const fixtures = await fixtureRun();
    const results = fixtures.results;
    const extra = handResult('dir with space/100%.yaml', [
      {
        ruleId: 'duplicate-alert-config',
        severity: 'warning',
        message: 'This alert duplicates another one.',
        related: [{ filePath: 'alerts.yaml', documentIndex: 0, pointer: '/eventTypeName', message: 'The other alert.', range: { start: { line: 3, column: 16 }, end: { line: 3, column: 25 } } }],
      },
      { ruleId: 'read-only-field', severity: 'info', range: { start: { line: 2, column: 1 }, end: { line: 2, column: 1 } } },
    ]);
    const outside = handResult(path.join(path.parse(FIXTURES).root, 'elsewhere', 'x.yaml'), [{}]);
    const sarif = formatSarif({ results: [...results, extra, outside], sources: fixtures.sources }, { cwd: FIXTURES });
    const v = validate(sarif);
    expect(v.run.invocations?.[0]?.executionSuccessful).toBe(true);
    expect(errorsOf(v)).toEqual([]);
    // What the validator still suggests (warnings, notes) is printed, not failed on.
    const advice = [...new Set(v.results.filter((r) => r.level !== 'error').map((r) => `${r.level ?? 'warning'} ${r.ruleId}`))];
    if (advice.length) console.info(`SARIF Multitool advice (not errors): ${advice.join(', ')}`);
  }, 180_000);

  it('is not a vacuous check: a broken log does produce errors', async (ctx) => {
    if (unusable) return ctx.skip();
    const log = JSON.parse(formatSarif(await fixtureRun(), { cwd: FIXTURES }));
    const res = log.runs[0].results[0];
    res.ruleIndex = 10_000;
    res.locations[0].physicalLocation.region.endLine = 0;
    delete log.runs[0].tool.driver.rules[0].help;
    const errors = errorsOf(validate(JSON.stringify(log)));
    expect(errors.join('\n')).toMatch(/SARIF1009/); // ruleIndex out of range
    expect(errors.join('\n')).toMatch(/GH2012/); // GitHub needs help on every rule
  }, 180_000);
});
