// --cache: results of unchanged files are reused, like ESLint's --cache. A file's key hashes its
// content, what the config says about it, the run's options, omlint's version, and the content
// of every other file of its project scope (cross-document rules read them). The cache never
// holds a secret: where secrets were found it keeps their offsets, not their values.
//
// The cache file is only a hint: a corrupt one, one of the wrong shape, or an entry that does not
// carry this user's signature (HMAC with a key kept outside the project, so an entry forged or
// committed to a repository cannot pass a file) is ignored with a note. Writes are atomic (temp +
// rename), so runs sharing one cache never leave it half-written; a failed save is a note.
// A symbolic link at the cache's path is neither read nor written through: the save replaces it
// (a committed link aimed the cache at a user's script). The entries are stored as
// base64 of their JSON, so that no file name or message (`$(…)`, a newline) is shell text in the file.
import { closeSync, linkSync, lstatSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { FileResult, RunSource } from '../core/types';
import { nodeCrypto, nodeOs, sha256Hex } from '../core/lazy-builtins';
import { describeFsError } from '../io/fs-errors';
import { readRegularText } from '../io/read-input';
import { FileWriteError, writeFileAtomic } from '../io/write-file';

interface Entry {
  key: string;
  /** null: the file holds no document of a known kind and was skipped. */
  result: FileResult | null;
  /** [start, end) offsets of secret values in the file's text. */
  secretSpans: [number, number][];
  /** HMAC over the path, key, result and spans, with this user's cache key. */
  mac: string;
}
interface CacheFile {
  version: string;
  entries: Record<string, Entry>;
}
/** The file on disk: the entries' JSON in base64 (an alphabet with no character a shell acts on). */
interface StoredCacheFile {
  version: string;
  entries: string;
}

export const DEFAULT_CACHE_FILE = '.omlintcache';

/** A cache key: the SHA-256 of the parts, each followed by a NUL (the bytes the keys were always made of). */
export function sha256(...parts: string[]): string {
  return sha256Hex(parts.map((p) => `${p}\u0000`).join(''));
}

/** --cache-location: a directory holds the default file name (as ESLint does); a FIFO or device is refused. */
export function cacheFilePath(location: string): string {
  if (/[\\/]$/.test(location)) return path.join(location, DEFAULT_CACHE_FILE); // made by the first save
  let st;
  try {
    st = lstatSync(location); // a link there is the cache file itself (replaced on save), as ESLint's lstat
  } catch {
    return location; // created by the first save
  }
  if (st.isDirectory()) return path.join(location, DEFAULT_CACHE_FILE);
  if (!st.isFile() && !st.isSymbolicLink()) throw new FileWriteError(location, 'it is not a regular file (a FIFO or a device); give --cache-location a file', 'the cache to');
  return location;
}

/**
 * This user's secret for signing cache entries: $XDG_CACHE_HOME/omlint/cache-key (else
 * ~/.cache/omlint/cache-key), made once with mode 0600. Published with link() so that concurrent
 * first runs agree on one key. Undefined (and a note) where it cannot be kept.
 */
export function cacheSecret(env: NodeJS.ProcessEnv, notes: string[]): Buffer | undefined {
  const home = env.XDG_CACHE_HOME || path.join(env.HOME || nodeOs().homedir(), '.cache');
  const file = path.join(home, 'omlint', 'cache-key');
  const read = () => Buffer.from(readRegularText(file).trim(), 'hex');
  try {
    const key = read();
    if (key.length >= 32) return key;
  } catch {
    // not made yet
  }
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.new`;
    const fd = openSync(tmp, 'wx', 0o600);
    writeSync(fd, nodeCrypto().randomBytes(32).toString('hex'));
    closeSync(fd);
    try {
      linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(tmp);
    }
    const key = read();
    if (key.length < 32) throw new Error('the key file is malformed (delete it to make a new one)');
    return key;
  } catch (e) {
    notes.push(`--cache: no key to sign the cache with (${file}: ${describeFsError(e)}); caching is off for this run`);
    return undefined;
  }
}

/**
 * The version and entries of a cache file's text (entries unchecked: each is checked and its
 * signature verified on load), or why it is not a cache.
 */
export function decodeCacheFile(text: string): { version: string; entries: Record<string, unknown> } | string {
  let stored: Partial<StoredCacheFile>;
  try {
    stored = JSON.parse(text) as Partial<StoredCacheFile>;
  } catch {
    return 'the cache is not valid JSON (cut or corrupt)';
  }
  let entries: unknown;
  if (stored && typeof stored === 'object' && typeof stored.version === 'string' && typeof stored.entries === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(stored.entries)) {
    try {
      entries = JSON.parse(Buffer.from(stored.entries, 'base64').toString('utf8'));
    } catch {
      // not the JSON of entries: not a cache
    }
  }
  if (!entries || typeof entries !== 'object' || Array.isArray(entries)) return 'not an omlint cache (unexpected shape)';
  return { version: stored.version!, entries: entries as Record<string, unknown> };
}

/** The text of a cache file holding these entries. */
export function encodeCacheFile(version: string, entries: Record<string, unknown>): string {
  const stored: StoredCacheFile = { version, entries: Buffer.from(JSON.stringify(entries), 'utf8').toString('base64') };
  return JSON.stringify(stored);
}

const isSpan = (s: unknown) => Array.isArray(s) && s.length === 2 && Number.isInteger(s[0]) && Number.isInteger(s[1]) && s[0] >= 0 && s[1] >= s[0];
const isResult = (r: unknown) => {
  if (r === null) return true;
  const v = r as Partial<FileResult>;
  return typeof v === 'object' && typeof v.filePath === 'string' && Array.isArray(v.diagnostics) && [v.errorCount, v.warningCount, v.infoCount].every((n) => Number.isInteger(n) && n! >= 0);
};
const isEntry = (e: unknown): e is Entry => {
  const v = e as Partial<Entry>;
  return typeof v === 'object' && v !== null && typeof v.key === 'string' && typeof v.mac === 'string' && Array.isArray(v.secretSpans) && v.secretSpans.every(isSpan) && isResult(v.result);
};

export class ResultCache {
  private data: CacheFile;
  private dirty = false;
  /** What the user should know (a corrupt cache, a failed save); printed on stderr. */
  readonly notes: string[] = [];

  constructor(
    private readonly file: string,
    private readonly version: string,
    private readonly secret: Buffer,
  ) {
    this.data = { version, entries: Object.create(null) };
    let text: string;
    try {
      if (lstatSync(file).isSymbolicLink()) {
        this.notes.push(`${file}: the cache is a symbolic link; not read, and replaced by a file when this run saves`);
        this.dirty = true;
        return;
      }
      text = readRegularText(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.notes.push(`${file}: the cache cannot be read (${describeFsError(e)}); not used`);
      return;
    }
    const decoded = decodeCacheFile(text);
    if (typeof decoded === 'string') {
      this.notes.push(`${file}: ${decoded}; ignored, and rewritten by this run`);
      return;
    }
    if (decoded.version !== version) return; // another omlint version: every key differs anyway
    let rejected = 0;
    for (const [filePath, e] of Object.entries(decoded.entries)) {
      if (isEntry(e) && e.mac === this.mac(filePath, e)) this.data.entries[filePath] = e;
      else rejected++;
    }
    if (rejected) this.notes.push(`${file}: ${rejected} cache ${rejected === 1 ? 'entry was' : 'entries were'} malformed or not signed by this user (altered or copied in); ignored, those files are linted afresh`);
  }

  private mac(filePath: string, e: Omit<Entry, 'mac'>): string {
    return nodeCrypto().createHmac('sha256', this.secret).update(JSON.stringify([filePath, e.key, e.result, e.secretSpans])).digest('hex');
  }

  /**
   * The cached result of a file whose text is `text` now, with its source: the secrets come back
   * from their spans in the text (the cache never holds a secret itself).
   */
  get(filePath: string, key: string, text: string): { result: FileResult | null; source: RunSource } | undefined {
    const e = this.data.entries[filePath];
    if (!e || e.key !== key) return undefined;
    const bom = text.charCodeAt(0) === 0xfeff;
    const body = bom ? text.slice(1) : text;
    return { result: e.result, source: { text: body, bom, secrets: e.secretSpans.map(([a, b]) => body.slice(a, b)) } };
  }

  /**
   * Records a file's result; `read` (the text as get() is given it) and the secrets of its
   * `source` give the spans of the secrets to mask on a hit.
   */
  set(filePath: string, key: string, result: FileResult | null, source: RunSource | undefined, read: string): void {
    // The text as the source's, without its BOM (a released run keeps no text: engine/finish.ts lean()).
    const text = read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
    const secrets = source?.secrets ?? [];
    const secretSpans: [number, number][] = [];
    for (const s of secrets) {
      for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + s.length)) secretSpans.push([i, i + s.length]);
    }
    // Fix edits are for --fix and editors; a cached run never fixes. Keep the JSON contract only.
    const stored: FileResult | null = result && { ...result, diagnostics: result.diagnostics.map(({ fix, suggestions, ...d }) => d), output: undefined, fixCount: undefined };
    // Never a secret on disk: a result whose text would carry one is not cached.
    const serialized = JSON.stringify(stored);
    if (secrets.some((s) => s.length > 0 && serialized.includes(JSON.stringify(s).slice(1, -1)))) {
      delete this.data.entries[filePath];
      this.dirty = true;
      return;
    }
    const entry = { key, result: stored, secretSpans };
    this.data.entries[filePath] = { ...entry, mac: this.mac(filePath, entry) };
    this.dirty = true;
  }

  save(): void {
    if (!this.dirty) return;
    try {
      writeFileAtomic(this.file, encodeCacheFile(this.data.version, this.data.entries), { makeDirs: true, what: 'the cache to', replaceLinks: true });
    } catch (e) {
      // The results are right without a cache: a full disk here is a note, not a failed run.
      this.notes.push(`${e instanceof Error ? e.message : String(e)}; results are unaffected, the next run starts without a cache`);
    }
  }
}
