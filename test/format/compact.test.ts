// `--format compact` / `concise` (issue 31): one line a finding, `path:line:col: severity rule-id
// message`, masked through the run's sources like every format, control characters escaped.
import { describe, expect, it } from 'vitest';
import type { LintRun } from '../../src/core/types';
import { formatResults } from '../../src/format/index';
import { allDiagnostics, fixtureRun, handResult } from './results';

const opts = { color: false, cwd: '/', fixDryRun: false };

describe('compact format', () => {
  it('gives one line per finding, in the order of the report', async () => {
    const run = await fixtureRun();
    const out = formatResults('compact', run, opts);
    const expected = allDiagnostics(run.results).map(({ file, d }) => `${file.filePath}:${d.range.start.line}:${d.range.start.column}: ${d.severity} ${d.ruleId} ${d.message.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`);
    expect(expected.length).toBeGreaterThan(3);
    expect(out).toBe(expected.join('\n') + '\n');
    expect(formatResults('concise', run, opts)).toBe(out);
  });

  it('prints nothing for a clean run', () => {
    expect(formatResults('compact', { results: [handResult('a.yaml', [])], sources: new Map() }, opts)).toBe('');
  });

  it("masks the secrets of the run's sources, even in a message the engine did not mask", () => {
    const secret = 'xoxb-compact-0123456789';
    const r = handResult('slack.alert-config.yaml', [{ message: `Token ${secret} is pasted.`, range: { start: { line: 3, column: 5 }, end: { line: 3, column: 9 } }, severity: 'warning', ruleId: 'plaintext-secret' }]);
    const run: LintRun = { results: [r], sources: new Map([[r.filePath, { text: '', bom: false, secrets: [secret] }]]) };
    const out = formatResults('compact', run, opts);
    expect(out).toBe(`slack.alert-config.yaml:3:5: warning plaintext-secret Token **** is pasted.\n`);
  });

  it('keeps one line a finding when a message or path holds a line break or an escape', () => {
    const r = handResult('a\nb.yaml', [{ message: 'one\ntwo \u001b[31m' }]);
    const out = formatResults('compact', { results: [r], sources: new Map() }, opts);
    expect(out.split('\n')).toHaveLength(2);
    expect(out).toBe('a\\u000ab.yaml:1:1: error invalid-value one\\u000atwo \\u001b[31m\n');
  });
});
