// The npm package as a user gets it: `npm run pack` (scripts/pack.ts) of the built tree, installed into an empty prefix
// with --omit=dev (offline: the package has no dependency to fetch), then run as a user runs it:
// `omlint check` on an example, `omlint-language-server --stdio` (initialize, one diagnostic),
// `omlint serve --port 0` (one request with digest authentication, by curl), the library from
// JavaScript and its declarations from TypeScript. The sizes it prints are the README's.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { firstDiagnostics } from './lsp-smoke';

const ROOT = path.resolve(__dirname, '../..');
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' }, timeout: 180_000 });

let work: string;
let tarball: string;
let packed: { path: string; size: number }[];
let prefix: string;
let pkgDir: string;
let installWarnings = '';
beforeAll(() => {
  expect(existsSync(path.join(ROOT, 'dist', 'omlint.js')), 'run npm run build first').toBe(true);
  work = mkdtempSync(path.join(os.tmpdir(), 'omlint-pack-'));
  tarball = execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/pack.ts'), '--out', work], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 }).trim();
  // The tarball's own list (npm reads it back as it would publish it).
  const listing = mkdtempSync(path.join(os.tmpdir(), 'omlint-list-'));
  packed = (JSON.parse(npm(['pack', '--dry-run', '--json', tarball], listing)) as { files: { path: string; size: number }[] }[])[0].files;
  prefix = path.join(work, 'prefix');
  // An empty project of the user's: no package.json, nothing installed.
  const install = spawnSync('npm', ['install', '--prefix', prefix, '--omit=dev', '--offline', '--no-audit', '--no-fund', tarball], { cwd: work, encoding: 'utf8', timeout: 180_000 });
  expect(install.status, install.stderr).toBe(0);
  installWarnings = install.stderr;
  pkgDir = path.join(prefix, 'node_modules', 'omlint');
}, 240_000);

/** Bytes of a directory tree. */
function treeSize(dir: string): number {
  let n = 0;
  for (const f of readdirRecursive(dir)) n += statSync(f).size;
  return n;
}
function readdirRecursive(dir: string): string[] {
  return (require('node:fs').readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]).filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name));
}

describe('the npm package', () => {
  it('holds only what runs: dist/, schemas, rule docs, policy packs, README, LICENSE, CHANGELOG', () => {
    const top = new Set(packed.map((f) => f.path.split('/')[0] + (f.path.includes('/') ? '/' : '')));
    expect([...top].sort()).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'dist/', 'docs/', 'package.json', 'policies/', 'schemas/']);
    expect(packed.filter((f) => f.path.startsWith('docs/') && !/^docs\/rules\/[a-z0-9-]+\.md$/.test(f.path))).toEqual([]);
    // No code cache of the packer's Node, no source, no test.
    expect(packed.filter((f) => /^dist\/cache\/|\.ts$|^src\/|^test\//.test(f.path) && !f.path.endsWith('.d.ts'))).toEqual([]);
    for (const f of ['dist/omlint.js', 'dist/omlint-language-server.js', 'dist/worker.js', 'dist/api.js', 'dist/types/api/public.d.ts', 'dist/types/core/public-shapes.d.ts', 'policies/production.yaml', 'schemas/alert-config.schema.json']) expect(packed.map((p) => p.path)).toContain(f);
  });

  it('has no install script and no runtime dependency: dist/ is self-contained', () => {
    const manifest = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
    // No script at all: npm counts the contributors' `prepare` as an install script of a tarball.
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    expect(installWarnings).not.toMatch(/install-scripts|prepare/);
    expect(manifest.dependencies ?? {}).toEqual({});
    // Nothing of the contributors' tools came along.
    expect(existsSync(path.join(prefix, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(path.join(pkgDir, 'src'))).toBe(false);
    // Nothing of dist/ requires a package: only Node's builtins.
    const required = new Set<string>();
    for (const f of readdirRecursive(path.join(pkgDir, 'dist')).filter((p) => p.endsWith('.js'))) {
      // Not the text of ajv's code generation ('require("ajv/dist/runtime/equal")' as a string).
      for (const m of readFileSync(f, 'latin1').matchAll(/(?<![\w'`])require\("([^"]+)"\)/g)) required.add(m[1]);
    }
    const builtins = new Set(require('node:module').builtinModules as string[]);
    expect([...required].filter((m) => !m.startsWith('.') && !builtins.has(m.replace(/^node:/, '')))).toEqual([]);
    const sizes = { tarball: statSync(tarball).size, installed: treeSize(path.join(prefix, 'node_modules')), files: packed.length };
    process.stdout.write(`npm package: tarball ${(sizes.tarball / 1024).toFixed(0)} KB, installed ${(sizes.installed / 1048576).toFixed(1)} MB, ${sizes.files} files\n`);
  });

  it('omlint check runs from the installed bin, on an example', () => {
    const bin = path.join(prefix, 'node_modules', '.bin', 'omlint');
    const example = path.join(ROOT, 'examples/problems/access-list.access-list-entries.yaml');
    const run = spawnSync(bin, ['check', '--format', 'json', example], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: work } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)[0].errorCount).toBeGreaterThan(0);
    const clean = spawnSync(bin, ['check', path.join(ROOT, 'examples/clean')], { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: work } });
    expect(clean.status).toBe(0);
    expect(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  });

  it('omlint-language-server --stdio: initialize, then one diagnostic', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-pack-ls-'));
    const published = await firstDiagnostics(dir, [path.join(pkgDir, 'dist', 'omlint-language-server.js'), '--stdio']);
    expect(published.diagnostics.some((d) => d.source === 'omlint')).toBe(true);
  }, 30_000);

  it('omlint serve --port 0 answers one request authenticated by digest (curl --digest)', async () => {
    const child = spawn(path.join(prefix, 'node_modules', '.bin', 'omlint'), ['serve', '--port', '0', '--user', 'pubkey:0123-secret'], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        const t = setTimeout(() => reject(new Error(`omlint serve did not start: ${out}`)), 15_000);
        child.stdout!.on('data', (c) => {
          out += String(c);
          const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
          if (m) resolve(Number(m[1])), clearTimeout(t);
        });
        child.on('exit', (code) => reject(new Error(`omlint serve exited ${code}: ${out}`)));
      });
      const body = execFileSync('curl', ['-s', '--fail', '--max-time', '10', '--digest', '-u', 'pubkey:0123-secret', `http://127.0.0.1:${port}/api/public/v1.0/groups`], { encoding: 'utf8', timeout: 15_000 });
      expect(JSON.parse(body).totalCount).toBeGreaterThan(0);
      const refused = spawnSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '--digest', '-u', 'pubkey:wrong', `http://127.0.0.1:${port}/api/public/v1.0/groups`], { encoding: 'utf8' });
      expect(refused.stdout).toBe('401');
    } finally {
      child.kill();
    }
  }, 30_000);

  it('the library: import from "omlint" in JavaScript, and its types in TypeScript', async () => {
    const user = path.join(prefix, 'use.mjs');
    writeFileSync(user, `import { lintText, rules } from 'omlint';\nconst r = await lintText('ipAddress: 10.0.0.5/24\\n', { filePath: 'x.access-list-entries.yaml' });\nconsole.log(JSON.stringify({ findings: r[0].diagnostics.length, rules: (await rules()).length }));\n`);
    const out = JSON.parse(execFileSync(process.execPath, [user], { cwd: prefix, encoding: 'utf8' }));
    expect(out.findings).toBeGreaterThan(0);
    expect(out.rules).toBeGreaterThan(20);
    const tsFile = path.join(prefix, 'use.ts');
    writeFileSync(tsFile, `import { lint, type FileReport } from 'omlint';\nexport const n: Promise<number> = lint('a.yaml', { config: 'c.yaml' }).then((r: FileReport[]) => r[0].errorCount);\n// @ts-expect-error: no such option\nlint('a.yaml', { colour: true });\n`);
    const program = ts.createProgram([tsFile], { noEmit: true, strict: true, module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, target: ts.ScriptTarget.ES2022, types: [], lib: ['lib.es2022.d.ts'] });
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  }, 60_000);
});

afterAll(() => {
  // The temporary tree is left to the OS's tmp cleaning: a failed run keeps it to look at.
});
