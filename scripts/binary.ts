// npm run binary: build/omlint-linux-x64, one executable with Node and omlint inside (Node's
// single-executable applications, injected by postject), and build/omlint-linux-x64.sha256.
// The package (the files `npm run pack` ships, and the code caches of this Node, which is the one
// inside) is one gzipped asset, unpacked on first run by src/bin/sea.ts. Linux x64 only: the Node
// copied is the one running this script. Build first (npm run build).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build');
const work = path.join(out, 'sea');
const exe = path.join(out, 'omlint-linux-x64');
if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`binary: builds for Linux x64 on Linux x64 (this is ${process.platform} ${process.arch})`);
if (!existsSync(path.join(root, 'dist', 'omlint.js'))) throw new Error('binary: no dist/omlint.js: run npm run build first');
mkdirSync(work, { recursive: true });

// The package's files, as npm pack lists them, and the code caches of this Node.
const [listed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as { files: { path: string }[] }[];
const caches = readdirSync(path.join(root, 'dist', 'cache')).filter((f) => f.includes(`.${process.versions.v8}-${process.arch}.`)).map((f) => `dist/cache/${f}`);
const files = [...listed.files.map((f) => f.path), ...caches].sort();
const bodies = files.map((f) => readFileSync(path.join(root, f)));
const header = Buffer.from(JSON.stringify(files.map((f, i) => ({ path: f, size: bodies[i].length, mode: statSync(path.join(root, f)).mode & 0o777 }))));
const length = Buffer.alloc(4);
length.writeUInt32LE(header.length);
const archive = gzipSync(Buffer.concat([length, header, ...bodies]), { level: 9 });
writeFileSync(path.join(work, 'package.bin'), archive);
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const id = `${version}-${createHash('sha256').update(archive).digest('hex').slice(0, 16)}`;

await build({
  entryPoints: [path.join(root, 'src/bin/sea.ts')],
  outfile: path.join(work, 'main.js'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  define: { OMLINT_SEA_ID: JSON.stringify(id) },
});
writeFileSync(path.join(work, 'sea-config.json'), JSON.stringify({
  main: path.join(work, 'main.js'),
  output: path.join(work, 'sea.blob'),
  disableExperimentalSEAWarning: true,
  assets: { package: path.join(work, 'package.bin') },
}));
execFileSync(process.execPath, ['--experimental-sea-config', path.join(work, 'sea-config.json')], { stdio: 'inherit' });

const tmp = `${exe}.tmp`;
rmSync(tmp, { force: true });
copyFileSync(process.execPath, tmp);
chmodSync(tmp, 0o755);
// Node's debug information is half of some builds' size and none of its behaviour (when strip is there).
try {
  execFileSync('strip', ['--strip-debug', tmp], { stdio: 'ignore' });
} catch {
  process.stderr.write('binary: no strip: the executable keeps Node\'s debug information\n');
}
const postject = path.join(root, 'node_modules', 'postject', 'dist', 'cli.js');
execFileSync(process.execPath, [postject, tmp, 'NODE_SEA_BLOB', path.join(work, 'sea.blob'), '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'], { stdio: ['ignore', 'ignore', 'inherit'] });
renameSync(tmp, exe);
const sha = createHash('sha256').update(readFileSync(exe)).digest('hex');
writeFileSync(`${exe}.sha256`, `${sha}  ${path.basename(exe)}\n`);
process.stdout.write(`${exe} (${(statSync(exe).size / 1048576).toFixed(1)} MB, omlint ${id}; package asset ${(archive.length / 1024).toFixed(0)} KB)\n${exe}.sha256\n`);
