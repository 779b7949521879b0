// The file walk: globs, ignore files and patterns, symbolic links, FIFOs, unreadable directories,
// vanished files and UTF-16. Nothing may hang, and nothing that looks like a document is skipped
// without a word.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';
import os from 'node:os';
import path from 'node:path';
import { tempTree } from '../files';
import { describe, expect, it } from 'vitest';
import { findFiles } from '../../src/cli/files';
import { lintFiles } from '../../src/cli/run-lint';
import { DEFAULT_LIMITS } from '../../src/syntax/types';
import { BIN, TEST_CACHE_HOME, cli, cliProcess } from './run';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const GOOD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const WARN = GOOD.replace('enabled: true\n', '');
const BAD = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n';

const tree = (files: Record<string, string | Buffer>) => tempTree(files, 'omlint-walk-');
const mkfifo = (p: string) => expect(spawnSync('mkfifo', [p]).status).toBe(0);
const listed = (stdout: string) => (JSON.parse(stdout) as { filePath: string }[]).map((f) => f.filePath);

describe('glob arguments', () => {
  it('expands a quoted glob itself, lintable files only', async () => {
    const dir = tree({ 'alerts/a.yaml': GOOD, 'alerts/deep/b.yaml': GOOD, 'alerts/deep/c.yml': GOOD, 'alerts/notes.md': '# x', 'other/d.yaml': GOOD });
    const r = await cli(['check', ...NOW, '--format', 'json', 'alerts/**/*.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(listed(r.stdout)).toEqual(['alerts/a.yaml', 'alerts/deep/b.yaml']);
    const brace = await cli(['check', ...NOW, '--format', 'json', '{alerts,other}/*.yaml'], { cwd: dir });
    expect(listed(brace.stdout)).toEqual(['alerts/a.yaml', 'other/d.yaml']);
  });

  it('reports per argument what matched and what was ignored (for "No files matching")', () => {
    const dir = tree({ 'alerts/a.yaml': GOOD, 'alerts/skip.yaml': GOOD });
    const found = findFiles(['alerts/*.yaml', 'nothing/**/*.yaml', 'alerts/skip.yaml'], { cwd: dir, ignorePatterns: ['skip.yaml'] });
    expect(found.perArgument.map((a) => [a.argument, a.matched, a.ignored.map((p) => path.basename(p))])).toEqual([
      ['alerts/*.yaml', 1, ['skip.yaml']],
      ['nothing/**/*.yaml', 0, []],
      ['alerts/skip.yaml', 0, ['skip.yaml']],
    ]);
    expect(found.missing).toEqual([]);
  });
});

describe('the walk of a directory', () => {
  it('lists in name order (code units), depth first, lintable files only, each path once however often it is named', () => {
    const dir = tree({ 'b.yaml': GOOD, 'a/z.yaml': GOOD, 'a.yaml': GOOD, 'A.yaml': GOOD, 'a-1.yml': GOOD, 'notes.md': '# x', 'omlint.config.yaml': 'rules: {}\n', 'c.JSON': '{}' });
    const found = findFiles(['.', 'a.yaml', 'a', '.'], { cwd: dir });
    expect(found.files.map((f) => path.relative(dir, f.filePath))).toEqual(['A.yaml', path.join('a', 'z.yaml'), 'a-1.yml', 'a.yaml', 'b.yaml', 'c.JSON']);
    expect(found.files.map((f) => f.discovered)).toEqual([true, true, true, true, true, true]);
    // Each argument counts its own matches (the "No files matching" check), duplicates included.
    expect(found.perArgument.map((a) => a.matched)).toEqual([6, 1, 1, 6]);
  });
});

describe('what the walk of a big directory holds', () => {
  it('one path a file, not a Dirent an entry: half-way through 2,000 files, no Dirent alive (counted in a heap snapshot)', () => {
    const files = 2000;
    const dir = tree(Object.fromEntries(Array.from({ length: files }, (_, i) => [`f${String(i).padStart(4, '0')}.alert-config.yaml`, GOOD])));
    const snapshot = path.join(os.tmpdir(), `omlint-walk-${process.pid}.heapsnapshot`);
    let asked = 0;
    // Asked of every file found, in order, after its directory was read: the 1,000th is half-way.
    const found = findFiles(['.'], { cwd: dir, isIgnored: () => (++asked === files / 2 && writeHeapSnapshot(snapshot), false) });
    expect(found.files).toHaveLength(files);
    const heap = JSON.parse(readFileSync(snapshot, 'utf8')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
    rmSync(snapshot);
    const { node_fields: nf, node_types: [types] } = heap.snapshot.meta;
    const [TYPE, NAME] = ['type', 'name'].map((f) => nf.indexOf(f));
    let dirents = 0;
    for (let i = 0; i < heap.nodes.length; i += nf.length) if (types[heap.nodes[i + TYPE]] === 'object' && heap.strings[heap.nodes[i + NAME]] === 'Dirent') dirents++;
    // A listing of the whole directory as Dirents (readdirSync withFileTypes) holds 2,000 here (bench/README.md, walkmem16).
    expect(dirents).toBeLessThan(files / 100);
  }, 60_000);
});

describe('ignores', () => {
  it('.omlintignore (gitignore syntax, negation included) and repeatable --ignore-pattern', async () => {
    const dir = tree({
      '.omlintignore': '# generated\nbuild/\n*.bak.yaml\n!keep.bak.yaml\n',
      'build/out.yaml': BAD,
      'a.bak.yaml': BAD,
      'keep.bak.yaml': GOOD,
      'vendor/v.yaml': BAD,
      'tmp/t.yaml': BAD,
      'ok.yaml': GOOD,
    });
    const r = await cli(['check', ...NOW, '--format', 'json', '--ignore-pattern', 'vendor/', '--ignore-pattern', 'tmp/*.yaml', '.'], { cwd: dir });
    expect(listed(r.stdout)).toEqual(['keep.bak.yaml', 'ok.yaml']);
    expect(r.code).toBe(0);
  });

  it('a named file that is ignored gets a note (as ESLint warns), and is not checked', async () => {
    const dir = tree({ '.omlintignore': 'bad.yaml\n', 'bad.yaml': BAD, 'ok.yaml': GOOD });
    const r = await cli(['check', ...NOW, 'bad.yaml', 'ok.yaml'], { cwd: dir });
    expect(r.stderr).toContain('omlint: note: bad.yaml: File ignored because of a matching ignore pattern');
    expect(r.code).toBe(0);
  });
});

describe('symbolic links', () => {
  it('follows linked documents and directories, and stops at a loop with a note', async () => {
    const dir = tree({ 'real/bad.yaml': BAD, 'alerts/ok.yaml': GOOD });
    symlinkSync('../real/bad.yaml', path.join(dir, 'alerts/linked.yaml'));
    symlinkSync('../real', path.join(dir, 'alerts/more'));
    symlinkSync('..', path.join(dir, 'alerts/up')); // alerts/up/alerts/up/... a loop
    const r = await cli(['check', ...NOW, '--format', 'json', 'alerts'], { cwd: dir });
    expect(listed(r.stdout)).toEqual(['alerts/linked.yaml', 'alerts/more/bad.yaml', 'alerts/ok.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('alerts/up: symbolic link loop');
  });

  it('a dangling link named beside a good file: a diagnostic for it, the run goes on', async () => {
    const dir = tree({ 'bad.yaml': BAD });
    symlinkSync('gone.yaml', path.join(dir, 'dangling.yaml'));
    symlinkSync('self.yaml', path.join(dir, 'self.yaml'));
    const r = await cli(['check', ...NOW, '--format', 'json', 'dangling.yaml', 'self.yaml', 'bad.yaml'], { cwd: dir });
    const out = JSON.parse(r.stdout) as { filePath: string; diagnostics: { message: string }[] }[];
    expect(out.map((f) => [f.filePath, f.diagnostics[0].message])).toEqual([
      ['dangling.yaml', 'Symbolic link to "gone.yaml", which does not exist.'],
      ['self.yaml', 'Symbolic link loop (self.yaml).'],
      ['bad.yaml', expect.stringContaining('metricThreshold')],
    ]);
    expect(r.code).toBe(1);
    // Found by a walk instead: a note, not silence.
    const walked = await cli(['check', ...NOW, '.'], { cwd: dir });
    expect(walked.stderr).toContain('dangling.yaml: symbolic link to "gone.yaml", which does not exist; skipped');
  });
});

describe('FIFOs never hang a run', () => {
  it('in a walk (a note), named (a diagnostic), as --config, a discovered config, or --cache-location (exit 2)', async () => {
    const dir = tree({ 'ok.yaml': GOOD, 'sub/ok.yaml': GOOD });
    mkfifo(path.join(dir, 'pipe.yaml'));
    mkfifo(path.join(dir, 'cfg.yaml'));
    mkfifo(path.join(dir, 'cache'));
    mkfifo(path.join(dir, 'sub/omlint.config.yaml'));
    const walked = await cli(['check', ...NOW, '--format', 'json', '--ignore-pattern', 'sub/', '.'], { cwd: dir });
    expect(walked.stderr).toContain('pipe.yaml: a FIFO (named pipe), not a regular file; skipped');
    expect(listed(walked.stdout)).toEqual(['ok.yaml']);
    const named = await cli(['check', ...NOW, '--format', 'json', 'pipe.yaml', 'ok.yaml'], { cwd: dir });
    expect(JSON.parse(named.stdout)[0].diagnostics[0].message).toMatch(/^This is a FIFO \(named pipe\), not a regular file; .*--stdin/);
    expect(named.code).toBe(1);
    const config = await cli(['check', ...NOW, '--config', 'cfg.yaml', 'ok.yaml'], { cwd: dir });
    expect([config.code, config.stderr]).toEqual([2, expect.stringMatching(/^omlint: configuration error: .*cfg\.yaml: cannot read the configuration \(a FIFO \(named pipe\), not a regular file\)\n$/)]);
    const discovered = await cli(['check', ...NOW, 'sub/ok.yaml'], { cwd: dir });
    expect([discovered.code, discovered.stderr]).toEqual([2, expect.stringMatching(/omlint\.config\.yaml: cannot read the configuration \(a FIFO/)]);
    const cache = await cli(['check', ...NOW, '--cache', '--cache-location', 'cache', 'ok.yaml'], { cwd: dir });
    expect([cache.code, cache.stderr]).toEqual([2, expect.stringMatching(/^omlint: cannot write the cache to .*cache: it is not a regular file/)]);
  }, 20_000);
});

describe('worker threads (process level)', () => {
  it('with -j, what the walk could not read is reported once, beside the files the workers read', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 80; i++) files[`d/a${String(i).padStart(2, '0')}.yaml`] = GOOD.replace('dba@', `dba${i}@`);
    const dir = tree(files);
    mkfifo(path.join(dir, 'pipe.yaml'));
    symlinkSync('gone.yaml', path.join(dir, 'dangling.yaml'));
    const r = cliProcess(['check', ...NOW, '-j', '2', '--format', 'json', 'pipe.yaml', 'dangling.yaml', 'd'], { cwd: dir });
    const out = JSON.parse(r.stdout) as { filePath: string; errorCount: number; diagnostics: { message: string }[] }[];
    expect(out).toHaveLength(82);
    expect(out.filter((f) => f.errorCount > 0).map((f) => [f.filePath, f.diagnostics[0].message])).toEqual([
      ['pipe.yaml', expect.stringMatching(/^This is a FIFO \(named pipe\), not a regular file/)],
      ['dangling.yaml', 'Symbolic link to "gone.yaml", which does not exist.'],
    ]);
    expect(r.code).toBe(1);
  }, 30_000);
});

describe('reading', () => {
  it('decodes UTF-16 with a BOM (LE and BE): diagnostics at the right place, --fix writes UTF-16 back', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BAD, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    const dir = tree({ 'le.yaml': le, 'be.yaml': be, 'w16.yaml': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(WARN, 'utf16le')]) });
    for (const name of ['le.yaml', 'be.yaml']) {
      const r = await cli(['check', ...NOW, '--format', 'json', name], { cwd: dir });
      const [f] = JSON.parse(r.stdout) as { diagnostics: { ruleId: string; range: { start: { line: number; column: number } } }[] }[];
      expect(f.diagnostics.map((d) => [d.ruleId, d.range.start.line, d.range.start.column])).toEqual([['metric-threshold-required', 1, 16]]);
    }
    const fix = await cli(['check', ...NOW, '--fix-suggestions', 'w16.yaml'], { cwd: dir });
    expect(fix.code).toBe(0);
    const bytes = readFileSync(path.join(dir, 'w16.yaml'));
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    expect(bytes.subarray(2).toString('utf16le')).toBe(GOOD);
  });

  it('--fix keeps a UTF-8 BOM', async () => {
    const dir = tree({ 'w.yaml': '\uFEFF' + WARN });
    expect((await cli(['check', ...NOW, '--fix-suggestions', 'w.yaml'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(path.join(dir, 'w.yaml'), 'utf8')).toBe('\uFEFF' + GOOD);
  });

  it('UTF-16 without a BOM is named as such, not "binary"', async () => {
    const dir = tree({ 'x.yaml': Buffer.from(GOOD, 'utf16le') });
    const r = await cli(['check', ...NOW, '--format', 'json', 'x.yaml'], { cwd: dir });
    expect(JSON.parse(r.stdout)[0].diagnostics[0].message).toMatch(/looks like UTF-16 without a byte-order mark/);
  });

  it('a file deleted between the walk and the read: a clear diagnostic, the run goes on', async () => {
    const dir = tree({ 'a.yaml': GOOD, 'b.yaml': BAD });
    const found = findFiles(['.'], { cwd: dir });
    unlinkSync(path.join(dir, 'a.yaml'));
    const files = found.files.map((f) => f.filePath);
    const { results } = await lintFiles({ files, discovered: new Set(files), settingsFor: () => ({ ignored: false, rules: {}, scope: 's', secretPlaceholders: [] }), now: new Date(), fixedNow: true, limits: DEFAULT_LIMITS, cwd: dir, version: 't' });
    expect(results.map((r) => [r.filePath, r.diagnostics[0]?.message])).toEqual([
      ['a.yaml', 'The file cannot be read (no such file or directory, ENOENT): it was deleted or moved after omlint found it.'],
      ['b.yaml', expect.stringContaining('metricThreshold')],
    ]);
  });

  it('--fix and --fix-dry-run report unreadable, vanished, non-UTF-8, bad UTF-16 and oversize files as such, never "empty"', async () => {
    const dir = tree({ 'latin1.yaml': Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]), 'bad16.yaml': Buffer.from([0xff, 0xfe, 0x00, 0xd8]), 'big.yaml': 'a: ' + 'x'.repeat(2 * 1048576) + '\n', 'w.yaml': WARN });
    mkdirSync(path.join(dir, 'dir.yaml'));
    for (const mode of ['--fix-dry-run', '--fix-suggestions']) {
      const r = await cli(['check', ...NOW, mode, '--max-file-size', '1', '--format', 'json', 'latin1.yaml', 'bad16.yaml', 'big.yaml', 'w.yaml'], { cwd: dir });
      const out = JSON.parse(r.stdout) as { filePath: string; diagnostics: { ruleId: string; severity: string; message: string }[] }[];
      expect(out.map((f) => [f.filePath, f.diagnostics.map((d) => `${d.severity} ${d.ruleId}`)])).toEqual([
        ['latin1.yaml', ['error syntax-error']],
        ['bad16.yaml', ['error syntax-error']],
        ['big.yaml', ['error limit-exceeded']],
        // Fixed by --fix-suggestions; the dry run reports it as check does (nothing was written).
        ['w.yaml', mode === '--fix-dry-run' ? ['warning enabled-omitted'] : []],
      ]);
      expect(out[0].diagnostics[0].message).toMatch(/not valid UTF-8/);
      expect(out[1].diagnostics[0].message).toMatch(/UTF-16LE byte-order mark but is not valid/);
      expect(r.code).toBe(1);
    }
  });
});

/**
 * Permission tests need a user for whom chmod 000 means something: as root (CI, containers) the
 * CLI runs as nobody through setpriv; as another user, directly. Never skipped.
 */
function asUnprivileged(args: string[], cwd: string) {
  const root = process.getuid?.() === 0;
  const cmd = root ? 'setpriv' : process.execPath;
  const argv = root ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, ...args] : [BIN, ...args];
  const r = spawnSync(cmd, argv, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, XDG_CACHE_HOME: TEST_CACHE_HOME } });
  if (r.error) throw new Error(`cannot drop privileges for the permission tests: ${r.error.message} (install util-linux's setpriv)`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('permissions (process level, unprivileged)', () => {
  it('a chmod 000 directory, named or walked, is an error (never "0 files checked"); an unreadable file one diagnostic', () => {
    const dir = tree({ 'locked/a.yaml': GOOD, 'tree/locked/b.yaml': GOOD, 'tree/ok.yaml': GOOD, 'secret.yaml': GOOD, 'ok.yaml': GOOD });
    chmodSync(dir, 0o755); // mkdtemp makes it 0700: nobody must reach it
    chmodSync(path.join(dir, 'locked'), 0o000);
    chmodSync(path.join(dir, 'tree/locked'), 0o000);
    chmodSync(path.join(dir, 'secret.yaml'), 0o000);
    const named = asUnprivileged(['check', ...NOW, 'locked'], dir);
    expect(named.stdout).toContain('The directory cannot be read (permission denied, EACCES); the files in it were not checked.');
    expect(named.stdout).not.toContain('0 files checked');
    expect(named.code).toBe(1);
    const walked = asUnprivileged(['check', ...NOW, '--format', 'json', 'tree', 'secret.yaml', 'ok.yaml'], dir);
    const out = JSON.parse(walked.stdout) as { filePath: string; diagnostics: { message: string }[] }[];
    expect(out.map((f) => [f.filePath, f.diagnostics.map((d) => d.message)])).toEqual([
      ['tree/locked', ['The directory cannot be read (permission denied, EACCES); the files in it were not checked.']],
      ['tree/ok.yaml', []],
      ['secret.yaml', ['The file cannot be read (permission denied, EACCES).']],
      ['ok.yaml', []],
    ]);
    expect(walked.code).toBe(1);
  });

  it('an unwritable -o target or fix target: one clear line, exit 2, the file unchanged', () => {
    const dir = tree({ 'w.yaml': WARN, 'reports/old.json': 'old' });
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'w.yaml'), 0o644); // readable, not writable by nobody; the directory neither
    chmodSync(path.join(dir, 'reports'), 0o755);
    const report = asUnprivileged(['check', ...NOW, '-o', 'reports/old.json', 'w.yaml'], dir);
    expect([report.code, report.stderr]).toEqual([2, expect.stringMatching(/^omlint: cannot write the report to .*reports\/old\.json: permission denied, EACCES\n$/)]);
    const fix = asUnprivileged(['check', ...NOW, '--fix-suggestions', 'w.yaml'], dir);
    expect(fix.code).toBe(2);
    expect(fix.stderr).toMatch(/^omlint: cannot write the fixes to .*w\.yaml: permission denied, EACCES; the file is unchanged\.\n$/);
    expect(readFileSync(path.join(dir, 'w.yaml'), 'utf8')).toBe(WARN);
    expect(readFileSync(path.join(dir, 'reports/old.json'), 'utf8')).toBe('old');
  });
});

describe('the language server reads configs the same way', () => {
  it('a FIFO named omlint.config.yaml is reported once, never awaited', async () => {
    const { ServerConfig } = await import('../../src/server/config');
    const { KNOWN_RULE_IDS } = await import('../../rules/registry');
    const dir = tree({ 'a.yaml': GOOD });
    mkfifo(path.join(dir, 'omlint.config.yaml'));
    const errors: string[] = [];
    const config = new ServerConfig(KNOWN_RULE_IDS, () => undefined, (m) => errors.push(m));
    expect(config.settingsFor(path.join(dir, 'a.yaml')).ignored).toBe(false);
    // An open buffer of the config is compared with the disk: that read must not hang either.
    const withBuffer = new ServerConfig(KNOWN_RULE_IDS, (p) => (p.endsWith('omlint.config.yaml') ? 'rules: {}\n' : undefined));
    expect(withBuffer.settingsFor(path.join(dir, 'a.yaml')).ignored).toBe(false);
    expect(errors).toEqual([expect.stringMatching(/omlint\.config\.yaml: cannot read the configuration \(a FIFO \(named pipe\), not a regular file\)$/)]);
  });
});
