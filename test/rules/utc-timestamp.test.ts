import { describe, expect, it } from 'vitest';
import { fixDoc, lintDoc } from '../helpers';
import type { Kind } from '../../src/core/kinds';

const RULE = 'utc-timestamp';
const NOW = '2026-11-21T00:00:00Z';

async function hits(text: string, kind: Kind, fileName?: string) {
  const diagnostics = await lintDoc(text, { kind, now: NOW, fileName });
  return diagnostics
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity, d.fixable]);
}

describe(RULE, () => {
  it.each([
    ['alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T04:00:00Z"\n'],
    ['alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T04:00:00.250Z"\n'],
    // A zero offset is UTC already.
    ['alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T04:00:00+00:00"\n'],
    // Unparseable or offset-less values are invalid-value's, not this rule's.
    ['alert-acknowledgement', 'acknowledgedUntil: "2099-04-15"\n'],
    ['alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T04:00:00"\n'],
    ['maintenance-window', 'alertTypeNames: [HOST]\nstartDate: "2099-10-23T22:00:00Z"\nendDate: "2099-10-23T23:30:00Z"\n'],
  ] as [Kind, string][])('accepts UTC timestamps in %s', async (kind, text) => {
    expect(await hits(text, kind)).toEqual([]);
  });

  it.each([
    ['alert-acknowledgement', 'acknowledgedUntil: "2099-04-15T00:00:00-0400"\n', [[1, 20, 'warning', true]]],
    [
      'maintenance-window',
      'alertTypeNames: [HOST]\nstartDate: "2099-10-23T22:00:00+02:00"\nendDate: "2099-10-23T23:30:00Z"\n',
      [[2, 12, 'warning', true]],
    ],
    ['maintenance-window-update', 'endDate: "2099-10-23T23:30:00-07"\n', [[1, 10, 'warning', true]]],
    [
      'automation-config',
      'version: 1\nprocesses:\n  - name: a\n    lastRestart: "2099-01-01T00:00:00+01:00"\n',
      [[4, 18, 'warning', true]],
    ],
    [
      'access-list-entries',
      '- ipAddress: 192.0.2.15\n  created: "2014-04-23T16:17:44+0100"\n',
      [[2, 12, 'warning', true]],
    ],
    ['alert-config', 'eventTypeName: HOST_DOWN\ncreated: "2015-01-01T00:00:00-05:00"\n', [[2, 10, 'warning', true]]],
  ] as [Kind, string, unknown[][]][])('reports an offset in %s', async (kind, text, expected) => {
    expect(await hits(text, kind)).toEqual(expected);
  });

  it('says which instant to write', async () => {
    const [d] = (await lintDoc('acknowledgedUntil: "2018-10-04T11:11:49-0400"\n', { kind: 'alert-acknowledgement', now: NOW }))
      .filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('2018-10-04T15:11:49Z');
  });

  it.each([
    ['acknowledgedUntil: "2018-10-04T11:11:49-0400"\n', 'acknowledgedUntil: "2018-10-04T15:11:49Z"\n'],
    // Crossing midnight and keeping the fraction of a second.
    ['acknowledgedUntil: "2099-01-01T01:30:00.5+05:30"\n', 'acknowledgedUntil: "2098-12-31T20:00:00.5Z"\n'],
  ])('fixes %s', async (text, fixed) => {
    expect(await fixDoc(text, { kind: 'alert-acknowledgement', now: NOW })).toBe(fixed);
  });

  it('fixes JSON', async () => {
    const text = '{ "acknowledgedUntil": "2016-04-15T00:00:00-0400" }\n';
    expect(await fixDoc(text, { kind: 'alert-acknowledgement', fileName: 'ack.json', now: NOW })).toBe(
      '{ "acknowledgedUntil": "2016-04-15T04:00:00Z" }\n',
    );
  });
});
