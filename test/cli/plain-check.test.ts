// The plain `check <paths>` read without commander (src/cli/plain-check.ts, issue 22 cold start):
// for every argv it reads, commander reads the same paths and options; every other argv is left to
// commander; and a run through it prints and exits as the same run through commander.
import fc from 'fast-check';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { buildProgram, type CliIO } from '../../src/cli/main';
import { plainCheck } from '../../src/cli/plain-check';
import { cli, tree } from './run';

/** What commander gives `check` for argv (or the code of the usage error it printed). */
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

const FLAGS = ['--fix', '--fix-dry-run', '--diff', '--fix-suggestions', '--quiet', '--skip-unknown', '--no-color', '--cache', '--no-inline-config', '--no-error-on-unmatched-pattern', '--debug', '--stats', '--statistics', '--staged', '--partial', '--suppress-all', '--prune-suppressions', '--pass-on-unpruned-suppressions', '--color', '--exit-zero'];

describe('plainCheck reads what commander reads', () => {
  it.each([
    [['check']],
    [['check', 'a.yaml']],
    [['check', '--no-color', 'cpu-high.alert-config.yaml']],
    [['check', 'a.yaml', 'dir', '--quiet', 'b.json']],
    [['check', '--format', 'json', 'a.yaml']],
    [['check', '-f', 'sarif', 'a.yaml']],
    [['check', '--format=junit', '--no-color', '.']],
    [['check', '--format', 'json', '--format', 'github']],
    [['check', '--no-color', '--no-color']],
    [['check', '--color', '--no-color', 'a.yaml']],
    [['check', '--no-color', '--color', 'a.yaml']],
    [['check', '-f', 'compact', '--exit-zero', 'a.yaml']],
    [['check', '--format=concise', 'a.yaml']],
    ...FLAGS.map((f) => [['check', f, 'x.yaml']]),
  ])('%j', async (argv) => {
    const plain = plainCheck(argv);
    expect(plain, 'read without commander').toBeDefined();
    expect(plain).toEqual(await commanderReads(argv));
  });

  it('leaves every other argv to commander', () => {
    for (const argv of [
      [],
      ['a.yaml'], // the default command: commander tells a mistyped command from a path
      ['--no-color', 'a.yaml'],
      ['rules'],
      ['plan', 'a.json'],
      ['check', '--help'],
      ['check', '-h'],
      ['check', '--version'],
      ['check', '--format', 'xml', 'a.yaml'],
      ['check', '--format'],
      ['check', '-f'],
      ['check', '--format=', 'a.yaml'],
      ['check', '-fjson', 'a.yaml'],
      ['check', '--', '-a.yaml'],
      ['check', '-'],
      ['check', '--kind', 'alert-config', 'a.yaml'],
      ['check', '--max-warnings', '0', 'a.yaml'],
      ['check', '--colour'],
      ['check', '--no-fix'],
      ['check', '--fix=true'],
      ['check', '-q'],
    ]) expect(plainCheck(argv), JSON.stringify(argv)).toBeUndefined();
  });

  it('on random argv of flags, formats, options and paths: whatever it reads, commander reads the same', async () => {
    const token = fc.oneof(
      fc.constantFrom(...FLAGS, '--format', '-f', '--format=json', '--format=xml', 'json', 'sarif', 'stylish', 'xml', '--help', '--', '-', '--bogus', '--kind', 'alert-config', '--max-warnings', '3', '-o', 'out.txt'),
      fc.stringMatching(/^[a-z][a-z0-9./-]{0,12}$/),
    );
    let read = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 8 }), async (rest) => {
        const argv = ['check', ...rest];
        const plain = plainCheck(argv);
        if (plain === undefined) return;
        read++;
        expect(plain).toEqual(await commanderReads(argv));
      }),
      { seed: 22, numRuns: 400 },
    );
    expect(read).toBeGreaterThan(50); // the property was exercised, not vacuous
  });
});

describe('a run read without commander prints and exits as through commander', () => {
  const dir = tree({
    'clean.alert-config.yaml': 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: GROUP\n    intervalMin: 5\n    delayMin: 0\n    emailEnabled: true\n    smsEnabled: false\n',
    'broken.alert-config.yaml': 'eventTypeName: HOST_DOWN\nenabled: maybe\nnotifications: []\n',
    'sub/other.maintenance-window.json': '{ "startDate": "2026-01-01T00:00:00Z" }\n',
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The same run through commander: `check` is the default command, so argv without it is commander's.
  it.each([
    [['--no-color', 'clean.alert-config.yaml']],
    [['--no-color', 'broken.alert-config.yaml']],
    [['--no-color', '--format', 'json', 'broken.alert-config.yaml', 'sub']],
    [['--no-color', 'missing.yaml']],
    [['--no-color', '--quiet', '.']],
    [['--format=sarif', 'sub']],
    [['--fix-dry-run', '--format', 'json', 'broken.alert-config.yaml']],
    [['--no-color', '--no-error-on-unmatched-pattern', 'missing.yaml']],
  ])('check %j', async (args) => {
    expect(plainCheck(['check', ...args])).toBeDefined();
    const fast = await cli(['check', ...args], { cwd: dir });
    const viaCommander = await cli(args, { cwd: dir });
    const norm = (s: string) => s.replaceAll(path.sep, '/');
    expect({ ...fast, stdout: norm(fast.stdout), stderr: norm(fast.stderr) }).toEqual({ ...viaCommander, stdout: norm(viaCommander.stdout), stderr: norm(viaCommander.stderr) });
  });

  it('exit codes: 0 clean, 1 errors, 2 a path that does not exist', async () => {
    expect((await cli(['check', '--no-color', 'clean.alert-config.yaml'], { cwd: dir })).code).toBe(0);
    expect((await cli(['check', '--no-color', 'broken.alert-config.yaml'], { cwd: dir })).code).toBe(1);
    const missing = await cli(['check', '--no-color', 'missing.yaml'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing\.yaml/);
  });
});

describe('plainCheck types what it reads', () => {
  it('hands runCheck a CheckOptions without a cast', async () => {
    const { readFileSync } = await import('node:fs');
    const main = readFileSync(path.resolve(__dirname, '../../src/cli/main.ts'), 'utf8');
    expect(main).toContain('runCheck(plain.paths, plain.options, io)');
    expect(main).not.toMatch(/as unknown as CheckOptions/);
  });
});
