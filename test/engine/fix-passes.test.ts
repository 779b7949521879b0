// lintAndFix's passes: fixes that break the syntax together are taken back to the first one.
import { describe, expect, it } from 'vitest';
import { lintAndFix } from '../../src/engine/lint';
import { defineRule } from '../../src/core/rule';

const docs = { why: 'test', bad: 'x', good: 'y' };
const addX = defineRule({
  meta: { id: 'test-add-x', kinds: ['maintenance-window-update'], defaultSeverity: 'warning', description: 'test', docs, fixable: true },
  check(ctx) {
    if (!('x' in ctx.value)) ctx.report({ pointer: '', message: 'no x', fix: { title: 'Add x', ops: [{ op: 'add', pointer: '', key: 'x', value: 0 }] } });
  },
});
const renameY = defineRule({
  meta: { id: 'test-rename-y', kinds: ['maintenance-window-update'], defaultSeverity: 'warning', description: 'test', docs, fixable: true },
  check(ctx) {
    if ('y' in ctx.value && !('x' in ctx.value)) ctx.report({ pointer: '/y', target: 'key', message: 'y is x', fix: { title: 'Rename to x', ops: [{ op: 'rename', pointer: '/y', key: 'x' }] } });
  },
});

/** A suggestion with one change (set z), and one with a choice (w to 1 or 2). */
const suggest = defineRule({
  meta: { id: 'test-suggest', kinds: ['maintenance-window-update'], defaultSeverity: 'warning', description: 'test', docs, hasSuggestions: true },
  check(ctx) {
    if ('z' in ctx.value && ctx.value.z !== 0) ctx.report({ pointer: '/z', message: 'z is 0', suggestions: [{ title: 'Set z', ops: [{ op: 'replace', pointer: '/z', value: 0 }] }] });
    if ('w' in ctx.value && ctx.value.w === 0) {
      ctx.report({ pointer: '/w', message: 'w is 1 or 2', suggestions: [1, 2].map((v) => ({ title: `Set w to ${v}`, ops: [{ op: 'replace' as const, pointer: '/w', value: v }] })) });
    }
  },
});

describe('suggestions (issue 31)', () => {
  const opts = { kind: 'maintenance-window-update' as const, now: new Date('2026-11-21T00:00:00Z'), ruleSet: [suggest] };
  it('are never applied by a fix, and with fixSuggestions only where a finding offers one', async () => {
    const input = [{ filePath: '/p/a.yaml', text: 'z: 5\nw: 0\n' }];
    expect((await lintAndFix(input, opts))[0].output).toBeUndefined();
    const [r] = await lintAndFix(input, { ...opts, fixSuggestions: true });
    expect(r.output).toBe('z: 0\nw: 0\n');
    expect(r.fixCount).toBe(1);
  });
});

describe('lintAndFix passes', () => {
  it('takes back all but the first fix of a file when together they add a duplicate key', async () => {
    const [r] = await lintAndFix([{ filePath: '/p/a.yaml', text: 'a: 1\ny: 2\n' }], { kind: 'maintenance-window-update', now: new Date('2026-11-21T00:00:00Z'), ruleSet: [addX, renameY] });
    expect(r.output).toBe('a: 1\ny: 2\nx: 0\n');
    expect(r.fixCount).toBe(1);
    expect(r.diagnostics.filter((d) => d.ruleId === 'duplicate-key')).toEqual([]);
  });

  it('applies fixes that do not clash in one pass, each counted', async () => {
    const [r] = await lintAndFix([{ filePath: '/p/a.yaml', text: 'a: 1\n' }], { kind: 'maintenance-window-update', now: new Date('2026-11-21T00:00:00Z'), ruleSet: [addX, renameY] });
    expect(r.output).toBe('a: 1\nx: 0\n');
    expect(r.fixCount).toBe(1);
  });
});
