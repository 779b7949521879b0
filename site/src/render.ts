// Markdown → the HTML of a site page (scripts/build-site.ts). Links between the repository's
// Markdown files become links between pages; code blocks that are a rule's examples become live.
import path from 'node:path';
import { Marked, type Tokens } from 'marked';

export interface PageLink {
  href: string;
  label: string;
  /** The page's file under site/dist/ (marks the current page). */
  file: string;
  minor?: boolean;
}

export interface Page {
  title: string;
  /** Directories below site/dist/ (0 for index.html, 1 for rules/x.html): relative links climb this far. */
  depth: number;
  nav: PageLink[];
  current: string;
  body: string;
  scripts?: string[];
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderPage(p: Page): string {
  const up = '../'.repeat(p.depth);
  const nav = p.nav
    .map((l) => `<li${l.minor ? ' class="minor"' : ''}><a href="${l.href}"${l.file === p.current ? ' aria-current="page"' : ''}>${escapeHtml(l.label)}</a></li>`)
    .join('');
  const scripts = (p.scripts ?? []).map((s) => `<script src="${up}${s}" defer></script>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title)} · omlint</title>
<link rel="stylesheet" href="${up}assets/site.css">
${scripts}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header"><a class="brand" href="${up}index.html">omlint</a>
<nav aria-label="Site"><ul>${nav}</ul></nav></header>
<main id="main" tabindex="-1">
${p.body}
</main>
<footer class="site-footer"><p>omlint is an offline linter for Ops Manager Public API v1.0 documents. This site runs entirely in your browser: nothing you type is sent anywhere.</p></footer>
</body>
</html>
`;
}

export interface RenderOptions {
  /** The Markdown file's path in the repository (resolves its relative links). */
  from: string;
  depth: number;
  /** Code blocks to make live (a rule's examples), by their text. */
  live?: Map<string, { kind?: string; scope: string[] }>;
}

/** Where a repository path is on the site, if it is a page of it. */
export function pageOf(repoPath: string): string | undefined {
  const rule = /^docs\/rules\/([a-z0-9-]+)\.md$/.exec(repoPath);
  if (rule) return `rules/${rule[1]}.html`;
  if (repoPath === 'README.md') return 'index.html';
  if (repoPath === 'docs/policies.md') return 'policies.html';
  if (repoPath === 'docs/rules' || repoPath === 'docs/rules/') return 'rules/index.html';
  const doc = /^docs\/([a-z0-9-]+)\.md$/.exec(repoPath);
  return doc ? `${doc[1]}.html` : undefined;
}

const slug = (text: string) => text.toLowerCase().replace(/<[^>]+>/g, '').replace(/[^a-z0-9 -]/g, '').trim().replace(/ +/g, '-');

export function renderMarkdown(md: string, o: RenderOptions): string {
  const up = '../'.repeat(o.depth);
  const marked = new Marked({ gfm: true });
  const used = new Map<string, number>();
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, t: Tokens.Heading) {
        const inner = this.parser.parseInline(t.tokens);
        let id = slug(t.text);
        const n = used.get(id) ?? 0;
        used.set(id, n + 1);
        if (n) id = `${id}-${n}`;
        return `<h${t.depth} id="${id}">${inner}</h${t.depth}>\n`;
      },
      link(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, t: Tokens.Link) {
        const href = rewriteHref(t.href, o.from, up);
        const inner = this.parser.parseInline(t.tokens);
        // A file of the repository that is no page of the site: named, not linked (no dead links).
        return href === undefined ? `<span class="repo-file" title="${escapeHtml(t.href)} in the omlint repository">${inner}</span>` : `<a href="${escapeHtml(href)}">${inner}</a>`;
      },
      code(t: Tokens.Code) {
        const live = o.live?.get(t.text.trimEnd());
        const pre = `<pre tabindex="0"><code${t.lang ? ` class="language-${escapeHtml(t.lang)}"` : ''}>${escapeHtml(t.text)}</code></pre>`;
        if (!live) return `${pre}\n`;
        // The page's script lints the text with the core and lists what it finds under the block.
        const data = escapeHtml(JSON.stringify({ text: `${t.text.trimEnd()}\n`, kind: live.kind, scope: live.scope }));
        return `<figure class="live-example" data-example="${data}">${pre}<figcaption><span class="live-status" role="status">Linting…</span> <a class="open-playground" href="${up}playground.html">Open in the playground</a></figcaption><ul class="live-diagnostics"></ul></figure>\n`;
      },
    },
  });
  return marked.parse(md, { async: false });
}

/** A link of a Markdown file: to the page of the file it names, or to the repository file. */
function rewriteHref(href: string, from: string, up: string): string | undefined {
  if (/^[a-z]+:/i.test(href) || href.startsWith('#')) return href;
  const [target, hash] = href.split('#');
  const repoPath = path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
  const page = pageOf(repoPath);
  if (page) return `${up}${page}${hash ? `#${hash}` : ''}`;
  return undefined;
}
