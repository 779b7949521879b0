// check's command line has one reader, src/cli/check-args.ts: for every argv it reads, commander
// (built from the same table, for help and usage errors) reads the same paths and options; every
// argv it refuses is one commander answers without running check (help, version, a usage error,
// another command); and both ways into check (`check <args>`, `<args>`) print and exit alike.
import fc from 'fast-check';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { buildProgram, COMMANDS, type CliIO } from '../../src/cli/main';
import { CHECK_OPTIONS, readCheckArgs } from '../../src/cli/check-args';
import { cli, tree } from './run';

const ROOT = path.resolve(__dirname, '../..');

/** What commander gives `check` for argv, or what it did instead (a usage error's code, help, another command). */
async function commanderReads(argv: string[]): Promise<{ paths: string[]; options: Record<string, unknown> } | { error: string }> {
  let seen: { paths: string[]; options: Record<string, unknown> } | undefined;
  const io: CliIO = { stdout: { write: () => true }, stderr: { write: () => true }, readStdin: async () => Buffer.alloc(0), cwd: process.cwd(), env: {} };
  const program = buildProgram(io, () => undefined, async (paths, o) => {
    seen = { paths, options: { ...o } };
    return 0;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    return { error: (e as { code?: string }).code ?? String(e) };
  }
  return seen ?? { error: 'no check' };
}

const read = (argv: string[]) => readCheckArgs(argv, COMMANDS);

const FLAGS = ['--fix', '--fix-dry-run', '--diff', '--fix-suggestions', '--quiet', '--skip-unknown', '--stdin', '--no-color', '--cache', '--no-inline-config', '--no-error-on-unmatched-pattern', '--debug', '--stats', '--statistics', '--staged', '--partial', '--suppress-all', '--prune-suppressions', '--pass-on-unpruned-suppressions', '--color', '--exit-zero'];
/** Each option with a value, with a value it takes. */
const VALUED: [string, string][] = [
  ['--format', 'json'], ['-f', 'sarif'], ['--output-file', 'out.txt'], ['-o', 'o.json'], ['--kind', 'alert-config'], ['--config', 'c.yaml'], ['-c', 'c.yaml'],
  ['--max-warnings', '-1'], ['--max-warnings', '3'], ['--stdin-filename', 'x.yaml'], ['--target-version', '7.0'], ['--now', '2026-01-31T00:00:00Z'],
  ['--max-file-size', '8'], ['--max-depth', '64'], ['--jobs', '2'], ['-j', '1'], ['--cache-location', '.c'], ['--ignore-pattern', '*.tmp'], ['--max-aliases', '9'],
  ['--suppress-rule', 'enabled-omitted'], ['--suppressions-location', 's.json'], ['--max-nodes', '100'], ['--max-memory', '64'], ['--max-documents', '5'],
  ['--rule', 'enabled-omitted: error'], ['--print-config', 'a.yaml'], ['--shard', '1/2'], ['--base', 'HEAD'],
];

describe('check-args reads what commander reads', () => {
  it('declares every option of check once (commander is built from the same table)', () => {
    const names = CHECK_OPTIONS.flatMap((o) => o.names);
    expect(new Set(names).size).toBe(names.length);
    expect([...FLAGS, ...VALUED.map(([n]) => n)].filter((n) => !names.includes(n))).toEqual([]);
  });

  it.each([
    [[]],
    [['check']],
    [['check', 'a.yaml']],
    [['a.yaml']],
    [['--no-color', 'a.yaml']],
    [['a.yaml', '--quiet', 'b.yaml', '--', '--fix', '-x.yaml']],
    [['check', 'a.yaml', 'dir', '--quiet', 'b.json']],
    [['check', '--format=junit', '--no-color', '.']],
    [['check', '-fjson', 'a.yaml']],
    [['check', '--format', 'json', '--format', 'github']],
    [['check', '--color', '--no-color', 'a.yaml']],
    [['check', '--rule', 'a: off', '--rule', 'b: error', '--ignore-pattern', 'x', '--ignore-pattern', 'y']],
    [['check', '--output-file', '-h', 'a.yaml']], // a value is a value, even one like an option
    [['check', '--output-file', '', '--output-file', 'x']], // the last value counts
    [['check', '-1', '-.5']], // negative numbers are paths of a command without subcommands
    [['check', '--', '-V', '--help']],
    [['--fix', 'plan', 'a.json']], // after an option, a command's name is a path
    [['check', '--max-warnings', '-1', 'a.yaml']],
    [['check', '--shard', '2/3', '--now', '2026-01-31T00:00:00Z', '--kind', 'alert-config']],
    ...FLAGS.map((f) => [['check', f, 'x.yaml']]),
    ...VALUED.map(([n, v]) => [['check', n, v, 'x.yaml']]),
    ...VALUED.filter(([n]) => n.startsWith('--')).map(([n, v]) => [[`${n}=${v}`, 'x.yaml']]),
  ])('%j', async (argv) => {
    const mine = read(argv);
    expect(mine, 'read by check-args').toBeDefined();
    expect(mine).toEqual(await commanderReads(argv));
  });

  it.each([
    [['--help']],
    [['-h', 'a.yaml']],
    [['--fix', '--', '--help']], // the program's help: an option came before
    [['help', 'check']],
    [['rules']],
    [['check', '--help']],
    [['check', 'a.yaml', '-h']],
    [['check', '--version']],
    [['check', 'a.yaml', '-V']],
    [['check', '-Vx']],
    [['check', '--output-file', '-V']], // the program reads -V before check sees its options
    [['check', '--format', 'xml', 'a.yaml']],
    [['check', '--format']],
    [['check', '-f']],
    [['check', '--format=', 'a.yaml']],
    [['check', '-f=json', 'a.yaml']],
    [['check', '--max-warnings', 'x']],
    [['check', '--shard', '3/2']],
    [['check', '--kind', 'nope']],
    [['check', '--now', 'yesterday']],
    [['check', '--colour']],
    [['check', '--no-fix']],
    [['check', '--fix=true']],
    [['check', '-q']],
    [['check', '--bogus', '--', 'a.yaml']],
    [['check', '']],
    [['']],
    [['check', '--output-file', '']],
    [['check', '--rule', 'a: off', '--rule', '']],
  ])('leaves %j to commander, which does not run check', async (argv) => {
    expect(read(argv)).toBeUndefined();
    expect(await commanderReads(argv)).toMatchObject({ error: expect.any(String) });
  });

  it('on random argv of commands, flags, options, values and paths: both read the same, or both refuse', async () => {
    const value = fc.constantFrom('json', 'sarif', 'xml', '', '-1', '3', 'x', '1/2', '7.0', 'alert-config', '2026-01-31T00:00:00Z', 'a: off', '-h', '--', '-V');
    const token = fc.oneof(
      fc.constantFrom(...FLAGS, ...VALUED.map(([n]) => n), '--help', '-h', '-V', '--version', '--', '-', '--bogus', '-fjson', '-f=json', '--format=json', '--format=', '-1', 'check', 'rules', 'help', ''),
      value,
      fc.tuple(fc.constantFrom(...VALUED.filter(([n]) => n.startsWith('--')).map(([n]) => n)), value).map(([n, v]) => `${n}=${v}`),
      fc.stringMatching(/^[a-z][a-z0-9./-]{0,12}$/),
    );
    let both = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(token, { maxLength: 8 }), async (explicit, rest) => {
        const argv = explicit ? ['check', ...rest] : rest;
        // Commands other than check and rules start servers or write files: not run here.
        if (!explicit && COMMANDS.includes(rest[0] ?? '') && rest[0] !== 'rules' && rest[0] !== 'check') return;
        const mine = read(argv);
        const theirs = await commanderReads(argv);
        if (mine === undefined) expect(theirs, JSON.stringify(argv)).toMatchObject({ error: expect.any(String) });
        else {
          both++;
          expect(mine, JSON.stringify(argv)).toEqual(theirs);
        }
      }),
      { seed: 33, numRuns: 1500 },
    );
    expect(both).toBeGreaterThan(300); // the property was exercised on both sides
  });
});

describe('one reader of check, and no cast', () => {
  it('COMMANDS names the commands buildProgram declares', () => {
    const io: CliIO = { stdout: { write: () => true }, stderr: { write: () => true }, readStdin: async () => Buffer.alloc(0), cwd: '/', env: {} };
    expect(buildProgram(io, () => undefined).commands.map((c) => c.name())).toEqual([...COMMANDS]);
  });

  it('main hands runCheck what check-args read, and nothing in src casts to CheckOptions', () => {
    const main = readFileSync(path.join(ROOT, 'src/cli/main.ts'), 'utf8');
    expect(main).toContain('runCheck(check.paths, check.options, io)');
    const sources = (dir: string): string[] => readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));
    expect(sources('src').filter((f) => /as (unknown as )?CheckOptions\b/.test(readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });
});

describe('both ways into check print and exit alike', () => {
  const dir = tree({
    'clean.alert-config.yaml': 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: GROUP\n    intervalMin: 5\n    delayMin: 0\n    emailEnabled: true\n    smsEnabled: false\n',
    'broken.alert-config.yaml': 'eventTypeName: HOST_DOWN\nenabled: maybe\nnotifications: []\n',
    'sub/other.maintenance-window.json': '{ "startDate": "2026-01-01T00:00:00Z" }\n',
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [['--no-color', 'clean.alert-config.yaml']],
    [['--no-color', 'broken.alert-config.yaml']],
    [['--no-color', '--format', 'json', 'broken.alert-config.yaml', 'sub']],
    [['--no-color', 'missing.yaml']],
    [['--no-color', '--quiet', '.']],
    [['--format=sarif', 'sub']],
    [['--fix-dry-run', '--format', 'json', 'broken.alert-config.yaml']],
    [['--no-color', '--no-error-on-unmatched-pattern', 'missing.yaml']],
    [['--no-color', '--max-warnings', '0', '--rule', 'enabled-omitted: off', 'broken.alert-config.yaml']],
  ])('check %j', async (args) => {
    const explicit = await cli(['check', ...args], { cwd: dir });
    const implicit = await cli(args, { cwd: dir });
    const norm = (s: string) => s.replaceAll(path.sep, '/');
    expect({ ...explicit, stdout: norm(explicit.stdout), stderr: norm(explicit.stderr) }).toEqual({ ...implicit, stdout: norm(implicit.stdout), stderr: norm(implicit.stderr) });
  });

  it('exit codes: 0 clean, 1 errors, 2 a path that does not exist or a usage error', async () => {
    expect((await cli(['check', '--no-color', 'clean.alert-config.yaml'], { cwd: dir })).code).toBe(0);
    expect((await cli(['check', '--no-color', 'broken.alert-config.yaml'], { cwd: dir })).code).toBe(1);
    const missing = await cli(['check', '--no-color', 'missing.yaml'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing\.yaml/);
    const bad = await cli(['check', '--max-warnings', 'x', 'clean.alert-config.yaml'], { cwd: dir });
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("option '--max-warnings <n>' argument 'x' is invalid")]);
  });
});
