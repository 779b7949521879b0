import { describe, expect, it } from 'vitest';
import { lint, lintAndFix } from '../../src/engine/lint';
import { defineRule, defineWorkspaceRule } from '../../src/core/rule';
import type { Diagnostic, Rule } from '../../src/core/types';

const NOW = new Date('2026-11-21T00:00:00Z');
const docs = { why: 'test', bad: 'x', good: 'y' };

// Test rules that report fixed pointers, so that the engine is tested apart from the real rules.
const flagDescription = defineRule({
  meta: { id: 'test-flag', kinds: ['maintenance-window-update'], defaultSeverity: 'warning', description: 'test', docs, fixable: true },
  check(ctx) {
    const v = ctx.value as Record<string, unknown>;
    if (typeof v.description === 'string' && v.description.startsWith('bad')) {
      ctx.report({
        pointer: '/description',
        message: 'bad description',
        fix: { title: 'fix it', ops: [{ op: 'replace', pointer: '/description', value: 'good' }] },
      });
    }
    if (v.endDate === undefined) ctx.report({ pointer: '/endDate', message: 'no end date' });
  },
});
const thrower = defineRule({
  meta: { id: 'test-throw', kinds: '*', defaultSeverity: 'error', description: 'test', docs },
  check() {
    throw new Error('boom');
  },
});
const countScope = defineWorkspaceRule({
  meta: { id: 'test-scope', kinds: ['maintenance-window-update'], defaultSeverity: 'info', description: 'test', docs, scope: 'workspace' },
  check(ctx) {
    const [first, ...rest] = ctx.documents;
    for (const d of rest) ctx.report(d, { pointer: '', message: `same scope as ${first.filePath}`, related: [{ filePath: first.filePath, documentIndex: first.documentIndex, pointer: '', message: 'the first' }] });
  },
});

async function diags(text: string, filePath = '/p/doc.yaml', ruleSet: Rule[] = [flagDescription], rules = {}): Promise<Diagnostic[]> {
  const [r] = await lint([{ filePath, text }], { now: NOW, kind: 'maintenance-window-update', ruleSet, rules });
  return r.diagnostics;
}
const where = (ds: Diagnostic[], id: string) => ds.filter((d) => d.ruleId === id).map((d) => [d.range.start.line, d.range.start.column, d.range.end.line, d.range.end.column]);

describe('engine: positions', () => {
  it('YAML: value range, and a missing field on the parent (document start)', async () => {
    const ds = await diags('# c\ndescription: bad one\n');
    expect(where(ds, 'test-flag')).toEqual([
      [2, 1, 2, 12], // missing endDate: placed on the nearest existing parent (the root: its first key)
      [2, 14, 2, 21],
    ]);
  });
  it('JSON', async () => {
    const ds = await diags('{\n  "endDate": "2030-01-01T00:00:00Z",\n  "description": "bad x"\n}\n', '/p/doc.json');
    expect(where(ds, 'test-flag')).toEqual([[3, 18, 3, 25]]);
  });
  it('multi-document YAML: each document at its own lines, documentIndex set', async () => {
    const ds = await diags('description: ok\nendDate: "2030-01-01T00:00:00Z"\n---\nendDate: "2030-01-01T00:00:00Z"\ndescription: bad\n');
    const d = ds.filter((x) => x.ruleId === 'test-flag');
    expect(d.map((x) => [x.range.start.line, x.range.start.column, x.documentIndex])).toEqual([[5, 14, 1]]);
  });
  it('CRLF and BOM', async () => {
    const ds = await diags('\uFEFFendDate: "2030-01-01T00:00:00Z"\r\ndescription: bad\r\n');
    expect(where(ds, 'test-flag')).toEqual([[2, 14, 2, 17]]);
  });
  it('a list response: items placed inside the file', async () => {
    const text = '{"results": [\n  {"endDate": "2030-01-01T00:00:00Z", "description": "ok"},\n  {"endDate": "2030-01-01T00:00:00Z", "description": "bad"}\n], "totalCount": 2}\n';
    const ds = await diags(text, '/p/list.json');
    expect(ds.filter((d) => d.ruleId === 'test-flag').map((d) => [d.range.start.line, d.range.start.column, d.documentIndex, d.pointer])).toEqual([[3, 54, 1, '/description']]);
  });
});

describe('engine: severities, suppressions, errors', () => {
  it('config severities override defaults, off drops the rule', async () => {
    expect((await diags('endDate: x\ndescription: bad\n', undefined, [flagDescription], { 'test-flag': 'error' })).find((d) => d.ruleId === 'test-flag')!.severity).toBe('error');
    expect((await diags('endDate: x\ndescription: bad\n', undefined, [flagDescription], { 'test-flag': 'off' })).some((d) => d.ruleId === 'test-flag')).toBe(false);
  });

  it('disable-next-line and file-wide disable suppress; unused ones are reported', async () => {
    const text = [
      'endDate: "2030-01-01T00:00:00Z"',
      '# omlint-disable-next-line test-flag -- known',
      'description: bad',
      '# omlint-disable-next-line test-flag, not-a-rule',
      'alertTypeNames: [HOST]',
      '',
    ].join('\n');
    const ds = await diags(text);
    expect(ds.filter((d) => d.ruleId === 'test-flag')).toEqual([]);
    const unused = ds.filter((d) => d.ruleId === 'unused-disable-directive');
    expect(unused.map((d) => d.range.start.line)).toEqual([4, 4]);
    expect(unused.map((d) => d.message).join(' ')).toMatch(/not-a-rule.*no omlint rule id|no omlint rule id.*not-a-rule/s);
    const file = await diags('# omlint-disable test-flag\nendDate: "2030-01-01T00:00:00Z"\ndescription: bad\n');
    expect(file.filter((d) => d.ruleId === 'test-flag' || d.ruleId === 'unused-disable-directive')).toEqual([]);
  });

  it('a throwing rule becomes internal-error and the other rules still run', async () => {
    const ds = await diags('description: bad\nendDate: "2030-01-01T00:00:00Z"\n', undefined, [thrower, flagDescription]);
    expect(ds.find((d) => d.ruleId === 'internal-error')!.message).toMatch(/test-throw.*boom/);
    expect(ds.some((d) => d.ruleId === 'test-flag')).toBe(true);
  });

  it('empty files and documents, unknown kinds', async () => {
    const [empty] = await lint([{ filePath: '/p/e.yaml', text: '\n' }], { now: NOW, ruleSet: [] });
    expect(empty.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([['empty-document', 'warning']]);
    const [unknown] = await lint([{ filePath: '/p/u.yaml', text: 'foo: 1\n' }], { now: NOW, ruleSet: [] });
    expect(unknown.kinds).toEqual(['unknown']);
    expect(unknown.diagnostics[0]).toMatchObject({ ruleId: 'unknown-kind', severity: 'error', range: { start: { line: 1, column: 1 } } });
    const [badModeline] = await lint([{ filePath: '/p/m.yaml', text: '# omlint: kind=alerts\nfoo: 1\n' }], { now: NOW, ruleSet: [] });
    expect(badModeline.diagnostics[0].message).toMatch(/"alerts".*no omlint kind/);
    // Files found by walking a directory are skipped when no document has a known kind.
    const skipped = await lint([{ filePath: '/p/package.json', text: '{"name": "x"}' }], { now: NOW, ruleSet: [], skipUnknown: () => true });
    expect(skipped).toEqual([]);
  });

  it('workspace rules see the documents of one scope and name the other one', async () => {
    const results = await lint(
      [
        { filePath: '/p/a.yaml', text: 'description: a\n' },
        { filePath: '/p/b.yaml', text: 'description: b\n' },
        { filePath: '/q/c.yaml', text: 'description: c\n' },
      ],
      { now: NOW, kind: 'maintenance-window-update', ruleSet: [countScope], cwd: '/' },
    );
    const scoped = results.map((r) => r.diagnostics.filter((d) => d.ruleId === 'test-scope').map((d) => d.message));
    expect(scoped).toEqual([[], ['same scope as p/a.yaml'], []]);
    const rel = results[1].diagnostics.find((d) => d.ruleId === 'test-scope')!.related![0];
    expect(rel.range!.start).toEqual({ line: 1, column: 1 });
  });
});

describe('engine: fixes', () => {
  it('applies fixes in YAML and JSON, keeping layout and quoting', async () => {
    const [y] = await lintAndFix([{ filePath: '/p/a.yaml', text: 'endDate: "2030-01-01T00:00:00Z"\ndescription: "bad"\n' }], { now: NOW, kind: 'maintenance-window-update', ruleSet: [flagDescription] });
    expect(y.output).toBe('endDate: "2030-01-01T00:00:00Z"\ndescription: "good"\n');
    expect(y.fixCount).toBe(1);
    expect(y.diagnostics.some((d) => d.ruleId === 'test-flag')).toBe(false);
    const [j] = await lintAndFix([{ filePath: '/p/a.json', text: '{"endDate": "2030-01-01T00:00:00Z", "description": "bad"}' }], { now: NOW, kind: 'maintenance-window-update', ruleSet: [flagDescription] });
    expect(j.output).toBe('{"endDate": "2030-01-01T00:00:00Z", "description": "good"}');
  });
});

describe('engine: fixes that clash in meaning', () => {
  it('never leaves two keys of one name (add enabled + rename enabeld → enabled)', async () => {
    const { fixDoc } = await import('../helpers');
    const text = 'eventTypeName: HOST_DOWN\nenabeld: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
    const fixed = await fixDoc(text);
    const { parseText } = await import('../../src/syntax/index');
    expect(parseText(fixed, 'x.yaml').problems).toEqual([]);
    expect(fixed.match(/^enabled:/gm)).toHaveLength(1);
  });
});
