// npm run pack: the package a user installs, omlint-<version>.tgz (in --out <dir>, default the
// repository root). The files are those package.json's `files` names (npm pack's own list); the
// manifest is package.json without `scripts` and `devDependencies`: `prepare` builds a clone for
// contributors, and npm counts it as an install script of a tarball, which the package has none of.
// Build first (npm run build): dist/ is packed as it is.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out');
const out = path.resolve(outFlag >= 0 && process.argv[outFlag + 1] ? process.argv[outFlag + 1] : root);
if (!existsSync(path.join(root, 'dist', 'omlint.js'))) throw new Error('pack: no dist/omlint.js: run npm run build first');

const npm = (args: string[], cwd: string) => execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const [listed] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root)) as { files: { path: string }[] }[];
const stage = mkdtempSync(path.join(os.tmpdir(), 'omlint-stage-'));
try {
  for (const { path: f } of listed.files) {
    if (f === 'package.json') continue;
    mkdirSync(path.dirname(path.join(stage, f)), { recursive: true });
    cpSync(path.join(root, f), path.join(stage, f));
  }
  const { scripts, devDependencies, ...manifest } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  void scripts;
  void devDependencies;
  writeFileSync(path.join(stage, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  mkdirSync(out, { recursive: true });
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', out], stage)) as { filename: string }[];
  process.stdout.write(`${path.join(out, packed.filename)}\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
