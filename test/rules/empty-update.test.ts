import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';
import type { Kind } from '../../src/core/kinds';

const RULE = 'empty-update';
const NOW = '2026-11-21T00:00:00Z';

async function hits(text: string, kind: Kind, fileName?: string) {
  const diagnostics = await lintDoc(text, { kind, now: NOW, fileName });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column]);
}

describe(RULE, () => {
  it.each([
    ['maintenance-window-update', 'description: Extended\n'],
    ['maintenance-window-update', 'alertTypeNames: [HOST]\n'],
    ['maintenance-window-update', 'endDate: "2099-01-01T00:00:00Z"\n'],
    ['api-key-update', 'desc: Updated API key description\n'],
    ['api-key-update', 'roles: [GLOBAL_READ_ONLY]\n'],
  ] as [Kind, string][])('accepts a %s body with a field to change', async (kind, text) => {
    expect(await hits(text, kind)).toEqual([]);
  });

  it.each([
    ['maintenance-window-update', '{}\n', [[1, 1]]],
    ['maintenance-window-update', 'id: 5628faffd4c606594adaa3b2\n', [[1, 1]]],
    ['api-key-update', '{}\n', [[1, 1]]],
    ['api-key-update', 'privateKey: "********-****-****-cfe60e9f1f72"\n', [[1, 1]]],
  ] as [Kind, string, number[][]][])('reports an empty %s body', async (kind, text, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });

  it('reports an empty JSON body', async () => {
    expect(await hits('{ }\n', 'api-key-update', 'key.json')).toEqual([[1, 1]]);
  });

  it('does not apply to create bodies', async () => {
    expect(await hits('{}\n', 'maintenance-window')).toEqual([]);
  });
});
