// Generated files that are committed must match their generators.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleIndexSource } from '../scripts/gen-rule-index';
import { docsDir, ruleDocs } from '../scripts/gen-docs';

describe('generated files are fresh', () => {
  it('rules/index.ts lists every rule module', () => {
    expect(readFileSync(path.join(__dirname, '..', 'rules', 'index.ts'), 'utf8')).toBe(ruleIndexSource());
  });
  it('docs/rules/ matches the rules meta (run npm run docs)', () => {
    const docs = ruleDocs();
    expect(readdirSync(docsDir).filter((f) => f.endsWith('.md')).sort()).toEqual(Object.keys(docs).sort());
    for (const [f, text] of Object.entries(docs)) expect(readFileSync(path.join(docsDir, f), 'utf8'), f).toBe(text);
  });
});
