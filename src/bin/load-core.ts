// Loads the core bundle (dist/core-<hash>.js) with a V8 code cache. Compiling the bundle was most
// of omlint's start-up, and Node 20 has no compile cache of its own (module.enableCompileCache is
// Node 22): with the cache, V8 deserialises the functions a typical run needs instead of parsing
// 2 MB of JavaScript (bench/README.md has the figures).
//
// The cache is written by `npm run build` (one small check run) and rewritten when V8 rejects it
// (another Node version, other V8 flags) by the next CLI run, in dist/ if it is writable, else in
// the user's cache directory (a read-only or shared installation; as other tools do). Its name
// carries the bundle's content hash: V8 itself checks only the source length, so a cache can never
// meet another build of the same length.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';

/** The core bundle's file name in dist/, set by scripts/build.ts. */
declare const OMLINT_CORE_FILE: string;

export type Core = typeof import('./core-bundle');

/**
 * Where the cache of the core bundle lives for this V8 version, architecture and Node options.
 * V8 rejects a cache made under other V8 flags (say --max-old-space-size in NODE_OPTIONS): runs
 * with options get a cache of their own, instead of taking turns rewriting one.
 */
export function codeCachePath(distDir: string, coreFile = OMLINT_CORE_FILE): string {
  return path.join(distDir, 'cache', codeCacheName(coreFile));
}

function codeCacheName(coreFile: string): string {
  const options = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').trim();
  const suffix = options === '' ? '' : `-${fnv1a(options)}`;
  return `${coreFile}.${process.versions.v8}-${process.arch}${suffix}.v8cache`;
}

/** A short stable hash for a file name (node:crypto would cost start-up time). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The user's cache directory for omlint's code caches: $XDG_CACHE_HOME or ~/.cache on Linux,
 * ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows. Undefined when the environment names none.
 */
export function userCodeCacheDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | undefined {
  const base =
    platform === 'win32'
      ? env.LOCALAPPDATA
      : platform === 'darwin'
        ? env.HOME && path.join(env.HOME, 'Library', 'Caches')
        : env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)
          ? env.XDG_CACHE_HOME
          : env.HOME && path.join(env.HOME, '.cache');
  return base ? path.join(base, 'omlint', 'v8') : undefined;
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined; // no cache there
  }
}

export function loadCore(opts: { writeCache: boolean }): Core {
  const file = path.join(__dirname, OMLINT_CORE_FILE);
  const distCache = codeCachePath(__dirname);
  // The build keeps the bundle ASCII-only, so latin1 is exact (and faster to decode than UTF-8).
  const source = readFileSync(file, 'latin1');
  let cacheFile = distCache;
  let cachedData = readCache(distCache);
  const userDir = cachedData === undefined ? userCodeCacheDir() : undefined;
  if (userDir) {
    // dist/ has none for this Node and these options: a read-only installation keeps its cache here.
    const userCache = path.join(userDir, codeCacheName(OMLINT_CORE_FILE));
    cachedData = readCache(userCache);
    if (cachedData !== undefined) cacheFile = userCache;
    else if (opts.writeCache) cacheFile = userCache; // tried after dist/ (writeCodeCache)
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  // cachedDataRejected is false only when V8 took the cache (undefined when none was given).
  const status = cachedData === undefined ? 'missing' : script.cachedDataRejected === false ? 'accepted' : 'rejected';
  if (process.env.OMLINT_DEBUG_CODE_CACHE) process.stderr.write(`omlint: code cache ${status}: ${cacheFile}\n`);
  if (opts.writeCache && status !== 'accepted') {
    // At exit, the cache also holds the functions this run compiled lazily: in dist/ when it is
    // writable, else in the user's cache directory.
    process.once('exit', () => writeCodeCache(script, distCache) || (cacheFile !== distCache && writeCodeCache(script, cacheFile)));
  }
  const mod = { exports: {} as Core };
  (script.runInThisContext() as (...a: unknown[]) => void)(mod.exports, createRequire(file), mod, file, __dirname);
  return mod.exports;
}

function writeCodeCache(script: Script, cacheFile: string): boolean {
  // Written whole, then renamed: a parallel run reads the old cache or the new, never a part.
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(cacheFile), { recursive: true });
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
    return true;
  } catch {
    // a read-only installation runs without the cache
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing was written
    }
    return false;
  }
}
