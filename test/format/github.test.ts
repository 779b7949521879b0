import { beforeAll, describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, formatGithub } from '../../src/format/github';
import { escapeControls } from '../../src/format/escape';
import type { FileResult, LintRun } from '../../src/core/types';
import { allDiagnostics, assertCoverage, fixtureResults, fixtureRun, handResult, handRun } from './results';

/** What the Actions runner does with a workflow command line (its unescaping order). */
function parseCommand(line: string) {
  const m = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const unescape = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const props = Object.fromEntries(m[2].split(',').map((p) => {
    const i = p.indexOf('=');
    return [p.slice(0, i), unescape(p.slice(i + 1))];
  }));
  return { command: m[1], props, message: unescape(m[3]) };
}

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

describe('github format', () => {
  let results: FileResult[];
  let run: LintRun;
  let lines: string[];
  beforeAll(async () => {
    run = await fixtureRun();
    results = run.results;
    assertCoverage(results);
    lines = formatGithub(run).trimEnd().split('\n');
  });

  it('prints one workflow command per diagnostic, with the exact range and the rule as title', () => {
    const all = allDiagnostics(results);
    expect(lines).toHaveLength(all.length);
    lines.forEach((line, i) => {
      const { file, d } = all[i];
      expect(parseCommand(line)).toEqual({
        command: COMMAND[d.severity],
        props: {
          file: file.filePath,
          line: String(d.range.start.line),
          endLine: String(d.range.end.line),
          col: String(d.range.start.column),
          endColumn: String(d.range.end.column),
          title: d.ruleId,
        },
        // Control characters (the fixture's BEL and ESC) are shown escaped, never sent raw.
        message: escapeControls(d.message),
      });
    });
    expect(new Set(lines.map((l) => parseCommand(l).command))).toEqual(new Set(['error', 'warning', 'notice']));
  });

  it('escapes properties and data as @actions/core does', () => {
    const r = handResult('dir/a,b:c%d.yaml', [
      { ruleId: 'invalid-value', severity: 'warning', message: '100% sure:\r\nline two, with ::double colons', range: { start: { line: 3, column: 5 }, end: { line: 4, column: 2 } } },
    ]);
    expect(formatGithub(handRun([r]))).toBe(
      '::warning file=dir/a%2Cb%3Ac%25d.yaml,line=3,endLine=4,col=5,endColumn=2,title=invalid-value::100%25 sure:%0D%0Aline two, with ::double colons\n',
    );
    expect(parseCommand(formatGithub(handRun([r])).trimEnd()).message).toBe('100% sure:\r\nline two, with ::double colons');
    expect(escapeData('%25\n')).toBe('%2525%0A');
    expect(escapeProperty('a:b,c%')).toBe('a%3Ab%2Cc%25');
  });

  it('prints nothing when there is nothing to report', () => {
    expect(formatGithub(handRun([handResult('clean.yaml', [])]))).toBe('');
  });
});
