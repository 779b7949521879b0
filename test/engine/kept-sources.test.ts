// What a released run (the CLI's) keeps of each linted file for the report written at its end
// (issue 37: memory bounded by what the report needs, not by the files' texts): no text; a clean
// file nothing but its secrets; a file with findings the lines its code frames show, masked. Every
// format prints the same as a run that keeps the texts. Counting, never timing.
import { describe, expect, it } from 'vitest';
import { lintProject, projectOf } from '../../src/engine/lint';
import { formatResults, FORMATS } from '../../src/format/index';
import type { LintInput, LintRun } from '../../src/core/types';
import { NOW } from '../format/results';

const alert = (threshold: number, opts: { enabled?: boolean; above?: string; channel?: string } = {}) =>
  `${opts.above ?? ''}eventTypeName: OUTSIDE_METRIC_THRESHOLD
${opts.enabled === false ? '' : 'enabled: true\n'}notifications:
${opts.channel ? SLACK(opts.channel) : GROUP}metricThreshold: { metricName: NORMALIZED_SYSTEM_CPU_USER, mode: AVERAGE, operator: GREATER_THAN, threshold: ${threshold}, units: RAW }
`;
const GROUP = `  - typeName: GROUP
    roles: [GROUP_OWNER]
    emailEnabled: true
    smsEnabled: false
    intervalMin: 60
`;
/** A Slack token written out (plaintext-secret), and copied into channelName. */
const SLACK = (channel: string) => `  - typeName: SLACK
    apiToken: xoxb-kept-0123456789-secret
    channelName: ${channel}
    delayMin: 0
    intervalMin: 60
`;

const formatAll = (run: LintRun) => FORMATS.map((f) => formatResults(f, run, { color: false, cwd: '/', fixDryRun: false }));
const both = async (inputs: LintInput[]) => ({
  kept: await lintProject(projectOf(), inputs, { now: NOW }),
  released: await lintProject(projectOf(), inputs, { now: NOW, release: true }),
});

describe('a released run keeps what the report reads, not the texts', () => {
  it('after 200 clean files no text, no line and no secret is kept', async () => {
    const inputs = Array.from({ length: 200 }, (_, i) => ({ filePath: `/p/${i}.alert-config.yaml`, text: alert(i + 1) }));
    const { kept, released } = await both(inputs);
    const sources = [...released.sources.values()];
    expect(sources).toHaveLength(200);
    expect(released.results.filter((r) => r.diagnostics.length > 0)).toEqual([]);
    expect(sources.filter((s) => s.text !== '' || s.frames || s.lines || s.secrets.length)).toHaveLength(0);
    // The run that keeps them (the language server's) still has every text.
    expect([...kept.sources.values()].filter((s) => s.text !== '')).toHaveLength(200);
    expect(formatAll(released)).toEqual(formatAll(kept));
  });

  it('a file with one finding keeps its frame lines only (the line and the one above), masked', async () => {
    // enabled omitted: the finding stands on line 1; a secret copied into channelName shows in no kept line.
    const inputs = [
      { filePath: '/p/one.alert-config.yaml', text: alert(80, { enabled: false, above: '# one\n\n' }) },
      { filePath: '/p/copied.alert-config.yaml', text: alert(81, { channel: 'xoxb-kept-0123456789-secret', above: '# copied\n' }) },
      { filePath: '/p/clean.alert-config.yaml', text: alert(82) },
    ];
    const { kept, released } = await both(inputs);
    const one = released.sources.get('/p/one.alert-config.yaml')!;
    const line = released.results[0].diagnostics[0].range.start.line;
    expect(released.results[0].diagnostics).toHaveLength(1);
    expect(one.text).toBe('');
    expect(one.lines).toBeUndefined();
    expect(one.frames!.lineCount).toBe(inputs[0].text.split('\n').length);
    // The finding's line is kept; the blank line above it is only marked blank.
    expect(one.frames!.at).toEqual([line]);
    expect(one.frames!.blank).toEqual([line - 1]);
    expect(one.frames!.shown).toEqual([inputs[0].text.split('\n')[line - 1]]);
    const copied = released.sources.get('/p/copied.alert-config.yaml')!;
    const lines = released.results[1].diagnostics.map((d) => d.range.start.line);
    expect(copied.secrets).toEqual(['xoxb-kept-0123456789-secret']);
    // The finding's line (the token) and the one above; and line 2, where duplicate-alert-config
    // would report (its recorded place), with the one above: 4 of 11 lines.
    expect(lines).toEqual([6]);
    expect(copied.frames!.at).toEqual([6, 5, 2, 1]);
    expect(copied.frames!.lineCount).toBe(11);
    expect(JSON.stringify([...released.sources.values()].map((s) => s.frames?.shown ?? []))).not.toContain('xoxb-kept');
    expect(formatAll(released)).toEqual(formatAll(kept));
    expect(formatAll(released).join('\n')).not.toContain('xoxb-kept');
  });

  it('a cross-document finding added at a recorded place (no second read) has its frame lines kept beforehand', async () => {
    // b repeats a's condition: duplicate-alert-config (line 2) is added to b's result, which has a
    // finding already on another line (the token written out, line 6): merge-reports.ts.
    const inputs = [
      { filePath: '/p/a.alert-config.yaml', text: alert(90, { channel: 'ops' }) },
      { filePath: '/p/b.alert-config.yaml', text: alert(90, { channel: 'ops', above: '# the same as a\n' }) },
    ];
    const reads: string[] = [];
    const released = await lintProject(projectOf(), inputs, { now: NOW, release: true, onFileChecked: (p) => reads.push(p) });
    const kept = await lintProject(projectOf(), inputs, { now: NOW });
    // Each file checked once: b's workspace finding was merged, not linted again.
    expect(reads).toEqual(inputs.map((i) => i.filePath));
    const b = released.results.find((r) => r.filePath === '/p/b.alert-config.yaml')!;
    expect(b.diagnostics.map((d) => [d.ruleId, d.range.start.line])).toEqual([['duplicate-alert-config', 2], ['plaintext-secret', 6]]);
    const frames = released.sources.get('/p/b.alert-config.yaml')!.frames!;
    for (const d of b.diagnostics) expect(frames.at).toContain(d.range.start.line);
    expect(formatAll(released)).toEqual(formatAll(kept));
  });
});
