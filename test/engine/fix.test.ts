import { describe, expect, it } from 'vitest';
import { applyEdits, fixEdits } from '../../src/engine/fix';
import { parseText } from '../../src/parse/index';
import type { FixOp } from '../../src/engine/types';

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

  it('renames keys and replaces values', () => {
    expect(fix(yaml, 'x.yaml', [{ op: 'rename', pointer: '/list/0/delayMin', key: 'delayMinutes' }])).toContain('    delayMinutes: 0\n');
    expect(fix(json, 'x.json', [{ op: 'rename', pointer: '/z', key: 'y' }])).toContain('"y": "last"');
    expect(fix(yaml, 'x.yaml', [{ op: 'replace', pointer: '/z', value: 'first' }])).toContain('z: first\n');
    expect(fix(json, 'x.json', [{ op: 'replace', pointer: '/a', value: 2 }])).toContain('"a": 2,');
  });

  it('adds a property at the indentation of the first key', () => {
    expect(fix('# head\neventTypeName: X\nnotifications: []\n', 'x.yaml', [{ op: 'add', pointer: '', key: 'enabled', value: true }])).toBe('# head\nenabled: true\neventTypeName: X\nnotifications: []\n');
    expect(fix('{\n  "eventTypeName": "X"\n}\n', 'x.json', [{ op: 'add', pointer: '', key: 'enabled', value: true }])).toBe('{\n  "enabled": true,\n  "eventTypeName": "X"\n}\n');
    expect(fix('- typeName: EMAIL\n  delayMin: 0\n', 'x.yaml', [{ op: 'add', pointer: '/0', key: 'intervalMin', value: 5 }])).toBe('- intervalMin: 5\n  typeName: EMAIL\n  delayMin: 0\n');
  });

  it('keeps CRLF line ends', () => {
    expect(fix('a: 1\r\nb: 2\r\n', 'x.yaml', [{ op: 'add', pointer: '', key: 'c', value: 'd' }])).toBe('c: d\r\na: 1\r\nb: 2\r\n');
  });

  it('never applies overlapping edits in one pass', () => {
    const r = applyEdits('abcdef', [[{ span: { start: 1, end: 3 }, text: 'X' }], [{ span: { start: 2, end: 4 }, text: 'Y' }]]);
    expect(r).toEqual({ text: 'aXdef', applied: 1 });
  });
});
