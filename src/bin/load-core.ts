// Loads the core bundle (dist/core-<hash>.js), and its chunks on demand, each with a V8 code cache.
// Compiling the bundle was most of omlint's start-up, and Node 20 has no compile cache of its own
// (module.enableCompileCache is Node 22): with the cache, V8 deserialises the functions a typical
// run needs instead of parsing megabytes of JavaScript (bench/README.md has the figures).
//
// The caches are written by `npm run build` (a few check runs) and each is rewritten when V8 rejects it
// (another Node version, other V8 flags) by the next CLI run, in dist/ if it is writable, else in
// the user's cache directory (a read-only or shared installation; as other tools do). Its name
// carries the bundle's content hash: V8 itself checks only the source length, so a cache can never
// meet another build of the same length.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
// Named imports: a default import of a builtin costs a copy of its exports at every start (esbuild's interop).
import { dirname, isAbsolute, join } from 'node:path';
import { Script } from 'node:vm';

/** The core bundle's file name in dist/, and each chunk's by name, set by scripts/build.ts. */
declare const OMLINT_CORE_FILE: string;
declare const OMLINT_CHUNK_FILES: Record<string, string>;

export type Core = typeof import('./core-bundle');

/**
 * Where the cache of a script of dist/ (the core, a chunk) lives for this V8 version, architecture and Node options.
 * V8 rejects a cache made under other V8 flags (say --max-old-space-size in NODE_OPTIONS): runs
 * with options get a cache of their own, instead of taking turns rewriting one.
 */
export function codeCachePath(distDir: string, file = OMLINT_CORE_FILE): string {
  return join(distDir, 'cache', codeCacheName(file));
}

function codeCacheName(coreFile: string): string {
  const options = [...process.execArgv, process.env.NODE_OPTIONS ?? '', runtimeFlags].join(' ').trim();
  const suffix = options === '' ? '' : `-${fnv1a(options)}`;
  return `${coreFile}.${process.versions.v8}-${process.arch}${suffix}.v8cache`;
}

/** V8 flags this process set since it started (optimizer-hold.ts): V8 checks them as it checks the launch flags. */
let runtimeFlags = '';

/**
 * Sets V8 flags at run time. A script loaded afterwards reads and writes a code cache of its
 * own: a cache made under other flags is rejected (and, written back, would be by the next run).
 */
export function setV8Flags(flags: string): void {
  (require('node:v8') as typeof import('node:v8')).setFlagsFromString(flags);
  runtimeFlags = `${runtimeFlags} ${flags}`.trim();
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
        ? env.HOME && join(env.HOME, 'Library', 'Caches')
        : env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)
          ? env.XDG_CACHE_HOME
          : env.HOME && join(env.HOME, '.cache');
  return base ? join(base, 'omlint', 'v8') : undefined;
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined; // no cache there
  }
}

type CacheStatus = 'missing' | 'accepted' | 'rejected';

interface LoadedScript {
  script: Script;
  /** Where this run read the cache from, or would write it. */
  cacheFile: string;
  /** The run-time flags when it was loaded: a cache made under others would carry their hash. */
  flags: string;
  distCache: string;
  status: CacheStatus;
}

/**
 * Loads the core bundle, and gives it the chunks it asks for (scripts/build-chunks.ts): each a
 * script of its own with its own code cache, loaded the first time the core reads one of its
 * names. `OMLINT_DEBUG_CODE_CACHE=1` prints one line per script loaded, with its cache's fate.
 */
export function loadCore(opts: { writeCache: boolean }): Core {
  const loaded: LoadedScript[] = [];
  // This entry's own require (dist/, as the core's): createRequire would load node:module and
  // Node's ES module loader with it, at every start.
  const nodeRequire = require;
  const chunks = new Map<string, unknown>();
  const chunk = (name: string): unknown => {
    if (!chunks.has(name)) {
      const file = OMLINT_CHUNK_FILES[name];
      if (file === undefined) throw new Error(`omlint: no chunk named ${name}`);
      chunks.set(name, (run(file) as { seams: unknown }).seams);
    }
    return chunks.get(name);
  };
  const coreModule = (id: string): unknown => core.__coreModule(id);

  function run(name: string): unknown {
    const file = join(__dirname, name);
    const distCache = codeCachePath(__dirname, name);
    // The build keeps the bundles ASCII-only, so latin1 is exact (and faster to decode than UTF-8).
    const source = readFileSync(file, 'latin1');
    let cacheFile = distCache;
    let cachedData = readCache(distCache);
    const userDir = cachedData === undefined ? userCodeCacheDir() : undefined;
    if (userDir) {
      // dist/ has none for this Node and these options: a read-only installation keeps its cache here.
      const userCache = join(userDir, codeCacheName(name));
      cachedData = readCache(userCache);
      if (cachedData !== undefined || opts.writeCache) cacheFile = userCache; // written after dist/ is tried
    }
    // The file holds the script wrapped already (script-wrapper.ts).
    const script = new Script(source, { filename: file, cachedData });
    // cachedDataRejected is false only when V8 took the cache (undefined when none was given).
    const status: CacheStatus = cachedData === undefined ? 'missing' : script.cachedDataRejected === false ? 'accepted' : 'rejected';
    if (process.env.OMLINT_DEBUG_CODE_CACHE) process.stderr.write(`omlint: code cache ${status}: ${cacheFile}\n`);
    loaded.push({ script, cacheFile, distCache, status, flags: runtimeFlags });
    const mod = { exports: {} };
    (script.runInThisContext() as (...a: unknown[]) => void)(mod.exports, nodeRequire, mod, file, __dirname, chunk, coreModule);
    return mod.exports;
  }

  if (opts.writeCache) {
    // At exit, each cache also holds the functions this run compiled lazily: in dist/ when it is
    // writable, else in the user's cache directory. An accepted cache is left as it is.
    process.once('exit', () => {
      for (const s of loaded) {
        // (Loaded before the flags changed: its cache's name is the old flags', left to a run under those.)
        if (s.status !== 'accepted' && s.flags === runtimeFlags) writeCodeCache(s.script, s.distCache) || (s.cacheFile !== s.distCache && writeCodeCache(s.script, s.cacheFile));
      }
    });
  }
  const core = run(OMLINT_CORE_FILE) as Core & { __coreModule(id: string): unknown };
  return core;
}

function writeCodeCache(script: Script, cacheFile: string): boolean {
  // Written whole, then renamed: a parallel run reads the old cache or the new, never a part.
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
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
