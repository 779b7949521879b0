// schemas/ is committed: it must be what scripts/gen-schemas.ts writes from the types (run
// `npm run schemas`). The precompiled validators (generated at build time) must match the schemas
// (run `npm run build:validators`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSchemas, SCHEMAS_DIR } from '../../scripts/gen-schemas';
import { GENERATED_DIR, generateValidator } from '../../scripts/gen-validators';
import { SCHEMA_NAMES } from '../../src/schema/names';

describe('generated schemas are fresh', () => {
  it('schemas/ matches src/types (run npm run schemas)', () => {
    const files = generateSchemas();
    expect(readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.json')).sort()).toEqual(Object.keys(files).sort());
    for (const [file, text] of Object.entries(files)) {
      expect(readFileSync(path.join(SCHEMAS_DIR, file), 'utf8'), file).toBe(text);
    }
  }, 60_000);

  it('src/schema/generated matches schemas/ (run npm run build:validators)', () => {
    for (const name of SCHEMA_NAMES) {
      const file = path.join(GENERATED_DIR, `${name}.js`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8'), file).toBe(generateValidator(name));
    }
  }, 60_000);
});
