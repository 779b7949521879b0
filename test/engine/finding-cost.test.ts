// The cost of an ordinary finding (issue 37): work a finding needs only for some outputs is done
// only where it is read. Counted, never timed.
import { describe, expect, it, vi } from 'vitest';
import { lint } from '../../src/engine/lint';
import { defineRule } from '../../src/core/rule';
import type { Diagnostic, FixOp, Report, RuleContext, RuleMeta } from '../../src/core/types';
import { getAt, splitPointer } from '../../src/core/pointer';
import { LineIndex, lineTables } from '../../src/core/lines';
import { workCounts } from '../../src/syntax/work-counts';
import { parseText } from '../../src/syntax/index';
import { readBlockYaml } from '../../src/syntax/yaml-block-reader';
import { judgeTemplates, type FileState, type ItemState, type PackedPlaces } from '../../src/engine/file-report';
import { lean } from '../../src/engine/finish';
import { keepFrames } from '../../src/engine/frame-lines';
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

describe('a finding placed from what the parse knows (report21)', () => {
  const text = '# A comment line.\neventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n';
  const atEvent = defineRule({
    meta: { id: 'test-at-event', kinds: ['alert-config'], defaultSeverity: 'warning', description: 'test', docs },
    check(ctx) {
      ctx.report({ pointer: '/eventTypeName', message: 'At the event.' });
    },
  });

  it("a finding at a root key's one-line value walks no pointer: its span told by the block reader's table, its range as a line table gives it", async () => {
    const before = workCounts.blockWalks;
    const [r] = await lint([{ filePath: '/p/a.yaml', text }], { now: NOW, kind: 'alert-config', ruleSet: [atEvent] });
    expect(workCounts.blockWalks - before).toBe(0);
    expect(r.diagnostics.map((d) => [d.ruleId, d.range])).toEqual([['test-at-event', { start: { line: 2, column: 16 }, end: { line: 2, column: 25 } }]]);
  });

  it('a root key\'s value is read without splitting its pointer (judging a place, a report at it), and as the token walk reads it', () => {
    const value = { eventTypeName: 'HOST_DOWN', 'a~b': 1, '': 2, list: [{ x: '{{ .Values.x }}' }], n: null };
    // RFC 6901's walk, token by token: what getAt's shortcut for a root key must agree with.
    const walked = (v: unknown, p: string): unknown => {
      let cur: any = v;
      for (const t of splitPointer(p)) {
        if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, t)) return undefined;
        cur = cur[t];
      }
      return cur;
    };
    const pointers = ['', '/eventTypeName', '/a~0b', '/', '/list', '/list/0/x', '/missing', '/n', '/n/x', '/toString', 'x'];
    for (const p of pointers) expect([p, getAt(value, p)]).toEqual([p, walked(value, p)]);
    for (const v of [null, 'text', 3, [4]]) for (const p of ['', '/0', '/length']) expect(getAt(v, p)).toEqual(walked(v, p));
    const file = { options: {} } as unknown as FileState;
    const doc = { value } as unknown as ItemState;
    const packed: PackedPlaces = ['/eventTypeName', 0, 1, 1, 1, 1, 2, 0, '/list', 0, 1, 1, 1, 1, 2, 0];
    const split = vi.spyOn(String.prototype, 'split');
    try {
      judgeTemplates(file, doc, packed);
      expect(split).not.toHaveBeenCalled();
    } finally {
      split.mockRestore();
    }
    expect([packed[7], packed[15]]).toEqual([0, 0]);
    judgeTemplates(file, doc, (packed[0] = '/list/0/x', packed));
    expect(packed[7]).toBe(1);
  });
});

describe('the lines a released file keeps (report21)', () => {
  it("a digest's place on its one finding's line is not asked again: keepFrames takes its one-line way, with the same frames", () => {
    const text = '# A comment line.\neventTypeName: HOST_DOWN\nnotifications: []\n';
    const lines = new LineIndex(text);
    const d = { range: { start: { line: 2, column: 1 }, end: { line: 2, column: 14 } } } as Diagnostic;
    const source = { text, bom: false, secrets: [], lines };
    // The one-line way searches no list of the lines met (the way of two lines and more does).
    const search = vi.spyOn(Array.prototype, 'lastIndexOf');
    let kept;
    try {
      kept = lean(source, [d], [2]);
      expect(search).not.toHaveBeenCalled();
    } finally {
      search.mockRestore();
    }
    expect(kept.frames).toEqual(keepFrames(lines, [], [2, 2]));
    // Another line of a place is kept as before.
    expect(lean(source, [d], [3]).frames).toEqual(keepFrames(lines, [], [2, 3]));
  });
});

describe('positions counted once forward (report21)', () => {
  it('a finding builds no line table: its range is counted to, as the table would give it', async () => {
    const text = '# A comment line.\n# Another.\neventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n';
    const before = lineTables.built;
    const [r] = await lint([{ filePath: '/p/a.yaml', text }], { now: NOW, kind: 'alert-config', ruleSet: [enabledOmitted] });
    expect(lineTables.built - before).toBe(0);
    expect(r.diagnostics.map((d) => [d.ruleId, d.range])).toEqual([['enabled-omitted', new LineIndex(text).range(r.diagnostics[0].span!)]]);
  });

  it("a count goes on from where the last one stopped: a finding's line and then a digest's place on it count the text above once", () => {
    // The comments above the content are most of the text: counting from the start twice would pass its length.
    const text = `${'# comment\n'.repeat(40)}eventTypeName: HOST_DOWN\nenabled: true\n${'x: 1\n'.repeat(10)}`;
    const at = text.indexOf('eventTypeName');
    const index = new LineIndex(text);
    const before = lineTables.built;
    expect(index.rangeOnce({ start: at, end: at + 13 })).toEqual({ start: { line: 41, column: 1 }, end: { line: 41, column: 14 } });
    expect(index.startInLine(at + 15, at + 24)).toEqual({ line: 41, column: 16 });
    expect(index.startInLine(at + 25, at + 32)).toEqual({ line: 42, column: 1 });
    expect(lineTables.built - before).toBe(0);
    // Before the place counted to: from the start again (a line table once that passes the text's length).
    expect(index.startInLine(300, 302)).toEqual({ line: 31, column: 1 });
    expect(lineTables.built - before).toBe(1);
  });
});

describe("the lines above a YAML file's content, counted once by its read (report21)", () => {
  it('a position on the first content line counts no line above it: the block reader told where that line starts', () => {
    const text = `${'# comment\n'.repeat(40)}eventTypeName: HOST_DOWN\nenabled: true\n`;
    const at = text.indexOf('eventTypeName');
    const read = readBlockYaml(text);
    expect([read?.firstLine, read?.firstStart]).toEqual([41, at]);
    const { lines } = parseText(text, 'a.alert-config.yaml');
    const search = vi.spyOn(String.prototype, 'indexOf');
    let found;
    try {
      found = lines.startInLine(at + 15, at + 24);
      // The text's first \r looked for (once per text) and the end of the line: none of the forty lines above.
      expect(search.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      search.mockRestore();
    }
    expect(found).toEqual({ line: 41, column: 16 });
  });
});
