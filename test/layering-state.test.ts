// Per-file and per-document state lives on a context the engine creates and drops (a FileState,
// a DocumentFacts), never in module state: a module-level `let`, or a module-level Map, Set,
// WeakMap, array or object that a function changes, is a slot shared by every file of a run (and
// every run of a language server). This test reads src/engine, src/model, rules/, src/syntax,
// src/kinds and src/project with the TypeScript parser and lists each one; the allow-list says why
// each left is there.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const DIRS = ['src/engine', 'src/model', 'rules', 'src/syntax', 'src/kinds', 'src/project'];

/** "file: name" → why it may stay. */
const ALLOWED: Record<string, string> = {
  'src/model/secrets.ts: NAME_VERDICTS': 'a memo of a pure function of a field name (no document in it, bounded): the near-name verdict is costly and the same names come back in every file',
  'rules/registry.ts: texts': 'generated: the rules\' docs texts, one constant parsed on first use',
  // Counters of work done since the process started, for tests that count reads and parses: no
  // text, no value, and nothing decides by them.
  'src/syntax/index.ts: parseCounter': 'a test probe: texts parsed since the process started',
  'src/syntax/cost.ts: yamlScans': 'a test probe: YAML cost pre-scans since the process started',
  'src/syntax/cost.ts: markerScans': 'a test probe: document marker lines read since the process started',
  'src/syntax/yaml-block-reader.ts: blockReads': 'a test probe: block reader reads and in-place rereads since the process started',
  'src/syntax/yaml.ts: aliasLookups': 'a test probe: alias lookups since the process started',
  'src/syntax/yaml.ts: positionParses': 'a test probe: position parses since the process started',
  'src/syntax/json-locate.ts: navigatorReads': 'a test probe: JSON containers the navigators read since the process started',
  'src/syntax/yaml.ts: streamTests': 'a test probe: characters a stream test read since the process started',
  // The block reader's pools: reads are synchronous and copy their tables out before they end.
  'src/syntax/yaml-block-reader.ts: NODES': 'scratch buffer of one read at a time (the position table is copied out at its end; trimmed after a big text)',
  'src/syntax/yaml-block-reader.ts: CHILDREN': 'scratch buffer of one read at a time, as NODES',
  'src/syntax/yaml-block-reader.ts: OPEN': 'scratch buffer of one read at a time, as NODES',
  'src/syntax/yaml-block-reader.ts: slab': 'backing store that small texts\' position tables are copied into, each table its own stretch, never written again; a new slab when one is full',
  'src/syntax/yaml-block-reader.ts: KEYS': 'a bounded table (1,024 slots) of key names met before, so a repeated key is not sliced and internalized again: names of at most 64 characters, no value, no document',
  // Indexes of one parse node's keys, keyed weakly by a node of a library's tree (jsonc-parser, yaml): they live and die with that parse.
  'src/syntax/yaml.ts: PAIR_INDEX': 'the pairs of one `yaml` map node by key, for locate; keyed weakly by the node, dropped with its parse',
};

const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** The identifier a chain of property and element accesses starts from (`a.b[c].d` → a). */
function rootName(e: ts.Expression): string | undefined {
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : undefined;
}

const isAssignment = (k: ts.SyntaxKind) => k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;

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
  const visit = (node: ts.Node, inFunction: boolean): void => {
    const inside = inFunction || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node);
    if (inside) {
      let changed: string | undefined;
      if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) changed = rootName(node.left);
      else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) changed = rootName(node.operand);
      else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && MUTATORS.has(node.expression.name.text)) changed = rootName(node.expression.expression);
      if (changed !== undefined && topLevel.has(changed) && !shadowed(node, changed)) found.add(changed);
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(sf, false);
  return [...found].sort();
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
  });

  it('has none but the allowed ones, each with its reason', () => {
    const found: string[] = [];
    for (const dir of DIRS) for (const file of sources(dir)) for (const name of moduleState(file, readFileSync(path.join(ROOT, file), 'utf8'))) found.push(`${file}: ${name}`);
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
    // An entry that no longer matches anything goes, so that the list shrinks as the state does.
    expect(Object.keys(ALLOWED).filter((a) => !found.includes(a))).toEqual([]);
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
