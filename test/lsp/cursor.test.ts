// Where the cursor is (pointer, key or value, document), in YAML that may not parse and in JSON.
import { describe, expect, it } from 'vitest';
import { cursorContext, targetPointer } from '../../src/syntax/cursor';

/** `§` marks the cursor. */
function at(textWithCursor: string, fileName = 'doc.yaml') {
  const offset = textWithCursor.indexOf('§');
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  const c = cursorContext(text, offset, fileName);
  return c && { at: c.at, pointer: c.pointer, target: targetPointer(c), doc: c.docIndex, partial: c.partial, item: c.itemPointer, present: c.presentKeys };
}

describe('cursor context', () => {
  it.each([
    ['a value after a key', 'metricThreshold:\n  units: §\n', { at: 'value', pointer: '/metricThreshold/units', partial: '' }],
    ['a key being typed', 'notifications:\n  - typeName: EMAIL\n    delayMin: 0\n    ty§\n', { at: 'key', pointer: '/notifications/0', partial: 'ty', present: ['typeName', 'delayMin'] }],
    ['the second item of a sequence', 'notifications:\n  - typeName: EMAIL\n  - typeName: SMS\n    mo§\n', { at: 'key', pointer: '/notifications/1', present: ['typeName'] }],
    ['a compact sequence (items at the key\'s column)', 'alertTypeNames:\n- HOST\n- §\nstartDate: x\n', { at: 'key', pointer: '/alertTypeNames/1', item: '/alertTypeNames/1' }],
    ['after a block scalar', 'description: |\n  text: not a key\n  - nor an item\nalertTypeNames:\n  - §\n', { pointer: '/alertTypeNames/0' }],
    ['keys after the cursor count as present', 'a: 1\n§\nb: 2\nc:\n  d: 1\n', { at: 'key', pointer: '', present: ['a', 'b', 'c'] }],
    ['a one-line flow sequence', 'alertTypeNames: [HOST, AG§]\n', { at: 'value', pointer: '/alertTypeNames/1', partial: 'AG' }],
    ['a key of a flow mapping', 'net: { port: 1, bindI§p: x }\n', { at: 'key', pointer: '/net', target: '/net/bindIp', partial: 'bindI', present: ['port'] }],
    ['a value of a flow mapping', 'net: { port: 1, bindIp: lo§ }\n', { at: 'value', pointer: '/net/bindIp', partial: 'lo' }],
    ['a flow mapping inside a flow sequence', 'members: [{ _id: 0, host: a }, { _id: 1, ho§st: b }]\n', { at: 'key', target: '/members/1/host', present: ['_id'] }],
    ['a flow mapping as a sequence item', 'processes:\n  - { name: a, args2_6: { net: { port: 2§7017 } } }\n', { at: 'value', pointer: '/processes/0/args2_6/net/port' }],
    ['an empty place of a flow sequence', 'alertTypeNames: [HOST, §]\n', { at: 'key', item: '/alertTypeNames/1' }],
    ['a key of a flow mapping over several lines', 'members:\n  - { _id: 0,\n      ho§st: rs0_1,\n      votes: 1 }\n', { at: 'key', target: '/members/0/host', present: ['_id', 'votes'] }],
    ['a value of a flow mapping over several lines', 'net: {\n  port: 1,\n  bindIp: lo§ }\n', { at: 'value', pointer: '/net/bindIp', partial: 'lo' }],
    ['a flow mapping inside a flow sequence over several lines', 'a: [\n  {x: 1,\n   y§: 2},\n  b\n]\n', { at: 'key', target: '/a/0/y', present: ['x'] }],
    ['an item after a closed flow mapping, a comment on the way', 'a: [1, # c [\n  {x: 1},\n  b§\n]\n', { at: 'value', pointer: '/a/2', partial: 'b' }],
    ['a block key after a flow collection closed on a later line', 'a: {x: [\n  1,\n  2]}\nb:\n  c§: 1\n', { at: 'key', target: '/b/c' }],
    ['a bracket in the text of a block scalar opens no flow collection', 'a: |\n  x: [\n    y§\n', { at: 'key', pointer: '' }],
    ['a quoted key of a flow mapping', "x: { 'a''b': 1, \"c§\": 2 }\n", { at: 'key', target: '/x/c', present: ["a'b"] }],
    ['a quoted value', 'units: "MEGA§"\n', { at: 'value', pointer: '/units', partial: 'MEGA' }],
    ['a nested item of an item', 'processes:\n  - name: a\n    args:\n      - x\n      - §\n', { pointer: '/processes/0/args/1' }],
    ['a root sequence of documents', '- eventTypeName: A\n- eventTypeName: B\n  ena§\n', { at: 'key', pointer: '/1', present: ['eventTypeName'] }],
  ])('%s', (_name, text, expected) => {
    expect(at(text)).toMatchObject(expected);
  });

  it('names the key or value under the cursor (hover)', () => {
    expect(at('metricThreshold:\n  uni§ts: RAW\n')?.target).toBe('/metricThreshold/units');
    expect(at('metricThreshold:\n  units: R§AW # comment\n')?.target).toBe('/metricThreshold/units');
  });

  it('counts YAML documents: a leading "---" opens the first one', () => {
    expect(at('---\na: 1\n---\nb: §\n')?.doc).toBe(1);
    expect(at('# omlint: kind=alert-config\n---\na: 1\n---\n---\nb: §\n')?.doc).toBe(2);
    expect(at('a: 1\n---\nb: §\n')?.doc).toBe(1);
    expect(at('a: §\n---\nb: 1\n')?.doc).toBe(0);
  });

  it('reads JSON, also incomplete', () => {
    expect(at('{"metricThreshold": {"units": "GI§"}}', 'a.json')).toMatchObject({ at: 'value', pointer: '/metricThreshold/units', partial: 'GI' });
    expect(at('{"notifications": [{"typeName": "EMAIL", "del§', 'a.json')).toMatchObject({ at: 'key', pointer: '/notifications/0', partial: 'del', present: ['typeName'] });
    expect(at('{"a": 1, §}', 'a.json')).toMatchObject({ at: 'key', pointer: '', present: ['a'] });
    expect(at('{"a": 1, § "b": {"c": 2}, "d": [3]}', 'a.json')).toMatchObject({ at: 'key', pointer: '', present: ['a', 'b', 'd'] });
    expect(at('{"a": 1, "x§": 0, "b": {"c": 2}}', 'a.json')).toMatchObject({ at: 'key', pointer: '', target: '/x', present: ['a', 'b'] });
  });
});
