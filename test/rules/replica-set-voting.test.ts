import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'replica-set-voting';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** One replica set; "members:" is on line 3 (column 5), member i on line 4 + i. */
const rs = (...members: string[]) =>
  `replicaSets:\n  - _id: rs0\n    members:\n${members.map((m, i) => `      - {_id: ${i}, host: p${i}${m ? `, ${m}` : ''}}\n`).join('')}`;
const times = (n: number, m: string) => Array.from({ length: n }, () => m);

describe(RULE, () => {
  it.each([
    ['seven voters and a non-voter', rs(...times(7, 'priority: 1, votes: 1'), 'priority: 0, votes: 0')],
    ['seven voters by default (votes absent)', rs(...times(7, ''))],
    ['fifty members, seven of them voting', rs(...times(7, 'votes: 1'), ...times(43, 'priority: 0, votes: 0'))],
    ['a hidden, delayed member with priority 0 (real member_options fixture)', rs('priority: 2, votes: 1', 'priority: 0, votes: 1, hidden: true, secondaryDelaySecs: 3600', 'priority: 1, votes: 1')],
    ['an arbiter with priority 0', rs('priority: 1', 'priority: 1', 'arbiterOnly: true, priority: 0')],
    ['float priorities (as OM writes them)', rs('priority: 1.0, votes: 1', 'priority: 0.5, votes: 1')],
    ['a zero delay', rs('priority: 1, secondaryDelaySecs: 0', 'priority: 1, slaveDelay: 0')],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['eight voting members', rs(...times(6, 'votes: 1'), '', 'votes: 1'), [[3, 5, 'error']]],
    ['fifty-one members', rs(...times(7, 'votes: 1'), ...times(44, 'priority: 0, votes: 0')), [[3, 5, 'error']]],
    ['fifty-one voting members (both limits)', rs(...times(51, '')), [[3, 5, 'error'], [3, 5, 'error']]],
    // Never an error (issue 15): MongoDB up to 3.4 documents 1 as the arbiter default; 3.6+ resets it to 0.
    ['an arbiter with priority 1 (process version unknown)', rs('priority: 1', 'priority: 1', 'arbiterOnly: true, priority: 1'), [[6, 57, 'warning']]],
    ['a hidden member with priority 0.5', rs('priority: 1', 'hidden: true, priority: 0.5'), [[5, 52, 'error']]],
    ['a non-voting member with priority 1', rs('priority: 1', 'votes: 0, priority: 1'), [[5, 48, 'error']]],
    ['a delayed member with priority 1', rs('priority: 1', 'secondaryDelaySecs: 3600, priority: 1'), [[5, 64, 'error']]],
    ['a legacy slaveDelay member with priority 2', rs('priority: 1', 'slaveDelay: 60, priority: 2'), [[5, 54, 'error']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  /** The replica set of rs() after three processes p0-p2 of one MongoDB version. */
  const onVersion = (version: string, ...members: string[]) =>
    `processes:\n${[0, 1, 2].map((i) => `  - {name: p${i}, processType: mongod, version: "${version}"}\n`).join('')}${rs(...members)}`;

  it.each([
    ['3.2.22', 'info'],
    ['3.4.24-ent', 'info'],
    ['3.6.0', 'warning'],
    ['7.0.12', 'warning'],
  ])('an arbiter with priority 1 on MongoDB %s is %s, never an error', async (version, severity) => {
    const found = await diagnostics(onVersion(version, 'priority: 1', 'priority: 1', 'arbiterOnly: true, priority: 1'));
    expect(found.map((d) => [d.pointer, d.severity])).toEqual([['/replicaSets/0/members/2/priority', severity]]);
    expect(found[0].message).toContain(severity === 'info' ? `the default MongoDB ${version} documents for arbiters` : 'mongod 3.6+ silently resets');
  });

  it('a non-voting member with priority 1 is no error before 3.2, an error from 3.2 on', async () => {
    expect(await diagnostics(onVersion('3.0.15', 'priority: 1', 'votes: 0, priority: 1'))).toEqual([]);
    expect((await diagnostics(onVersion('3.2.0', 'priority: 1', 'votes: 0, priority: 1'))).map((d) => d.severity)).toEqual(['error']);
  });

  it('a hidden member with priority 1 stays an error on every version, non-voting or not', async () => {
    const found = await diagnostics(onVersion('3.2.22', 'priority: 1', 'hidden: true, priority: 1'));
    expect(found.map((d) => d.severity)).toEqual(['error']);
    const old = await diagnostics(onVersion('3.0.15', 'priority: 1', 'hidden: true, votes: 0, priority: 1'));
    expect(old.map((d) => d.severity)).toEqual(['error']);
  });

  it('counts the voters and suggests priority 0', async () => {
    const [voters] = await diagnostics(rs(...times(9, '')));
    expect(voters.message).toBe(
      'Replica set "rs0" has 9 voting members; at most 7 members may vote. Set votes: 0 and priority: 0 on the extra members.',
    );
    const [arbiter] = await diagnostics(rs('priority: 1', 'arbiterOnly: true, priority: 1'));
    expect(arbiter.pointer).toBe('/replicaSets/0/members/1/priority');
    expect(arbiter.message).toContain('is an arbiter with priority 1; an arbiter can never become primary');
    expect(arbiter.fixable).toBe(false);
    expect(arbiter.suggestions?.[0].title).toBe('Set priority to 0');
  });
});
