// The cost of an ordinary finding (issue 37): work a finding needs only for some outputs is done
// only where it is read. Counted, never timed.
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import { defineRule } from '../../src/core/rule';
import type { FixOp, Report, RuleContext, RuleMeta } from '../../src/core/types';
import { messageReport } from '../../src/engine/passes';
import enabledOmitted from '../../rules/enabled-omitted';

const docs = { why: 'test', bad: 'x', good: 'y' };
const NOW = new Date('2026-11-21T00:00:00Z');

/** A rule suggesting `enabled: true` on every item of `notifications` without one; `reads` counts how often a suggestion's ops are read (made into text edits). */
function suggesting() {
  const counter = { reads: 0 };
  const rule = defineRule({
    meta: { id: 'test-suggest-each', kinds: ['alert-config'], defaultSeverity: 'warning', description: 'test', docs, hasSuggestions: true },
    check(ctx) {
      const items = ((ctx.value as Record<string, unknown>).notifications ?? []) as Record<string, unknown>[];
      items.forEach((item, i) => {
        if (item.flag !== undefined) return;
        const ops: FixOp[] = [{ op: 'add', pointer: `/notifications/${i}`, key: 'flag', value: true }];
        const suggestion = { title: 'Add flag: true', get ops() { counter.reads++; return ops; } };
        ctx.report({ pointer: `/notifications/${i}`, message: `\`notifications[${i}]\` has no flag.`, suggestions: [suggestion] });
      });
    },
  });
  return { rule, counter };
}

const alert = (items: number) => `eventTypeName: HOST_DOWN
enabled: true
notifications:
${Array.from({ length: items }, () => '  - typeName: EMAIL\n    emailAddress: a@example.com\n    intervalMin: 5\n').join('')}`;

describe('suggestions made into text edits where read', () => {
  it('a file of one finding, with suggestionEdits false: its suggestion is never made into edits', async () => {
    const { rule, counter } = suggesting();
    const [r] = await lint([{ filePath: '/p/a.yaml', text: alert(1) }], { now: NOW, kind: 'alert-config', ruleSet: [rule], suggestionEdits: false });
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['test-suggest-each']);
    expect(counter.reads).toBe(0);
    expect(r.diagnostics[0].suggestions).toBeUndefined();
  });

  it('by default (the language server, fixes): made at once, with their edits', async () => {
    const { rule, counter } = suggesting();
    const [r] = await lint([{ filePath: '/p/a.yaml', text: alert(1) }], { now: NOW, kind: 'alert-config', ruleSet: [rule] });
    expect(counter.reads).toBeGreaterThan(0);
    expect(r.diagnostics[0].suggestions).toEqual([{ title: 'Add flag: true', edits: [{ span: expect.any(Object), text: '    flag: true\n' }] }]);
  });

  it('a file of two findings or more: made, since repeats are grouped by them; the result is the eager one', async () => {
    const lazy = suggesting();
    const [r] = await lint([{ filePath: '/p/a.yaml', text: alert(3) }], { now: NOW, kind: 'alert-config', ruleSet: [lazy.rule], suggestionEdits: false });
    expect(lazy.counter.reads).toBe(3);
    const eager = suggesting();
    const [e] = await lint([{ filePath: '/p/a.yaml', text: alert(3) }], { now: NOW, kind: 'alert-config', ruleSet: [eager.rule] });
    // One aggregate of three places, its suggestion merged from the three.
    expect(e.diagnostics).toHaveLength(1);
    expect(e.diagnostics[0].suggestions?.[0].edits).toHaveLength(3);
    expect(r).toEqual(e);
  });
});

describe('the hint list of pointers to place', () => {
  /** A rule whose one finding has a safe fix; `reads` counts how often the fix's ops are read. */
  function fixing() {
    const counter = { reads: 0 };
    const ops: FixOp[] = [{ op: 'add', pointer: '', key: 'enabled', value: true }];
    const rule = defineRule({
      meta: { id: 'test-fix-once', kinds: ['alert-config'], defaultSeverity: 'warning', description: 'test', docs, fixable: true },
      check(ctx) {
        ctx.report({ pointer: '', message: 'No enabled.', fix: { title: 'Add enabled: true', get ops() { counter.reads++; return ops; } } });
      },
    });
    return { rule, counter };
  }
  const text = 'eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n';

  it('a YAML document (placed without reading ahead) gets none: its fix is read once, to make its edits', async () => {
    const { rule, counter } = fixing();
    const [r] = await lint([{ filePath: '/p/a.yaml', text }], { now: NOW, kind: 'alert-config', ruleSet: [rule] });
    expect(r.diagnostics[0].fix?.edits).toHaveLength(1);
    expect(counter.reads).toBe(1);
  });

  it('a JSON document that reads ahead gets it: its fix is read for the hint too, with the same result', async () => {
    const { rule, counter } = fixing();
    // Big enough for the forward reader (json.ts NAVIGATE_MIN_CHARS); the padding is a long value.
    const json = JSON.stringify({ eventTypeName: 'HOST_DOWN', notifications: [{ typeName: 'EMAIL', emailAddress: `${'a'.repeat(600_000)}@example.com` }] });
    const [r] = await lint([{ filePath: '/p/a.json', text: json }], { now: NOW, kind: 'alert-config', ruleSet: [rule] });
    expect(r.diagnostics[0].fix?.edits).toHaveLength(1);
    expect(counter.reads).toBe(2);
  });
});

describe('what a finding makes (report18)', () => {
  it('enabled-omitted hands every report the same frozen suggestion (none made anew per finding)', () => {
    const seen: Report[] = [];
    const ctx = { value: { eventTypeName: 'HOST_DOWN' }, report: (r: Report) => seen.push(r) } as unknown as RuleContext;
    enabledOmitted.check(ctx);
    enabledOmitted.check(ctx);
    expect(seen).toHaveLength(2);
    expect(seen[0].suggestions).toBe(seen[1].suggestions);
    expect(Object.isFrozen(seen[0].suggestions) && Object.isFrozen(seen[0].suggestions![0].ops[0])).toBe(true);
  });

  it("a rule's report is placed in one shape, whatever fields the rule's object has (no spread)", () => {
    const meta = { id: 'test-shape', messages: { m: 'Value {{v}}.' } } as unknown as RuleMeta;
    const a = messageReport(meta, { pointer: '/a', messageId: 'm', data: { v: 1 } });
    const b = messageReport(meta, { pointer: '/b', message: 'Plain.', severity: 'error' });
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(a).toMatchObject({ pointer: '/a', message: 'Value 1.', messageId: 'm' });
    expect('data' in a).toBe(false);
  });
});
