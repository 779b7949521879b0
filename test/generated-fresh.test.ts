// Generated files that are committed must match their generators.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleRegistrySource } from '../scripts/gen-rule-index';
import { docsDir, ruleDocs } from '../scripts/gen-docs';

describe('generated files are fresh', () => {
  it('rules/registry.ts lists every rule module and every defineBuiltin() id (run npm run build)', async () => {
    expect(readFileSync(path.join(__dirname, '..', 'rules', 'registry.ts'), 'utf8')).toBe(await ruleRegistrySource());
  });
  it('docs/rules/ matches the rules meta (run npm run docs)', async () => {
    const docs = await ruleDocs();
    expect(readdirSync(docsDir).filter((f) => f.endsWith('.md')).sort()).toEqual(Object.keys(docs).sort());
    for (const [f, text] of Object.entries(docs)) expect(readFileSync(path.join(docsDir, f), 'utf8'), f).toBe(text);
  });
});
