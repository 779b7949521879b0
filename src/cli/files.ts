// Which files a `check` run reads: named files, walked directories and glob patterns, less what
// ignore files and patterns exclude. Never hangs (FIFOs are not opened) and never skips a file
// without a word: what cannot be read becomes a diagnostic or a note.
import fs, { lstatSync, readlinkSync, realpathSync, statSync, type Dir, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import type { LintInput } from '../core/types';
import { absolutePath } from '../core/paths';
import { describeFsError } from '../io/fs-errors';
import { readRegularText } from '../io/read-input';
import { isLintablePath } from '../project/lintable';

export { decodeInput, readInput } from '../io/read-input';

const CONFIG_FILE = /^omlint\.config\./;
const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn']);
export const IGNORE_FILE = '.omlintignore';

export interface FoundFile {
  filePath: string;
  /** Found by walking a directory or matching a glob (not named on the command line). */
  discovered: boolean;
  /** Why it cannot be read (an unreadable directory, a FIFO, a dangling link): its one diagnostic. */
  problem?: LintInput['problem'];
}

/** What one command-line argument brought in (the CLI's "No files matching" check reads it). */
export interface ArgumentMatch {
  argument: string;
  /** Files (and unreadable entries) it contributed, before de-duplication. */
  matched: number;
  /** Lintable files it reached that an ignore pattern excluded. */
  ignored: string[];
  /** Directories, named or reached by its walk, that an ignore pattern excluded (not walked: what they hold is unknown). */
  ignoredDirs: string[];
}

export interface FoundFiles {
  files: FoundFile[];
  /** Named paths that do not exist. */
  missing: string[];
  /** Things skipped with a reason, for stderr ("path: reason"). */
  notes: string[];
  perArgument: ArgumentMatch[];
  /** The walk stopped at WalkOptions.limit files (the language server's bound on a workspace). */
  truncated?: true;
}

export interface WalkOptions {
  /** Paths and patterns resolve against this directory; its .omlintignore applies. */
  cwd: string;
  /** The config files' `ignore` lists. */
  isIgnored?: (filePath: string) => boolean;
  /** --ignore-pattern values (gitignore syntax, relative to cwd). */
  ignorePatterns?: string[];
  /** The .omlintignore text (default: read from cwd). */
  ignoreFileText?: string;
  /** Stop once this many files are found (the language server's walk of a workspace folder); the CLI sets none. */
  limit?: number;
  /** Stop once this many directory entries are looked at (a folder of many other files); the CLI sets none. */
  entryLimit?: number;
  /**
   * Symbolic links whose target is outside the walked directory are not followed (the language
   * server's walk of a workspace folder, which may be untrusted: a link to $HOME); the CLI follows them.
   */
  linksInside?: boolean;
}

/** Reads cwd/.omlintignore if there is one (a FIFO or unreadable one is a note, not a hang). */
function readIgnoreFile(cwd: string, notes: string[]): string {
  const p = path.join(cwd, IGNORE_FILE);
  let st: Stats;
  try {
    st = statSync(p);
  } catch {
    return '';
  }
  if (!st.isFile()) {
    notes.push(`${IGNORE_FILE}: not a regular file; not used`);
    return '';
  }
  try {
    return readRegularText(p);
  } catch (e) {
    notes.push(`${IGNORE_FILE}: ${describeFsError(e)}; not used`);
    return '';
  }
}

/** gitignore semantics (the `ignore` package) for .omlintignore and --ignore-pattern, relative to cwd. */
function ignoreMatcher(o: WalkOptions, notes: string[]): (abs: string, isDir: boolean) => boolean {
  const text = o.ignoreFileText ?? readIgnoreFile(o.cwd, notes);
  // No patterns (the common case): no per-file matching at all.
  if (!/^\s*[^#\s]/m.test(text) && !o.ignorePatterns?.length) return () => false;
  const ig: Ignore = ignore().add(text);
  if (o.ignorePatterns) ig.add(o.ignorePatterns);
  return (abs, isDir) => {
    const rel = path.relative(o.cwd, abs);
    // Outside cwd (or cwd itself) the patterns have nothing to say.
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false;
    const posix = rel.split(path.sep).join('/');
    return ig.ignores(isDir ? `${posix}/` : posix);
  };
}

function kindOf(st: Stats | Dirent): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

const notRegular = (st: Stats): LintInput['problem'] => ({
  ruleId: 'syntax-error',
  message: `This is ${kindOf(st)}, not a regular file; omlint does not read it (to lint a stream, pipe it with --stdin).`,
});

/** Expands arguments: files as given, directories walked, glob patterns matched, for *.json, *.yaml, *.yml. */
export function findFiles(args: string[], o: WalkOptions): FoundFiles {
  const files: FoundFile[] = [];
  const missing: string[] = [];
  const notes: string[] = [];
  const perArgument: ArgumentMatch[] = [];
  /** The files found before the current argument (a second argument may name them again); none during the first: its walk finds each path once. */
  let seen: Set<string> | undefined;
  const isIgnoredByFile = ignoreMatcher(o, notes);
  const ignored = (abs: string, isDir: boolean) => isIgnoredByFile(abs, isDir) || Boolean(o.isIgnored?.(abs));
  /** Real paths of directories already walked: a link back to one is a loop, or a second name. */
  const walkedDirs = new Set<string>();
  let current: ArgumentMatch;
  let truncated = false;
  let entriesSeen = 0;

  const add = (abs: string, discovered: boolean, problem?: LintInput['problem']) => {
    current.matched++;
    if (seen?.has(abs)) return;
    if (o.limit !== undefined && files.length >= o.limit) {
      truncated = true;
      return;
    }
    seen?.add(abs);
    files.push(problem ? { filePath: abs, discovered, problem } : { filePath: abs, discovered });
  };
  const note = (abs: string, why: string) => notes.push(`${path.relative(o.cwd, abs) || '.'}: ${why}`);

  /** With linksInside: the real path of the directory an argument walks. */
  let rootReal = '';
  /**
   * A directory's entries that the walk looks at, as paths in name order: regular files only when
   * lintable and accepted (all that a big directory holds, as a rule), with the Dirent of every
   * other entry (directories, links, special files) in `odd`. Read as a stream, not listed whole:
   * only the paths it keeps outlive the listing (bench/README.md, walkmem16).
   */
  const list = (dir: string, accept: (abs: string) => boolean): { paths: string[]; odd: Map<string, Dirent> } => {
    const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
    const paths: string[] = [];
    const odd = new Map<string, Dirent>();
    let d: Dir | undefined;
    try {
      // fs.opendirSync is a getter that loads Node's Dir on a run's first walk, not at start-up.
      d = fs.opendirSync(dir, { bufferSize: 128 });
      for (let e; (e = d.readSync()) !== null; ) {
        if (o.entryLimit !== undefined && ++entriesSeen > o.entryLimit) {
          truncated = true;
          break;
        }
        const p = prefix + e.name;
        if (!e.isFile()) {
          odd.set(p, e);
          paths.push(p);
        } else if (isLintablePath(e.name) && !CONFIG_FILE.test(e.name) && accept(p)) paths.push(p);
      }
    } finally {
      d?.closeSync();
    }
    // One directory's paths share their prefix: in name order (code units, as `<`).
    paths.sort();
    return { paths, odd };
  };
  const walk = (dir: string, realDir: string, accept: (abs: string) => boolean) => {
    if (truncated || walkedDirs.has(realDir)) return;
    walkedDirs.add(realDir);
    let listing: ReturnType<typeof list>;
    try {
      listing = list(dir, accept);
    } catch (e) {
      // A directory that cannot be listed hides its files: an error, never "0 files checked".
      add(dir, false, { ruleId: 'syntax-error', message: `The directory cannot be read (${describeFsError(e)}); the files in it were not checked.` });
      return;
    }
    const { paths, odd } = listing;
    for (const p of paths) {
      if (truncated) return;
      const e = odd.get(p);
      if (e === undefined) {
        // A regular file, lintable and accepted (list).
        if (ignored(p, false)) current.ignored.push(p);
        else add(p, true);
        continue;
      }
      let type: Stats | Dirent = e;
      let real: string | undefined; // a directory's real path, for loop detection
      if (e.isSymbolicLink()) {
        // Followed (links to documents are documents); the target's type decides.
        try {
          type = statSync(p);
          real = realpathSync(p);
        } catch (err) {
          if (isLintablePath(e.name)) note(p, `${danglingLink(p, err)}; skipped`);
          continue;
        }
        if (o.linksInside && !isWithin(real, rootReal)) {
          if (type.isDirectory() || isLintablePath(e.name)) note(p, 'symbolic link to outside the folder; not followed');
          continue;
        }
      }
      if (type.isDirectory()) {
        if (SKIP_DIRS.has(e.name)) continue;
        if (ignored(p, true)) {
          current.ignoredDirs.push(p);
          continue;
        }
        if (real !== undefined && isWithin(realDir, real)) {
          note(p, 'symbolic link loop (it links to a directory above it); not followed');
          continue;
        }
        walk(p, real ?? (realDir.endsWith(path.sep) ? realDir : realDir + path.sep) + e.name, accept);
      } else if (isLintablePath(e.name) && !CONFIG_FILE.test(e.name) && accept(p)) {
        if (ignored(p, false)) current.ignored.push(p);
        else if (type.isFile()) add(p, true);
        else note(p, `${kindOf(type)}, not a regular file; skipped`);
      }
    }
  };

  for (const arg of args) {
    if (perArgument.length === 1) seen = new Set(files.map((f) => f.filePath));
    current = { argument: arg, matched: 0, ignored: [], ignoredDirs: [] };
    perArgument.push(current);
    walkedDirs.clear(); // each argument counts its own matches (files are still read once)
    const abs = path.resolve(o.cwd, arg);
    let lst: Stats;
    try {
      lst = lstatSync(abs);
    } catch (e) {
      const scan = picomatch.scan(arg);
      if (scan.isGlob) {
        globWalk(scan);
        continue;
      }
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') missing.push(arg);
      else add(abs, false, { ruleId: 'syntax-error', message: `The file cannot be read (${describeFsError(e)}).` });
      continue;
    }
    let st = lst;
    if (lst.isSymbolicLink()) {
      try {
        st = statSync(abs);
      } catch (e) {
        // Named but dangling: a diagnostic for it, and the run goes on with the other files.
        add(absolutePath(abs), false, { ruleId: 'syntax-error', message: `${capitalize(danglingLink(abs, e))}.` });
        continue;
      }
    }
    if (st.isDirectory()) {
      if (ignored(abs, true)) {
        current.ignored.push(abs);
        current.ignoredDirs.push(abs);
      } else walk(abs, (rootReal = safeRealpath(abs)), () => true);
    } else if (ignored(abs, false)) {
      current.ignored.push(abs);
      note(abs, 'File ignored because of a matching ignore pattern; not checked');
    } else if (st.isFile()) add(absolutePath(abs), false);
    else add(absolutePath(abs), false, notRegular(st));
  }
  return truncated ? { files, missing, notes, perArgument, truncated } : { files, missing, notes, perArgument };

  function globWalk(scan: ReturnType<typeof picomatch.scan>) {
    const base = path.resolve(o.cwd, scan.base || '.');
    const isMatch = picomatch(scan.glob);
    let st: Stats;
    try {
      st = statSync(base);
    } catch {
      return; // no base directory: nothing matches
    }
    if (!st.isDirectory()) return;
    walk(base, (rootReal = safeRealpath(base)), (p) => isMatch(path.relative(base, p).split(path.sep).join('/')));
  }
}

/**
 * The files `omlint check .` would lint in `dir` (its .omlintignore, the configs' ignore lists by
 * `isIgnored`), at most `limit`, links out of `dir` followed unless `linksInside`: what the language
 * server's entry points hand it (server/ sits below cli/).
 */
export function walkFolder(dir: string, o: { isIgnored: (filePath: string) => boolean; limit: number; entryLimit: number; linksInside?: boolean }): FoundFiles {
  return findFiles(['.'], { cwd: dir, isIgnored: o.isIgnored, limit: o.limit, entryLimit: o.entryLimit, linksInside: o.linksInside });
}

function safeRealpath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** True when `inner` is `outer` or below it. */
function isWithin(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function danglingLink(p: string, e: unknown): string {
  let target = '?';
  try {
    target = readlinkSync(p);
  } catch {
    // unreadable link: the target stays unnamed
  }
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return `symbolic link loop (${target})`;
  return `symbolic link to "${target}", which ${code === 'ENOENT' ? 'does not exist' : `cannot be reached (${describeFsError(e)})`}`;
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);
