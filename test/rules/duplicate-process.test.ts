import { describe, expect, it } from 'vitest';
import { lintDoc, places } from '../helpers';

const RULE = 'duplicate-process';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return places(await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** Six lines per process: process k's name is on line 2 + 6k (column 11), its port on 6 + 6k (column 15). */
const proc = (name: string, hostname: string, port: number | string) =>
  `  - name: ${name}\n    hostname: ${hostname}\n    args2_6:\n      net:\n        port: ${port}\n    processType: mongod\n`;
const doc = (...procs: string[]) => `processes:\n${procs.join('')}`;

describe(RULE, () => {
  it.each([
    ['distinct names and addresses', doc(proc('a', 'db0.example.net', 27017), proc('b', 'db1.example.net', 27017), proc('c', 'db0.example.net', 27018))],
    ['ports given as strings (the schema reports the type)', doc(proc('a', 'db0.example.net', '"27017"'), proc('b', 'db0.example.net', '"27017"'))],
    ['processes without a port (defaults differ by role)', 'processes:\n  - name: a\n    hostname: h\n  - name: b\n    hostname: h\n'],
    ['a non-object entry', 'processes:\n  - null\n  - name: a\n'],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['a repeated name', doc(proc('a', 'db0.example.net', 27017), proc('a', 'db1.example.net', 27017)), [[8, 11, 'error']]],
    ['two processes on one host and port', doc(proc('a', 'db0.example.net', 27017), proc('b', 'db0.example.net', 27017)), [[12, 15, 'error']]],
    ['host names differing only in case', doc(proc('a', 'db0.example.net', 27017), proc('b', 'DB0.Example.net', 27017)), [[12, 15, 'error']]],
    [
      'both at once, and a third copy',
      doc(proc('a', 'db0.example.net', 27017), proc('a', 'db0.example.net', 27017), proc('a', 'db2.example.net', 27017)),
      [[8, 11, 'error'], [12, 15, 'error'], [14, 11, 'error']],
    ],
  ])('reports %s', async (_name, text, expected) => {
    expect(await hits(text)).toEqual(expected);
  });

  it('names the first process', async () => {
    const [name, port] = await diagnostics(doc(proc('a', 'db0.example.net', 27017), proc('a', 'db0.example.net', 27017)));
    expect(name.pointer).toBe('/processes/1/name');
    expect(name.message).toContain('already used by processes[0]');
    expect(port.pointer).toBe('/processes/1/args2_6/net/port');
    expect(port.message).toContain('db0.example.net:27017, like processes[0] ("a")');
  });
});
