import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatGitlab } from '../../src/format/gitlab';

import type { FileResult, LintRun } from '../../src/core/types';
import { allDiagnostics, assertCoverage, FIXTURES, fixtureResults, fixtureRun, handResult, handRun, NOW, runOf } from './results';

const SEVERITY = { error: 'major', warning: 'minor', info: 'info' } as const;

describe('gitlab format (Code Quality)', () => {
  let results: FileResult[];
  let run: LintRun;
  let issues: any[];
  beforeAll(async () => {
    run = await fixtureRun();
    results = run.results;
    assertCoverage(results);
    issues = JSON.parse(formatGitlab(run));
  });

  it('is an array with one issue per diagnostic and the fields GitLab reads', () => {
    const all = allDiagnostics(results);
    expect(Array.isArray(issues)).toBe(true);
    expect(issues).toHaveLength(all.length);
    issues.forEach((issue, i) => {
      const { file, d } = all[i];
      expect(Object.keys(issue)).toEqual(['description', 'check_name', 'fingerprint', 'severity', 'location']);
      expect(issue).toEqual({
        description: d.message,
        check_name: d.ruleId,
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        severity: SEVERITY[d.severity],
        location: { path: file.filePath, lines: { begin: d.range.start.line } },
      });
    });
    expect(new Set(issues.map((i) => i.severity))).toEqual(new Set(['major', 'minor', 'info']));
  });

  it('gives unique fingerprints, also to identical findings in one file', () => {
    const prints = issues.map((i) => i.fingerprint);
    expect(new Set(prints).size).toBe(prints.length);
    const twice = handResult('a.yaml', [{}, {}]);
    const [a, b] = JSON.parse(formatGitlab(handRun([twice])));
    expect(a.fingerprint).not.toBe(b.fingerprint);
  });

  it('keeps fingerprints when unrelated edits move the findings to other lines', async () => {
    const text = readFileSync(path.join(FIXTURES, 'alerts.yaml'), 'utf8');
    const lintText = async (t: string) => JSON.parse(formatGitlab(await runOf([{ filePath: path.join(FIXTURES, 'alerts.yaml'), text: t }], { now: NOW, cwd: FIXTURES, kind: 'alert-config' })));
    const before = await lintText(text);
    const after = await lintText(`# A comment added above everything.\n# And another one.\n${text}`);
    expect(after.map((i: any) => i.location.lines.begin)).toEqual(before.map((i: any) => i.location.lines.begin + 2));
    expect(after.map((i: any) => i.fingerprint)).toEqual(before.map((i: any) => i.fingerprint));
  });

  it('changes the fingerprint when the path, rule, pointer, document or message changes', () => {
    const base = { ruleId: 'invalid-value', pointer: '/a', documentIndex: 0, message: 'm' };
    const fp = (filePath: string, d: object) => JSON.parse(formatGitlab(handRun([handResult(filePath, [{ ...base, ...d }])])))[0].fingerprint;
    const ref = fp('a.yaml', {});
    expect(fp('a.yaml', { range: { start: { line: 9, column: 9 }, end: { line: 9, column: 10 } } })).toBe(ref);
    for (const variant of [fp('b.yaml', {}), fp('a.yaml', { ruleId: 'required-field' }), fp('a.yaml', { pointer: '/b' }), fp('a.yaml', { documentIndex: 1 }), fp('a.yaml', { message: 'n' })]) {
      expect(variant).not.toBe(ref);
    }
  });

  it('is an empty array when there is nothing to report', () => {
    expect(JSON.parse(formatGitlab(handRun([])))).toEqual([]);
  });
});
