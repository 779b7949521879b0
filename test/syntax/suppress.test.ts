import { describe, expect, it } from 'vitest';
import { lint, lintAndFix } from '../../src/engine/lint';
import { defineRule, defineWorkspaceRule } from '../../src/core/rule';
import { findDirectives, NO_DIRECTIVES } from '../../src/syntax/suppress';
import { LineIndex } from '../../src/core/lines';
import { yamlCommentSpans } from '../../src/syntax/comments';
import type { Diagnostic, Rule } from '../../src/core/types';

const NOW = new Date('2026-11-21T00:00:00Z');
const docs = { why: 'test', bad: 'x', good: 'y' };

// Reports every top-level key whose value is "bad" (test-bad) or "worse" (test-worse).
const badValues = defineRule({
  meta: { id: 'test-bad', kinds: ['maintenance-window-update'], defaultSeverity: 'warning', description: 'test', docs },
  check(ctx) {
    for (const [k, v] of Object.entries(ctx.value as Record<string, unknown>)) if (v === 'bad') ctx.report({ pointer: `/${k}`, message: `${k} is bad` });
  },
});
const worseValues = defineRule({
  meta: { id: 'test-worse', kinds: ['maintenance-window-update'], defaultSeverity: 'warning', description: 'test', docs },
  check(ctx) {
    for (const [k, v] of Object.entries(ctx.value as Record<string, unknown>)) if (v === 'worse') ctx.report({ pointer: `/${k}`, message: `${k} is worse` });
  },
});
const scopeRule = defineWorkspaceRule({
  meta: { id: 'test-scope', kinds: ['maintenance-window-update'], defaultSeverity: 'warning', description: 'test', docs, scope: 'workspace' },
  check() {},
});
const RULES: Rule[] = [badValues, worseValues, scopeRule];

async function diags(text: string, opts: { inlineConfig?: boolean } = {}): Promise<Diagnostic[]> {
  const [r] = await lint([{ filePath: '/p/doc.yaml', text }], { now: NOW, kind: 'maintenance-window-update', ruleSet: RULES, ...opts });
  return r.diagnostics;
}
const lineOf = (ds: Diagnostic[], id: string) => ds.filter((d) => d.ruleId === id).map((d) => d.range.start.line);
async function fixed(text: string): Promise<string | undefined> {
  const [r] = await lintAndFix([{ filePath: '/p/doc.yaml', text }], { now: NOW, kind: 'maintenance-window-update', ruleSet: RULES });
  return r.output;
}

describe('directives are read from real comments only', () => {
  it('a directive line inside a block scalar silences nothing', async () => {
    const ds = await diags('description: |\n  # omlint-disable\n  text\na: bad\nb: bad\n');
    expect(lineOf(ds, 'test-bad')).toEqual([4, 5]);
    expect(lineOf(ds, 'unused-disable-directive')).toEqual([]);
  });
  it('a quoted string mentioning a directive yields no warning, and suppresses nothing', async () => {
    const ds = await diags('description: "see # omlint-disable-next-line test-bad"\nnote: \'# omlint-disabel\'\na: bad\n');
    expect(lineOf(ds, 'test-bad')).toEqual([3]);
    expect(lineOf(ds, 'unused-disable-directive')).toEqual([]);
  });
  it('disable-next-line skips comment lines, but not block-scalar lines that start with #', async () => {
    const skip = await diags('# omlint-disable-next-line test-bad\n# another comment\na: bad\n');
    expect(lineOf(skip, 'test-bad')).toEqual([]);
    const block = await diags('description: |\n  # omlint-disable-next-line test-bad\n  # text\na: bad\n');
    expect(lineOf(block, 'test-bad')).toEqual([4]);
    // On a block scalar's header, the next line is the scalar's first line, even when it starts with #.
    const header = await diags('description: | # omlint-disable-next-line test-bad\n  # text\na: bad\n');
    expect(lineOf(header, 'test-bad')).toEqual([3]);
    expect(lineOf(header, 'unused-disable-directive')).toEqual([1]);
  });
  it('JSON has no comments: a string holding a directive is a string', async () => {
    const [r] = await lint([{ filePath: '/p/doc.json', text: '{"description": "# omlint-disable", "a": "bad"}\n' }], { now: NOW, kind: 'maintenance-window-update', ruleSet: RULES });
    expect(lineOf(r.diagnostics, 'test-bad')).toEqual([1]);
    expect(lineOf(r.diagnostics, 'unused-disable-directive')).toEqual([]);
  });
  it('the fast path: a text without "# omlint-" is not lexed', () => {
    for (const text of ['a: 1 # a comment\n', 'url: https://example.com/omlint-action # see omlint docs\n']) {
      expect(findDirectives(text, new LineIndex(text))).toBe(NO_DIRECTIVES);
    }
  });
});

describe('only the stretches around candidates are lexed, with the same answer', () => {
  // Where each directive word starts: from every comment of the whole text, lexed from its start...
  const reference = (text: string) =>
    yamlCommentSpans(text)
      .filter((c) => /^#\s*omlint-/.test(text.slice(c.start, c.end)))
      .map((c) => text.indexOf('omlint-', c.start));
  // ...and as findDirectives finds them.
  const found = (text: string) => {
    const f = findDirectives(text, new LineIndex(text));
    return [...f.directives.map((d) => text.indexOf('omlint-', d.comment.start)), ...f.unknown.map((u) => u.span.start)].sort((a, b) => a - b);
  };
  const texts = [
    // Block scalars holding directive-like lines, across document markers.
    'a: 1\n---\ndescription: |\n  # omlint-disable\n  ---x\n# omlint-disable-line a\n---\nb: |\n  # omlint-enable\n...\n# omlint-disabel\n',
    // A quoted scalar over several lines, a flow collection over several lines.
    'q: "one\n  # omlint-disable\n  two" # omlint-disable-line x\n---\nf: [a,\n  # omlint-enable\n  b] # omlint-disable-next-line y\n',
    // A document marker that is no marker (indented, or followed by text).
    'd: |\n  --- # omlint-disable\n ---\n  # omlint-disable\nafter: 1 # omlint-disable-line z\n',
    // A run of directive lines, blank lines between.
    '# omlint-disable-next-line a\n\n# omlint-disable-next-line b\n# omlint-enable\nk: v\n',
  ];
  for (const [i, text] of texts.entries()) {
    it(`text ${i}`, () => {
      const want = reference(text);
      expect(want.length).toBeGreaterThan(1);
      expect(found(text)).toEqual(want);
    });
  }
});

describe('ESLint set of directives', () => {
  it('disable-line covers its own line only', async () => {
    const ds = await diags('a: bad # omlint-disable-line test-bad -- known\nb: bad\n');
    expect(lineOf(ds, 'test-bad')).toEqual([2]);
    expect(lineOf(ds, 'unused-disable-directive')).toEqual([]);
  });
  it('disable starts a region at its position; enable ends it', async () => {
    const ds = await diags('a: bad\n# omlint-disable test-bad\nb: bad\nc: worse\n# omlint-enable test-bad\nd: bad\n');
    expect(lineOf(ds, 'test-bad')).toEqual([1, 6]);
    expect(lineOf(ds, 'test-worse')).toEqual([4]);
    expect(lineOf(ds, 'unused-disable-directive')).toEqual([]);
  });
  it('enable <id> after a disable of every rule re-enables that rule only', async () => {
    const ds = await diags('# omlint-disable\na: bad\nb: worse\n# omlint-enable test-bad\nc: bad\nd: worse\n');
    expect(lineOf(ds, 'test-bad')).toEqual([5]);
    expect(lineOf(ds, 'test-worse')).toEqual([]);
  });
  it('an enable with nothing to end is reported', async () => {
    const ds = await diags('a: bad\n# omlint-enable test-bad\n# omlint-enable\n');
    expect(ds.filter((d) => d.ruleId === 'unused-disable-directive').map((d) => [d.range.start.line, d.message])).toEqual([
      [2, expect.stringMatching(/"test-bad", which no omlint-disable comment above it disables/)],
      [3, expect.stringMatching(/re-enables nothing/)],
    ]);
  });
  it('an unknown directive word is reported with did-you-mean and a suggestion, and suppresses nothing', async () => {
    const ds = await diags('# omlint-disabel test-bad\na: bad\n');
    expect(lineOf(ds, 'test-bad')).toEqual([2]);
    const [u] = ds.filter((d) => d.ruleId === 'unused-disable-directive');
    expect(u.message).toMatch(/"omlint-disabel" is no omlint directive.*Did you mean "omlint-disable"\?/);
    expect([u.range.start.column, u.range.end.column]).toEqual([3, 17]);
    expect(u.suggestions![0].edits).toEqual([{ span: { start: 2, end: 16 }, text: 'omlint-disable' }]);
    expect(u.fix).toBeUndefined();
  });
  it('an unknown rule id: did-you-mean, placed on the id', async () => {
    const ds = await diags('# omlint-disable-next-line test-bda\na: bad\n');
    const [u] = ds.filter((d) => d.ruleId === 'unused-disable-directive');
    expect(u.message).toMatch(/"test-bda" in this omlint-disable-next-line comment is no omlint rule id.*Did you mean "test-bad"\?/);
    expect(u.range.start.column).toBe(28);
    expect(u.suggestions![0].edits[0].text).toBe('test-bad');
  });
  it('inlineConfig false (--no-inline-config) ignores every directive', async () => {
    const text = '# omlint-disable\na: bad\n# omlint-disabel\n';
    expect(lineOf(await diags(text), 'test-bad')).toEqual([]);
    const ds = await diags(text, { inlineConfig: false });
    expect(lineOf(ds, 'test-bad')).toEqual([2]);
    expect(lineOf(ds, 'unused-disable-directive')).toEqual([]);
  });
});

describe('--fix removes unused directives', () => {
  it('a whole comment line, with its line break (CRLF too)', async () => {
    expect(await fixed('# omlint-disable-next-line test-bad -- old\na: ok\nb: 1\n')).toBe('a: ok\nb: 1\n');
    // Last in the file: nothing follows for it to suppress (a forced kind makes schema findings on the keys).
    expect(await fixed('a: ok\r\n  # omlint-disable\r\n')).toBe('a: ok\r\n');
  });
  it('a comment after content, with the blanks before it', async () => {
    expect(await fixed('a: ok   # omlint-disable-line test-bad\nb: 1\n')).toBe('a: ok\nb: 1\n');
  });
  it('only the unused ids of a list, keeping the reason', async () => {
    expect(await fixed('# omlint-disable-next-line test-worse, test-bad -- migrating\na: bad\n')).toBe('# omlint-disable-next-line test-bad -- migrating\na: bad\n');
  });
  it('keeps an unknown id (a typo to fix, not to drop) and the ids of rules that read other files', async () => {
    expect(await fixed('# omlint-disable-next-line test-worse, test-bda\na: ok\n')).toBe('# omlint-disable-next-line test-bda\na: ok\n');
    const ds = await diags('# omlint-disable-next-line test-scope\na: ok\n');
    const [u] = ds.filter((d) => d.ruleId === 'unused-disable-directive');
    expect(u.message).toMatch(/"test-scope", which reports nothing here/);
    expect(u.fix).toBeUndefined();
    expect(await fixed('# omlint-disable-next-line test-scope\na: ok\n')).toBeUndefined();
  });
  it('a used directive stays', async () => {
    expect(await fixed('# omlint-disable-next-line test-bad\na: bad\n')).toBeUndefined();
  });
});
