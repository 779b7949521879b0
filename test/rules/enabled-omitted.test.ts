import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/names';
import { fixDoc, lintDoc } from '../helpers';

const RULE = 'enabled-omitted';
const opts = { kind: 'alert-config' as const };

async function hits(text: string, kind: Kind = 'alert-config', fileName?: string) {
  return (await lintDoc(text, { kind, fileName }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity, d.fixable]);
}

const NOTIFICATIONS = 'notifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    intervalMin: 60\n';

describe(RULE, () => {
  it.each([
    ['enabled: true', `eventTypeName: HOST_DOWN\nenabled: true\n${NOTIFICATIONS}`, 'alert-config'],
    ['enabled: false', `eventTypeName: HOST_DOWN\nenabled: false\n${NOTIFICATIONS}`, 'alert-config'],
    ['a global configuration (enabled is set by its own PUT)', `eventTypeName: HOST_DOWN\nforAllGroups: true\n${NOTIFICATIONS}`, 'global-alert-config'],
  ] as [string, string, Kind][])('accepts %s', async (_name, text, kind) => {
    expect(await hits(text, kind)).toEqual([]);
  });

  it.each([
    ['YAML', `eventTypeName: HOST_DOWN\n${NOTIFICATIONS}`, undefined, [[1, 1, 'warning', true]]],
    ['JSON', '{\n  "eventTypeName": "HOST_DOWN",\n  "notifications": []\n}\n', 'a.json', [[1, 1, 'warning', true]]],
  ] as [string, string, string | undefined, unknown[]][])('reports %s', async (_name, text, fileName, expected) => {
    expect(await hits(text, 'alert-config', fileName)).toEqual(expected);
  });

  it('adds enabled: true in YAML', async () => {
    const fixed = await fixDoc(`eventTypeName: HOST_DOWN\n${NOTIFICATIONS}`, opts);
    expect(fixed).toBe(`enabled: true\neventTypeName: HOST_DOWN\n${NOTIFICATIONS}`);
  });

  it('adds "enabled": true in JSON', async () => {
    const before = '{\n  "eventTypeName": "HOST_DOWN",\n  "notifications": [{"typeName": "EMAIL", "emailAddress": "dba@example.com"}]\n}\n';
    const after =
      '{\n  "enabled": true,\n  "eventTypeName": "HOST_DOWN",\n  "notifications": [{"typeName": "EMAIL", "emailAddress": "dba@example.com"}]\n}\n';
    expect(await fixDoc(before, { ...opts, fileName: 'alert.json' })).toBe(after);
  });
});
