// The CLI's standard output and error (src/bin/std-writer.ts): writeSync instead of Node's
// streams (which cost every start), with the streams' behaviour where it matters: every byte
// written, a full non-blocking pipe handed to Node's stream, a reader that has gone not an error.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stdWriter } from '../../src/bin/std-writer';
import { UTF8_CHUNK_CHARS as WRITE_CHUNK_CHARS } from '../../src/io/utf8-chunks';
import { ensureBuilt, BIN } from '../robustness/support';

const errno = (code: string) => Object.assign(new Error(code), { code });

/** A fake writeSync: takes at most `chunk` bytes per call, then throws what `fail` says. */
function fakeFd(chunk: number, fail?: (calls: number) => string | undefined) {
  const out: Buffer[] = [];
  let calls = 0;
  let biggest = 0;
  const write = ((_fd: number, b: Buffer, offset: number, length = b.length - offset) => {
    const code = fail?.(++calls);
    if (code) throw errno(code);
    biggest = Math.max(biggest, b.length);
    const n = Math.min(chunk, length);
    out.push(Buffer.from(b.subarray(offset, offset + n)));
    return n;
  }) as unknown as typeof import('node:fs').writeSync;
  return { write, text: () => Buffer.concat(out).toString('utf8'), bytes: () => Buffer.concat(out), biggest: () => biggest };
}

/** A stand-in for Node's stream, counting whether it was opened. */
function fakeStream() {
  const got: string[] = [];
  let opened = 0;
  const stream = { isTTY: true, write: (s: string | Buffer) => got.push(s.toString()) > 0 } as unknown as NodeJS.WriteStream;
  return { open: () => (opened++, stream), got, opened: () => opened };
}

describe('stdWriter', () => {
  it('writes every byte of a text, through short writes, multi-byte characters intact', () => {
    const fd = fakeFd(3);
    const s = fakeStream();
    const w = stdWriter(1, s.open, fd.write);
    expect(w.write('déjà vu: ✔ ✖\n')).toBe(true);
    expect(fd.text()).toBe('déjà vu: ✔ ✖\n');
    expect(s.opened()).toBe(0);
  });

  it('encodes a big text a piece at a time into one buffer of a few hundred KB, not a copy of the whole: the same bytes, pairs and multi-byte characters across the cuts', () => {
    // 1.5 MB of text: a surrogate pair (an emoji) on the first cut, two- and three-byte characters after.
    const text = 'a'.repeat(WRITE_CHUNK_CHARS - 1) + '\u{1F600}' + '✖é'.padStart(WRITE_CHUNK_CHARS, 'b').repeat(23) + '\ud800 lone, then the end\n';
    const fd = fakeFd(1 << 20);
    expect(stdWriter(1, fakeStream().open, fd.write).write(text)).toBe(true);
    expect(fd.bytes().equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(fd.biggest()).toBeLessThanOrEqual(WRITE_CHUNK_CHARS * 3);
    expect(fd.biggest()).toBeLessThan(Buffer.byteLength(text) / 4);
  });

  it('writes the pieces of a report one after the other through one buffer (two at most: the first write\'s size, then a chunk\'s), not one each', () => {
    const fd = fakeFd(1 << 20);
    const buffers = new Set<Buffer>();
    const write = ((f: number, b: Buffer, offset: number, length?: number) => (buffers.add(b), fd.write(f, b, offset, length))) as unknown as typeof import('node:fs').writeSync;
    const writer = stdWriter(1, fakeStream().open, write);
    const pieces = Array.from({ length: 20 }, (_, i) => `piece ${i} `.repeat(5000 + i) + '\n');
    for (const p of pieces) writer.write(p);
    writer.write('✖ the summary\n');
    expect(fd.text()).toBe(pieces.join('') + '✖ the summary\n');
    expect(buffers.size).toBeLessThanOrEqual(2);
  });

  it('a full pipe in the middle of a big text: the rest of the piece and the rest of the text to Node\'s stream, in order', () => {
    const text = 'é'.repeat(WRITE_CHUNK_CHARS * 2 + 5);
    const fd = fakeFd(50_000, (n) => (n === 4 ? 'EAGAIN' : undefined));
    const s = fakeStream();
    expect(stdWriter(1, s.open, fd.write).write(text)).toBe(true);
    expect(s.got).toHaveLength(2);
    expect(fd.text() + s.got.join('')).toBe(text);
  });

  it('hands the rest to Node\'s stream when the descriptor is a full non-blocking pipe (EAGAIN), and what follows too', () => {
    const fd = fakeFd(4, (n) => (n === 3 ? 'EAGAIN' : undefined));
    const s = fakeStream();
    const w = stdWriter(1, s.open, fd.write);
    w.write('0123456789abcdef');
    w.write('next');
    expect(fd.text()).toBe('01234567');
    expect(s.got).toEqual(['89abcdef', 'next']);
    expect(s.opened()).toBe(1);
    expect(w.streamed).toBe(true); // the entry lets that run end when the stream has drained
  });

  it('says it streamed nothing while every write was synchronous (the entry may then exit at once)', () => {
    const s = fakeStream();
    const w = stdWriter(1, s.open, fakeFd(2).write);
    w.write('all of it\n');
    expect(w.streamed).toBe(false);
    const gone = stdWriter(1, s.open, fakeFd(2, () => 'EPIPE').write);
    gone.write('dropped');
    expect(gone.streamed).toBe(false);
  });

  it('drops the output once the reader has gone (EPIPE), without an error; other errors are thrown', () => {
    const fd = fakeFd(100, (n) => (n >= 2 ? 'EPIPE' : undefined));
    const w = stdWriter(1, fakeStream().open, fd.write);
    expect(w.write('first\n')).toBe(true);
    expect(w.write('second\n')).toBe(false);
    expect(w.write('third\n')).toBe(false);
    expect(fd.text()).toBe('first\n');
    const broken = stdWriter(2, fakeStream().open, fakeFd(1, () => 'EIO').write);
    expect(() => broken.write('x')).toThrow('EIO');
  });

  it('is no TTY on a file, without opening Node\'s stream; asks the stream on a character device', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-stdwriter-'));
    const fd = openSync(path.join(dir, 'out'), 'w');
    const devNull = openSync('/dev/null', 'w');
    try {
      const s = fakeStream();
      expect(stdWriter(fd as 1, s.open).isTTY).toBe(false);
      expect(s.opened()).toBe(0);
      // /dev/null is a character device, as a terminal is: the stream decides (here, the fake says yes).
      expect(stdWriter(devNull as 1, s.open).isTTY).toBe(true);
      expect(s.opened()).toBe(1);
    } finally {
      closeSync(fd);
      closeSync(devNull);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the CLI through stdWriter', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-stdwriter-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('omlint check | head: the report cut short, no error, and the exit code still says there were errors', () => {
    ensureBuilt();
    // 3,000 findings: far more than a pipe holds, so the write meets the closed pipe.
    const alerts = Array.from({ length: 3000 }, () => ({ eventTypeName: 'HOST_DOWN', enabled: true, notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com', intervalMin: 'x', delayMin: 0 }] }));
    writeFileSync(path.join(dir, 'bad.alert-config.json'), JSON.stringify(alerts));
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" check --no-color bad.alert-config.json 2>err.txt | head -c 10; echo "exit \${PIPESTATUS[0]}"; cat err.txt`], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout).toBe('bad.alert-exit 1\n');
  });

  it('a run whose every write was synchronous exits as soon as its report is written (no beforeExit, no teardown)', () => {
    ensureBuilt();
    writeFileSync(path.join(dir, 'probe.cjs'), "process.on('beforeExit', () => require('node:fs').writeSync(2, 'beforeExit\\n')); process.on('exit', (c) => require('node:fs').writeSync(2, 'exit ' + c + '\\n'));\n");
    writeFileSync(path.join(dir, 'one.alert-config.json'), JSON.stringify({ eventTypeName: 'HOST_DOWN', enabled: true, notifications: [{ typeName: 'GROUP', intervalMin: 5, delayMin: 0, emailEnabled: true, smsEnabled: false }] }));
    const r = spawnSync(process.execPath, ['-r', './probe.cjs', BIN, 'check', '--no-color', 'one.alert-config.json'], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout).toMatch(/1 file checked, no problems/);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('exit 0\n');
  });

  // A report that met a full non-blocking pipe went partly to Node's stream; that run is left to end
  // when the stream drains (where Node writes pipes asynchronously: not Linux, whose stdout stream
  // makes the pipe blocking, so here this guards the whole report and the exit code after it).
  it('a full non-blocking pipe: the whole report arrives, and the exit code after it', async () => {
    ensureBuilt();
    const alerts = Array.from({ length: 3000 }, () => ({ eventTypeName: 'HOST_DOWN', enabled: true, notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com', intervalMin: 'x', delayMin: 0 }] }));
    writeFileSync(path.join(dir, 'many.alert-config.json'), JSON.stringify(alerts));
    const fifo = path.join(dir, 'out.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // Both ends opened non-blocking (the reader first, so the writer's open does not fail); the
    // child's stdout shares the writer's O_NONBLOCK, so its writes meet EAGAIN once 64 KB wait.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    const child = spawn(process.execPath, [BIN, 'check', '--no-color', '--format', 'json', 'many.alert-config.json'], { cwd: dir, stdio: ['ignore', writer, 'pipe'] });
    closeSync(writer);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const chunks: Buffer[] = [];
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Nothing is read until the child has filled the pipe and handed the rest to Node's stream.
    await new Promise((r) => setTimeout(r, 300));
    const buf = Buffer.alloc(65536);
    let open = true;
    while (open) {
      try {
        const n = readSync(reader, buf);
        if (n === 0) open = false; // EOF: the child closed its end (it exited)
        else chunks.push(Buffer.from(buf.subarray(0, n)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    closeSync(reader);
    expect(await exited, stderr).toBe(1);
    const report = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { diagnostics: unknown[] }[];
    expect(Buffer.concat(chunks).length).toBeGreaterThan(65536 * 2);
    expect(report[0].diagnostics.length).toBeGreaterThanOrEqual(3000);
  });
});
