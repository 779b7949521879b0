// Where the published JSON Schemas live, for the language server (hover, completion) and
// `omlint schema <kind>`. Validation never reads them: it uses the precompiled validators.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../core/paths';
import { schemaFileName, type SchemaName } from './names';

/** Absolute path of schemas/<name>.schema.json (from src/ under vitest, or dist/ when bundled). */
export function schemaPath(name: SchemaName): string {
  return path.join(packageRoot(), 'schemas', schemaFileName(name));
}

const cache = new Map<SchemaName, Promise<Record<string, unknown>>>();

/** The parsed JSON Schema of a kind (or of the omlint configuration). */
export function loadSchema(name: SchemaName): Promise<Record<string, unknown>> {
  let schema = cache.get(name);
  if (!schema) {
    schema = readFile(schemaPath(name), 'utf8').then((text) => JSON.parse(text) as Record<string, unknown>);
    schema.catch(() => cache.delete(name));
    cache.set(name, schema);
  }
  return schema;
}
