// The built-in packs on real documents (test/data/real, ../shared/corpus): a pack is opt-in, so
// findings are fine, but no crash (no internal-error), and every finding where it belongs: the
// pointer names a place of the document, and the range underlines that place's own text.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import { applyConfig, loadConfigText } from '../../src/config/load';
import { diskExtendsFiles } from '../../src/config/extends-disk';
import { KNOWN_RULE_IDS } from '../../rules/registry';
import { getAt, parentPointer } from '../../src/core/pointer';
import { SHARED_CORPUS, describeWithCorpus } from '../shared-corpus';

const NOW = new Date('2026-11-21T00:00:00Z');
const config = loadConfigText('/packs/omlint.config.yaml', 'extends: [omlint:production, omlint:alerting]\n', KNOWN_RULE_IDS, diskExtendsFiles);
const POLICY_IDS = new Set(config.policies.map((p) => p.rule.meta.id));

async function check(root: string) {
  const counts: Record<string, number> = {};
  for (const kindDir of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const dir = path.join(root, kindDir.name);
    const files = readdirSync(dir).filter((f) => /\.(json|ya?ml)$/.test(f)).map((f) => path.join(dir, f));
    const inputs = files.map((filePath) => ({ filePath, text: readFileSync(filePath, 'utf8') }));
    // One directory, one project scope: the alerting pack reads every alert configuration of it.
    const results = await lint(inputs, { now: NOW, settingsFor: (p) => ({ ...applyConfig(p, config), scope: dir }) });
    for (const r of results) {
      expect(r.diagnostics.filter((d) => d.ruleId === 'internal-error'), r.filePath).toEqual([]);
      const text = inputs.find((i) => path.resolve(i.filePath) === path.resolve(r.filePath) || i.filePath.endsWith(r.filePath))!.text;
      for (const d of r.diagnostics.filter((x) => POLICY_IDS.has(x.ruleId))) {
        counts[d.ruleId] = (counts[d.ruleId] ?? 0) + 1;
        expect(d.range.start.line).toBeGreaterThanOrEqual(1);
        if (!r.filePath.endsWith('.json') || d.pointer === '') continue;
        const doc = JSON.parse(text.replace(/^\uFEFF/, ''));
        const value = getAt(doc, d.pointer);
        const span = text.slice(d.span!.start, d.span!.end);
        if (value === undefined) {
          // A missing field: the finding is on the key of its nearest present parent (or the first key).
          let p = parentPointer(d.pointer);
          while (p !== '' && getAt(doc, p) === undefined) p = parentPointer(p);
          const parent = getAt(doc, parentPointer(p));
          // An array item has no key: its first key is underlined instead.
          const key = Array.isArray(parent) ? Object.keys(getAt(doc, p) as object)[0] : p.split('/').pop()!;
          if (p !== '') expect(span, `${r.filePath} ${d.ruleId} ${d.pointer}`).toBe(JSON.stringify(key));
        } else if (value === null || typeof value !== 'object') {
          expect(span, `${r.filePath} ${d.ruleId} ${d.pointer}`).toBe(JSON.stringify(value));
        }
      }
    }
  }
  return counts;
}

describe('built-in packs on test/data/real', () => {
  it('run without a crash, each finding at its place', async () => {
    const counts = await check(path.join(__dirname, '..', 'data', 'real'));
    console.log('packs on test/data/real:', JSON.stringify(counts));
    // Real deployments of the operator's fixtures do not all require TLS: the pack says so.
    expect(counts['production/tls-required']).toBeGreaterThan(0);
  });
});

describeWithCorpus('built-in packs on ../shared/corpus', () => {
  it('run without a crash, each finding at its place', async () => {
    const counts = await check(SHARED_CORPUS);
    console.log('packs on ../shared/corpus:', JSON.stringify(counts));
    expect(Object.keys(counts).length).toBeGreaterThan(0);
  });
});
