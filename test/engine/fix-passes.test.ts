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

describe('lintAndFix passes', () => {
  it('takes back all but the first fix of a file when together they add a duplicate key', async () => {
    const [r] = await lintAndFix([{ filePath: '/p/a.yaml', text: 'a: 1\ny: 2\n' }], { kind: 'maintenance-window-update', now: new Date('2026-11-21T00:00:00Z'), ruleSet: [addX, renameY] });
    expect(r.output).toBe('x: 0\na: 1\ny: 2\n');
    expect(r.fixCount).toBe(1);
    expect(r.diagnostics.filter((d) => d.ruleId === 'duplicate-key')).toEqual([]);
  });

  it('applies fixes that do not clash in one pass, each counted', async () => {
    const [r] = await lintAndFix([{ filePath: '/p/a.yaml', text: 'a: 1\n' }], { kind: 'maintenance-window-update', now: new Date('2026-11-21T00:00:00Z'), ruleSet: [addX, renameY] });
    expect(r.output).toBe('x: 0\na: 1\n');
    expect(r.fixCount).toBe(1);
  });
});
