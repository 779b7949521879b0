// npm run site: the documentation site with its playground, as static files in site/dist/ that
// work from disk (file://: classic scripts only, relative links) or any static host.
//   index.html, guide pages      README.md and docs/*.md
//   rules/index.html, rules/<id>.html   the rule catalogue, from the same generator as docs/rules/
//   policies.html                docs/policies.md (the policy-pack reference), or a page saying it is not written yet
//   playground.html              the editor; assets/omlint-core.js is the browser build of the core
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAllMeta } from '../rules/registry';
import { ruleDocMarkdown } from '../src/engine/rule-docs';
import type { RuleMeta } from '../src/core/types';
import { renderPage, renderMarkdown, type PageLink } from '../site/src/render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const siteDir = path.join(root, 'site');
const out = path.join(siteDir, 'dist');

/** Builds site/dist/ (into a fresh directory, then swapped in: a half-built site is never served). */
export async function buildSite(target = out): Promise<void> {
  const tmp = `${target}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(path.join(tmp, 'assets'), { recursive: true });
  mkdirSync(path.join(tmp, 'rules'), { recursive: true });
  await bundleScripts(tmp);
  writeFileSync(path.join(tmp, 'assets/site.css'), readFileSync(path.join(siteDir, 'src/site.css'), 'utf8'));

  const metas = (await loadAllMeta()).sort((a, b) => a.id.localeCompare(b.id));
  const guides = guidePages();
  const nav = (depth: number): PageLink[] => navLinks(depth, guides);

  // The README is the front page; docs/*.md are guides beside it.
  for (const g of guides) {
    const md = readFileSync(path.join(root, g.source), 'utf8');
    writeFileSync(path.join(tmp, g.file), renderPage({ title: g.title, depth: 0, nav: nav(0), body: renderMarkdown(md, { from: g.source, depth: 0 }), current: g.file }));
  }
  writeFileSync(path.join(tmp, 'policies.html'), renderPage({ title: 'Policy packs', depth: 0, nav: nav(0), current: 'policies.html', body: policiesBody() }));
  writeFileSync(path.join(tmp, 'rules/index.html'), renderPage({ title: 'Rules', depth: 1, nav: nav(1), current: 'rules/index.html', body: ruleIndex(metas) }));
  for (const meta of metas) {
    const body = renderMarkdown(ruleDocMarkdown(meta), { from: `docs/rules/${meta.id}.md`, depth: 1, live: liveExamples(meta) });
    writeFileSync(path.join(tmp, `rules/${meta.id}.html`), renderPage({ title: meta.id, depth: 1, nav: nav(1), current: 'rules/index.html', body, scripts: ['assets/omlint-core.js', 'assets/examples.js'] }));
  }
  writeFileSync(path.join(tmp, 'playground.html'), renderPage({
    title: 'Playground',
    depth: 0,
    nav: nav(0),
    current: 'playground.html',
    body: readFileSync(path.join(siteDir, 'src/playground.html'), 'utf8'),
    scripts: ['assets/omlint-core.js', 'assets/playground.js'],
  }));

  rmSync(target, { recursive: true, force: true });
  renameSync(tmp, target);
}

interface Guide {
  source: string;
  file: string;
  title: string;
}

function guidePages(): Guide[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'policies.md')
    .sort()
    .map((f) => ({ source: `docs/${f}`, file: `${f.slice(0, -3)}.html`, title: guideLabel(f) }));
  return [{ source: 'README.md', file: 'index.html', title: 'Guide' }, ...docs];
}

/** A short navigation label from a guide's file name: eslint-flags.md → "ESLint flags", ci-sharding.md → "CI sharding". */
function guideLabel(file: string): string {
  const words = file.slice(0, -3).split('-').map((w) => ({ eslint: 'ESLint', ci: 'CI', lsp: 'LSP', api: 'API' })[w] ?? w);
  return words.join(' ').replace(/^[a-z]/, (c) => c.toUpperCase());
}

function navLinks(depth: number, guides: Guide[]): PageLink[] {
  const up = '../'.repeat(depth);
  return [
    { href: `${up}index.html`, label: 'Guide', file: 'index.html' },
    { href: `${up}rules/index.html`, label: 'Rules', file: 'rules/index.html' },
    { href: `${up}policies.html`, label: 'Policy packs', file: 'policies.html' },
    { href: `${up}playground.html`, label: 'Playground', file: 'playground.html' },
    ...guides.slice(1).map((g) => ({ href: `${up}${g.file}`, label: g.title, file: g.file, minor: true })),
  ];
}

/** docs/policies.md when it exists (written with the policy packs); until then a page that says so. */
function policiesBody(): string {
  const file = path.join(root, 'docs/policies.md');
  if (existsSync(file)) return renderMarkdown(readFileSync(file, 'utf8'), { from: 'docs/policies.md', depth: 0 });
  return renderMarkdown('# Policy packs\n\nThe policy-pack reference (`docs/policies.md`) is not written yet. This page is built from it as soon as it exists: run `npm run site` again.\n', { from: 'docs/policies.md', depth: 0 });
}

function ruleIndex(metas: RuleMeta[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const rows = metas.map((m) => {
    const kinds = m.kinds === '*' ? 'every kind' : m.kinds.join(', ');
    return `<tr><td><a href="${m.id}.html"><code>${m.id}</code></a></td><td>${m.defaultSeverity}</td><td>${esc(kinds)}</td><td>${esc(m.description)}</td></tr>`;
  });
  return `<h1>Rules</h1>\n<p>${metas.length} rules. Each page shows its bad and good examples linted live, by the same core as the CLI (a transition rule's examples, which compare two states, are shown as code).</p>\n<div class="table-wrap"><table><caption>Every rule of omlint</caption><thead><tr><th scope="col">Rule</th><th scope="col">Default</th><th scope="col">Kinds</th><th scope="col">What it checks</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table></div>`;
}

/** The examples of a rule page, with what the live linting needs: the kind, the scope's other documents. */
function liveExamples(meta: RuleMeta): Map<string, { kind?: string; scope: string[] }> {
  const kind = meta.docs.kind ?? (meta.kinds === '*' ? undefined : meta.kinds[0]);
  const scope = meta.docs.scope ?? [];
  const live = new Map<string, { kind?: string; scope: string[] }>();
  // A transition rule compares a document with its base: linted alone, its examples would show
  // none of its findings. They stay plain code (`omlint plan --base` runs them).
  if (meta.scope === 'transition' || meta.docs.base !== undefined) return live;
  for (const text of [meta.docs.bad, meta.docs.good]) if (text) live.set(text.trimEnd(), { kind, scope });
  return live;
}

const BUNDLE: BuildOptions = {
  bundle: true,
  // Classic scripts: a page opened from disk cannot load ES modules.
  format: 'iife',
  platform: 'browser',
  target: ['chrome109', 'firefox115', 'safari16'],
  minify: true,
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'silent',
  metafile: true,
  // The lint path reads file paths as strings only (a file's directory is its scope): the posix
  // path functions of path-browserify, the same algorithm as node:path, serve the virtual names.
  alias: { 'node:path': 'path-browserify', path: 'path-browserify' },
};

/**
 * The browser core (global OmlintCore) into outdir/omlint-core.js. A Node built-in on its way fails
 * the build (esbuild cannot resolve one for the browser; the metafile check says which).
 */
export async function bundleCore(entry: string, outdir: string): Promise<Metafile> {
  const core = await build({ ...BUNDLE, entryPoints: { 'omlint-core': entry }, outdir, globalName: 'OmlintCore' });
  const builtins = Object.keys(core.metafile!.inputs).filter((f) => f.startsWith('node:') || !f.includes('/'));
  if (builtins.length) throw new Error(`build-site: Node built-ins in the browser bundle: ${builtins.join(', ')}`);
  return core.metafile!;
}

/** The core, and the page scripts that read its global (one copy of the core per page). */
async function bundleScripts(dir: string): Promise<void> {
  const outdir = path.join(dir, 'assets');
  await bundleCore(path.join(siteDir, 'src/core.ts'), outdir);
  await build({ ...BUNDLE, entryPoints: { playground: path.join(siteDir, 'src/playground.ts'), examples: path.join(siteDir, 'src/examples.ts') }, outdir });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildSite();
  console.log(`site: ${path.relative(root, out)}/index.html`);
}
