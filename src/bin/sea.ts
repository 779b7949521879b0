// Entry of the single executable (`npm run binary`, scripts/binary.ts): Node's single-executable
// application with the package inside as one asset. A SEA's main script can require only Node's
// builtins, and omlint reads files of its package (schemas, rule pages the language server links,
// policy packs, its code caches, the worker's script), so the first run unpacks the package once
// into the user's cache directory, under a name of its content hash, and every run then starts
// dist/omlint.js from there: the CLI, `omlint lsp` and the worker threads, as the npm package runs.
import { closeSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The package's content hash and version, set by scripts/binary.ts: the name of its unpacked copy. */
declare const OMLINT_SEA_ID: string;

interface Entry {
  path: string;
  size: number;
  mode: number;
}

const fail = (message: string): never => {
  process.stderr.write(`omlint: ${message}\n`);
  process.exit(2);
};

/** Where unpacked copies live: $XDG_CACHE_HOME or ~/.cache, else the temporary directory (a user of its own). */
function cacheBase(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'omlint', 'sea');
  let home = '';
  try {
    home = homedir();
  } catch {
    // no home directory (a service account)
  }
  if (home) return join(home, '.cache', 'omlint', 'sea');
  return join(tmpdir(), `omlint-sea-${process.getuid?.() ?? 'user'}`);
}

/** Unpacks the package asset into `dir`: written into a fresh directory beside it, then renamed (a parallel first run keeps its own or finds this one whole). */
function unpack(dir: string): void {
  const { getAsset } = require('node:sea') as typeof import('node:sea');
  const archive = gunzipSync(Buffer.from(getAsset('package')));
  const headerLength = archive.readUInt32LE(0);
  const entries = JSON.parse(archive.subarray(4, 4 + headerLength).toString('utf8')) as Entry[];
  makeDirs(dirname(dir));
  const stage = mkdtempSync(`${dir}.tmp-`);
  let at = 4 + headerLength;
  for (const e of entries) {
    const target = normalize(join(stage, e.path));
    if (!target.startsWith(stage + sep)) fail(`the packed file ${e.path} is outside the package`);
    makeDirs(dirname(target));
    // 'wx': a new file in a new directory, never through a link.
    const fd = openSync(target, 'wx', e.mode);
    writeSync(fd, archive, at, e.size);
    closeSync(fd);
    at += e.size;
  }
  const marker = openSync(join(stage, '.complete'), 'wx', 0o644);
  writeSync(marker, OMLINT_SEA_ID);
  closeSync(marker);
  try {
    renameSync(stage, dir);
  } catch {
    // Another run unpacked it first: its copy is as good.
    rmSync(stage, { recursive: true, force: true });
    if (!complete(dir)) fail(`cannot unpack omlint into ${dir}`);
  }
}

/** mkdir -p one level at a time: Node 20's recursive mkdirSync loops forever under /proc. */
function makeDirs(dir: string): void {
  const up = dirname(dir);
  if (up !== dir && !existsSync(up)) makeDirs(up);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

function complete(dir: string): boolean {
  try {
    return readFileSync(join(dir, '.complete'), 'utf8') === OMLINT_SEA_ID;
  } catch {
    return false;
  }
}

/**
 * The cache runs code: its folder must be this user's and writable by no one else (a folder another
 * user made in the temporary directory could hold a copy of their own, marked complete).
 */
function ownDirectory(base: string): void {
  try {
    makeDirs(base);
  } catch (e) {
    fail(`cannot unpack omlint into ${base}: ${(e as Error).message} (set XDG_CACHE_HOME to a writable directory)`);
  }
  const st = lstatSync(base);
  const uid = process.getuid?.();
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o022) !== 0) {
    fail(`${base} is not a directory of this user that only this user can write to: omlint runs no code from it; remove it or set XDG_CACHE_HOME`);
  }
}

const base = cacheBase();
ownDirectory(base);
const dir = join(base, OMLINT_SEA_ID);
if (existsSync(dir) && lstatSync(dir).isSymbolicLink()) fail(`${dir} is a symbolic link: omlint runs its unpacked copy from no link; remove it`);
if (!complete(dir)) {
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true }); // an older, broken copy
  try {
    unpack(dir);
  } catch (e) {
    fail(`cannot unpack omlint into ${dir}: ${(e as Error).message} (set XDG_CACHE_HOME to a writable directory)`);
  }
}
// A full require (the SEA's own loads only builtins): dist/omlint.js reads process.argv as the npm bin does.
const entry = join(dir, 'dist', 'omlint.js');
createRequire(entry)(entry);
