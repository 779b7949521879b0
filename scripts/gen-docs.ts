// Writes docs/rules/<id>.md from every rule's meta. test/docs-fresh.test.ts fails when stale.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAllMeta } from '../rules/registry';
import { ruleDocMarkdown } from '../src/engine/rule-docs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const docsDir = path.join(root, 'docs', 'rules');

export async function ruleDocs(): Promise<Record<string, string>> {
  return Object.fromEntries((await loadAllMeta()).map((m) => [`${m.id}.md`, ruleDocMarkdown(m)]));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(docsDir, { recursive: true });
  const docs = await ruleDocs();
  for (const f of readdirSync(docsDir)) if (f.endsWith('.md') && !(f in docs)) rmSync(path.join(docsDir, f));
  for (const [f, text] of Object.entries(docs)) {
    const p = path.join(docsDir, f);
    let old = '';
    try { old = readFileSync(p, 'utf8'); } catch {}
    if (old !== text) writeFileSync(p, text);
  }
}
