// `--state-dir DIR`: the whole state object (whatever fields it has: the design keeps all mutable
// state as plain JSON data) written to DIR/state.json after each change, atomically: a temporary
// file beside it (created exclusively, mode 0600, never following a link), fsync, rename, fsync of
// the directory. A kill -9 at any moment leaves the previous state or the next one. The file holds
// private keys: 0600, and its contents are never printed.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describeFsError } from '../io/fs-errors';
import { emptyState, type State } from './state';

export const STATE_FILE = 'state.json';
const FORMAT = 'omlint-serve-state';
const FORMAT_VERSION = 1;
const TEMP_SUFFIX = '.omlint-tmp';
const LOCK_FILE = 'state.lock';
/** How long after a read that changed the state it is written (changes of a burst of reads written once). */
const SAVE_SOON_MS = 100;

/** A state directory that cannot be used: exit 2 with the message. */
export class StateDirError extends Error {}

/** Refuses a path that is a symbolic link (writes never go through one); true when it exists. */
function notALink(p: string, what: string, want: 'file' | 'dir'): boolean {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(p);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new StateDirError(`${what} ${p}: ${describeFsError(e)}.`);
  }
  if (st.isSymbolicLink()) throw new StateDirError(`${what} ${p} is a symbolic link: refused (the state is never written through a link; name the real ${want === 'dir' ? 'directory' : 'file'}).`);
  if (want === 'dir' ? !st.isDirectory() : !st.isFile()) throw new StateDirError(`${what} ${p} is not a ${want === 'dir' ? 'directory' : 'regular file'}.`);
  return true;
}

/** Whether a process with this id is running (a lock of a killed server is stale). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Test seams of the lock's take-over (a second process started at the worst moment). */
export interface LockHooks {
  /** Called when a lock has been judged stale, before it is taken over. */
  stale?: () => void;
}

/** How many times a lock is tried before giving up (each after a wait while another process takes it over). */
const LOCK_ATTEMPTS = 50;
const LOCK_WAIT_MS = 20;
/** Claims of claims: a process killed while taking over leaves one level more; past this depth, give up. */
const MAX_CLAIM_DEPTH = 3;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The owner's process id in a lock file, opened without following a link, with the file's identity. */
function readLock(file: string): { owner: number; id: string } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateDirError(`the lock file ${file}: ${describeFsError(e)}.`);
  }
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    if (!st.isFile()) throw new StateDirError(`the lock file ${file} is not a regular file.`);
    const buf = Buffer.alloc(32);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return { owner: Number.parseInt(buf.toString('utf8', 0, n), 10), id: `${st.dev}-${st.ino}-${st.ctimeNs}` };
  } finally {
    fs.closeSync(fd);
  }
}

/** The identity of whatever the path names now (undefined: nothing), without following a link. */
function identity(file: string): string | undefined {
  try {
    const st = fs.lstatSync(file, { bigint: true });
    return `${st.dev}-${st.ino}-${st.ctimeNs}`;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateDirError(`the lock file ${file}: ${describeFsError(e)}.`);
  }
}

/** Creates `file` exclusively (never through a link), holding this process's id; throws EEXIST when it exists. */
function createOwned(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
  try {
    fs.writeSync(fd, `${process.pid}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/**
 * Takes a lock file: true once this process holds it, the live owner's id when another holds it,
 * undefined when it could not be taken. Created exclusively when absent. A dead owner's lock is
 * replaced only by the process that first claims that very file (identity: device, inode, change
 * time) with an exclusive claim file of its own, after checking under the claim that the lock is
 * still that file: two processes that both found it stale cannot both replace it (the second
 * finds the first one's lock). A claim left by a killed process is itself a dead owner's lock,
 * taken over the same way one level down.
 */
function takeLockFile(file: string, hooks: LockHooks, depth = 0): true | number | undefined {
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
    try {
      createOwned(file);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new StateDirError(`cannot take the lock ${file} (${describeFsError(e)}).`);
    }
    notALink(file, 'the lock file', 'file');
    const lock = readLock(file);
    if (!lock) continue; // given back meanwhile: create it again
    // A lock with this process's id is a kill's leftover whose id came round again: stale too.
    if (lock.owner > 0 && lock.owner !== process.pid && alive(lock.owner)) return lock.owner;
    if (depth >= MAX_CLAIM_DEPTH) return undefined;
    hooks.stale?.();
    const claim = `${file}.${lock.id}.claim`;
    const claimed = takeLockFile(claim, {}, depth + 1);
    if (claimed !== true) {
      // Another process is taking it over now: its lock will be there in a moment.
      sleepSync(LOCK_WAIT_MS);
      continue;
    }
    try {
      // Under the claim, nobody else replaces this file: is it still the one judged stale?
      if (identity(file) !== lock.id) continue;
      // A lock of this process's own beside it, renamed over it in one step.
      const mine = createOwned(`${file}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
      try {
        fs.renameSync(mine, file);
      } catch (e) {
        fs.rmSync(mine, { force: true });
        throw new StateDirError(`cannot take the lock ${file} (${describeFsError(e)}).`);
      }
      return true;
    } finally {
      fs.rmSync(claim, { force: true });
    }
  }
  return undefined;
}

/** Whether a lock candidate or claim was left by a running process (its id in the file). */
function leftByLiveProcess(file: string): boolean {
  try {
    const owner = Number.parseInt(fs.readFileSync(file, 'utf8').slice(0, 32), 10);
    return owner > 0 && owner !== process.pid && alive(owner);
  } catch {
    return false;
  }
}

export class StateStore {
  readonly file: string;
  private readonly lock: string;
  private pending: NodeJS.Timeout | undefined;

  /** Opens (creates, mode 0700) the directory, takes its lock and clears temporary files a kill left. */
  constructor(
    readonly dir: string,
    private readonly hooks: LockHooks = {},
  ) {
    this.file = path.join(dir, STATE_FILE);
    this.lock = path.join(dir, LOCK_FILE);
    if (!notALink(dir, '--state-dir', 'dir')) {
      try {
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      } catch (e) {
        throw new StateDirError(`--state-dir ${dir}: cannot be created (${describeFsError(e)}).`);
      }
    }
    notALink(this.file, 'the state file', 'file');
    this.takeLock();
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith(`.${STATE_FILE}.`) && name.endsWith(TEMP_SUFFIX)) fs.rmSync(path.join(dir, name), { force: true });
      // What a take-over killed half-way left (a lock candidate, a claim), once its process is gone.
      else if (name.startsWith(`${LOCK_FILE}.`) && (name.endsWith(TEMP_SUFFIX) || name.endsWith('.claim')) && !leftByLiveProcess(path.join(dir, name))) fs.rmSync(path.join(dir, name), { force: true });
    }
  }

  /** One server per directory: two would overwrite each other's changes. A dead owner's lock is taken over. */
  private takeLock(): void {
    const held = takeLockFile(this.lock, this.hooks);
    if (held !== true) throw new StateDirError(held === undefined ? `--state-dir ${this.dir}: cannot take its lock (${this.lock}).` : `--state-dir ${this.dir} is in use by process ${held} (${this.lock}).`);
  }

  /** Gives the lock back (at a clean stop). */
  release(): void {
    try {
      if (Number.parseInt(fs.readFileSync(this.lock, 'utf8'), 10) === process.pid) fs.rmSync(this.lock, { force: true });
    } catch {
      // already gone: nothing to give back
    }
  }

  /** The state the directory holds, or undefined when it holds none yet. */
  load(): State | undefined {
    let text: string;
    try {
      if (!notALink(this.file, 'the state file', 'file')) return undefined;
      text = fs.readFileSync(this.file, 'utf8');
    } catch (e) {
      if (e instanceof StateDirError) throw e;
      throw new StateDirError(`the state file ${this.file}: cannot be read (${describeFsError(e)}).`);
    }
    let saved: unknown;
    try {
      saved = JSON.parse(text);
    } catch (e) {
      throw new StateDirError(`the state file ${this.file} is not JSON (${(e as Error).message.split('\n')[0]}): move it away to start afresh.`);
    }
    return fromSaved(saved, this.file);
  }

  /**
   * Writes the state a little later (after the answer that found it changed), once for a burst of
   * such changes; a failure is told to `failed` (nobody waits for this save). Atomic as save().
   */
  saveSoon(state: State, failed: (e: StateDirError) => void, delayMs = SAVE_SOON_MS): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      try {
        this.save(state);
      } catch (e) {
        failed(e instanceof StateDirError ? e : new StateDirError(String(e)));
      }
    }, delayMs);
    // The server keeps the process alive; a stop writes what is pending (flush).
    this.pending.unref();
  }

  /** Writes a pending saveSoon now (at a clean stop). */
  flush(state: State): void {
    if (this.pending) this.save(state);
  }

  /** Writes the whole state atomically (throws StateDirError); a pending saveSoon is then done. */
  save(state: State): void {
    if (this.pending) {
      clearTimeout(this.pending);
      this.pending = undefined;
    }
    notALink(this.dir, '--state-dir', 'dir');
    notALink(this.file, 'the state file', 'file');
    const bytes = Buffer.from(JSON.stringify({ format: FORMAT, version: FORMAT_VERSION, state }));
    const tmp = path.join(this.dir, `.${STATE_FILE}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
    let fd: number | undefined;
    try {
      fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
      fs.fchmodSync(fd, 0o600); // whatever the umask
      for (let off = 0; off < bytes.length; ) off += fs.writeSync(fd, bytes, off, bytes.length - off);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fd = undefined;
      fs.renameSync(tmp, this.file);
      // The rename itself is durable once the directory is flushed.
      const dirFd = fs.openSync(this.dir, 'r');
      try {
        fs.fsyncSync(dirFd);
      } finally {
        fs.closeSync(dirFd);
      }
    } catch (e) {
      if (fd !== undefined) fs.closeSync(fd);
      fs.rmSync(tmp, { force: true });
      throw new StateDirError(`cannot write the state file ${this.file}: ${describeFsError(e)}.`);
    }
  }
}

/**
 * A saved state back into a State: the envelope checked, each field the server knows checked for
 * its shape (a list stays a list), fields missing from an older file filled from the empty state.
 */
function fromSaved(saved: unknown, file: string): State {
  const bad = (why: string) => new StateDirError(`the state file ${file} ${why}: move it away to start afresh.`);
  if (typeof saved !== 'object' || saved === null || (saved as { format?: unknown }).format !== FORMAT) throw bad(`is not an omlint serve state (no "format": "${FORMAT}")`);
  const { version, state } = saved as { version?: unknown; state?: unknown };
  if (version !== FORMAT_VERSION) throw bad(`has version ${JSON.stringify(version)}; this omlint reads version ${FORMAT_VERSION}`);
  if (typeof state !== 'object' || state === null || Array.isArray(state)) throw bad('holds no state object');
  const empty = emptyState() as unknown as Record<string, unknown>;
  const out = { ...empty, ...(state as Record<string, unknown>) };
  for (const [key, value] of Object.entries(empty)) {
    if (value === undefined) continue;
    const got = out[key];
    const shape = (v: unknown) => (Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v);
    if (shape(got) !== shape(value)) throw bad(`has ${shape(got)} for "${key}", not ${shape(value)}`);
  }
  return out as unknown as State;
}
