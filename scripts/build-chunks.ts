// The core bundle split into lazy chunks (issue 22, cold start): `omlint check <one file>` reads,
// deserialises and evaluates only what one file of one kind needs. Each chunk is a CommonJS file
// of its own, loaded by src/bin/load-core.ts through its own V8 code cache on first use:
//   schema-<kind>  the precompiled validator of one kind (the validators are a third of the code)
//   re2            re2js, for `secretPlaceholders` and policies' patterns
//   yaml           the yaml library, for what the block reader leaves to it (and fixes, comments)
//   levenshtein    fastest-levenshtein, for the near names of a typo
//   commander      the command line's parser, for any command but `check`, help and usage errors
//   picomatch, ignore, ipaddr   globs, ignore patterns, IP addresses (for the files or rules that have them)
//   jsonc          jsonc-parser, for the positions of findings in JSON
//   policy         policies (jsonpath-rfc9535, @cfworker/json-schema) and `omlint policy test`
//   plan           `omlint plan` and the bases of --base/--staged
//   server         the language server (vscode-languageserver)
//   serve          `omlint serve`, the emulator of the Public API
//   alert-test     `omlint test`, the alert evaluator and its runner
//   mcp            `omlint mcp`, the MCP server
// esbuild splits only ES modules, and a code cache needs a vm.Script, so the split is made here:
// - in the core, an import of a chunk's module ("seam") becomes a proxy that loads the chunk when a
//   name is first read (a static import: getters, so nothing loads before it is used) or when the
//   import() runs (a dynamic import);
// - in a chunk, an import of a module the core holds becomes a reference to the core's instance of
//   it (one module state: the rule registry, the policy catalogue), through `__coreModule(id)`,
//   which the core bundle exports for the ids its chunks ask for.
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

export interface ChunkSpec {
  name: string;
  /** The seams: modules (paths from the root) whose importers outside the chunk get a proxy. */
  seams: string[];
}

/** The chunks of dist/, from the generated validators on disk (one chunk per kind). */
export function chunkSpecs(root: string): ChunkSpec[] {
  const generated = 'src/schema/generated';
  const validators = readdirSync(path.join(root, generated))
    .filter((f) => f.endsWith('.js') && f !== 'index.js')
    .sort()
    .map((f) => ({ name: `schema-${f.replace(/\.js$/, '')}`, seams: [`${generated}/${f}`] }));
  return [
    ...validators,
    { name: 're2', seams: ['node_modules/re2js/build/index.js'] },
    // The yaml library (162 KB): the block reader reads most YAML files alone (one alert file: no
    // call into yaml), and a JSON run never needs it.
    { name: 'yaml', seams: ['node_modules/yaml/dist/index.js'] },
    // The command line's parser: `check` is read without it (src/cli/check-args.ts).
    { name: 'commander', seams: ['node_modules/commander/esm.mjs'] },
    // Globs and ignore patterns, IP addresses: a run of named files without patterns never calls them.
    { name: 'picomatch', seams: ['node_modules/picomatch/index.js'] },
    { name: 'ignore', seams: ['node_modules/ignore/index.js'] },
    { name: 'ipaddr', seams: ['node_modules/ipaddr.js/lib/ipaddr.js'] },
    // Near names ("did you mean"): its module allocates a 256 KB table at load, for a typo.
    { name: 'levenshtein', seams: ['node_modules/fastest-levenshtein/esm/mod.js'] },
    // JSON positions of small texts: a YAML run never needs it (its load builds 1,200 strings).
    { name: 'jsonc', seams: ['node_modules/jsonc-parser/lib/esm/main.js'] },
    { name: 'policy', seams: ['src/policy/compile.ts', 'src/cli/policy-test.ts'] },
    { name: 'plan', seams: ['src/cli/plan.ts', 'src/cli/bases.ts'] },
    { name: 'server', seams: ['src/server/cli.ts', 'src/server/main.ts'] },
    // `omlint serve` (node:http, http-auth-utils): only that command loads it.
    { name: 'serve', seams: ['src/serve/main.ts'] },
    // `omlint test` (alert tests): the evaluator and its runner, only for that command.
    { name: 'alert-test', seams: ['src/cli/alert-test.ts'] },
    // `omlint mcp` (@modelcontextprotocol/sdk, zod): only that command loads it.
    { name: 'mcp', seams: ['src/mcp/main.ts'] },
  ];
}

export interface SplitOutput {
  /** File name (in dist/) → contents. */
  files: Map<string, string>;
  coreFile: string;
  /** Chunk name → file name. */
  chunkFiles: Record<string, string>;
}

const CHUNK = '__omlintChunk';
const CORE = '__omlintCore';
const SKIP = Symbol('resolving');

/**
 * Builds the core (entry `coreEntry`) and its chunks. `options` are the esbuild options of every
 * output (format cjs); `plugins` run before the split's own resolver; `finish` gives each output
 * its final text (named after that text's hash).
 */
export async function buildSplit(root: string, coreEntry: string, specs: ChunkSpec[], options: BuildOptions, plugins: Plugin[], finish: (text: string) => string): Promise<SplitOutput> {
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const chunkOf = new Map<string, string>();
  /** A seam by the id esbuild gives it: its real path from the root (node_modules may be a link). */
  const seamId = (s: string) => {
    if (!existsSync(path.join(root, s))) throw new Error(`build: the seam ${s} does not exist`);
    return rel(realpathSync(path.join(root, s)));
  };
  for (const c of specs) for (const s of c.seams) chunkOf.set(seamId(s), c.name);
  const exportsOf = memo((id: string) => moduleExports(root, id));
  const base: BuildOptions = { ...options, absWorkingDir: root, bundle: true, format: 'cjs', write: false, metafile: true };

  /** Resolves every import; sends the seams of other chunks to proxies, and (in a chunk) the core's modules to the core. */
  const split = (current: string, core?: Map<string, Metafile['inputs'][string]>, refs?: Set<string>): Plugin => ({
    name: 'omlint-split',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === SKIP || args.kind === 'entry-point') return undefined;
        const r = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: SKIP });
        if (r.errors.length > 0 || r.external || r.namespace !== 'file') return undefined;
        const id = rel(r.path);
        const chunk = chunkOf.get(id);
        if (chunk !== undefined && chunk !== current) {
          if (args.kind === 'dynamic-import') return { path: id, namespace: 'omlint-chunk-esm', pluginData: chunk };
          if ((await exportsOf(id)).includes('default')) throw new Error(`build: ${rel(args.importer)} imports ${id} statically, and its default export cannot be a lazy getter: import it by name`);
          // (Named as CommonJS: esbuild reads a `.mjs` path, commander's ES wrapper, as an ES module whatever it holds.)
          return { path: `${id}.lazy.cjs`, namespace: 'omlint-chunk-cjs', pluginData: { chunk, id } };
        }
        if (core?.has(id)) {
          refs!.add(id);
          return { path: id, namespace: core.get(id)!.format === 'esm' ? 'omlint-core-esm' : 'omlint-core-cjs' };
        }
        return { path: r.path, sideEffects: r.sideEffects, suffix: r.suffix, pluginData: r.pluginData };
      });
      // A chunk's module read by a dynamic import: the chunk loads when the import() runs.
      b.onLoad({ filter: /.*/, namespace: 'omlint-chunk-esm' }, async (args) => ({
        contents: reexports(`${CHUNK}(${JSON.stringify(args.pluginData)})[${JSON.stringify(args.path)}]`, await exportsOf(args.path)),
        loader: 'js',
      }));
      // A chunk's module read by a static import: getters, so that the chunk loads on first use.
      // A CommonJS module's default import is its module.exports (a getter; under Node's interop, the
      // proxy itself): one that is a function (picomatch, ignore) gets a proxy that calls it.
      b.onLoad({ filter: /.*/, namespace: 'omlint-chunk-cjs' }, async ({ pluginData: { chunk, id } }: { pluginData: { chunk: string; id: string } }) => ({
        contents: [
          'let m;',
          `const load = () => (m ??= ${CHUNK}(${JSON.stringify(chunk)})[${JSON.stringify(id)}]);`,
          `module.exports = Object.defineProperties(${typeof commonJsExports(root, id) === 'function' ? 'function (...a) { return load().default.apply(this, a); }' : '{}'}, { __esModule: { value: true }, ${[...(await exportsOf(id)), ...(commonJsExports(root, id) === undefined ? [] : ['default'])]
            .map((n) => `${JSON.stringify(n)}: { enumerable: true, get: () => load()[${JSON.stringify(n)}] }`)
            .join(', ')} });`,
        ].join('\n'),
        loader: 'js',
      }));
      // The core's instance of a module, from a chunk: named bindings of an ES module (a default
      // import of a CommonJS module would get the whole namespace in Node's interop), the
      // exports object of a CommonJS module.
      // (Bound once: a chunk would not see a later assignment to an exported `let`, so none may be.)
      b.onLoad({ filter: /.*/, namespace: 'omlint-core-esm' }, async (args) => {
        if (/^export (let|var) /m.test(readFileSync(path.join(root, args.path), 'utf8'))) throw new Error(`build: ${args.path} exports a variable, which its copy in a chunk would not follow: export a function or a const`);
        return { contents: reexports(`${CORE}(${JSON.stringify(args.path)})`, await exportsOf(args.path)), loader: 'js' };
      });
      b.onLoad({ filter: /.*/, namespace: 'omlint-core-cjs' }, (args) => ({ contents: `module.exports = ${CORE}(${JSON.stringify(args.path)});`, loader: 'js' }));
    },
  });

  // 1. The core alone, to learn which modules it holds.
  const first = await build({ ...base, entryPoints: { core: path.join(root, coreEntry) }, plugins: [...plugins, split('core')] });
  const coreInputs = fileInputs(root, first.metafile!);
  // 2. The chunks, each with references to the core's modules.
  const refs = new Set<string>();
  const chunks = new Map<string, string>(specs.map((c) => [c.name, '']));
  // The chunks built side by side (esbuild's service runs them in parallel).
  await Promise.all(specs.map(async (c) => {
    const entry = c.seams.map((s, i) => `import * as s${i} from ${JSON.stringify(path.join(root, s))};`).join('\n') + `\nexport const seams = { ${c.seams.map((s, i) => `${JSON.stringify(seamId(s))}: s${i}`).join(', ')} };\n`;
    const out = await build({ ...base, stdin: { contents: entry, resolveDir: root, sourcefile: `chunk-${c.name}.js`, loader: 'js' }, outfile: path.join(root, 'dist', `chunk-${c.name}.js`), plugins: [...plugins, split(c.name, coreInputs, refs)] });
    for (const id of fileInputs(root, out.metafile!).keys()) {
      if (coreInputs.has(id)) throw new Error(`build: chunk ${c.name} holds its own copy of ${id}, a module of the core`);
      if (chunkOf.has(id) && chunkOf.get(id) !== c.name) throw new Error(`build: chunk ${c.name} holds its own copy of ${id}, a module of chunk ${chunkOf.get(id)}`);
    }
    chunks.set(c.name, out.outputFiles![0].text);
  }));
  // 3. The core again, exporting the modules its chunks use (a require() of an ES module makes
  //    esbuild initialise it on first use, as every module of the core already is).
  const cases = [...refs].sort().map((id) => `    case ${JSON.stringify(id)}: return require(${JSON.stringify(path.join(root, id))});`);
  const entry = [
    `export * from ${JSON.stringify(path.join(root, coreEntry))};`,
    '/** A module of the core, for a chunk (scripts/build-chunks.ts). */',
    'export function __coreModule(id) {',
    '  switch (id) {',
    ...cases,
    '    default: throw new Error(`omlint: no core module ${id}`);',
    '  }',
    '}',
  ].join('\n');
  const second = await build({ ...base, stdin: { contents: entry, resolveDir: root, sourcefile: 'core.js', loader: 'js' }, outfile: path.join(root, 'dist', 'core.js'), plugins: [...plugins, split('core')] });
  const secondInputs = fileInputs(root, second.metafile!);
  for (const id of secondInputs.keys()) if (!coreInputs.has(id)) throw new Error(`build: the core's second pass took in ${id}`);
  for (const id of chunkOf.keys()) if (secondInputs.has(id)) throw new Error(`build: the core holds ${id}, a module of chunk ${chunkOf.get(id)}`);

  const files = new Map<string, string>();
  const named = (prefix: string, output: string) => {
    const text = finish(output);
    const name = `${prefix}-${createHash('sha256').update(text).digest('hex').slice(0, 8).toUpperCase()}.js`;
    files.set(name, text);
    return name;
  };
  const coreFile = named('core', second.outputFiles![0].text);
  const chunkFiles: Record<string, string> = {};
  for (const [name, text] of chunks) chunkFiles[name] = named(`chunk-${name}`, text);
  return { files, coreFile, chunkFiles };
}

/** The export names of one module (esbuild, that module alone). */
async function moduleExports(root: string, id: string): Promise<string[]> {
  const r = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, id)],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    outdir: path.join(root, 'dist', 'exports-probe'),
    logLevel: 'silent',
    // A package's own modules stay out: only the names matter, and `export *` of local modules is resolved.
    packages: inPackage(id) ? undefined : 'external',
  });
  const out = Object.values(r.metafile!.outputs).find((o) => o.entryPoint);
  if (!out || /^export \* from/m.test(r.outputFiles![0].text)) throw new Error(`build: cannot list the exports of ${id}`);
  // A CommonJS module (yaml) has one ES export, its module.exports: its names are that object's own
  // (an import by name reads a property of it; a default import would be the object itself).
  if (r.metafile!.inputs[id]?.format === 'cjs') return Object.keys(commonJsExports(root, id) as object).filter((n) => n !== 'default' && n !== '__esModule');
  return out.exports;
}

/** Whether a module id (a path from the root) is a package's: node_modules may be a link out of the root (a worktree's). */
function inPackage(id: string): boolean {
  return /(^|\/)node_modules\//.test(id);
}

/** The module.exports of a CommonJS module of node_modules (loaded by this build), else undefined. */
function commonJsExports(root: string, id: string): unknown {
  if (!inPackage(id) || !/\.c?js$/.test(id)) return undefined;
  const abs = path.join(root, id);
  const m: unknown = createRequire(abs)(abs);
  return (m as { __esModule?: boolean } | undefined)?.__esModule ? undefined : m;
}

function memo<T>(f: (k: string) => T): (k: string) => T {
  const m = new Map<string, T>();
  return (k) => {
    if (!m.has(k)) m.set(k, f(k));
    return m.get(k)!;
  };
}

/** The real files of a build (not the virtual modules of the split), by path from the root. */
function fileInputs(root: string, meta: Metafile): Map<string, Metafile['inputs'][string]> {
  return new Map(Object.entries(meta.inputs).filter(([id]) => !id.includes(':') && existsSync(path.join(root, id))));
}

/** An ES module that re-exports the names of the module `expr` evaluates to (bound once). */
function reexports(expr: string, names: string[]): string {
  const lines = [`const m = ${expr};`];
  names.forEach((n, i) => lines.push(n === 'default' ? 'export default m.default;' : `const e${i} = m[${JSON.stringify(n)}];\nexport { e${i} as ${JSON.stringify(n)} };`));
  return lines.join('\n');
}
