import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/kinds/names';
import { lintDoc } from '../helpers';

const RULE = 'notifications-required';

async function hits(text: string, kind: Kind = 'alert-config', fileName?: string) {
  return (await lintDoc(text, { kind, fileName }))
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

describe(RULE, () => {
  it.each([
    ['one notification', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n'],
    ['a notification of the wrong type (the schema says so)', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications: EMAIL\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['an empty list', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications: []\n', 'alert-config', undefined, [[3, 16, 'error']]],
    ['no notifications', 'eventTypeName: HOST_DOWN\nenabled: true\n', 'alert-config', undefined, [[1, 1, 'error']]],
    ['no notifications, globally', 'eventTypeName: HOST_DOWN\nenabled: true\nforAllGroups: true\n', 'global-alert-config', undefined, [[1, 1, 'error']]],
    ['an empty list in JSON', '{\n  "eventTypeName": "HOST_DOWN",\n  "enabled": true,\n  "notifications": []\n}\n', 'alert-config', 'a.json', [[4, 20, 'error']]],
  ] as [string, string, Kind, string | undefined, unknown[]][])('reports %s', async (_name, text, kind, fileName, expected) => {
    expect(await hits(text, kind, fileName)).toEqual(expected);
  });
});
