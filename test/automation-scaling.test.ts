// The automation-config rules scale linearly: a project with 20,000 processes costs no more per
// process than one with 1,000. Proved by counting the rules' reads of the document (exact, machine
// independent), and checked once more with a deliberately generous timing bound.
import { describe, expect, it } from 'vitest';
import { buildAutomationConfig, countingView, runAutomationRules } from '../bench/automation-fixtures';
import { DocumentFacts } from '../src/core/facts';
import { getTopology, topologyOf } from '../src/model/automation-topology';

const SMALL = 1_000;
const LARGE = 20_000;

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

describe('automation rules at scale', () => {
  it('compute the topology once per document\'s facts', () => {
    const doc = buildAutomationConfig(100);
    const facts = new DocumentFacts(doc);
    expect(topologyOf(facts)).toBe(topologyOf(facts));
    expect(topologyOf(new DocumentFacts(doc))).not.toBe(topologyOf(facts));
    const counted = countingView(doc);
    const shared = new DocumentFacts(counted.view);
    runAutomationRules(counted.view, shared);
    const once = counted.reads();
    // A second run with the same facts reuses the topology, so it reads the document less than the first.
    runAutomationRules(counted.view, shared);
    expect(counted.reads() - once).toBeLessThan(once);
  });

  it('make the pointers of processes and members when asked, not one string stored per object', () => {
    const doc = buildAutomationConfig(100) as { processes: unknown[] };
    const t = getTopology(doc);
    const p = t.processes[7];
    const m = t.replicaSets[2].members[1];
    expect(Object.getOwnPropertyNames(p)).not.toContain('pointer');
    expect(Object.getOwnPropertyNames(m)).not.toContain('pointer');
    expect([p.pointer, m.pointer]).toEqual(['/processes/7', '/replicaSets/2/members/1']);
    expect(doc.processes[7]).toBe(p.value);
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

  it('spend no more time per process on 20,000 processes than a few times that on 1,000', () => {
    // Equal work on both sides (twenty 1,000-process documents against one of 20,000), so noise
    // hits both alike; fresh documents every run, so every run builds its topology.
    runAutomationRules(buildAutomationConfig(SMALL)); // warm up the JIT
    runAutomationRules(buildAutomationConfig(LARGE));
    let small = Infinity;
    let large = Infinity;
    for (let rep = 0; rep < 3; rep++) {
      const smalls = Array.from({ length: LARGE / SMALL }, () => buildAutomationConfig(SMALL));
      small = Math.min(small, time(() => smalls.forEach((doc) => runAutomationRules(doc))));
      const doc = buildAutomationConfig(LARGE);
      large = Math.min(large, time(() => runAutomationRules(doc)));
    }
    // Linear work gives about 1; quadratic about 20. 4 leaves room for GC and noisy CI machines.
    expect(large / small).toBeLessThan(4);
  }, 60_000);
});
