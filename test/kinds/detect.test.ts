import { describe, expect, it } from 'vitest';
import { declaredKind, detectItems, findModelines, kindFromFileName, sniffObject } from '../../src/kinds/detect';

describe('kind detection', () => {
  it('sniffs every kind from its distinctive fields', () => {
    expect(sniffObject({ eventTypeName: 'HOST_DOWN', notifications: [] })).toEqual(['alert-config']);
    expect(sniffObject({ eventTypeName: 'HOST_DOWN', forAllGroups: true })).toEqual(['global-alert-config']);
    expect(sniffObject({ alertTypeNames: ['HOST'], startDate: 'x', endDate: 'y' })).toEqual(['maintenance-window']);
    expect(sniffObject({ description: 'x', endDate: 'y' })).toEqual(['maintenance-window-update']);
    expect(sniffObject({ type: 'PAGER_DUTY', serviceKey: 'k' })).toEqual(['integration']);
    expect(sniffObject({ processes: [], replicaSets: [], version: 1 })).toEqual(['automation-config']);
    expect(sniffObject({ desc: 'ci key' })).toEqual(['api-key-update']);
    expect(sniffObject({ acknowledgedUntil: '2030-01-01T00:00:00Z' })).toEqual(['alert-acknowledgement']);
  });

  it('does not take alerts, automation status or random JSON for configurations', () => {
    expect(sniffObject({ eventTypeName: 'HOST_DOWN', status: 'OPEN', alertConfigId: 'x' })).toEqual([]);
    expect(sniffObject({ goalVersion: 2, processes: [] })).toEqual([]);
    expect(sniffObject({ name: 'omlint', version: '1.0.0', dependencies: {} })).toEqual([]);
  });

  it('splits arrays and list responses into items with base pointers', () => {
    const list = { results: [{ eventTypeName: 'A', enabled: true }, { eventTypeName: 'B', enabled: true }], totalCount: 2 };
    expect(detectItems(list).map((i) => [i.base, i.kind])).toEqual([
      ['/results/0', 'alert-config'],
      ['/results/1', 'alert-config'],
    ]);
    expect(detectItems([{ type: 'SLACK', apiToken: 'x' }]).map((i) => [i.base, i.kind])).toEqual([['/0', 'integration']]);
  });

  it('keeps an access-list body (an array) as one document', () => {
    const items = detectItems([{ ipAddress: '10.0.0.1' }, { cidrBlock: '10.0.0.0/8' }]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'access-list-entries', base: '' });
  });

  it('explains unknown content and how to declare the kind', () => {
    const [item] = detectItems({ foo: 1 });
    expect(item.kind).toBeUndefined();
    expect(item.problem!.message).toMatch(/--kind/);
    expect(item.problem!.message).toMatch(/modeline/);
  });

  it('lets a declared kind win over sniffing', () => {
    expect(detectItems({ foo: 1 }, { kind: 'integration', source: 'option' })[0]).toMatchObject({ kind: 'integration', source: 'option' });
  });

  it('reads both modelines and the file-name convention', () => {
    const m = findModelines('# omlint: kind=alert-config\n# yaml-language-server: $schema=../schemas/integration.schema.json\n# omlint: kind=bogus\n');
    expect(m.map((x) => x.kind ?? x.invalid)).toEqual(['alert-config', 'integration', 'bogus']);
    expect(kindFromFileName('team/cpu.alert-config.yaml')).toBe('alert-config');
    expect(kindFromFileName('x.automation-config.json')).toBe('automation-config');
    expect(kindFromFileName('x.yaml')).toBeUndefined();
  });
});

describe('declaredKind', () => {
  it('reads the file name once for all the documents of a file (null remembered as none)', () => {
    for (const [name, kind] of [['a.alert-config.yaml', { kind: 'alert-config', source: 'file-name' }], ['a.yaml', undefined]] as const) {
      let reads = 0;
      const declarations = { modelines: [], get filePath() { reads++; return name; } };
      expect([declaredKind(declarations, 0), declaredKind(declarations, 10), declaredKind(declarations, 20)]).toEqual([kind, kind, kind]);
      expect(reads).toBe(1);
    }
  });
});
