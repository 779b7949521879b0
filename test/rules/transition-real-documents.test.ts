// No false findings on real documents (issue 19): every real document of test/data/real, compared
// with itself as its base, gives no transition finding: an unchanged GET is no change.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import { REGISTRY } from '../../rules/registry';

const DIR = path.join(__dirname, '..', 'data', 'real');
const TRANSITION_RULES = new Set(REGISTRY.filter((e) => e.scope === 'transition').map((e) => e.id));
const files = readdirSync(DIR)
  .filter((d) => statSync(path.join(DIR, d)).isDirectory())
  .flatMap((d) => readdirSync(path.join(DIR, d)).map((f) => `${d}/${f}`));

describe('real documents compared with themselves', () => {
  it('knows the transition rules and has documents to compare', () => {
    expect(TRANSITION_RULES.size).toBeGreaterThanOrEqual(11);
    expect(files.length).toBeGreaterThan(20);
  });
  for (const f of files) {
    it(f, async () => {
      const text = readFileSync(path.join(DIR, f), 'utf8');
      const [r] = await lint([{ filePath: `/p/${path.basename(f)}`, text, base: { label: `HEAD:${f}`, text } }], { now: new Date('2026-11-21T00:00:00Z'), cwd: '/p' });
      expect(r.diagnostics.filter((d) => TRANSITION_RULES.has(d.ruleId) || d.ruleId === 'base-unusable').map((d) => `${d.ruleId} ${d.pointer}: ${d.message}`)).toEqual([]);
    });
  }
});
