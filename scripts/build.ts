// npm run build: generated sources (rule index, validators), then the bundled CLI in dist/.
import { build } from 'esbuild';
import { chmodSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = (script: string) => execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script)], { stdio: 'inherit', cwd: root });

tsx('gen-rule-index.ts');
tsx('gen-validators.ts');

// dist/ is never removed while building (tests may be running it): stale chunks go afterwards.
const result = await build({
  entryPoints: {
    omlint: path.join(root, 'src/cli/bin.ts'),
    'omlint-language-server': path.join(root, 'src/server/bin.ts'),
    worker: path.join(root, 'src/cli/worker.ts'),
  },
  outdir: path.join(root, 'dist'),
  bundle: true,
  splitting: true, // validators and rarely used parts load lazily, as separate chunks
  format: 'esm',
  platform: 'node',
  mainFields: ['module', 'main'], // ESM builds (jsonc-parser's UMD build requires dynamically)
  target: 'node20',
  outExtension: { '.js': '.js' },
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies inside an ESM bundle need a require().
  banner: { js: "import { createRequire as __omlintCreateRequire } from 'node:module'; const require = __omlintCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
const fresh = new Set(Object.keys(result.metafile.outputs).map((p) => path.resolve(root, p)));
for (const f of readdirSync(path.join(root, 'dist', 'chunks'))) {
  const p = path.join(root, 'dist', 'chunks', f);
  if (!fresh.has(p)) rmSync(p, { force: true });
}
chmodSync(path.join(root, 'dist/omlint.js'), 0o755);
chmodSync(path.join(root, 'dist/omlint-language-server.js'), 0o755);
