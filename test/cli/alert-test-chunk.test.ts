// `omlint test` is a lazy chunk (chunk-alert-test: the runner and the evaluator, scripts/build-chunks.ts):
// a `check` run never loads it, not even when it lints alert test files (their kind's validator
// is a chunk of its own). What a run loaded is what the loader reports (OMLINT_DEBUG_CODE_CACHE,
// src/bin/load-core.ts); `omlint test` itself shows that the report names the chunk when it loads.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../robustness/support';

/** The chunks (and `core`) a run of the built CLI loaded, sorted. */
function chunksOf(args: string[]): { code: number | null; stdout: string; names: string[] } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'omlint.js'), ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH, OMLINT_DEBUG_CODE_CACHE: '1' } });
  const names = r.stderr
    .split('\n')
    .filter((l) => l.startsWith('omlint: code cache '))
    .map((l) => /(?:^|\/)(core|chunk-(.+))-[0-9A-F]{8}\.js\./.exec(l))
    .map((m) => m?.[2] ?? m?.[1] ?? '?');
  return { code: r.status, stdout: r.stdout, names: names.sort() };
}

beforeAll(() => ensureBuilt());

describe('chunk-alert-test', () => {
  it('omlint test loads it (the report names the chunks a run loads)', () => {
    const r = chunksOf(['test', 'examples/alert-tests']);
    expect(r.code).toBe(0);
    expect(r.names).toContain('alert-test');
  });

  it('a plain check never loads it, even of alert test files', () => {
    for (const args of [['check', '--no-color', 'examples/alert-tests'], ['check', '--no-color', '--format', 'json', 'examples/clean']]) {
      const r = chunksOf(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.names, args.join(' ')).toContain('schema-alert-test'); // the alert tests were linted
      expect(r.names, args.join(' ')).not.toContain('alert-test');
    }
  });
});
