// The previous state of a file from git: the same path at a ref (`--base origin/main`),
// or its staged content (`:path`, for the pre-commit hook). git runs with an argument array, never
// through a shell, and never with an argument a user could turn into an option.
import { childProcess } from '../core/lazy-builtins';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { decodeInput } from './read-input';
import type { LintInput } from '../core/types';

export class GitError extends Error {}

const GIT_TIMEOUT_MS = 60_000;

function git(args: string[], cwd: string, maxBuffer = 1024 * 1024): Buffer {
  // GIT_* variables of a hook (GIT_DIR, GIT_INDEX_FILE) are kept: they name the repository the hook runs for.
  return childProcess().execFileSync('git', args, { cwd, maxBuffer, timeout: GIT_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
}

function gitText(args: string[], cwd: string): string | undefined {
  try {
    return git(args, cwd).toString('utf8').trim();
  } catch {
    return undefined;
  }
}

/** The top directory of the git work tree holding `dir`, or undefined (not a repository, no git). */
export function gitTopLevel(dir: string): string | undefined {
  return gitText(['rev-parse', '--show-toplevel'], dir) || undefined;
}

/** A ref the user named: refused when git would read it as an option. */
function checkRef(ref: string): void {
  if (ref === '' || ref.startsWith('-') || /[\0\n]/.test(ref)) throw new GitError(`"${ref}" is not a git revision.`);
}

/** The commit a ref names, or undefined when `dir` is in no repository or the ref names nothing. */
export function resolveRef(ref: string, dir: string): string | undefined {
  checkRef(ref);
  return gitText(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], dir) || undefined;
}

export interface GitBlob {
  /** `<ref>:<path from the top>`, or `:0:<path from the top>` for the staged content. */
  label: string;
  /** The text, decoded as files are (BOM, UTF-16); with a problem when it cannot be read as text. */
  input?: LintInput;
}

/**
 * The content of a file at a ref (`ref` undefined: the staged content in the index). Undefined
 * input: the path does not exist there (a new file). Throws GitError when git fails otherwise.
 */
export function showAtRef(filePath: string, ref: string | undefined, maxBytes: number): GitBlob {
  if (ref !== undefined) checkRef(ref);
  const dir = path.dirname(filePath);
  const top = gitTopLevel(dir);
  if (!top) throw new GitError(`${filePath} is not in a git repository.`);
  // git names the top by its real path: a directory reached through a link is made real first.
  let realDir = dir;
  try {
    realDir = realpathSync(dir);
  } catch {
    // gone meanwhile: git says so below
  }
  const rel = path.relative(top, path.join(realDir, path.basename(filePath))).split(path.sep).join('/');
  if (rel.startsWith('../') || path.isAbsolute(rel)) throw new GitError(`${filePath} is outside the git repository at ${top}.`);
  // The stage is always named: `:0:path`, since `:<digit>:x` would read stage <digit> of x (a
  // file named "0:good.yaml" was linted as good.yaml). After `<ref>:` git takes the rest verbatim.
  const spec = ref === undefined ? `:0:${rel}` : `${ref}:${rel}`;
  const label = spec;
  // Does the path exist there? `cat-file -e` says so without printing anything.
  try {
    git(['cat-file', '-e', spec], top);
  } catch {
    if (ref !== undefined && !resolveRef(ref, top)) throw new GitError(`"${ref}" names no commit of the repository at ${top}.`);
    return { label };
  }
  try {
    const size = Number(git(['cat-file', '-s', spec], top).toString('utf8').trim());
    if (size > maxBytes) return { label, input: { filePath: label, text: '', problem: { ruleId: 'limit-exceeded', message: `${label} is ${size} bytes, over the limit of ${maxBytes} bytes (--max-file-size).` } } };
    return { label, input: decodeInput(label, git(['cat-file', 'blob', spec], top, size + 1024)) };
  } catch (e) {
    throw new GitError(`git could not read ${spec}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
}

export interface Repository {
  top: string;
  /** This work tree's git directory (HEAD lives here) and the common one (refs, packed-refs). */
  gitDir: string;
  commonDir: string;
}

/** The repository holding `dir`, asked of git once (callers cache it). */
export function repositoryOf(dir: string): Repository | undefined {
  const out = gitText(['rev-parse', '--show-toplevel', '--absolute-git-dir', '--git-common-dir'], dir);
  const [top, gitDir, common] = out?.split('\n') ?? [];
  if (!top || !gitDir || !common) return undefined;
  return { top, gitDir, commonDir: path.resolve(top, common) };
}

/**
 * The commit HEAD names, read from the files git keeps it in (no process: an editor asks on every
 * lint, so that a commit made meanwhile is seen). Undefined before the first commit, or when the
 * files say something this reader does not follow (then callers ask git).
 */
export function headCommitOnDisk(repo: Repository, read: (p: string) => string | undefined): string | undefined {
  const head = read(path.join(repo.gitDir, 'HEAD'))?.trim();
  if (!head) return undefined;
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  const loose = read(path.join(repo.commonDir, ref))?.trim() ?? read(path.join(repo.gitDir, ref))?.trim();
  if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  const packed = read(path.join(repo.commonDir, 'packed-refs'));
  for (const line of packed?.split('\n') ?? []) {
    const [sha, name] = line.split(' ');
    if (name === ref && /^[0-9a-f]{40,64}$/.test(sha)) return sha;
  }
  return undefined;
}
