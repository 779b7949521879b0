// One isObject for every room (src/core/is-object.ts): a copy elsewhere is a second answer to
// the same question waiting to differ.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isObject } from '../../src/core/is-object';

const ROOT = path.resolve(__dirname, '../..');

/** Files owned by another helper this session, each keeping its copy until its rewrite lands. */
const ALLOWED = new Map([
  ['src/model/secrets.ts', 'the engine helper rewrites its per-document slot this session'],
  ['src/model/automation-topology.ts', 'the engine helper moves its WeakMaps onto the context this session'],
]);

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(rel);
    return rel.endsWith('.ts') ? [rel] : [];
  });
}

describe('isObject', () => {
  it('is true for a JSON object only', () => {
    expect([{}, { a: 1 }, Object.create(null)].every(isObject)).toBe(true);
    expect([null, undefined, [], [1], 'x', 1, true].some(isObject)).toBe(false);
  });

  it('is defined once in src and rules', () => {
    const copies = [...sources('src'), ...sources('rules')].filter((f) => !f.startsWith('src/core/is-object.ts') && !ALLOWED.has(f) && /(function isObject\(|(const|let) isObject = \()/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(copies).toEqual([]);
  });
});
