// The automation-config rules scale linearly: a project with 20,000 processes costs no more per
// process than one with 1,000. Proved by counting the rules' reads of the document (exact, machine
// independent), and checked once more with a deliberately generous timing bound.
import { describe, expect, it } from 'vitest';
import { buildAutomationConfig, countingView, runAutomationRules } from '../bench/automation-fixtures';
import { getTopology } from '../src/model/automation-topology';

const SMALL = 1_000;
const LARGE = 20_000;

function minTime(docs: unknown[]): number {
  let best = Infinity;
  for (const doc of docs) {
    const start = performance.now();
    runAutomationRules(doc);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('automation rules at scale', () => {
  it('compute the topology once per document', () => {
    const doc = buildAutomationConfig(100);
    expect(getTopology(doc)).toBe(getTopology(doc));
    const counted = countingView(doc);
    runAutomationRules(counted.view);
    const once = counted.reads();
    // A second run reuses the memoized topology, so it reads the document less than the first.
    runAutomationRules(counted.view);
    expect(counted.reads() - once).toBeLessThan(once);
  });

  it('read the document a bounded number of times per process', () => {
    const small = countingView(buildAutomationConfig(SMALL));
    const large = countingView(buildAutomationConfig(LARGE));
    const smallFindings = runAutomationRules(small.view);
    const largeFindings = runAutomationRules(large.view);
    // Every hundredth cluster is broken the same way, so the findings grow in proportion.
    expect(smallFindings).toBeGreaterThan(0);
    expect(largeFindings).toBe((LARGE / SMALL) * smallFindings);
    const perProcessSmall = small.reads() / SMALL;
    const perProcessLarge = large.reads() / LARGE;
    // Quadratic work would multiply the per-process reads by 20; linear work keeps them equal.
    expect(perProcessLarge / perProcessSmall).toBeLessThan(1.25);
  });

  it('take time roughly proportional to the number of processes', () => {
    // Fresh copies, so every run builds its topology; one of each size first to warm the JIT.
    const small = Array.from({ length: 6 }, () => buildAutomationConfig(SMALL));
    const large = Array.from({ length: 3 }, () => buildAutomationConfig(LARGE));
    runAutomationRules(small.pop());
    runAutomationRules(large.pop());
    const ratio = minTime(large) / minTime(small);
    // Linear is about 20x; quadratic would be about 400x. 40 leaves room for noisy CI machines.
    expect(ratio).toBeLessThan(40);
  }, 60_000);
});
