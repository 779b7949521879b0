// npm run vsix: extension/omlint-<version>.vsix. Runs the project build (generated sources),
// the extension build (scripts/build-extension.ts), then @vscode/vsce. The extension has no
// runtime dependencies (the client library is bundled): --no-dependencies, no node_modules.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ext = path.join(root, 'extension');
const run = (file: string, args: string[], cwd = root) => execFileSync(file, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
const tsx = (script: string) => run(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script)]);

if (!process.argv.includes('--no-build')) tsx('build.ts');
tsx('build-extension.ts');

const { version } = JSON.parse(readFileSync(path.join(ext, 'package.json'), 'utf8')) as { version: string };
const out = path.join(ext, `omlint-${version}.vsix`);
const vsce = path.join(path.dirname(createRequire(import.meta.url).resolve('@vscode/vsce/package.json')), 'vsce');
// The server bundle holds the rules' documentation examples; plaintext-secret's "bad" example is
// a made-up Slack token that vsce's secret scan takes for a real one.
run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-package-secrets', 'slack', '--out', out], ext);
console.log(`${path.relative(root, out)}: ${Math.round(statSync(out).size / 1024)} KiB`);
