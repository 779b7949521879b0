// Everything the CLI writes is written atomically and fails in one clear line: --fix, -o, the
// cache. A full disk is simulated in-process by making fs.writeSync fail with ENOSPC after
// half of the bytes (what a real full disk does to a write).
import fs, { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempTree } from '../files';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultCache, decodeCacheFile, encodeCacheFile } from '../../src/cli/cache';
import { writeFileAtomic } from '../../src/io/write-file';
import { cli } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const GOOD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const WARN = GOOD.replace('enabled: true\n', '');
const BAD = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n';

const tree = (files: Record<string, string | Buffer>) => tempTree(files, 'omlint-writes-');

/** From now on every write to a file whose name matches gets half its bytes, then ENOSPC. */
function diskFullFor(name: RegExp) {
  type Write = (fd: number, buf: Uint8Array, off?: number, len?: number) => number;
  type Open = (p: string, f: string | number, m?: number) => number;
  const realWrite = fs.writeSync.bind(fs) as Write;
  const realOpen = fs.openSync.bind(fs) as Open;
  const paths = new Map<number, string>();
  const open: Open = (p, f, m) => {
    const fd = realOpen(p, f, m);
    paths.set(fd, String(p));
    return fd;
  };
  const write: Write = (fd, buf, off = 0, len = buf.length - off) => {
    if (!name.test(paths.get(fd) ?? '')) return realWrite(fd, buf, off, len);
    if (len > 1) return realWrite(fd, buf, off, Math.floor(len / 2));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  };
  vi.spyOn(fs, 'openSync').mockImplementation(open as unknown as typeof fs.openSync);
  vi.spyOn(fs, 'writeSync').mockImplementation(write as unknown as typeof fs.writeSync);
}
afterEach(() => vi.restoreAllMocks());
const realWriteSync = fs.writeSync.bind(fs);

/** A cache file's version and entries, decoded (they are stored as base64 of their JSON). */
function readCache(file: string) {
  const decoded = decodeCacheFile(readFileSync(file, 'utf8'));
  if (typeof decoded === 'string') throw new Error(decoded);
  return decoded as { version: string; entries: Record<string, any> };
}
const writeCache = (file: string, cache: { version: string; entries: Record<string, unknown> }) => writeFileSync(file, encodeCacheFile(cache.version, cache.entries));

const leftovers = (dir: string) => readdirSync(dir, { recursive: true }).map(String).filter((f) => f.includes('omlint-tmp'));

describe('writeFileAtomic', () => {
  it('keeps the mode, writes through a symbolic link, and leaves no temporary file', () => {
    const dir = tree({ 'a.yaml': 'old' });
    chmodSync(path.join(dir, 'a.yaml'), 0o640);
    symlinkSync('a.yaml', path.join(dir, 'link.yaml'));
    writeFileAtomic(path.join(dir, 'link.yaml'), 'new');
    expect(readFileSync(path.join(dir, 'a.yaml'), 'utf8')).toBe('new');
    expect(statSync(path.join(dir, 'a.yaml')).mode & 0o777).toBe(0o640);
    expect(fs.lstatSync(path.join(dir, 'link.yaml')).isSymbolicLink()).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });

  it('asks stillCurrent after the temporary file is written, just before the rename: an edit made meanwhile is kept', () => {
    const dir = tree({ 'a.yaml': 'old' });
    const file = path.join(dir, 'a.yaml');
    const written = writeFileAtomic(file, 'fixed', {
      stillCurrent: () => {
        // The user's edit lands while omlint writes its temporary file.
        expect(leftovers(dir).length).toBe(1);
        writeFileSync(file, 'edited by the user');
        return readFileSync(file, 'utf8') === 'old';
      },
    });
    expect(written).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('edited by the user');
    expect(leftovers(dir)).toEqual([]);
    expect(writeFileAtomic(file, 'fixed', { stillCurrent: () => true })).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('fixed');
  });

  it('writes texts given one after the other, each taken when the one before is written, in chunks (a pair of surrogates never cut)', () => {
    const dir = tree({ 'report.txt': 'old' });
    const file = path.join(dir, 'report.txt');
    // A surrogate pair across the 64K-character chunk's end, and texts of one and two bytes a character.
    const texts = ['a'.repeat(65535) + '😀' + 'b', 'é'.repeat(70000), '', '✖ done\n'];
    const sizes: number[] = [];
    vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buf: Uint8Array, off = 0, len = buf.length - off) => {
      sizes.push(len);
      return realWriteSync(fd, buf, off, len);
    }) as unknown as typeof fs.writeSync);
    const taken: number[] = [];
    function* pieces() {
      for (const t of texts) {
        // Each text is asked for only once those before it are on their way to the file.
        taken.push(sizes.length);
        yield t;
      }
    }
    writeFileAtomic(file, pieces());
    expect(readFileSync(file, 'utf8')).toBe(texts.join(''));
    expect(taken).toEqual([0, 2, 4, 4]);
    // No write of a whole text's UTF-8 copy: at most 64K characters' bytes at a time.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(64 * 1024 * 3);
    expect(leftovers(dir)).toEqual([]);
  });

  it('texts that fail half-way (the report could not be made): the target stays as it was, no temporary file', () => {
    const dir = tree({ 'report.txt': 'old report' });
    const file = path.join(dir, 'report.txt');
    function* pieces() {
      yield 'half of a new report';
      throw new Error('formatter failed');
    }
    expect(() => writeFileAtomic(file, pieces(), { what: 'the report to' })).toThrow(/cannot write the report to .*formatter failed/);
    expect(readFileSync(file, 'utf8')).toBe('old report');
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('--fix on a full disk', () => {
  it('leaves every original intact, names the file, exits 2, no stack trace', async () => {
    const dir = tree({ 'a.yaml': WARN, 'b.yaml': WARN });
    diskFullFor(/b\.yaml/);
    const r = await cli(['check', ...NOW, '--fix-suggestions', 'a.yaml', 'b.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^omlint: cannot write the fixes to .*b\.yaml: no space left on device, ENOSPC; the file is unchanged\.\n$/);
    expect(readFileSync(path.join(dir, 'b.yaml'), 'utf8')).toBe(WARN); // not cut in half
    expect(readFileSync(path.join(dir, 'a.yaml'), 'utf8')).toBe(GOOD); // the other file is fixed
    // Reported as it is on disk: b.yaml still has its warning; only a.yaml's fix counts.
    expect(r.stdout).toMatch(/b\.yaml\n.*warning .*enabled-omitted/);
    expect(r.stdout).not.toMatch(/a\.yaml\n/);
    expect(r.stdout).toMatch(/Fixed 1 problem in 1 file/);
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('-o / --output-file', () => {
  it('creates missing directories', async () => {
    const dir = tree({ 'bad.yaml': BAD });
    const r = await cli(['check', ...NOW, '-f', 'json', '-o', 'out/deep/report.json', 'bad.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(readFileSync(path.join(dir, 'out/deep/report.json'), 'utf8'))[0].errorCount).toBe(1);
  });

  it('a directory, or a path through a file: one clear line, exit 2', async () => {
    const dir = tree({ 'bad.yaml': BAD, 'plain.txt': 'x' });
    mkdirSync(path.join(dir, 'reports'));
    const onDir = await cli(['check', ...NOW, '-o', 'reports', 'bad.yaml'], { cwd: dir });
    expect([onDir.code, onDir.stderr]).toEqual([2, expect.stringMatching(/^omlint: cannot write the report to .*reports: is a directory, EISDIR\n$/)]);
    const through = await cli(['check', ...NOW, '-o', 'plain.txt/r.json', 'bad.yaml'], { cwd: dir });
    expect([through.code, through.stderr]).toEqual([2, expect.stringMatching(/^omlint: cannot write the report to .*plain\.txt\/r\.json: [^\n]*\n$/)]);
  });

  it('on a full disk: exit 2, and the previous report stays whole (never an empty one)', async () => {
    const dir = tree({ 'bad.yaml': BAD, 'report.json': '["previous"]' });
    diskFullFor(/report\.json/);
    const r = await cli(['check', ...NOW, '-f', 'json', '-o', 'report.json', 'bad.yaml'], { cwd: dir });
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/^omlint: cannot write the report to .*report\.json: no space left on device, ENOSPC\n$/)]);
    expect(readFileSync(path.join(dir, 'report.json'), 'utf8')).toBe('["previous"]');
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('--cache', () => {
  const run = (dir: string, ...extra: string[]) => cli(['check', ...NOW, '-f', 'json', '--cache', ...extra, '.'], { cwd: dir });

  it('a corrupt cache or one of the wrong shape is ignored with a note, and rewritten', async () => {
    for (const junk of ['{"version": "0.1.0", "entr', '[]', '{"version":"0.1.0","entries":[]}', '{"version":"0.1.0","entries":"bm90IGpzb24="}', '"x"']) {
      const dir = tree({ 'bad.yaml': BAD, '.omlintcache': junk });
      const r = await run(dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^omlint: note: .*\.omlintcache: (the cache is not valid JSON|not an omlint cache)/);
      expect(JSON.parse(r.stdout)[0].errorCount).toBe(1);
      const again = await run(dir);
      expect([again.code, again.stderr]).toEqual([1, '']);
    }
  });

  it('a forged entry (a clean result under the right key) cannot pass a file: rejected with a note', async () => {
    const dir = tree({ 'bad.yaml': BAD });
    expect((await run(dir)).code).toBe(1);
    const file = path.join(dir, '.omlintcache');
    const cache = readCache(file);
    const [entry] = Object.values(cache.entries) as { result: { errorCount: number; diagnostics: unknown[] } }[];
    entry.result.errorCount = 0;
    entry.result.diagnostics = [];
    writeCache(file, cache);
    const r = await run(dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)[0].errorCount).toBe(1);
    expect(r.stderr).toMatch(/1 cache entry was malformed or not signed by this user/);
  });

  it('entries of the wrong shape are dropped, the others kept', async () => {
    const dir = tree({ 'bad.yaml': BAD, 'ok.yaml': GOOD });
    await run(dir);
    const file = path.join(dir, '.omlintcache');
    const cache = readCache(file);
    const keys = Object.keys(cache.entries);
    cache.entries[keys[0]].secretSpans = [[5, 'x']];
    writeCache(file, cache);
    const r = await run(dir);
    expect(r.stderr).toMatch(/1 cache entry was malformed/);
    expect(JSON.parse(r.stdout).map((f: { errorCount: number }) => f.errorCount)).toEqual([1, 0]);
  });

  it('a full disk when saving the cache is a note; the run keeps its result', async () => {
    const dir = tree({ 'bad.yaml': BAD });
    diskFullFor(/\.omlintcache/);
    const r = await run(dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^omlint: note: cannot write the cache to .*\.omlintcache: no space left on device, ENOSPC; results are unaffected/);
    expect(existsSync(path.join(dir, '.omlintcache'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });

  it('never stores a secret: a result whose text would carry one is not cached', () => {
    const dir = tree({});
    const file = path.join(dir, 'c.json');
    const cache = new ResultCache(file, 'v', Buffer.alloc(32, 7));
    const result = (message: string) => ({ filePath: 'a.yaml', kinds: [], documents: 1, errorCount: 1, warningCount: 0, infoCount: 0, diagnostics: [{ ruleId: 'x', severity: 'error' as const, message, pointer: '', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } }, kind: 'unknown' as const, documentIndex: 0, fixable: false }] });
    const text = 'apiToken: s3cr3t-T0ken-value\n';
    cache.set('/a.yaml', 'k1', result('unknown value "s3cr3t-T0ken-value"'), { text, bom: false, secrets: ['s3cr3t-T0ken-value'] }, text);
    cache.set('/b.yaml', 'k2', result('a clean message'), { text: '', bom: false, secrets: ['s3cr3t-T0ken-value'] }, text);
    cache.save();
    const saved = readCache(file);
    expect(JSON.stringify(saved)).not.toContain('s3cr3t');
    expect(Object.keys(saved.entries)).toEqual(['/b.yaml']);
    expect(saved.entries['/b.yaml'].secretSpans).toEqual([[10, 28]]);
    const reread = new ResultCache(file, 'v', Buffer.alloc(32, 7));
    expect([reread.get('/b.yaml', 'k2', text)?.result?.errorCount, reread.notes]).toEqual([1, []]);
    // The secret comes back from its span in the text, for masking.
    expect(reread.get('/b.yaml', 'k2', text)?.source.secrets).toEqual(['s3cr3t-T0ken-value']);
    // Signed with another key (another user, another machine): not trusted.
    expect(new ResultCache(file, 'v', Buffer.alloc(32, 8)).get('/b.yaml', 'k2', text)).toBeUndefined();
  });

  it('--cache-location naming a directory keeps .omlintcache in it', async () => {
    const dir = tree({ 'bad.yaml': BAD });
    mkdirSync(path.join(dir, 'c'));
    await run(dir, '--cache-location', 'c');
    expect(existsSync(path.join(dir, 'c', '.omlintcache'))).toBe(true);
  });
});
