import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'replica-set-members';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

// Lines 2-4: processes a, b (rs0) and c (rs1); a replSetName value starts at column 77 on line 4.
const processes = `processes:
  - {name: a, hostname: a.example.net, args2_6: {replication: {replSetName: rs0}, net: {port: 27017}}}
  - {name: b, hostname: b.example.net, args2_6: {replication: {replSetName: rs0}, net: {port: 27017}}}
  - {name: c, hostname: c.example.net, args2_6: {replication: {replSetName: rs1}, net: {port: 27017}}}
`;
/** A replica set whose members start on the line after `members:`; member host values at column 24. */
const rs = (id: string, ...hosts: (string | [number | string, string])[]) =>
  `  - _id: ${id}\n    members:\n` +
  hosts.map((h, i) => (Array.isArray(h) ? `      - {_id: ${h[0]}, host: ${h[1]}}\n` : `      - {_id: ${i}, host: ${h}}\n`)).join('');
const doc = (...sets: string[]) => `${processes}replicaSets:\n${sets.join('')}`;

describe(RULE, () => {
  it.each([
    ['consistent replica sets', doc(rs('rs0', 'a', 'b'), rs('rs1', 'c'))],
    ['a fragment without processes', `replicaSets:\n${rs('rs0', 'x', 'y')}`],
    ['a member process without replSetName', `processes:\n  - {name: a}\nreplicaSets:\n${rs('rs0', 'a')}`],
    ['member _ids of different types', doc(rs('rs0', [0, 'a'], ['"0"', 'b']))],
    ['no replica sets', `${processes}replicaSets: []\n`],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    // Line 5 is "replicaSets:", 6 the first _id, 7 "members:", members from line 8.
    ['a member host naming no process', doc(rs('rs0', 'a', 'b', 'x')), [[10, 24, 'error']]],
    ['a hostname:port instead of a process name', doc(rs('rs0', 'a', 'b.example.net:27017')), [[9, 24, 'error']]],
    ['a process in two replica sets', doc(rs('rs0', 'a', 'b'), rs('rs1', 'c', 'b')), [[13, 24, 'error']]],
    ['a process listed twice in one set', doc(rs('rs0', 'a', 'b', 'a')), [[10, 24, 'error']]],
    ['a duplicate member _id', doc(rs('rs0', [0, 'a'], [0, 'b'])), [[9, 15, 'error']]],
    ['a duplicate replica set _id', doc(rs('rs0', 'a'), rs('rs1', 'c'), rs('rs0', 'b')), [[12, 10, 'error']]],
    ["a member whose replSetName differs from its set's _id", doc(rs('rs0', 'a', 'b', 'c')), [[4, 77, 'error']]],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('names the processes that exist, the nearest first', async () => {
    const [d] = await diagnostics(doc(rs('rs0', 'a', 'b', 'bb')));
    expect(d.pointer).toBe('/replicaSets/0/members/2/host');
    expect(d.message).toBe(
      'Member host "bb" of replica set "rs0" names no process; processes: "b", "a", "c". Use a processes[].name.',
    );
  });

  it('points a hostname:port at the process that listens there', async () => {
    const [d] = await diagnostics(doc(rs('rs0', 'a', 'b.example.net:27017')));
    expect(d.message).toContain('That address is process "b": use its name.');
  });

  it('names the other replica set', async () => {
    const [d] = await diagnostics(doc(rs('rs0', 'a', 'b'), rs('rs1', 'c', 'b')));
    expect(d.message).toContain('Process "b" is already a member of replica set "rs0"');
  });

  it('suggests the replica set _id as replSetName', async () => {
    const [d] = await diagnostics(doc(rs('rs0', 'a', 'b', 'c')));
    expect(d.pointer).toBe('/processes/2/args2_6/replication/replSetName');
    expect(d.fixable).toBe(false);
    expect(d.suggestions?.[0].title).toBe('Set replSetName to "rs0"');
  });
});
