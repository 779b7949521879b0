// Generates precompiled validators from schemas/*.schema.json into src/schema/generated/
// (gitignored; run at build/prepare time): one ESM module per schema, plus index.js/index.d.ts with
// lazy loaders. No schema is ever compiled at run time.
//
// Each module exports:
//   default    the ajv standalone validate function (allErrors);
//   knownKeys  the property names of every object schema, by schema path ("#/definitions/X"), so
//              the mapper can say "did you mean" for an unknown key.
//
// Validator-only schema changes (the published schemas stay as they are):
// - every $ref is inlined, so each error's schemaPath is a full path from the root (ajv compiles a
//   definition that itself refers to others as a separate function whose paths start again at
//   "#"); knownKeys and the union collapsing rely on full paths;
// - `deprecated` and `readOnly` become failing keywords, so the one validation pass also yields
//   deprecated-field and read-only-field findings;
// - automation-config: every object schema with `properties` and no map-like
//   `additionalProperties` gets `additionalProperties: false`, so the validator sees unknown keys
//   (the mapper keeps only near-misses of known keys).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { _, type AnySchemaObject, type KeywordCxt } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { SCHEMA_NAMES, schemaFileName, type SchemaName } from '../src/schema/names';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMAS_DIR = join(ROOT, 'schemas');
export const GENERATED_DIR = join(ROOT, 'src/schema/generated');

type SchemaNode = Record<string, unknown>;

function isNode(v: unknown): v is SchemaNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Keywords whose value is a subschema or a map/array of subschemas, for walking a schema. */
const SUBSCHEMA_MAPS = ['properties', 'definitions', 'patternProperties'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'items'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains'];

/** Visits every schema node with its JSON-pointer path ("#", "#/definitions/X"…); `inIf` is true inside an `if`. */
function walk(node: unknown, path: string, visit: (node: SchemaNode, path: string, inIf: boolean) => void, inIf = false): void {
  if (!isNode(node)) return;
  visit(node, path, inIf);
  for (const key of SUBSCHEMA_MAPS) {
    const map = node[key];
    if (isNode(map)) for (const [name, sub] of Object.entries(map)) walk(sub, `${path}/${key}/${escape(name)}`, visit, inIf);
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walk(sub, `${path}/${key}/${i}`, visit, inIf));
  }
  for (const key of SUBSCHEMAS) walk(node[key], `${path}/${key}`, visit, inIf || key === 'if');
}

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * automation-config: close every object schema that lists properties and has no map-like
 * additionalProperties (absent or `true`), except inside `if` (a closed condition never matches).
 */
function closeObjects(schema: SchemaNode): void {
  walk(schema, '#', (node, _path, inIf) => {
    const open = node.additionalProperties === undefined || node.additionalProperties === true;
    if (!inIf && isNode(node.properties) && open) node.additionalProperties = false;
  });
}

/** Inlines every local $ref (our schemas have no recursive types); siblings of $ref win. */
function inlineRefs(schema: SchemaNode): SchemaNode {
  const definitions = isNode(schema.definitions) ? schema.definitions : {};
  const resolve = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => resolve(n, seen));
    if (!isNode(node)) return node;
    let out: SchemaNode = {};
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      const name = ref.startsWith('#/definitions/') ? decodeURIComponent(ref.slice('#/definitions/'.length)) : undefined;
      if (!name || !isNode(definitions[name])) throw new Error(`cannot inline $ref ${ref}`);
      if (seen.includes(name)) throw new Error(`recursive $ref ${ref}: the validators need a non-recursive schema`);
      out = resolve(definitions[name], [...seen, name]) as SchemaNode;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' || key === 'definitions') continue;
      // `properties` is a map of names, not a schema: resolve its values one by one.
      out[key] = key === 'properties' && isNode(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, seen)]))
        : resolve(value, seen);
    }
    return out;
  };
  return resolve(schema, []) as SchemaNode;
}

/** Annotations the validator never reads: dropped from its copy of the schema to keep it small. */
function stripAnnotations(schema: SchemaNode): void {
  walk(schema, '#', (node) => {
    for (const key of ['title', 'description', 'markdownDescription', 'examples', '$comment']) {
      if (typeof node[key] !== 'object' || key === 'examples') delete node[key];
    }
  });
}

/** Property names of each object schema, by schema path. */
function knownKeysOf(schema: SchemaNode): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  walk(schema, '#', (node, path, inIf) => {
    if (!inIf && isNode(node.properties)) out[path] = Object.keys(node.properties);
  });
  return out;
}

function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, inlineRefs: false, code: { source: true, esm: true, lines: false } });
  addFormats(ajv);
  // Annotation keywords turned into checks: present → one error, with the deprecation message.
  ajv.removeKeyword('deprecated');
  ajv.removeKeyword('readOnly');
  ajv.addKeyword({
    keyword: 'deprecated',
    schemaType: 'boolean',
    code(cxt: KeywordCxt) {
      if (cxt.schema === true) cxt.fail(_`true`);
    },
    error: {
      message: 'is deprecated',
      params: ({ parentSchema }) => _`{deprecationMessage: ${String((parentSchema as AnySchemaObject)?.deprecationMessage ?? '')}}`,
    },
  });
  // The mark of a split-out subschema's function (splitLarge, rebaseSchemaPaths).
  ajv.addKeyword({
    keyword: SITE_KEYWORD,
    schemaType: 'string',
    code(cxt: KeywordCxt) {
      cxt.gen.code(_`void ${cxt.schema as string}`);
    },
  });
  ajv.addKeyword({
    keyword: 'readOnly',
    schemaType: 'boolean',
    code(cxt: KeywordCxt) {
      if (cxt.schema === true) cxt.fail(_`true`);
    },
    error: { message: 'is read-only' },
  });
  return ajv;
}

const require = createRequire(import.meta.url);

/**
 * ajv's standalone ESM output still calls require() for its runtime helpers and for ajv-formats.
 * Hoist each module into an import, keeping the property access that follows (`.default`,
 * `.fullFormats[...]`) as it was, i.e. on the CJS module object. The module object is taken from a
 * namespace import because loaders disagree on a default import of a CJS module marked
 * __esModule: Node and esbuild (node mode) give module.exports, Vite (vitest) gives its `default`.
 */
export function esmImports(code: string): string {
  const names = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_m, mod: string) => {
    let name = names.get(mod);
    if (!name) {
      name = `__m${names.size}`;
      names.set(mod, name);
    }
    return name;
  });
  const imports: string[] = [];
  const bindings: string[] = [];
  for (const [mod, name] of names) {
    const spec = mod.endsWith('.js') ? mod : `${mod}.js`;
    require.resolve(spec); // fail here rather than at run time when a helper moves
    imports.push(`import * as ${name}_ns from ${JSON.stringify(spec)};`);
    bindings.push(`const ${name} = __cjs(${name}_ns);`);
  }
  const lines = [...imports, ...bindings];
  if (names.size > 0) {
    lines.push(
      '/** The CJS module object (module.exports) behind a namespace import, whatever the loader. */',
      'function __cjs(ns) { const d = ns.default; return d !== null && typeof d === "object" && d.__esModule ? d : ns; }',
    );
  }
  return [...lines, body.replace(/^"use strict";/, '')].join('\n');
}

function loadSchema(name: SchemaName): SchemaNode {
  return JSON.parse(readFileSync(join(SCHEMAS_DIR, schemaFileName(name)), 'utf8')) as SchemaNode;
}

/**
 * The $id prefix of a subschema split out of the inlined schema (splitLarge): ajv starts the
 * schemaPath of its errors with the $id, so an id that is the subschema's full path from the
 * root gives the same schemaPath as the inlined schema, once the prefix becomes "#".
 */
const SITE = 'omlint-site:';
/** A subschema of at least this many characters (as JSON) gets a validate function of its own. */
export const SPLIT_FROM_CHARS = 1500;

/**
 * Every $ref inlined made one validate function of the whole schema: 255 KB of source for the
 * automation config, above V8's size limit for its optimizing compiler, so it ran interpreted,
 * 220 – 370 ms a pass on a 94 MB config where ajv's own compile of the schema (with its $refs as
 * functions) takes 17 – 70 ms (issue 22, bench/README.md "ninth session"). So each big
 * subschema (bottom-up, a nested one first) is added to ajv under an id of its full path and
 * referred to, and ajv makes it a function of its own (inlineRefs: false). Not inside an `if` or
 * a `not`, whose subschemas ajv compiles without errors.
 */
function splitLarge(schema: SchemaNode, ajv: Ajv, splitFromChars: number): SchemaNode {
  const visit = (node: unknown, path: string, quiet: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n, i) => visit(n, `${path}/${i}`, quiet));
    if (!isNode(node)) return node;
    const out: SchemaNode = { ...node };
    for (const key of SUBSCHEMA_MAPS) {
      const map = node[key];
      if (isNode(map)) out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, visit(v, `${path}/${key}/${ajvEscape(k)}`, quiet)]));
    }
    for (const key of new Set([...SUBSCHEMA_LISTS, ...SUBSCHEMAS])) {
      if (node[key] !== undefined && (isNode(node[key]) || Array.isArray(node[key]))) out[key] = visit(node[key], `${path}/${key}`, quiet || key === 'if' || key === 'not');
    }
    if (path === '#' || quiet || JSON.stringify(out).length < splitFromChars) return out;
    const id = SITE + path.slice(1);
    ajv.addSchema({ ...out, [SITE_KEYWORD]: path }, id);
    return { $ref: id };
  };
  return visit(schema, '#', false) as SchemaNode;
}

/** A keyword of each split-out subschema: its full path, written into its function's code. */
const SITE_KEYWORD = 'x-omlint-site';
const SITE_MARK = /void "(#[^"]*)"/;

/**
 * ajv starts the schemaPath of a function of its own at "#": each function of a split-out
 * subschema gets the subschema's full path back, found by the mark SITE_KEYWORD wrote into it.
 */
export function rebaseSchemaPaths(code: string): string {
  return code
    .split(/(?=function validate\d+\()/)
    .map((part) => {
      const site = SITE_MARK.exec(part)?.[1];
      if (site === undefined) return part;
      return part.replace(SITE_MARK, '').replaceAll('schemaPath:"#', `schemaPath:${JSON.stringify(site).slice(0, -1)}`);
    })
    .join('');
}

/** A property name as ajv writes it in a schemaPath (a JSON pointer token, URI-encoded). */
function ajvEscape(token: string): string {
  return encodeURIComponent(escape(token));
}

/** The generated module of one schema. */
export function generateValidator(name: SchemaName, splitFromChars = SPLIT_FROM_CHARS): string {
  const schema = inlineRefs(loadSchema(name));
  stripAnnotations(schema);
  if (name === 'automation-config') closeObjects(schema);
  const ajv = newAjv();
  const validate = ajv.compile(splitLarge(schema, ajv, splitFromChars));
  const code = rebaseSchemaPaths(esmImports(standaloneCode(ajv, validate)));
  return [
    `// Generated by scripts/gen-validators.ts from schemas/${schemaFileName(name)}. Do not edit.`,
    code,
    `export const knownKeys = ${JSON.stringify(knownKeysOf(schema))};`,
    '',
  ].join('\n');
}

const INDEX_DTS = `// Generated by scripts/gen-validators.ts. Do not edit.
import type { ErrorObject } from 'ajv';
import type { SchemaName } from '../names';

export interface ValidateFn {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
export interface ValidatorModule {
  default: ValidateFn;
  /** Property names of each object schema, by schema path ("#/definitions/X"). */
  knownKeys: Record<string, string[]>;
}
export declare const loaders: Record<SchemaName, () => Promise<ValidatorModule>>;
`;

function indexJs(): string {
  const lines = SCHEMA_NAMES.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(`./${name}.js`)}),`);
  return `// Generated by scripts/gen-validators.ts. Do not edit.\n// One module per schema, loaded on first use.\nexport const loaders = {\n${lines.join('\n')}\n};\n`;
}

/** Writes a file only when its content changed, so that running tests never see it vanish. */
function writeIfChanged(file: string, text: string): boolean {
  let old: string | undefined;
  try {
    old = readFileSync(file, 'utf8');
  } catch {}
  if (old === text) return false;
  writeFileSync(file, text);
  return true;
}

function main(): void {
  mkdirSync(GENERATED_DIR, { recursive: true });
  let written = 0;
  for (const name of SCHEMA_NAMES) written += Number(writeIfChanged(join(GENERATED_DIR, `${name}.js`), generateValidator(name)));
  written += Number(writeIfChanged(join(GENERATED_DIR, 'index.js'), indexJs()));
  written += Number(writeIfChanged(join(GENERATED_DIR, 'index.d.ts'), INDEX_DTS));
  if (written) console.error(`wrote ${written} validator files to ${GENERATED_DIR}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
