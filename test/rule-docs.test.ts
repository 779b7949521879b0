// Biome-style: every rule's docs examples are executed. A bad example must produce the rule's
// diagnostic; a good one none of it. Every rule must have docs and a generated page.
import { describe, expect, it } from 'vitest';
import { ALL_RULE_META } from '../src/engine/catalog-full';
import { lint } from '../src/engine/lint';
import type { RuleMeta } from '../src/engine/types';

const NOW = new Date('2026-11-21T00:00:00Z');

async function run(meta: RuleMeta, text: string) {
  const kind = meta.docs.kind ?? (meta.kinds === '*' ? undefined : meta.kinds[0]);
  const inputs = [{ filePath: '/scope/example.yaml', text }, ...(meta.docs.scope ?? []).map((t, i) => ({ filePath: `/scope/other-${i}.yaml`, text: t }))];
  // The docs kind applies to the example only; the scope's other documents are detected.
  const settingsFor = (filePath: string) => ({ ignored: false, rules: {}, scope: '/scope', secretPlaceholders: [], kind: filePath === '/scope/example.yaml' ? kind : undefined });
  const results = await lint(inputs, { now: NOW, settingsFor });
  return results[0].diagnostics.filter((d) => d.ruleId === meta.id);
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
      });
      if (meta.id !== 'internal-error') {
        it('bad example produces the diagnostic', async () => {
          expect((await run(meta, meta.docs.bad)).length).toBeGreaterThan(0);
        });
      }
      // Rules that judge a deployment state the MongoDB / Ops Manager versions they apply to (issue 15).
      const versionDependent = meta.kinds === '*' ? ['required-field', 'deprecated-field', 'invalid-type'].includes(meta.id) : meta.kinds.includes('automation-config');
      if (versionDependent || meta.id === 'deprecated-notification-type' || meta.id === 'notification-interval') {
        it('states the versions it applies to', () => {
          expect(meta.docs.versions?.length ?? 0).toBeGreaterThan(20);
        });
      }
      it('good example produces none', async () => {
        expect(await run(meta, meta.docs.good)).toEqual([]);
      });
    });
  }
});
