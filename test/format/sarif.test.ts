import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatSarif } from '../../src/format/sarif';
import { REGISTRY } from '../../rules/registry';
import type { FileResult, LintRun } from '../../src/core/types';
import pkg from '../../package.json';
import { allDiagnostics, assertCoverage, FIXTURES, fixtureResults, fixtureRun, handResult, handRun } from './results';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

describe('sarif format', () => {
  let results: FileResult[];
  let run: LintRun;
  let log: any;
  beforeAll(async () => {
    run = await fixtureRun();
    results = run.results;
    assertCoverage(results);
    log = JSON.parse(formatSarif(run, { cwd: FIXTURES }));
  });

  it('is a SARIF 2.1.0 log with one run of omlint', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs).toHaveLength(1);
    const driver = log.runs[0].tool.driver;
    expect(driver).toMatchObject({ name: 'omlint', version: pkg.version, informationUri: 'https://github.com/omlint/omlint' });
    expect(log.runs[0].columnKind).toBe('utf16CodeUnits');
  });

  it('lists every rule of the catalogue, with its docs page and default level', () => {
    const rules = log.runs[0].tool.driver.rules;
    expect(rules.map((r: any) => r.id)).toEqual(REGISTRY.map((m) => m.id));
    for (const [i, m] of REGISTRY.entries()) {
      expect(rules[i]).toMatchObject({
        id: m.id,
        shortDescription: { text: m.summary },
        helpUri: `https://github.com/omlint/omlint/blob/main/docs/rules/${m.id}.md`,
        defaultConfiguration: { level: LEVEL[m.severity] },
      });
      expect(rules[i].fullDescription.text.length).toBeGreaterThan(0);
      expect(rules[i].help.text).toContain(rules[i].helpUri);
    }
  });

  it('has a result per diagnostic, in file then diagnostic order, pointing at the exact region', () => {
    const rules = log.runs[0].tool.driver.rules;
    const all = allDiagnostics(results);
    expect(log.runs[0].results).toHaveLength(all.length);
    log.runs[0].results.forEach((res: any, i: number) => {
      const { file, d } = all[i];
      expect(res.ruleId).toBe(d.ruleId);
      expect(rules[res.ruleIndex].id).toBe(d.ruleId);
      expect(res.level).toBe(LEVEL[d.severity]);
      expect(res.message.text).toBe(d.message);
      expect(res.locations).toHaveLength(1);
      expect(res.locations[0].physicalLocation).toEqual({
        artifactLocation: { uri: file.filePath, uriBaseId: '%SRCROOT%' },
        region: { startLine: d.range.start.line, startColumn: d.range.start.column, endLine: d.range.end.line, endColumn: d.range.end.column },
      });
    });
    expect(log.runs[0].results.map((r: any) => r.level)).toEqual(expect.arrayContaining(['error', 'warning', 'note']));
  });

  it('bases relative URIs on %SRCROOT%, the working directory as a file URI ending in /', () => {
    const base = log.runs[0].originalUriBaseIds['%SRCROOT%'].uri;
    expect(base).toBe(pathToFileURL(FIXTURES).href + '/');
    expect(new URL('alerts.yaml', base).href).toBe(pathToFileURL(path.join(FIXTURES, 'alerts.yaml')).href);
    const rootLog = JSON.parse(formatSarif(handRun([]), { cwd: path.parse(FIXTURES).root }));
    // The file-system root already ends in '/': no second slash.
    expect(rootLog.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(pathToFileURL(path.parse(FIXTURES).root).href);
  });

  it('gives stable, unique fingerprints and is byte-for-byte reproducible', async () => {
    const prints = log.runs[0].results.map((r: any) => r.partialFingerprints['omlint/v1']);
    expect(new Set(prints).size).toBe(prints.length);
    const again = formatSarif(await fixtureRun(), { cwd: FIXTURES });
    expect(again).toBe(formatSarif(run, { cwd: FIXTURES }));
  });

  it('encodes paths as URI references and keeps paths outside the working directory absolute', () => {
    const inside = handResult('dir with space/100%,a#b.yaml', [{}]);
    const outside = handResult(path.join(path.parse(FIXTURES).root, 'elsewhere', 'x y.yaml'), [{}]);
    const out = JSON.parse(formatSarif(handRun([inside, outside]), { cwd: FIXTURES }));
    const [a, b] = out.runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation);
    expect(a).toEqual({ uri: 'dir%20with%20space/100%25%2Ca%23b.yaml', uriBaseId: '%SRCROOT%' });
    expect(b.uriBaseId).toBeUndefined();
    expect(b.uri).toBe(pathToFileURL(outside.filePath).href);
  });

  it('keeps ruleIndex valid for an id outside the catalogue', () => {
    const out = JSON.parse(formatSarif(handRun([handResult('a.yaml', [{ ruleId: 'not-a-rule' }])]), { cwd: FIXTURES }));
    const res = out.runs[0].results[0];
    expect(out.runs[0].tool.driver.rules[res.ruleIndex].id).toBe('not-a-rule');
  });
});
