// ../shared/corpus, the real documents most suites compare against. Locally a checkout without it
// skips those suites, saying so; in CI (CI=true) a missing corpus fails them, so a green run never
// hides 196 skipped corpus tests.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';

export const SHARED_CORPUS = path.resolve(__dirname, '..', '..', 'shared', 'corpus');

/** CI=true (GitHub Actions, GitLab, most CI services set it); "false" or "0" mean no. */
export function inCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.CI?.trim().toLowerCase();
  return v !== undefined && v !== '' && v !== 'false' && v !== '0';
}

export function missingCorpusMessage(dir: string = SHARED_CORPUS): string {
  return `the shared corpus ${dir} is missing: check out ../shared beside the project`;
}

/**
 * describe() for a suite that needs the corpus (or one of its directories): runs it when present;
 * when absent, fails in CI and skips with a visible note elsewhere.
 */
export function describeWithCorpus(name: string, body: () => void, dir: string = SHARED_CORPUS): void {
  if (existsSync(dir)) {
    describe(name, body);
  } else if (inCI()) {
    describe(name, () => {
      it('needs the shared corpus', () => {
        throw new Error(`${missingCorpusMessage(dir)} (CI=true: a missing corpus fails, it is not skipped)`);
      });
    });
  } else {
    console.warn(`omlint tests: skipping "${name}": ${missingCorpusMessage(dir)}.`);
    describe.skip(name, body);
  }
}
