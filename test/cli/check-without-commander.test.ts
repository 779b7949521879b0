// `check` is read by src/cli/check-args.ts alone: a run of check, with any of its options, never
// builds commander's program (nor, in dist/, loads its chunk); help and usage errors still do.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cli, tree } from './run';

vi.mock('commander', async (importOriginal) => {
  const real = await importOriginal<typeof import('commander')>();
  class Built {
    constructor() {
      throw new Error("commander's program was built");
    }
  }
  return { ...real, Command: Built, Option: Built };
});

describe('a run of check without commander', () => {
  const dir = tree({ 'broken.alert-config.yaml': 'eventTypeName: HOST_DOWN\nenabled: maybe\nnotifications: []\n' });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [['check', '--no-color', 'broken.alert-config.yaml']],
    [['--no-color', 'broken.alert-config.yaml']],
    [['check', '--format', 'json', '--max-warnings', '5', '--rule', 'enabled-omitted: off', '--kind', 'alert-config', '--now', '2026-01-31T00:00:00Z', '-j', '1', '.']],
    [['check', '--format=sarif', '--quiet', '--', 'broken.alert-config.yaml']],
  ])('%j', async (argv) => {
    const r = await cli(argv, { cwd: dir });
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(1);
  });

  it('help and usage errors are commander\'s (the mock bites)', async () => {
    for (const argv of [['--help'], ['check', '--help'], ['check', '--bogus']]) {
      const r = await cli(argv, { cwd: dir });
      expect([r.code, r.stderr], JSON.stringify(argv)).toEqual([2, expect.stringContaining("commander's program was built")]);
    }
  });
});
