// Generates schemas/<kind>.schema.json (draft-07) from the TypeScript types of src/types/ and
// src/config/types.ts, plus schemas/catalog.json in SchemaStore catalogue format.
// Run: npx tsx scripts/gen-schemas.ts (npm run schemas). test/schema/schemas-fresh.test.ts fails
// when the committed files differ from what this script writes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createFormatter,
  createParser,
  createProgram,
  DEFAULT_CONFIG,
  SchemaGenerator,
  type CompletedConfig,
} from 'ts-json-schema-generator';
import { schemaFileName, type SchemaName } from '../src/schema/names';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMAS_DIR = join(ROOT, 'schemas');

/** Base of the schemas' $id. Editors match schemas by file name; the URL names their home. */
export const SCHEMA_BASE_URL = 'https://omlint.dev/schemas/';

interface SchemaSource {
  /** Source file, relative to the repository root. */
  file: string;
  /** Root type in that file. */
  type: string;
  /** File name patterns the catalogue associates with the schema. */
  fileMatch: string[];
  /** Descriptions for root properties the generator leaves bare (the discriminator of a union). */
  rootPropertyDescriptions?: Record<string, string>;
  /**
   * Keep unknown keys (automation-config: a PUT body is an edited GET full of undocumented keys).
   * The validators are stricter; see scripts/gen-validators.ts.
   */
  openObjects?: boolean;
}

const byKind = (kind: string): string[] => ['json', 'yaml', 'yml'].map((ext) => `*.${kind}.${ext}`);

export const SCHEMA_SOURCES: Record<SchemaName, SchemaSource> = {
  'alert-config': { file: 'src/types/alert-config.ts', type: 'AlertConfig', fileMatch: byKind('alert-config') },
  'global-alert-config': {
    file: 'src/types/global-alert-config.ts',
    type: 'GlobalAlertConfig',
    fileMatch: byKind('global-alert-config'),
  },
  'maintenance-window': {
    file: 'src/types/maintenance-window.ts',
    type: 'MaintenanceWindow',
    fileMatch: byKind('maintenance-window'),
  },
  'maintenance-window-update': {
    file: 'src/types/maintenance-window-update.ts',
    type: 'MaintenanceWindowUpdate',
    fileMatch: byKind('maintenance-window-update'),
  },
  integration: {
    file: 'src/types/integration.ts',
    type: 'Integration',
    fileMatch: byKind('integration'),
    rootPropertyDescriptions: { type: 'Integration type: selects the service and the fields that apply.' },
  },
  'automation-config': {
    file: 'src/types/automation-config.ts',
    type: 'AutomationConfig',
    fileMatch: byKind('automation-config'),
    openObjects: true,
  },
  'api-key-update': { file: 'src/types/api-key-update.ts', type: 'ApiKeyUpdate', fileMatch: byKind('api-key-update') },
  'access-list-entries': {
    file: 'src/types/access-list-entries.ts',
    type: 'AccessListEntries',
    fileMatch: byKind('access-list-entries'),
  },
  'alert-acknowledgement': {
    file: 'src/types/alert-acknowledgement.ts',
    type: 'AlertAcknowledgement',
    fileMatch: byKind('alert-acknowledgement'),
  },
  'alert-test': { file: 'src/types/alert-test.ts', type: 'AlertTest', fileMatch: byKind('alert-test') },
  'omlint-config': {
    file: 'src/config/types.ts',
    type: 'OmlintConfig',
    fileMatch: ['omlint.config.json', 'omlint.config.yaml', 'omlint.config.yml'],
  },
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * ts-json-schema-generator writes `"deprecated": "<message>"`, which is not JSON Schema.
 * Draft 2019-09 defines `deprecated: true`, and VS Code shows `deprecationMessage`.
 */
function normalizeDeprecated(node: Json): Json {
  if (Array.isArray(node)) return node.map(normalizeDeprecated);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'deprecated' && typeof value === 'string') {
      out.deprecated = true;
      out.deprecationMessage = value;
    } else {
      out[key] = normalizeDeprecated(value);
    }
  }
  return out;
}

/**
 * Open objects (automation-config): say `additionalProperties: true` on every object schema that
 * lists properties, so readers see that unknown keys are kept (not inside `if`: a condition).
 */
function markOpen(node: Json, inIf = false): void {
  if (Array.isArray(node)) return node.forEach((n) => markOpen(n, inIf));
  if (!isObject(node)) return;
  if (!inIf && node.type === 'object' && isObject(node.properties) && node.additionalProperties === undefined) {
    node.additionalProperties = true;
  }
  for (const [key, value] of Object.entries(node)) markOpen(value, inIf || key === 'if');
}

function sortedObject(obj: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(obj).sort()) out[key] = obj[key];
  return out;
}

/** One TypeScript program for all sources (building it is the slow part), two parsers. */
function createGenerators(): { closed: SchemaGenerator; open: SchemaGenerator } {
  const files = [...new Set(Object.values(SCHEMA_SOURCES).map((s) => s.file))];
  const base: CompletedConfig = {
    ...DEFAULT_CONFIG,
    path: join(ROOT, `{${files.join(',')}}`),
    tsconfig: join(ROOT, 'tsconfig.json'),
    skipTypeCheck: true,
    expose: 'export',
    topRef: false,
    jsDoc: 'extended',
    sortProps: false,
  };
  const program = createProgram(base);
  const make = (additionalProperties: boolean): SchemaGenerator => {
    const config = { ...base, additionalProperties };
    return new SchemaGenerator(program, createParser(program, config), createFormatter(config), config);
  };
  return { closed: make(false), open: make(true) };
}

function generateOne(generators: ReturnType<typeof createGenerators>, name: SchemaName): JsonObject {
  const source = SCHEMA_SOURCES[name];
  const generator = source.openObjects ? generators.open : generators.closed;
  const raw = generator.createSchema(source.type) as JsonObject;
  const schema = normalizeDeprecated(raw) as JsonObject;
  if (source.openObjects) markOpen(schema);
  if (typeof schema.title !== 'string' || typeof schema.description !== 'string') {
    throw new Error(`${source.file}: the root type ${source.type} needs a @title and a description`);
  }
  const properties = schema.properties;
  for (const [key, text] of Object.entries(source.rootPropertyDescriptions ?? {})) {
    const prop = isObject(properties) ? properties[key] : undefined;
    if (isObject(prop) && prop.description === undefined) prop.description = text;
  }
  acceptSchemaMember(schema);
  // Stable order: identification first, then the generator's order, additionalProperties after
  // the properties (an intersection root has it first), definitions sorted by name.
  const { $schema, title, description, definitions, additionalProperties, ...rest } = schema;
  const out: JsonObject = {
    $schema: $schema ?? 'http://json-schema.org/draft-07/schema#',
    $id: SCHEMA_BASE_URL + schemaFileName(name),
    title,
    description,
    ...rest,
    ...(additionalProperties === undefined ? {} : { additionalProperties }),
  };
  if (isObject(definitions) && Object.keys(definitions).length > 0) out.definitions = sortedObject(definitions);
  return out;
}

/** The `$schema` member a JSON document may name its schema with (for editors; not part of the API). */
const SCHEMA_MEMBER: JsonObject = { type: 'string', description: 'The JSON Schema of this document, for editors. Not part of the API: strip it before sending.' };

/**
 * A JSON document names its schema with a `$schema` member (README: editors without omlint);
 * closed roots would call it unknown (issue 38). Added to the root's properties and to those of
 * each branch a root union picks (integration's `then` definitions); an array root has no member.
 */
function acceptSchemaMember(schema: JsonObject): void {
  const definitions = isObject(schema.definitions) ? schema.definitions : {};
  const resolve = (node: Json | undefined): JsonObject | undefined => {
    if (!isObject(node)) return undefined;
    const ref = typeof node.$ref === 'string' && node.$ref.startsWith('#/definitions/') ? definitions[node.$ref.slice('#/definitions/'.length)] : node;
    return isObject(ref) ? ref : undefined;
  };
  const targets = [schema];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const b of branches) for (const t of [resolve(b), isObject(b) ? resolve(b.then) : undefined]) if (t) targets.push(t);
  }
  for (const t of targets) {
    if (t.type !== 'object' || !isObject(t.properties) || '$schema' in t.properties) continue;
    t.properties = { $schema: SCHEMA_MEMBER, ...t.properties };
  }
}

function toText(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/** Every file of schemas/, by file name. */
export function generateSchemas(): Record<string, string> {
  const files: Record<string, string> = {};
  const catalog: JsonObject[] = [];
  const generators = createGenerators();
  for (const name of Object.keys(SCHEMA_SOURCES) as SchemaName[]) {
    const schema = generateOne(generators, name);
    files[schemaFileName(name)] = toText(schema);
    catalog.push({
      name: schema.title as string,
      description: schema.description as string,
      fileMatch: SCHEMA_SOURCES[name].fileMatch,
      url: './' + schemaFileName(name),
    });
  }
  files['catalog.json'] = toText({
    $schema: 'https://json.schemastore.org/schema-catalog.json',
    version: 1.0,
    schemas: catalog,
  });
  return files;
}

function main(): void {
  const files = generateSchemas();
  mkdirSync(SCHEMAS_DIR, { recursive: true });
  for (const old of readdirSync(SCHEMAS_DIR)) {
    if (old.endsWith('.json') && !(old in files)) rmSync(join(SCHEMAS_DIR, old));
  }
  for (const [file, text] of Object.entries(files)) writeFileSync(join(SCHEMAS_DIR, file), text);
  console.log(`wrote ${Object.keys(files).length} files to ${SCHEMAS_DIR}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
