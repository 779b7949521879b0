// npm run build: generated sources (rule index, validators), then dist/:
//   core-<hash>.js            the whole of omlint in one CommonJS bundle (src/bin/core-bundle.ts)
//   omlint.js, omlint-language-server.js, worker.js
//                             small entry points that load the core through a V8 code cache
//   cache/                    that code cache, written here by one small check run
//   package.json              {"type": "commonjs"}: the root package is ESM, dist/ is not
// CommonJS because a code cache needs vm.Script; one bundle because the parts it would split off
// (validators, rules, the language server) are inlined lazily and cost nothing until used.
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';

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
const core = await build({
  ...common,
  entryPoints: { core: path.join(root, 'src/bin/core-bundle.ts') },
  entryNames: '[name]-[hash]',
  outdir: dist,
  // import.meta.url (packageRoot(), the worker's path) in CommonJS: this file's URL.
  define: { 'import.meta.url': '__omlintImportMetaUrl' },
  banner: { js: "var __omlintImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  // commander requires child_process at start-up for executable subcommands, which omlint has
  // none of: load it only if it is ever used (one builtin less at every start).
  plugins: [lazyBuiltin('child_process', /node_modules[\\/]commander[\\/]/)],
});
const coreFile = path.basename(Object.keys(core.metafile!.outputs).find((p) => /core-[^/]*\.js$/.test(p))!);
asciiOnly(path.join(dist, coreFile));

await build({
  ...common,
  entryPoints: {
    omlint: path.join(root, 'src/bin/omlint.ts'),
    'omlint-language-server': path.join(root, 'src/bin/omlint-language-server.ts'),
    worker: path.join(root, 'src/bin/worker.ts'),
  },
  outdir: dist,
  define: { OMLINT_CORE_FILE: JSON.stringify(coreFile) },
});
writeFileSync(path.join(dist, 'package.json'), '{ "type": "commonjs" }\n');
chmodSync(path.join(dist, 'omlint.js'), 0o755);
chmodSync(path.join(dist, 'omlint-language-server.js'), 0o755);

for (const f of readdirSync(dist)) {
  if ((f.startsWith('core-') && f !== coreFile) || f === 'chunks') rmSync(path.join(dist, f), { recursive: true, force: true });
}
const cacheDir = path.join(dist, 'cache');
if (existsSync(cacheDir)) {
  for (const f of readdirSync(cacheDir)) if (!f.startsWith(`${coreFile}.`)) rmSync(path.join(cacheDir, f), { force: true });
}
writeCodeCache();

/** The code cache of this core for this Node, from a run like the ones it speeds up most. */
function writeCodeCache(): void {
  // The name src/bin/load-core.ts gives it for a run without Node options.
  const file = path.join(cacheDir, `${coreFile}.${process.versions.v8}-${process.arch}.v8cache`);
  if (existsSync(file)) return;
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  execFileSync(process.execPath, [path.join(dist, 'omlint.js'), 'check', '--no-color', path.join(root, 'examples/clean/cpu-high.alert-config.yaml')], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  if (!existsSync(file)) throw new Error(`build: the code cache ${file} was not written`);
}

/** Replaces `require("node:<name>")` in the modules matched by `importer` with a lazy proxy. */
function lazyBuiltin(name: string, importer: RegExp): Plugin {
  return {
    name: `lazy-${name}`,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(node:)?${name}$`) }, (args) =>
        importer.test(args.importer) ? { path: name, namespace: 'lazy-builtin' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
        contents: `let m; module.exports = new Proxy({}, { get: (_, k) => (m ??= require('node:${args.path}'))[k] });`,
        loader: 'js',
      }));
    },
  };
}

/**
 * esbuild escapes every non-ASCII character of the code (charset: 'ascii') but keeps comments as
 * they are; the loader reads the bundle as latin1, so those become '?'.
 */
function asciiOnly(file: string): void {
  const text = readFileSync(file, 'utf8');
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(text)) writeFileSync(file, text.replace(/[^\x00-\x7f]/g, '?'));
}
