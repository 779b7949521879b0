import { describe, expect, it } from 'vitest';
import { fixDoc, lintDoc } from '../helpers';

const RULE = 'window-alert-type';
const NOW = '2026-11-21T00:00:00Z';
const opts = { kind: 'maintenance-window' as const, now: NOW };

async function hits(text: string) {
  const diagnostics = await lintDoc(text, opts);
  return diagnostics
    .filter((d) => d.ruleId === RULE)
    .map((d) => [d.range.start.line, d.range.start.column, d.severity, d.fixable]);
}

const window = (names: string) =>
  `alertTypeNames:\n${names}startDate: "2031-03-01T22:00:00Z"\nendDate: "2031-03-02T06:00:00Z"\n`;

describe(RULE, () => {
  it.each([
    ['all five types', window('  - HOST\n  - REPLICA_SET\n  - CLUSTER\n  - AGENT\n  - BACKUP\n')],
    ['a flow sequence', 'alertTypeNames: [AGENT, BACKUP]\nstartDate: "2031-03-01T22:00:00Z"\nendDate: "2031-03-02T06:00:00Z"\n'],
    ['no alertTypeNames', 'startDate: "2031-03-01T22:00:00Z"\nendDate: "2031-03-02T06:00:00Z"\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['a near miss (fixable)', window('  - HOST\n  - REPLICASET\n'), [[3, 5, 'error', true]]],
    ['a case slip (fixable)', window('  - backup\n'), [[2, 5, 'error', true]]],
    ['an event type name (nothing near)', window('  - HOST_DOWN\n'), [[2, 5, 'error', false]]],
    ['a repeated value (warning)', window('  - HOST\n  - AGENT\n  - HOST\n'), [[4, 5, 'warning', false]]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('names the accepted values and the near one', async () => {
    const [d] = (await lintDoc(window('  - REPLICASET\n'), opts)).filter((x) => x.ruleId === RULE);
    expect(d.message).toContain('HOST, REPLICA_SET, CLUSTER, AGENT, BACKUP');
    expect(d.message).toContain('Did you mean REPLICA_SET?');
  });

  it('fixes a near miss', async () => {
    expect(await fixDoc(window('  - HOST\n  - REPLICASET\n'), opts)).toBe(window('  - HOST\n  - REPLICA_SET\n'));
  });
});
