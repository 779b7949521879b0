import { describe, expect, it } from 'vitest';
import { applyEdits, fixEdits } from '../../src/syntax/fix';
import { parseText } from '../../src/syntax/index';
import { workCounts } from '../../src/syntax/work-counts';
import type { FixOp, TextEdit } from '../../src/core/types';
import fc from 'fast-check';

function fix(text: string, fileName: string, ops: FixOp[], base = ''): string {
  const f = parseText(text, fileName);
  const edits = fixEdits(f, f.documents[0], base, ops);
  expect(edits).toBeDefined();
  return applyEdits(f.text, [edits!]).text;
}

describe('fix edits', () => {
  const yaml = 'a: 1\nlist:\n  - typeName: EMAIL\n    emailEnabled: true\n    delayMin: 0\nz: last\n';
  const json = '{\n  "a": 1,\n  "list": [\n    { "typeName": "EMAIL", "emailEnabled": true }\n  ],\n  "z": "last"\n}\n';

  it('removes a property: YAML lines, JSON with its comma', () => {
    expect(fix(yaml, 'x.yaml', [{ op: 'remove', pointer: '/list/0/emailEnabled' }])).toBe('a: 1\nlist:\n  - typeName: EMAIL\n    delayMin: 0\nz: last\n');
    expect(fix(yaml, 'x.yaml', [{ op: 'remove', pointer: '/list/0/typeName' }])).toBe('a: 1\nlist:\n  - emailEnabled: true\n    delayMin: 0\nz: last\n');
    expect(fix(yaml, 'x.yaml', [{ op: 'remove', pointer: '/z' }])).toBe('a: 1\nlist:\n  - typeName: EMAIL\n    emailEnabled: true\n    delayMin: 0\n');
    expect(fix(json, 'x.json', [{ op: 'remove', pointer: '/list/0/emailEnabled' }])).toBe('{\n  "a": 1,\n  "list": [\n    { "typeName": "EMAIL" }\n  ],\n  "z": "last"\n}\n');
    expect(fix(json, 'x.json', [{ op: 'remove', pointer: '/a' }])).toBe('{\n  "list": [\n    { "typeName": "EMAIL", "emailEnabled": true }\n  ],\n  "z": "last"\n}\n');
  });

  it('removes a property of a mapping followed by a comment line without the position parse, as that parse would', () => {
    // The item's end is unsure to the block reader (a comment line follows it); its start is not.
    const text = 'notifications:\n  # first\n  - typeName: EMAIL\n    emailEnabled: true\n    delayMin: 0\n  # then\n  - typeName: SMS\n';
    const asFull = 'notifications:\n  # first\n  - typeName: EMAIL\n    delayMin: 0\n  # then\n  - typeName: SMS\n';
    const before = workCounts.positionParses;
    expect(fix(text, 'x.yaml', [{ op: 'remove', pointer: '/notifications/0/emailEnabled' }])).toBe(asFull);
    expect(workCounts.positionParses).toBe(before);
    // The same text parsed in full (a tab in a comment takes it past the block reader) gets the same edit.
    const full = fix(text.replace('# then', '#\tthen'), 'x.yaml', [{ op: 'remove', pointer: '/notifications/0/emailEnabled' }]);
    expect(full).toBe(asFull.replace('# then', '#\tthen'));
    // A flow mapping is still told apart (the block reader leaves it to the full parse).
    expect(fix('a: 1\nb: { c: 1, d: 2 }\n', 'x.yaml', [{ op: 'remove', pointer: '/b/c' }])).toBe('a: 1\nb: { d: 2 }\n');
  });

  it('renames keys and replaces values', () => {
    expect(fix(yaml, 'x.yaml', [{ op: 'rename', pointer: '/list/0/delayMin', key: 'delayMinutes' }])).toContain('    delayMinutes: 0\n');
    expect(fix(json, 'x.json', [{ op: 'rename', pointer: '/z', key: 'y' }])).toContain('"y": "last"');
    expect(fix(yaml, 'x.yaml', [{ op: 'replace', pointer: '/z', value: 'first' }])).toContain('z: first\n');
    expect(fix(json, 'x.json', [{ op: 'replace', pointer: '/a', value: 2 }])).toContain('"a": 2,');
  });

  it('adds a property beside its kin (after the first of `after` present, else after the last key), never as the first line', () => {
    const add = (key: string, value: unknown, after?: string[], pointer = ''): FixOp[] => [{ op: 'add', pointer, key, value, after }];
    expect(fix('# head\neventTypeName: X\nnotifications: []\n', 'x.yaml', add('enabled', true, ['eventTypeName']))).toBe('# head\neventTypeName: X\nenabled: true\nnotifications: []\n');
    expect(fix('# head\neventTypeName: X\nnotifications: []\n', 'x.yaml', add('enabled', true))).toBe('# head\neventTypeName: X\nnotifications: []\nenabled: true\n');
    // The kin's value spans lines: the new key comes after all of it.
    expect(fix('id: a\nnotifications:\n  - typeName: SMS\n    delayMin: 0\nthreshold: 1\n', 'x.yaml', add('enabled', true, ['missing', 'notifications']))).toBe('id: a\nnotifications:\n  - typeName: SMS\n    delayMin: 0\nenabled: true\nthreshold: 1\n');
    expect(fix('{\n  "eventTypeName": "X",\n  "notifications": []\n}\n', 'x.json', add('enabled', true, ['eventTypeName']))).toBe('{\n  "eventTypeName": "X",\n  "enabled": true,\n  "notifications": []\n}\n');
    expect(fix('{\n  "eventTypeName": "X"\n}\n', 'x.json', add('enabled', true))).toBe('{\n  "eventTypeName": "X",\n  "enabled": true\n}\n');
    expect(fix('{"eventTypeName": "X", "notifications": []}', 'x.json', add('enabled', true, ['eventTypeName']))).toBe('{"eventTypeName": "X", "enabled": true, "notifications": []}');
    expect(fix('a: { b: 1, c: 2 }\n', 'x.yaml', add('d', 3, undefined, '/a'))).toBe('a: { b: 1, c: 2, "d": 3 }\n');
    // An item of a sequence: at the column of its keys, after the dash.
    expect(fix('- typeName: EMAIL\n  delayMin: 0\n', 'x.yaml', add('intervalMin', 5, ['delayMin'], '/0'))).toBe('- typeName: EMAIL\n  delayMin: 0\n  intervalMin: 5\n');
    expect(fix('- typeName: EMAIL\n  delayMin: 0\n- typeName: SMS\n', 'x.yaml', add('intervalMin', 5, ['typeName'], '/0'))).toBe('- typeName: EMAIL\n  intervalMin: 5\n  delayMin: 0\n- typeName: SMS\n');
    // No line break at the end of the text: none is added after the new line either.
    expect(fix('a: 1', 'x.yaml', add('b', 2))).toBe('a: 1\nb: 2');
  });

  it('keeps CRLF line ends', () => {
    expect(fix('a: 1\r\nb: 2\r\n', 'x.yaml', [{ op: 'add', pointer: '', key: 'c', value: 'd' }])).toBe('a: 1\r\nb: 2\r\nc: d\r\n');
  });

  it('never applies overlapping edits in one pass', () => {
    const r = applyEdits('abcdef', [[{ span: { start: 1, end: 3 }, text: 'X' }], [{ span: { start: 2, end: 4 }, text: 'Y' }]]);
    expect(r).toEqual({ text: 'aXdef', applied: 1, accepted: [0] });
  });
});

/** The clash rule, pair by pair (the quadratic check applyEdits replaced), as a reference. */
function clashes(a: TextEdit, b: TextEdit): boolean {
  return (a.span.start < b.span.end && b.span.start < a.span.end) || (a.span.start === b.span.start && a.span.end === b.span.end);
}

/** Splices accepted edits from the end, one by one: the old, quadratic way, as a reference. */
function reference(text: string, groups: TextEdit[][]): { text: string; accepted: number[] } {
  const taken: TextEdit[] = [];
  const accepted: number[] = [];
  groups.forEach((g, i) => {
    if (g.some((e) => taken.some((t) => clashes(e, t)))) return;
    taken.push(...g);
    accepted.push(i);
  });
  taken.sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = text;
  for (const e of taken) out = out.slice(0, e.span.start) + e.text + out.slice(e.span.end);
  return { text: out, accepted };
}

describe('applyEdits', () => {
  const edit = (start: number, end: number, text: string): TextEdit => ({ span: { start, end }, text });

  it('takes fixes first come first served, whatever their order in the text', () => {
    const groups = [[edit(8, 9, 'I')], [edit(0, 2, 'AB')], [edit(1, 3, 'x')], [edit(4, 4, '+'), edit(5, 7, 'FG')], [edit(6, 6, '!')]];
    expect(applyEdits('abcdefghij', groups)).toEqual({ text: 'ABcd+eFGhIj', applied: 3, accepted: [0, 1, 3] });
  });

  it('keeps touching edits, two insertions at one place clash, an insertion inside a replacement clashes', () => {
    expect(applyEdits('abcd', [[edit(0, 2, 'X')], [edit(2, 4, 'Y')]]).text).toBe('XY');
    expect(applyEdits('abcd', [[edit(2, 2, '1')], [edit(2, 2, '2')]]).accepted).toEqual([0]);
    expect(applyEdits('abcd', [[edit(1, 3, 'X')], [edit(2, 2, '!')]]).accepted).toEqual([0]);
    // At the edge of a replacement an insertion is no clash; it goes before the replacement.
    expect(applyEdits('abcd', [[edit(1, 3, 'X')], [edit(1, 1, '<')], [edit(3, 3, '>')]]).text).toBe('a<X>d');
  });

  it('agrees with the pairwise check on random fixes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.tuple(fc.nat(30), fc.nat(4), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 3 }), { maxLength: 25 }),
        (raw) => {
          const text = 'abcdefghijklmnopqrstuvwxyz0123456789';
          // Edits of one group never overlap each other (a rule's fix is consistent).
          const groups = raw
            .map((g) => g.map(([s, len, t]) => edit(s, Math.min(text.length, s + len), t)))
            .filter((g) => g.every((e, i) => g.every((f, j) => i === j || !clashes(e, f))));
          const got = applyEdits(text, groups);
          const want = reference(text, groups);
          expect(got.accepted).toEqual(want.accepted);
          expect(got.text).toBe(want.text);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('applies 10,000 fixes in one pass', () => {
    // One fix per line of a 10,000-line text: all are taken, and the text is right at both ends.
    const lines = Array.from({ length: 10_000 }, (_, i) => `k${i}: requireSSL`);
    const text = lines.join('\n');
    const groups: TextEdit[][] = [];
    let at = 0;
    for (const line of lines) {
      const s = at + line.indexOf('requireSSL');
      groups.push([edit(s, s + 'requireSSL'.length, 'requireTLS')]);
      at += line.length + 1;
    }
    const r = applyEdits(text, groups.reverse());
    expect(r.applied).toBe(10_000);
    expect(r.text).toBe(lines.map((l) => l.replace('SSL', 'TLS')).join('\n'));
  });
});
