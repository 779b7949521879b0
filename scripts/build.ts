// npm run build: generated sources (rule index, validators), then dist/:
//   core-<hash>.js            omlint in one CommonJS bundle (src/bin/core-bundle.ts), but for
//   chunk-<name>-<hash>.js    the parts few runs need, loaded on first use (scripts/build-chunks.ts:
//                             the validator of each kind, the libraries a plain check never calls:
//                             yaml, commander, picomatch, ignore, re2js…, policies, plan, language server)
//   omlint.js, omlint-language-server.js, worker.js
//                             small entry points that load the core through a V8 code cache
//   cache/                    the code caches of the core and of each chunk, written here
//   package.json              {"type": "commonjs"}: the root package is ESM, dist/ is not
// CommonJS because a code cache needs vm.Script. Rules stay in the core: inlined lazily (esbuild
// initialises a dynamically imported module on first use), they cost little until used.
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawnSync } from 'node:child_process';
import { buildSplit, chunkSpecs } from './build-chunks';
import { SCRIPT_WRAPPER, SCRIPT_WRAPPER_END } from '../src/bin/script-wrapper';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const tsx = (script: string) => execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script)], { stdio: 'inherit', cwd: root });

// Validators first: the rule index imports the modules that declare built-in ids, and the schema
// layer among them imports the generated validators (absent in a fresh clone).
tsx('gen-validators.ts');
tsx('gen-rule-index.ts');

const common: BuildOptions = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  mainFields: ['module', 'main'], // ESM builds (jsonc-parser's UMD build requires dynamically)
  target: 'node20',
  charset: 'ascii',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

// dist/ is never removed while building (tests may be running it): stale files go afterwards.
const split = await buildSplit(root, 'src/bin/core-bundle.ts', chunkSpecs(root), {
  ...common,
  // Whitespace and syntax, not names (stack traces and function names stay): the core 1.27 →
  // 0.87 MB, a string every run reads, decodes and keeps for V8 (peak RSS of one small run −0.6 MB).
  minifyWhitespace: true,
  minifySyntax: true,
  // import.meta.url (packageRoot(), the worker's path) in CommonJS: this file's URL (a getter:
  // computing the URL costs start-up time, and most runs never ask for it).
  define: { 'import.meta.url': '__omlintImportMeta.url' },
  banner: { js: "var __omlintImportMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };" },
}, [
  // commander requires child_process at start-up for executable subcommands, which omlint has
  // none of: load it only if it is ever used (one builtin less at every start).
  lazyBuiltin('child_process', /node_modules[\\/]commander[\\/]/),
  // node:module (and Node's ES module loader with it) only when a lazy builtin is first loaded.
  lazyBuiltin('module', /src[\\/]core[\\/]lazy-builtins/),
  // `import path from 'node:path'` in 31 modules: esbuild's interop copied node:path's 20 exports
  // as getters for each one at start-up (__toESM); one ES module of its own is shared instead.
  builtinAsEsm('path'),
  // The same for node:fs, which write-file.ts imports whole (its tests make one call fail): 100
  // getters copied at every start.
  builtinAsEsm('fs'),
  // Written wrapped (src/bin/script-wrapper.ts): the loader gives V8 the file's text as it is.
], (text) => SCRIPT_WRAPPER + asciiOnly(text) + SCRIPT_WRAPPER_END);
mkdirSync(dist, { recursive: true });
for (const [name, text] of split.files) {
  const file = path.join(dist, name);
  if (!existsSync(file) || readFileSync(file, 'latin1') !== text) writeFileSync(file, text, 'latin1');
}
const coreFile = split.coreFile;

await build({
  ...common,
  entryPoints: {
    omlint: path.join(root, 'src/bin/omlint.ts'),
    'omlint-language-server': path.join(root, 'src/bin/omlint-language-server.ts'),
    worker: path.join(root, 'src/bin/worker.ts'),
    // The library (package.json `exports`): the API on the same core.
    api: path.join(root, 'src/bin/api.ts'),
  },
  outdir: dist,
  // Node compiles the entry itself at every start (no code cache): less text to read and scan.
  minifyWhitespace: true,
  minifySyntax: true,
  define: { OMLINT_CORE_FILE: JSON.stringify(coreFile), OMLINT_CHUNK_FILES: JSON.stringify(split.chunkFiles) },
});
writeFileSync(path.join(dist, 'package.json'), '{ "type": "commonjs" }\n');
// The library's declarations (dist/types/api/public.d.ts): src/api/public.ts and the files it
// names (core/public-shapes.ts); a declaration tsc no longer emits is stale and goes.
const typesDir = path.join(dist, 'types');
const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.api.json'), '--listEmittedFiles'], { cwd: root, encoding: 'utf8' });
if (tsc.status !== 0) throw new Error(`tsc -p tsconfig.api.json failed:\n${tsc.stdout}${tsc.stderr}`);
const declarations = new Set(tsc.stdout.split('\n').filter((l) => l.startsWith('TSFILE: ')).map((l) => path.resolve(l.slice('TSFILE: '.length).trim())));
for (const f of readdirSync(typesDir, { recursive: true, encoding: 'utf8' })) {
  if (f.endsWith('.d.ts') && !declarations.has(path.join(typesDir, f))) rmSync(path.join(typesDir, f), { force: true });
}
chmodSync(path.join(dist, 'omlint.js'), 0o755);
chmodSync(path.join(dist, 'omlint-language-server.js'), 0o755);

for (const f of readdirSync(dist)) {
  if ((/^(core|chunk)-/.test(f) && !split.files.has(f)) || f === 'chunks') rmSync(path.join(dist, f), { recursive: true, force: true });
}
const cacheDir = path.join(dist, 'cache');
if (existsSync(cacheDir)) {
  for (const f of readdirSync(cacheDir)) if (![...split.files.keys()].some((name) => f.startsWith(`${name}.`))) rmSync(path.join(cacheDir, f), { force: true });
}
writeCodeCaches();

/**
 * The code caches of the core and its chunks for this Node (the names src/bin/load-core.ts gives
 * them for runs without Node options). The core's and the alert validator's come from a run like
 * the ones they speed up most (one alert file); the other chunks' from runs that use them; a chunk
 * no run here loads (the language server) gets a cache of its compiled top level.
 */
function writeCodeCaches(): void {
  const cacheOf = (name: string) => path.join(cacheDir, `${name}.${process.versions.v8}-${process.arch}.v8cache`);
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const check = (...args: string[]) => {
    const r = spawnSync(process.execPath, [path.join(dist, 'omlint.js'), 'check', '--no-color', ...args.map((a) => path.join(root, a))], { cwd: root, env, stdio: 'ignore' });
    if (r.status !== 0 && r.status !== 1) throw new Error(`build: omlint check ${args.join(' ')} exited ${r.status}`);
  };
  if (!existsSync(cacheOf(coreFile))) check('examples/clean/cpu-high.alert-config.yaml');
  if (!existsSync(cacheOf(coreFile))) throw new Error(`build: the code cache ${cacheOf(coreFile)} was not written`);
  const missing = () => Object.values(split.chunkFiles).filter((f) => !existsSync(cacheOf(f)));
  if (missing().length > 0) check('examples/clean', 'examples/policies', 'examples/problems');
  for (const f of missing()) {
    // The file's text as src/bin/load-core.ts gives it to V8 (which checks the source's length).
    const compile = `const fs = require('node:fs'); const vm = require('node:vm');
      const s = new vm.Script(fs.readFileSync(process.argv[1], 'latin1'), { filename: process.argv[1] });
      fs.writeFileSync(process.argv[2], s.createCachedData());`;
    execFileSync(process.execPath, ['-e', compile, path.join(dist, f), cacheOf(f)], { env, stdio: 'inherit' });
  }
}

/** Replaces `require("node:<name>")` in the modules matched by `importer` with a lazy proxy. */
function lazyBuiltin(name: string, importer: RegExp): Plugin {
  return {
    name: `lazy-${name}`,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(node:)?${name}$`) }, (args) =>
        importer.test(args.importer) ? { path: name, namespace: 'lazy-builtin' } : undefined,
      );
      // A getter per export (the names of this Node's module): reading one loads the builtin;
      // esbuild's interop (__toESM, its __esModule test) reads none of them.
      b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async (args) => {
        const names = Object.keys(await import(`node:${args.path}`)).filter((n) => n !== 'default');
        const getters = names.map((n) => `${JSON.stringify(n)}: { enumerable: true, get: () => load()[${JSON.stringify(n)}] }`).join(', ');
        return { contents: `let m; const load = () => (m ??= require('node:${args.path}'));\nmodule.exports = Object.defineProperties({}, { ${getters} });`, loader: 'js' };
      });
    },
  };
}

/** A builtin's default and named imports from one ES module: no interop copy per importer. */
function builtinAsEsm(name: string): Plugin {
  return {
    name: `esm-${name}`,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(node:)?${name}$`) }, (args) => (args.namespace === 'file' && /[\\/]src[\\/]|[\\/]rules[\\/]/.test(args.importer) ? { path: name, namespace: 'builtin-esm' } : undefined));
      b.onLoad({ filter: /.*/, namespace: 'builtin-esm' }, async (args) => {
        // Data properties only: a getter (fs.promises, fs.Dir) would load what it guards at start-up.
        // Asked of a fresh Node: in this process, a tool may have replaced some of them (tsx's loader).
        const probe = `const m = require('node:${args.path}'); console.log(JSON.stringify(Object.keys(m).filter((n) => !Object.getOwnPropertyDescriptor(m, n).get)))`;
        const data: string[] = JSON.parse(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }));
        const names = data.filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
        return { contents: `const m = require('node:${args.path}');\nexport default m;\n${names.map((n) => `export const ${n} = m.${n};`).join('\n')}\n`, loader: 'js' };
      });
    },
  };
}

/**
 * esbuild escapes every non-ASCII character of the code (charset: 'ascii') but keeps comments as
 * they are; the loader reads the bundle as latin1, so those become '?'.
 */
function asciiOnly(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[^\x00-\x7f]/g, '?');
}
