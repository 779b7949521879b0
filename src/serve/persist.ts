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

export class StateStore {
  readonly file: string;
  private readonly lock: string;

  /** Opens (creates, mode 0700) the directory, takes its lock and clears temporary files a kill left. */
  constructor(readonly dir: string) {
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
    }
  }

  /** One server per directory: two would overwrite each other's changes. A dead owner's lock is taken over. */
  private takeLock(): void {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = fs.openSync(this.lock, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
        fs.writeSync(fd, `${process.pid}\n`);
        fs.closeSync(fd);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new StateDirError(`--state-dir ${this.dir}: cannot take its lock (${describeFsError(e)}).`);
      }
      notALink(this.lock, 'the lock file', 'file');
      const owner = Number.parseInt(fs.readFileSync(this.lock, 'utf8'), 10);
      if (owner > 0 && owner !== process.pid && alive(owner)) throw new StateDirError(`--state-dir ${this.dir} is in use by process ${owner} (${this.lock}).`);
      fs.rmSync(this.lock, { force: true });
    }
    throw new StateDirError(`--state-dir ${this.dir}: cannot take its lock (${this.lock}).`);
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

  /** Writes the whole state atomically (throws StateDirError). */
  save(state: State): void {
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
