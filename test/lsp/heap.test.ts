// The server bounds its heap's growth between full collections while a big document is open, and
// gives V8 its own heuristics back when none is (the flag is set only when it changes), through the
// setter of run-time V8 flags its entry point (src/bin) hands it.
import { describe, expect, it } from 'vitest';
import { BIG_DOCUMENT_GROWTH_PERCENT, BIG_OPEN_CHARS, heapGrowthPercent, HeapPolicy } from '../../src/server/heap';

describe('heap growth policy', () => {
  it('bounds the growth from BIG_OPEN_CHARS of open text on', () => {
    expect(heapGrowthPercent(0)).toBe(0);
    expect(heapGrowthPercent(100_000)).toBe(0);
    expect(heapGrowthPercent(BIG_OPEN_CHARS)).toBe(BIG_DOCUMENT_GROWTH_PERCENT);
    expect(BIG_DOCUMENT_GROWTH_PERCENT).toBeGreaterThan(0);
    expect(BIG_DOCUMENT_GROWTH_PERCENT).toBeLessThan(100);
  });

  it('sets the V8 flag when the open documents cross the bound, both ways, and only then', () => {
    const set: string[] = [];
    const policy = new HeapPolicy((flags) => set.push(flags));
    policy.update(98_000);
    expect(set).toEqual([]);
    policy.update(21_000_000);
    policy.update(21_000_005);
    expect(set).toEqual([`--heap-growing-percent=${BIG_DOCUMENT_GROWTH_PERCENT}`]);
    policy.update(98_000);
    expect(set).toEqual([`--heap-growing-percent=${BIG_DOCUMENT_GROWTH_PERCENT}`, '--heap-growing-percent=0']);
  });
});

describe('the heap bound in a running server', () => {
  it('sets the flag through the setter its entry point gives, as a big document opens and closes', async () => {
    const { PassThrough } = await import('node:stream');
    const { createConnection, StreamMessageReader, StreamMessageWriter, createMessageConnection } = await import('vscode-languageserver/node');
    const { startServer } = await import('../../src/server/main');
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    const set: string[] = [];
    startServer({ connection: createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(fromServer)), debounceMs: 600_000, setV8Flags: (f) => set.push(f) });
    const client = createMessageConnection(new StreamMessageReader(fromServer), new StreamMessageWriter(toServer));
    client.onNotification(() => undefined);
    client.onRequest(() => null);
    client.listen();
    try {
      await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
      await client.sendNotification('initialized', {});
      const uri = 'file:///tmp/omlint-heap-test/big.yaml';
      const text = `# ${'x'.repeat(BIG_OPEN_CHARS)}\n`;
      await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
      await expect.poll(() => set, { timeout: 10_000 }).toEqual([`--heap-growing-percent=${BIG_DOCUMENT_GROWTH_PERCENT}`]);
      await client.sendNotification('textDocument/didClose', { textDocument: { uri } });
      await expect.poll(() => set, { timeout: 10_000 }).toEqual([`--heap-growing-percent=${BIG_DOCUMENT_GROWTH_PERCENT}`, '--heap-growing-percent=0']);
    } finally {
      client.dispose();
      toServer.end();
    }
  });
});
