import { describe, expect, it } from 'vitest';
import { droppedKeys } from '../../src/model/round-trip';

describe('droppedKeys: keys of a base that a new document lost', () => {
  it('finds nested keys, with the parent in the new document and the place in the base', () => {
    const base = { a: { b: 1, c: { d: 2 } }, e: 3 };
    const now = { a: { c: {} } };
    expect(droppedKeys(base, now)).toEqual([
      { parent: '/a', basePointer: '/a/b', key: 'b', path: 'a.b' },
      { parent: '/a/c', basePointer: '/a/c/d', key: 'd', path: 'a.c.d' },
      { parent: '', basePointer: '/e', key: 'e', path: 'e' },
    ]);
  });
  it('matches named items by name whatever their order, and ignores removed items', () => {
    const base = { processes: [{ name: 'a', x: 1 }, { name: 'b', x: 2 }, { name: 'gone', x: 3 }] };
    const now = { processes: [{ name: 'b' }, { name: 'a', x: 1 }] };
    expect(droppedKeys(base, now)).toEqual([{ parent: '/processes/0', basePointer: '/processes/1/x', key: 'x', path: 'processes[].x' }]);
  });
  it('matches items by _id, and other arrays item by item only when the lengths agree', () => {
    expect(droppedKeys({ m: [{ _id: 1, v: 1 }] }, { m: [{ _id: 2 }, { _id: 1 }] })).toEqual([{ parent: '/m/1', basePointer: '/m/0/v', key: 'v', path: 'm[].v' }]);
    expect(droppedKeys({ l: [{ v: 1 }] }, { l: [{}] })).toHaveLength(1);
    expect(droppedKeys({ l: [{ v: 1 }] }, { l: [{}, {}] })).toEqual([]);
  });
  it('does not report a key whose base value is null, nor a value that changed type', () => {
    expect(droppedKeys({ a: null, b: { c: 1 } }, { b: 5 })).toEqual([]);
  });
  it('escapes keys in pointers', () => {
    expect(droppedKeys({ 'a/b': 1 }, {})[0].basePointer).toBe('/a~1b');
  });
});
