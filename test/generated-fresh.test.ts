// Generated files that are committed must match their generators.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleRegistrySources } from '../scripts/gen-rule-index';
import { docsDir, ruleDocs } from '../scripts/gen-docs';

describe('generated files are fresh', () => {
  it('rules/index.ts, rules/manifest.ts and rules/by-kind/ list every rule module (run npm run build)', async () => {
    const sources = await ruleRegistrySources();
    expect(readdirSync(path.join(__dirname, '..', 'rules', 'by-kind')).map((f) => `by-kind/${f}`).sort()).toEqual(Object.keys(sources).filter((f) => f.startsWith('by-kind/')).sort());
    for (const [rel, src] of Object.entries(sources)) expect(readFileSync(path.join(__dirname, '..', 'rules', rel), 'utf8'), rel).toBe(src);
  });
  it('docs/rules/ matches the rules meta (run npm run docs)', () => {
    const docs = ruleDocs();
    expect(readdirSync(docsDir).filter((f) => f.endsWith('.md')).sort()).toEqual(Object.keys(docs).sort());
    for (const [f, text] of Object.entries(docs)) expect(readFileSync(path.join(docsDir, f), 'utf8'), f).toBe(text);
  });
});
