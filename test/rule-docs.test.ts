// Biome-style: every rule's docs examples are executed. A bad example must produce exactly one
// diagnostic, of its rule; a good one none of the rule. Every rule must have docs and a page.
import { describe, expect, it } from 'vitest';
import { REGISTRY, loadAllMeta } from '../rules/registry';
import { lint } from '../src/engine/lint';
import type { RuleMeta } from '../src/core/types';

const NOW = new Date('2026-11-21T00:00:00Z');
const ALL_RULE_META = await loadAllMeta();

async function run(meta: RuleMeta, text: string, baseExample?: RuleMeta['docs']['base']) {
  const kind = meta.docs.kind ?? (meta.kinds === '*' ? undefined : meta.kinds[0]);
  // Transition rules (issue 19) compare the example with its base.
  const base = baseExample === undefined ? undefined : { label: 'base.yaml', text: baseExample };
  const inputs = [{ filePath: '/scope/example.yaml', text, base }, ...(meta.docs.scope ?? []).map((t, i) => ({ filePath: `/scope/other-${i}.yaml`, text: t }))];
  // The docs kind applies to the example only; the scope's other documents are detected.
  const settingsFor = (filePath: string) => ({ ignored: false, rules: {}, scope: '/scope', secretPlaceholders: [], kind: filePath === '/scope/example.yaml' ? kind : undefined });
  const results = await lint(inputs, { now: NOW, settingsFor });
  return results[0].diagnostics;
}

describe('rule docs examples', () => {
  for (const meta of ALL_RULE_META) {
    describe(meta.id, () => {
      it('has a description, a why, and examples', () => {
        expect(meta.description.length).toBeGreaterThan(10);
        expect(meta.docs.why.length).toBeGreaterThan(10);
        expect(meta.docs.good.length).toBeGreaterThan(0);
        // internal-error cannot be produced by a document: it is tested with a throwing rule.
        if (meta.id !== 'internal-error') expect(meta.docs.bad.length).toBeGreaterThan(0);
        // Written out literally, as the docs show them (no base document with patches).
        for (const example of [meta.docs.bad, meta.docs.good, meta.docs.base, meta.docs.goodBase, ...(meta.docs.scope ?? [])]) expect(typeof (example ?? '')).toBe('string');
      });
      if (meta.fixable) {
        it('a rule with a safe fix says which of its changes are safe and which are suggestions (issue 31)', () => {
          expect(meta.docs.fixes, `${meta.id}: docs.fixes`).toMatch(/^Safe: /);
        });
      }
      if (meta.id !== 'internal-error') {
        it('bad example produces exactly one diagnostic of this rule, and no other but the declared ones', async () => {
          const found = await run(meta, meta.docs.bad, meta.docs.base);
          const others = new Set(meta.docs.alsoReports ?? []);
          expect(found.filter((d) => !others.has(d.ruleId)).map((d) => `${d.ruleId}: ${d.message}`)).toEqual([expect.stringMatching(new RegExp(`^${meta.id}: `))]);
          // A declared other rule must really be reported (no stale allowance).
          for (const id of others) expect(found.some((d) => d.ruleId === id), id).toBe(true);
        });
      }
      // Rules that judge a deployment state the MongoDB / Ops Manager versions they apply to (issue 15).
      const versionDependent = meta.kinds === '*' ? ['required-field', 'deprecated-field', 'invalid-type'].includes(meta.id) : meta.kinds.includes('automation-config');
      if (versionDependent || meta.id === 'deprecated-notification-type' || meta.id === 'notification-interval') {
        it('states the versions it applies to', () => {
          expect(meta.docs.versions?.length ?? 0).toBeGreaterThan(20);
        });
      }
      // Every rule module reports by message id (built-in ids are reported by omlint's own code).
      if (REGISTRY.find((e) => e.id === meta.id)?.builtin === false) {
        it('declares its messages', () => {
          expect(Object.keys(meta.messages ?? {}).length).toBeGreaterThan(0);
        });
      }
      it('good example produces none', async () => {
        expect((await run(meta, meta.docs.good, meta.docs.goodBase ?? meta.docs.base)).filter((d) => d.ruleId === meta.id)).toEqual([]);
      });
    });
  }
});
