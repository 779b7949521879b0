// A throw-away git repository for tests of `--base <git-ref>` and the language server's HEAD
// base: commits carry a fixed identity, and no user or system git configuration is read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const HAS_GIT = spawnSync('git', ['--version']).status === 0;
const GIT_ENV = { GIT_AUTHOR_NAME: 'omlint test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'omlint test', GIT_COMMITTER_EMAIL: 'test@example.com', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A new repository (branch main) in a temporary directory, or at `dir`. */
export function gitRepo(dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'omlint-git-')), 'work')): { dir: string; write(rel: string, text: string): void; commit(message: string): void } {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  const commit = (message: string) => {
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', message);
  };
  return { dir, write, commit };
}
