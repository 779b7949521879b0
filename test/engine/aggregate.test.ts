// A finding repeated over the items of an array is one diagnostic (src/engine/aggregate.ts).
import { describe, expect, it } from 'vitest';
import { lint, lintAndFix } from '../../src/engine/lint';
import { defineRule } from '../../src/core/rule';
import { joinPointer } from '../../src/core/pointer';
import type { Diagnostic } from '../../src/core/types';

const NOW = new Date('2026-11-21T00:00:00Z');
const docs = { why: 'test', bad: 'x', good: 'y' };

/** Reports every `flag` of the items of `notifications` and `matchers`, and every key of `labels`. */
const flagEach = defineRule({
  meta: { id: 'test-each', kinds: ['alert-config'], defaultSeverity: 'warning', description: 'test', docs, fixable: true },
  check(ctx) {
    const v = ctx.value as Record<string, any>;
    for (const list of ['notifications', 'matchers']) {
      (v[list] ?? []).forEach((item: Record<string, unknown>, i: number) => {
        if (item.flag === undefined || item.flag === 'ok') return;
        const pointer = joinPointer('', list, i, 'flag');
        // "same": a message that names only the item's index; otherwise the flag's own words.
        const message = item.flag === 'same' ? `\`${list}[${i}].flag\` is flagged.` : `flag ${String(item.flag)}`;
        ctx.report({ pointer, message, fix: { title: 'Set flag to ok', ops: [{ op: 'replace', pointer, value: 'ok' }] } });
      });
    }
    for (const key of Object.keys(v.labels ?? {})) ctx.report({ pointer: joinPointer('', 'labels', key), message: 'label flagged' });
  },
});

async function run(text: string) {
  const [r] = await lint([{ filePath: '/p/a.yaml', text }], { now: NOW, kind: 'alert-config', ruleSet: [flagEach] });
  return { result: r, mine: r.diagnostics.filter((d) => d.ruleId === 'test-each') };
}
const at = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.column}`;

const FOUR = `eventTypeName: HOST_DOWN
notifications:
  - typeName: EMAIL
    flag: same
  - typeName: EMAIL
    flag: same
  - typeName: EMAIL
    flag: same
  - typeName: EMAIL
    flag: same
`;

describe('repeated findings', () => {
  it('are one diagnostic at the first place, naming the count, with the others as related places', async () => {
    const { result, mine } = await run(FOUR);
    expect(mine).toHaveLength(1);
    const [d] = mine;
    expect(at(d)).toBe('4:11');
    expect(d.pointer).toBe('/notifications/0/flag');
    expect(d.message).toBe('`notifications[0].flag` is flagged. (and 3 more places)');
    expect(d.occurrences).toBe(4);
    expect(d.related!.map((r) => [r.pointer, `${r.range!.start.line}:${r.range!.start.column}`, r.message])).toEqual([
      ['/notifications/1/flag', '6:11', '`notifications[1].flag` is flagged.'],
      ['/notifications/2/flag', '8:11', '`notifications[2].flag` is flagged.'],
      ['/notifications/3/flag', '10:11', '`notifications[3].flag` is flagged.'],
    ]);
    expect(d.related!.every((r) => r.filePath === '/p/a.yaml' && r.documentIndex === 0)).toBe(true);
    // Counts are per place, so that --max-warnings and exit codes do not change.
    const count = { error: result.errorCount, warning: result.warningCount, info: result.infoCount }[d.severity];
    const same = result.diagnostics.filter((x) => x.severity === d.severity);
    expect(count).toBe(same.reduce((n, x) => n + (x.occurrences ?? 1), 0));
    expect(count).toBeGreaterThanOrEqual(same.length + 3);
  });

  it('never merge different messages, different arrays, or object keys that look like indices', async () => {
    const text = `eventTypeName: HOST_DOWN
notifications:
  - flag: a
  - flag: b
  - flag: same
matchers:
  - flag: same
labels:
  "0": x
  "1": y
`;
    const { mine } = await run(text);
    expect(mine.map((d) => [at(d), d.occurrences ?? 1])).toEqual([
      ['3:11', 1],
      ['4:11', 1],
      ['5:11', 1],
      ['7:11', 1],
      ['9:8', 1],
      ['10:8', 1],
    ]);
  });

  it('group the items of one array only', async () => {
    const text = `eventTypeName: HOST_DOWN
notifications:
  - flag: same
  - flag: same
matchers:
  - flag: same
  - flag: same
`;
    const { mine } = await run(text);
    expect(mine.map((d) => [at(d), d.occurrences, d.related!.map((r) => r.pointer)])).toEqual([
      ['3:11', 2, ['/notifications/1/flag']],
      ['6:11', 2, ['/matchers/1/flag']],
    ]);
    expect(mine[0].message).toMatch(/\(and 1 more place\)$/);
  });

  it('are suppressed place by place: a directive silences its own place, the others stay one diagnostic', async () => {
    const text = FOUR.replace('notifications:\n  - typeName: EMAIL\n', 'notifications:\n  - typeName: EMAIL\n    # omlint-disable-next-line test-each\n');
    const { result, mine } = await run(text);
    expect(mine.map((d) => [at(d), d.occurrences])).toEqual([['7:11', 3]]);
    expect(result.diagnostics.some((d) => d.ruleId === 'unused-disable-directive')).toBe(false);
  });

  it('are fixed at every place by --fix, and each place counts as a fix', async () => {
    const [r] = await lintAndFix([{ filePath: '/p/a.yaml', text: FOUR }], { now: NOW, kind: 'alert-config', ruleSet: [flagEach] });
    expect(r.output).toBe(FOUR.replace(/flag: same/g, 'flag: ok'));
    expect(r.fixCount).toBe(4);
    expect(r.diagnostics.filter((d) => d.ruleId === 'test-each')).toHaveLength(0);
  });

  it('offer one quick fix for every place', async () => {
    const { mine } = await run(FOUR);
    expect(mine[0].fix!.title).toBe('Set flag to ok (all 4 places)');
    expect(mine[0].fix!.edits).toHaveLength(4);
  });
});
