// Which base document is the previous state of which (issue 19): by kind and identity.
import { describe, expect, it } from 'vitest';
import { matchDocuments, type KindedDocument } from '../../src/model/document-identity';

const doc = (kind: KindedDocument['kind'], value: Record<string, unknown>): KindedDocument => ({ kind, value });
const ids = (m: ReturnType<typeof matchDocuments>) => ({
  pairs: m.pairs.map((p) => [JSON.stringify(p.now.value), JSON.stringify(p.base.value)]),
  added: m.added.map((d) => JSON.stringify(d.value)),
  removed: m.removed.map((d) => JSON.stringify(d.value)),
});

describe('matchDocuments', () => {
  it('maintenance windows by id, integrations by type, whatever their order', () => {
    const now = [doc('integration', { type: 'SLACK', a: 1 }), doc('maintenance-window', { id: 'w2' }), doc('maintenance-window', { id: 'w1' })];
    const base = [doc('maintenance-window', { id: 'w1', x: 0 }), doc('integration', { type: 'SLACK', a: 0 }), doc('integration', { type: 'PAGER_DUTY' })];
    expect(ids(matchDocuments(now, base))).toEqual({
      pairs: [['{"type":"SLACK","a":1}', '{"type":"SLACK","a":0}'], ['{"id":"w1"}', '{"id":"w1","x":0}']],
      added: ['{"id":"w2"}'],
      removed: ['{"type":"PAGER_DUTY"}'],
    });
  });
  it('automation configs by position in the file; never across kinds', () => {
    const m = matchDocuments([doc('automation-config', { version: 2 }), doc('alert-config', { eventTypeName: 'HOST_DOWN' })], [doc('automation-config', { version: 1 })]);
    expect(ids(m)).toEqual({ pairs: [['{"version":2}', '{"version":1}']], added: ['{"eventTypeName":"HOST_DOWN"}'], removed: [] });
  });
  it('two alert configs that share event and matchers and have no id pair with nothing', () => {
    const a = doc('alert-config', { eventTypeName: 'HOST_DOWN', n: 1 });
    const b = doc('alert-config', { eventTypeName: 'HOST_DOWN', n: 2 });
    const m = matchDocuments([a, b], [doc('alert-config', { eventTypeName: 'HOST_DOWN' })]);
    expect(m.pairs).toEqual([]);
    expect(m.added).toHaveLength(2);
  });
  it('an id wins over event and matchers (an alert config whose matchers changed keeps its partner)', () => {
    const now = [doc('alert-config', { id: 'x', eventTypeName: 'HOST_DOWN', matchers: [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'a' }] }), doc('alert-config', { id: 'y', eventTypeName: 'HOST_DOWN' })];
    const base = [doc('alert-config', { id: 'y', eventTypeName: 'HOST_DOWN', matchers: [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'a' }] }), doc('alert-config', { id: 'x', eventTypeName: 'HOST_DOWN' })];
    expect(matchDocuments(now, base).pairs.map((p) => [(p.now.value as { id: string }).id, (p.base.value as { id: string }).id])).toEqual([['x', 'x'], ['y', 'y']]);
  });
});
