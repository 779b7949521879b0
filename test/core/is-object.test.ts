// One isObject for every room (src/core/is-object.ts): a copy elsewhere is a second answer to
// the same question waiting to differ.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isObject } from '../../src/core/is-object';

const ROOT = path.resolve(__dirname, '../..');

/**
 * A helper (a function or an arrow of any name) whose whole body is the three tests of isObject,
 * in any order: `v !== null`, `typeof v === 'object'`, `!Array.isArray(v)`.
 */
function objectHelpers(text: string): string[] {
  const tests = ['V !== null', "typeof V === 'object'", '!Array\\.isArray\\(V\\)'];
  const orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  return orders.flatMap((order) => {
    // The first test names the variable, the others refer back to it.
    const body = order.map((i) => tests[i]).join(' && ').replace('V', '([A-Za-z_$][\\w$]*)').replaceAll('V', '\\1');
    return [...text.matchAll(new RegExp(`(?:=>|return)\\s*${body}\\s*;?\\s*(?:\\}|\\n)`, 'g'))].map((m) => m[0]);
  });
}

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

  it('is defined once in src and rules, by any name', () => {
    const copies = [...sources('src'), ...sources('rules')].filter((f) => f !== 'src/core/is-object.ts' && objectHelpers(readFileSync(path.join(ROOT, f), 'utf8')).length > 0);
    expect(copies).toEqual([]);
  });

  it('finds a copy by any name and in any order of its tests', () => {
    expect(objectHelpers("const isMap = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);\n")).toHaveLength(1);
    expect(objectHelpers("function plain(x: unknown) {\n  return typeof x === 'object' && x !== null && !Array.isArray(x);\n}\n")).toHaveLength(1);
    expect(objectHelpers("if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, k)) {\n")).toHaveLength(0);
  });
});
