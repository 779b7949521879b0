// In CI the shared corpus must be there: without it the corpus suites would quietly turn into
// skips and the run would stay green (issue 18).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SHARED_CORPUS, inCI, missingCorpusMessage } from './shared-corpus';

describe('the shared corpus', () => {
  it('is present in CI', () => {
    if (!inCI()) {
      if (!existsSync(SHARED_CORPUS)) console.warn(`omlint tests: ${missingCorpusMessage()} (not CI: the corpus suites are skipped).`);
      return;
    }
    expect(existsSync(SHARED_CORPUS), missingCorpusMessage()).toBe(true);
  });

  it.each([
    [{ CI: 'true' }, true],
    [{ CI: '1' }, true],
    [{ CI: 'false' }, false],
    [{ CI: '0' }, false],
    [{ CI: '' }, false],
    [{}, false],
  ])('reads CI from %j as %s', (env, expected) => {
    expect(inCI(env as NodeJS.ProcessEnv)).toBe(expected);
  });

  it('a suite that needs a missing corpus fails under CI=true and skips, with a note, without it', () => {
    // A throwaway test file beside this one, pointed at a directory that does not exist.
    const dir = mkdtempSync(path.join(__dirname, '.corpus-probe-'));
    const file = path.join(dir, 'probe.test.ts');
    const helper = path.relative(dir, path.join(__dirname, 'shared-corpus')).split(path.sep).join('/');
    writeFileSync(
      file,
      `import { it } from 'vitest';\nimport { describeWithCorpus } from '${helper}';\n` +
        `describeWithCorpus('probe', () => { it('runs', () => {}); }, ${JSON.stringify(path.join(os.tmpdir(), 'omlint-no-such-corpus'))});\n`,
    );
    try {
      const run = (CI: string) =>
        spawnSync(process.execPath, [path.join(__dirname, '..', 'node_modules', 'vitest', 'vitest.mjs'), 'run', file, '--reporter=dot'], {
          cwd: path.join(__dirname, '..'),
          env: { ...process.env, CI },
          encoding: 'utf8',
        });
      const ci = run('true');
      expect(ci.status).not.toBe(0);
      expect(ci.stdout + ci.stderr).toContain('a missing corpus fails');
      const local = run('');
      expect(local.status).toBe(0);
      expect(local.stdout + local.stderr).toContain('skipping "probe"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
