// Builds the extension's runtime files in extension/: dist/extension.js (the client, CommonJS as
// VS Code loads it, vscode-languageclient bundled), dist/server.mjs (the whole language server
// in ONE file: no splitting, so the validators and rules that the server imports lazily are
// inlined), dist/rules.json (for "Show rule documentation"), docs/rules/, and schemas/ (read by the server at
// run time through packageRoot(), which finds extension/ by its schemas/ and package.json).
// Expects the generated sources (rules/registry.ts, src/schema/generated/) that `npm run build`
// writes; scripts/vsix.ts runs that first.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGISTRY } from '../rules/registry';
import { ruleDocsUrl } from '../src/server/diagnostics';
import { VERSION } from '../src/core/version';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ext = path.join(root, 'extension');

const manifest = JSON.parse(readFileSync(path.join(ext, 'package.json'), 'utf8')) as { version: string };
if (manifest.version !== VERSION) {
  throw new Error(`extension/package.json has version ${manifest.version}, omlint is ${VERSION}: make them equal`);
}

rmSync(path.join(ext, 'dist'), { recursive: true, force: true });
rmSync(path.join(ext, 'schemas'), { recursive: true, force: true });
rmSync(path.join(ext, 'policies'), { recursive: true, force: true });
rmSync(path.join(ext, 'docs'), { recursive: true, force: true });

await build({
  entryPoints: [path.join(ext, 'src/extension.ts')],
  outfile: path.join(ext, 'dist/extension.js'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: true, // the client library is most of it; the server stays readable (same options as dist/)
  mainFields: ['module', 'main'],
  legalComments: 'none',
  logLevel: 'warning',
});

// The same options as scripts/build.ts, but one entry and no splitting.
await build({
  entryPoints: [path.join(root, 'src/bin/language-server.ts')],
  outfile: path.join(ext, 'dist/server.mjs'),
  bundle: true,
  splitting: false,
  format: 'esm',
  platform: 'node',
  mainFields: ['module', 'main'],
  target: 'node20',
  banner: { js: "import { createRequire as __omlintCreateRequire } from 'node:module'; const require = __omlintCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
});

mkdirSync(path.join(ext, 'schemas'), { recursive: true });
for (const name of readdirSync(path.join(root, 'schemas'))) {
  if (name.endsWith('.json')) copyFileSync(path.join(root, 'schemas', name), path.join(ext, 'schemas', name));
}
// The built-in policy packs (`extends: [omlint:production]`), found through packageRoot() too.
mkdirSync(path.join(ext, 'policies'), { recursive: true });
for (const name of readdirSync(path.join(root, 'policies'))) {
  if (name.endsWith('.yaml')) copyFileSync(path.join(root, 'policies', name), path.join(ext, 'policies', name));
}

// Each rule's page (docs/rules/<id>.md): the server links diagnostics there, the extension opens
// them in the Markdown preview (offline).
mkdirSync(path.join(ext, 'docs', 'rules'), { recursive: true });
for (const name of readdirSync(path.join(root, 'docs', 'rules'))) {
  if (name.endsWith('.md')) copyFileSync(path.join(root, 'docs', 'rules', name), path.join(ext, 'docs', 'rules', name));
}

const rules = REGISTRY.map((r) => ({ id: r.id, description: r.summary, defaultSeverity: r.severity, url: ruleDocsUrl(r.id) }));
writeFileSync(path.join(ext, 'dist/rules.json'), `${JSON.stringify(rules, null, 1)}\n`);
