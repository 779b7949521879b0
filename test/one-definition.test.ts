// One of each: helpers that were copied across rooms are declared once in src/ and rules/ and
// imported everywhere else (isObject, the secret-name predicate and the key scan, the kind
// analysis, the list of findings nothing may silence, canonical JSON, the worker count, the report format names).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(rel);
    return rel.endsWith('.ts') ? [rel] : [];
  });
}

const FILES = [...sources('src'), ...sources('rules')].map((f) => ({ f, text: readFileSync(path.join(ROOT, f), 'utf8') }));

/** The files that declare `name` at module level, a function or a constant (not those that import or re-export it, nor a local). */
function declaring(name: string): string[] {
  const declaration = new RegExp(`^(export\\s+)?(async\\s+)?(function\\*?\\s+${name}\\b|(const|let|var)\\s+${name}\\s*[:=])`, 'm');
  return FILES.filter(({ text }) => declaration.test(text)).map(({ f }) => f);
}

describe('one definition of each shared helper', () => {
  it.each([
    ['isObject', 'src/core/is-object.ts'],
    ['isSecretFieldName', 'src/model/secrets.ts'],
    ['nextSecretColon', 'src/engine/secret-keys.ts'],
    ['documentKinds', 'src/kinds/analysis.ts'],
    ['NEVER_SUPPRESSED', 'src/core/never-suppressed.ts'],
    ['canonicalJson', 'src/core/canonical-json.ts'],
    ['workerCountFor', 'src/cli/thread-split.ts'],
    ['FORMATS', 'src/core/public-shapes.ts'],
  ])('%s is declared in %s only', (name, file) => {
    expect(declaring(name)).toEqual([file]);
  });

  it('finds a second declaration (the check is not blind)', () => {
    expect(declaring('isObject').length).toBe(1);
    const copy = 'const isObject = (v: unknown) => typeof v === "object";';
    FILES.push({ f: 'rules/a-copy.ts', text: copy });
    try {
      expect(declaring('isObject')).toEqual(['src/core/is-object.ts', 'rules/a-copy.ts']);
    } finally {
      FILES.pop();
    }
  });

  // The test itself written out (`v === null || typeof v !== 'object' || Array.isArray(v)`) is a
  // copy too: src/ and rules/ call isObject (core/is-object.ts is the one place that writes it).
  const INLINE_OBJECT_TEST = /(\b[\w.]+) === null \|\| typeof \1 !== 'object' \|\| Array\.isArray\(\1\)|(\b[\w.]+) !== null && typeof \2 === 'object' && !Array\.isArray\(\2\)/;
  it("src/ and rules/ call isObject instead of writing its test out", () => {
    expect(INLINE_OBJECT_TEST.test("if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return;")).toBe(true);
    expect(FILES.filter(({ f, text }) => f !== 'src/core/is-object.ts' && INLINE_OBJECT_TEST.test(text)).map(({ f }) => f)).toEqual([]);
  });
});
