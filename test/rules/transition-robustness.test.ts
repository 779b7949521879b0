// Bad input never crashes a transition rule: every rule module of scope 'transition' gets odd
// bases and documents (wrong types at every level the rules read) and must return quietly.
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '../../rules/registry';
import type { TransitionRule } from '../../src/core/types';
import { DocumentFacts } from '../../src/core/facts';

const ODD: unknown[] = [
  null, 5, 'text', [], {}, { processes: 5 }, { processes: [null, 5, { name: 7, version: 6, args2_6: 'x' }] },
  { processes: [{ name: 'a', version: '7.0.1', featureCompatibilityVersion: 7 }], replicaSets: [{ _id: 'rs', members: 3 }, { members: [null, { host: 5, votes: 'x' }] }] },
  { sharding: [{ name: 'c', shards: 'x' }], replicaSets: 'x', tls: 'x', version: 'x' },
  { notifications: [null, { typeName: 'PAGER_DUTY', serviceKey: 5 }], enabled: 'yes' },
];

describe('transition rules on odd input', () => {
  const transition = REGISTRY.filter((e) => e.scope === 'transition');
  it('there are transition rules to try', () => expect(transition.length).toBeGreaterThanOrEqual(11));
  for (const entry of transition) {
    it(`${entry.id} never throws`, async () => {
      const rule = (await entry.load()) as TransitionRule;
      for (const base of ODD) {
        for (const value of ODD) {
          for (const kind of rule.meta.kinds === '*' ? (['automation-config'] as const) : rule.meta.kinds) {
            expect(() =>
              rule.check({ value, base, kind, filePath: '/p/a.yaml', baseLabel: 'b', options: { now: new Date(0), secretPlaceholders: [] }, partial: false, isTemplate: () => false, report: () => undefined, facts: new DocumentFacts(value), baseFacts: new DocumentFacts(base) }),
            ).not.toThrow();
          }
        }
      }
    });
  }
});
