// The address index of a topology (big JSON): the first process at each address, and
// lists only for the addresses that more than one process shares (a big configuration has tens of
// thousands of addresses and few repeats: no list per process).
import { describe, expect, it } from 'vitest';
import { DocumentFacts } from '../../src/core/facts';
import { processAt, sharedAddresses } from '../../src/model/automation-topology';

const proc = (name: string, hostname: string | undefined, port: unknown) => ({ name, hostname, processType: 'mongod', args2_6: { net: { port } } });

describe('processes by address', () => {
  const doc = {
    processes: [
      proc('a', 'Host1.example.net', 27017),
      proc('b', 'host2.example.net', 27017),
      proc('c', 'host1.example.net', 27017), // a's address (host names case-insensitive)
      proc('d', 'host2.example.net', 27018),
      proc('e', 'host3.example.net', 27017),
      proc('f', 'host3.example.net', 27017), // e's
      proc('g', 'HOST1.example.net', 27017), // a's again
      proc('h', undefined, 27017), // no address
      proc('i', 'host4.example.net', '27017'), // a port that is not an integer: no address
    ],
  };

  it('finds the first process at an address, host name lower-cased', () => {
    const t = new DocumentFacts(doc);
    expect(processAt(t, 'host1.example.net:27017')?.name).toBe('a');
    expect(processAt(t, 'host2.example.net:27018')?.name).toBe('d');
    expect(processAt(t, 'Host1.example.net:27017')).toBeUndefined(); // the caller lower-cases
    expect(processAt(t, 'host4.example.net:27017')).toBeUndefined();
  });

  it('lists the processes of each shared address in document order, addresses by their first process', () => {
    const shared = [...sharedAddresses(new DocumentFacts(doc))].map((list) => list.map((p) => p.name));
    expect(shared).toEqual([
      ['a', 'c', 'g'],
      ['e', 'f'],
    ]);
    expect([...sharedAddresses(new DocumentFacts({ processes: [proc('x', 'h', 1), proc('y', 'h', 2)] }))]).toEqual([]);
  });
});
