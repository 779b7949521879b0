// The evaluator's usual path (a metric tracker stepped only when its slot is busy or its average
// left the band of its thresholds, live alerts that only follow the value updated in place, the
// other trackers looked at after an event, averages from circular buffers) against the plain
// definition (`reference: true`: every tracker at every time, averages summed afresh from every
// sample), on seeded random workloads of integer and non-integer samples: the same output, field
// for field and in the same order.
import { describe, expect, it } from 'vitest';
import * as evaluator from '../../src/model/alert-eval';
import { alertWorkload, replay } from './alert-workload';

const SEEDS = Array.from({ length: 24 }, (_, i) => i + 1);

describe('the usual path gives what the plain definition gives', () => {
  // Non-integer samples too: the averages must be the same sums in the same order, not near ones
  // (a value at a threshold would fire on one path and not the other).
  it.each(SEEDS.flatMap((seed) => [[seed, 'integer'], [seed, 'non-integer']] as const))('seed %i, %s samples', (seed, kind) => {
    const w = alertWorkload(seed, 240, kind === 'integer');
    const fast = replay(evaluator, w);
    const plain = replay(evaluator, w, { reference: true });
    expect(fast.length).toBe(plain.length);
    for (let i = 0; i < fast.length; i++) if (fast[i] !== plain[i]) expect({ step: i, line: fast[i] }).toEqual({ step: i, line: plain[i] });
  });

  it('the workloads reach every transition and notification the comparison must cover', () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      for (const line of replay(evaluator, alertWorkload(seed, 240)).slice(1, -1)) {
        const step = JSON.parse(line) as { transitions: { what: string; detail?: string }[]; notifications: { kind: string; note?: string }[] };
        for (const t of step.transitions) seen.add(t.detail === 'acknowledgement removed' ? 'acknowledgement removed' : t.what);
        for (const n of step.notifications) seen.add(`notification ${n.kind}${n.note ? ' with a note' : ''}`);
      }
    }
    expect([...seen].sort()).toEqual([
      'CANCELLED', 'CLOSED', 'OPEN', 'TRACKING', 'acknowledged', 'acknowledgement ended', 'acknowledgement removed', 'muted',
      'notification alert', 'notification alert with a note', 'notification resolved', 'notification resolved with a note',
      'window deleted', 'window deletion refused',
    ]);
  });
});
