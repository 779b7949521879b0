// Per-file and per-document state lives on a context the engine creates and drops (a FileState,
// a DocumentFacts), never in module state: a module-level `let`, or a module-level Map, Set,
// WeakMap, array or object that a function changes, is a slot shared by every file of a run (and
// every run of a language server). This test reads src/engine, src/model, rules/, src/syntax,
// src/kinds and src/project with the TypeScript parser and lists each one (also another module's
// state that a function changes through an import, listed as that module's); the allow-list says
// why each left is there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const DIRS = ['src/engine', 'src/model', 'rules', 'src/syntax', 'src/kinds', 'src/project'];

/** "file: name" → why it may stay. */
const ALLOWED: Record<string, string> = {
  'src/model/secrets.ts: NAME_VERDICTS': 'a memo of a pure function of a field name (no document in it, bounded): the near-name verdict is costly and the same names come back in every file',
  'rules/registry.ts: texts': 'generated: the rules\' docs texts, one constant parsed on first use',
  'src/syntax/work-counts.ts: workCounts': 'the test probes: numbers of texts parsed, scanned and read since the process started, one sealed record; no text, no value, and nothing decides by them (every use in src/ is an increment: below)',
  'src/syntax/parse-signal.ts: listener': 'the process\'s one listener told before the `yaml` library parses a text the block reader did not read (the CLI entry\'s optimizer hold gives V8\'s optimizing compiler back then: src/bin/optimizer-hold.ts): a function set by the entry, told a length; no text, no document',
  'src/syntax/yaml-block-reader.ts: SCRATCH': 'the block reader\'s scratch, one object: the line and position tables of the one read at a time (reads are synchronous; the position table is copied out at the end, the pooled arrays trimmed after a big text), the slab small texts\' tables are copied into (each its own stretch, never written again) and a bounded table of 1,024 key names met before (at most 64 characters each; no value, no document)',
};

const OBJECT_MUTATORS = new Set(['assign', 'defineProperty', 'defineProperties', 'setPrototypeOf']);
const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** The identifier a chain of property and element accesses starts from (`a.b[c].d` → a). */
function rootName(e: ts.Expression): string | undefined {
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : undefined;
}

const isAssignment = (k: ts.SyntaxKind) => k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;

/** The binding a node changes: the root of an assignment's target, of `++`/`--`, of a mutating method's object, or `Object.assign`'s target. */
function changedRoot(node: ts.Node): string | undefined {
  if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) return rootName(node.left);
  if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) return rootName(node.operand);
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const callee = node.expression;
  if (MUTATORS.has(callee.name.text)) return rootName(callee.expression);
  if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Object' && OBJECT_MUTATORS.has(callee.name.text) && node.arguments.length > 0) return rootName(node.arguments[0]);
  return undefined;
}

/** Each binding of a source text that a function changes, and the top-level statements of the text. */
function changedInFunctions(sf: ts.SourceFile, candidates: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const visit = (node: ts.Node, inFunction: boolean): void => {
    const inside = inFunction || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node);
    if (inside) {
      const changed = changedRoot(node);
      if (changed !== undefined && candidates.has(changed) && !shadowed(node, changed)) found.add(changed);
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(sf, false);
  return found;
}

/** The module-level mutable state of a source text: its `let`/`var` bindings and the bindings a function changes. */
export function moduleState(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = new Set<string>();
  const topLevel = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const mutable = !(st.declarationList.flags & ts.NodeFlags.Const);
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      topLevel.add(d.name.text);
      if (mutable) found.add(d.name.text);
    }
  }
  for (const name of changedInFunctions(sf, topLevel)) found.add(name);
  return [...found].sort();
}

/**
 * Module state of another module that a function of this text changes through an import
 * (`import { counts } from './c'; … counts.n++`): "module: name", the module resolved from this
 * file's folder. The state is that module's, whichever module changes it.
 */
export function importedState(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const origin = new Map<string, string>(); // local name → "module: exported name"
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause || st.importClause.isTypeOnly || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    if (!spec.startsWith('.')) continue; // a package's state is not ours to list
    const from = moduleFile(fileName, spec);
    const { name, namedBindings } = st.importClause;
    if (name) origin.set(name.text, `${from}: default`);
    if (namedBindings && ts.isNamedImports(namedBindings)) {
      for (const el of namedBindings.elements) if (!el.isTypeOnly) origin.set(el.name.text, `${from}: ${(el.propertyName ?? el.name).text}`);
    }
  }
  return [...changedInFunctions(sf, new Set(origin.keys()))].map((local) => origin.get(local)!).sort();
}

/** The source file an import specifier names, relative to the repository's root (`./x` → `dir/x.ts`, or `dir/x/index.ts`). */
function moduleFile(fileName: string, spec: string): string {
  const base = path.posix.join(path.posix.dirname(fileName), spec);
  if (/\.[cm]?[jt]s$/.test(base)) return base.replace(/\.[cm]?js$/, '.ts');
  return existsSync(path.join(ROOT, `${base}.ts`)) || !existsSync(path.join(ROOT, base)) ? `${base}.ts` : `${base}/index.ts`;
}

/** Whether a name is declared again (a parameter or a local) in a function around `node`. */
function shadowed(node: ts.Node, name: string): boolean {
  for (let n: ts.Node | undefined = node.parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (!ts.isFunctionLike(n) && !ts.isBlock(n)) continue;
    let declared = false;
    const look = (c: ts.Node): void => {
      if (declared || (c !== n && ts.isFunctionLike(c))) return;
      if ((ts.isVariableDeclaration(c) || ts.isParameter(c)) && ts.isIdentifier(c.name) && c.name.text === name) declared = true;
      else ts.forEachChild(c, look);
    };
    if (ts.isFunctionLike(n)) for (const p of n.parameters) look(p);
    if (ts.isBlock(n)) n.statements.forEach(look);
    if (declared) return true;
  }
  return false;
}

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('no module-level per-file state in src/engine, src/model, rules/, src/syntax, src/kinds, src/project', () => {
  it('finds a module-level let, and a module-level cache a function fills, and nothing else', () => {
    expect(moduleState('a.ts', 'let last: object | undefined;\nexport function f(v: object) { last = v; }')).toEqual(['last']);
    expect(moduleState('a.ts', 'const CACHE = new Map<string, number>();\nexport const f = (k: string) => CACHE.get(k) ?? (CACHE.set(k, 1), 1);')).toEqual(['CACHE']);
    expect(moduleState('a.ts', 'const SEEN: string[] = [];\nexport function f(s: string) { SEEN.push(s); }')).toEqual(['SEEN']);
    expect(moduleState('a.ts', 'const COUNT = { n: 0 };\nexport function f() { COUNT.n++; }')).toEqual(['COUNT']);
    // Filled once while the module loads, or only read: a constant table.
    expect(moduleState('a.ts', 'const BY_KEY = new Map<string, number>();\nfor (const k of ["a"]) BY_KEY.set(k, 1);\nexport const f = (k: string) => BY_KEY.get(k);')).toEqual([]);
    // A local of the same name is the function's own.
    expect(moduleState('a.ts', 'const out: string[] = [];\nexport function f() { const out: string[] = []; out.push("x"); return out; }')).toEqual([]);
    // Object.assign changes its first argument.
    expect(moduleState('a.ts', 'const COUNT = { n: 0 };\nexport function reset() { Object.assign(COUNT, { n: 0 }); }')).toEqual(['COUNT']);
  });

  it('finds another module\'s state that a function changes through an import, named by the module it lives in', () => {
    expect(importedState('src/syntax/a.ts', "import { counts as c, read } from './work-counts';\nexport function f() { c.parses++; return read(); }")).toEqual(['src/syntax/work-counts.ts: counts']);
    expect(importedState('src/engine/a.ts', "import cache from '../syntax/memo';\nexport function f(k: string) { cache.set(k, 1); }")).toEqual(['src/syntax/memo.ts: default']);
    // Read only, or a package's: nothing.
    expect(importedState('src/syntax/a.ts', "import { counts } from './work-counts';\nexport const f = () => counts.parses;")).toEqual([]);
    expect(importedState('src/syntax/a.ts', "import { cache } from 'some-package';\nexport const f = () => cache.clear();")).toEqual([]);
  });

  it('has none but the allowed ones, each with its reason', () => {
    const found: string[] = [];
    for (const dir of DIRS) {
      for (const file of sources(dir)) {
        const text = readFileSync(path.join(ROOT, file), 'utf8');
        for (const name of moduleState(file, text)) found.push(`${file}: ${name}`);
        for (const state of importedState(file, text)) if (!found.includes(state)) found.push(state);
      }
    }
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
    // An entry that no longer matches anything goes, so that the list shrinks as the state does.
    expect(Object.keys(ALLOWED).filter((a) => !found.includes(a))).toEqual([]);
  });
});

describe('the test probes of src/syntax/work-counts.ts', () => {
  it('are only counted in src/: no module reads them, so nothing decides by them', () => {
    const reads: string[] = [];
    for (const file of sources('src')) {
      if (file === 'src/syntax/work-counts.ts') continue;
      const sf = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const visit = (node: ts.Node): void => {
        if (ts.isIdentifier(node) && node.text === 'workCounts' && !ts.isImportSpecifier(node.parent)) {
          const use = node.parent;
          const counted = ts.isPropertyAccessExpression(use) && use.expression === node &&
            (((ts.isPostfixUnaryExpression(use.parent) || ts.isPrefixUnaryExpression(use.parent)) && use.parent.operator === ts.SyntaxKind.PlusPlusToken) ||
              (ts.isBinaryExpression(use.parent) && use.parent.left === use && use.parent.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken));
          if (!counted) reads.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    expect(reads).toEqual([]);
  });
});

describe('docs/architecture.md: the engine row matches the tree', () => {
  it('names every module of src/engine/ and no module that is not there', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const row = doc.split('\n').find((l) => l.startsWith('| `src/engine/` |'))!;
    const named = new Set([...row.matchAll(/`(?:engine\/)?([\w-]+\.ts)`/g)].map((m) => m[1]));
    const files = readdirSync(path.join(ROOT, 'src/engine')).filter((f) => f.endsWith('.ts'));
    expect(files.filter((f) => !named.has(f))).toEqual([]);
    // Files the row names as the engine's (not `core/facts.ts` or `kinds/analysis.ts`, named with their folder).
    const own = [...row.matchAll(/`(?:engine\/)?([\w-]+\.ts)`/g)].filter((m) => !/`\w+\/(?!engine\/)/.test(m[0])).map((m) => m[1]);
    expect(own.filter((f) => !files.includes(f))).toEqual([]);
  });
});
