// The schemas omlint publishes: one per document kind, plus the omlint configuration file.
import { KINDS, type Kind } from '../core/kinds';

export type SchemaName = Kind | 'omlint-config';
export const SCHEMA_NAMES: readonly SchemaName[] = [...KINDS, 'omlint-config'];

/** File name of a schema under schemas/. */
export function schemaFileName(name: SchemaName): string {
  return `${name}.schema.json`;
}
