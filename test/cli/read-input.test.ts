// readInput reads small files through one shared buffer and bigger ones by their size: every size
// around the buffer's edge must come back whole, and the size limit must hold before a read.
import { closeSync, constants, mkdtempSync, openSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readInput } from '../../src/cli/files';

const dir = mkdtempSync(path.join(tmpdir(), 'omlint-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('readInput', () => {
  it('returns every size whole, around the shared buffer\'s 64 KB', () => {
    for (const n of [0, 1, 100, 65535, 65536, 65537, 65536 * 2 + 3, 1_000_003]) {
      // A two-byte character last: around 64 KB it lies across the edge of the first read.
      const text = 'k: ' + 'y'.repeat(Math.max(0, n - 6)) + 'é\n';
      const p = write(`f${n}.yaml`, text);
      expect({ n, same: readInput(p).text === text }).toEqual({ n, same: true });
    }
    // Two reads in a row: the second file's text does not leak into the first's.
    const a = readInput(write('a.yaml', 'a: 1\n')).text;
    const b = readInput(write('b.yaml', 'b: 22222\n')).text;
    expect([a, b]).toEqual(['a: 1\n', 'b: 22222\n']);
  });

  it('refuses a file over the limit, small or big, with its size', () => {
    const small = readInput(write('s.yaml', 'x'.repeat(2000)), { maxBytes: 1000 });
    expect(small.problem?.ruleId).toBe('limit-exceeded');
    const big = readInput(write('big.yaml', 'x'.repeat(3 * 1048576)), { maxBytes: 1048576 });
    expect(big.problem).toMatchObject({ ruleId: 'limit-exceeded' });
    expect(big.problem!.message).toMatch(/^The file is 3 MB, over the 1 MB limit/);
    expect(readInput(write('ok.yaml', 'x'.repeat(2000)), { maxBytes: 2000 }).problem).toBeUndefined();
  });

  it('turns unreadable, missing and non-UTF-8 files into one problem each', () => {
    const sub = path.join(dir, 'sub.yaml');
    mkdirSync(sub);
    expect(readInput(sub).problem?.message).toMatch(/cannot be read \(is a directory, EISDIR\)/);
    // Found by the walk, gone before the read: said so, not "empty".
    expect(readInput(path.join(dir, 'missing.yaml')).problem?.message).toMatch(/cannot be read \(no such file or directory, ENOENT\): it was deleted or moved after omlint found it/);
    const bad = path.join(dir, 'latin1.yaml');
    writeFileSync(bad, Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]));
    expect(readInput(bad).problem?.message).toMatch(/not valid UTF-8/);
  });
});

describe('readInput of what is not a regular file', () => {
  // Every read gives its offset: a FIFO (which has none) fails at once, with or without data
  // waiting, and is named; a regular file's short first read is taken as the whole file.
  it('names a FIFO with a text waiting in it, without reading it, and a character device', () => {
    const fifo = path.join(dir, 'written.yaml');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // A reader of our own lets the writer open, write and finish: its text waits in the pipe.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      expect(spawnSync('sh', ['-c', `printf 'a: 1\\n' > '${fifo}'`]).status).toBe(0);
      const got = readInput(fifo);
      expect(got.text).toBe('');
      expect(got.problem?.message).toMatch(/^This is a FIFO \(named pipe\), not a regular file/);
    } finally {
      closeSync(reader);
    }
    expect(readInput('/dev/null').problem?.message).toMatch(/^This is a character device, not a regular file/);
  });

  it('reads a regular file whole whatever the size of the first read', () => {
    for (const n of [1, 4095, 4096, 4097, 65535]) {
      const text = 'a'.repeat(n);
      expect(readInput(write(`short${n}.yaml`, text)).text === text).toBe(true);
    }
  });
});

describe('readInput of big files', () => {
  const big = (fill: string) => 'k: "' + fill.repeat(Math.ceil((1_200_000) / fill.length)) + '"\n';

  it('reads a big UTF-8 file into one buffer of its size and gives that memory back once decoded', () => {
    const text = big('aé€😀');
    const p = write('big-utf8.yaml', text);
    const sizes: number[] = [];
    const held: ArrayBuffer[] = [];
    // The real functions taken before the spies replace them.
    const [allocUnsafe, from] = [Buffer.allocUnsafe.bind(Buffer), Buffer.from.bind(Buffer) as (...a: unknown[]) => Buffer];
    const spies = [
      vi.spyOn(Buffer, 'allocUnsafe').mockImplementation((n: number) => (sizes.push(n), allocUnsafe(n))),
      vi.spyOn(Buffer, 'from').mockImplementation(((...args: unknown[]) => (args[0] instanceof ArrayBuffer && held.push(args[0]), from(...args))) as typeof Buffer.from),
    ];
    try {
      expect(readInput(p).text === text).toBe(true);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    // The bytes in one buffer of the file's size (no Buffer of that size from the pool's
    // allocator), shrunk to nothing once the text is decoded: no full collection waited for.
    expect(sizes.filter((n) => n > 65536)).toEqual([]);
    expect(held.map((b) => b.byteLength)).toEqual([0]);
    // A BOM stays in the text (the parser records it, --fix writes it back).
    expect(readInput(write('big-bom.yaml', '\uFEFF' + text)).text === '\uFEFF' + text).toBe(true);
  });

  it('leaves big files that are not plain UTF-8 to the byte-wise reading: the same problems and texts', () => {
    const text = big('x');
    // An invalid byte far into the file: named at its place, as for a small file.
    const bad = path.join(dir, 'big-latin1.yaml');
    writeFileSync(bad, Buffer.concat([Buffer.from(text.slice(0, 1_100_000)), Buffer.from([0xe9]), Buffer.from(text.slice(1_100_000))]));
    expect(readInput(bad).problem?.message).toMatch(/not valid UTF-8.*0xE9/);
    // U+FFFD written as such is text, not an invalid byte.
    const replacement = text.replace('xxx', 'x\uFFFDx');
    expect(readInput(write('big-fffd.yaml', replacement)).text === replacement).toBe(true);
    // UTF-16 with a BOM is decoded.
    const utf16 = path.join(dir, 'big-utf16.yaml');
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(readInput(utf16)).toMatchObject({ encoding: 'utf-16le' });
    expect(readInput(utf16).text === '\uFEFF' + text).toBe(true);
  });
});

describe('invalid UTF-8 through the CLI', () => {
  it('is reported at the first bad byte, not at 1:1', async () => {
    const { cli } = await import('./run');
    const p = path.join(dir, 'latin1.alert-config.yaml');
    writeFileSync(p, Buffer.concat([Buffer.from('eventTypeName: HOST_DOWN\nenabled: true\nname: "caf'), Buffer.from([0xe9]), Buffer.from('"\n')]));
    const r = await cli(['check', '--format', 'json', p]);
    const [file] = JSON.parse(r.stdout);
    const d = file.diagnostics.find((m: { ruleId: string }) => m.ruleId === 'syntax-error');
    expect(d.range.start).toEqual({ line: 3, column: 11 });
    expect(d.message).toMatch(/byte 0xE9/);
  });
});
