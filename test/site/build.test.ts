// `npm run site`'s output (scripts/build-site.ts): a page per rule from the same generator as
// docs/rules/, the README and docs/ as guides, the policy-pack page, no dead link between pages,
// nothing on any page that loads from the network, and no Node built-in in the browser core.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllMeta } from '../../rules/registry';
import { pageOf, renderMarkdown } from '../../site/src/render';
import { builtSite } from './browser';

let dir: string;
const pages = () => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).map((f) => f.split(path.sep).join('/'));
const read = (p: string) => readFileSync(path.join(dir, p), 'utf8');

beforeAll(async () => {
  dir = (await builtSite()).dir;
});

describe('npm run site', () => {
  it('has one page per rule, with its bad and good examples marked for live linting', async () => {
    const metas = await loadAllMeta();
    for (const m of metas) {
      const html = read(`rules/${m.id}.html`);
      expect(html, m.id).toContain(`<h1 id="${m.id}">${m.id}</h1>`);
      // A transition rule's examples need their base: shown as code, not linted alone.
      if (m.id !== 'internal-error') expect((html.match(/class="live-example"/g) ?? []).length, m.id).toBe(m.scope === 'transition' || m.docs.base !== undefined ? 0 : 2);
    }
    const index = read('rules/index.html');
    for (const m of metas) expect(index).toContain(`href="${m.id}.html"`);
  });

  it('turns the README and docs/*.md into guide pages', () => {
    expect(read('index.html')).toContain('<h2 id="quick-start">Quick start</h2>');
    for (const f of readdirSync(path.resolve(__dirname, '../../docs')).filter((f) => f.endsWith('.md') && f !== 'policies.md')) expect(existsSync(path.join(dir, `${f.slice(0, -3)}.html`)), f).toBe(true);
  });

  it('has the policy-pack reference: docs/policies.md when it exists, else a page that says it is not written yet', () => {
    const html = read('policies.html');
    if (existsSync(path.resolve(__dirname, '../../docs/policies.md'))) expect(html).not.toContain('is not written yet');
    else expect(html).toContain('is not written yet');
  });

  it('has no dead link between its pages (links and anchors), and no page loads anything from the network', () => {
    const dead: string[] = [];
    for (const p of pages()) {
      const html = read(p);
      expect(html, p).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)="(https?:)?\/\//);
      for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
        if (/^[a-z]+:/i.test(href)) continue;
        const [file, hash] = href.split('#');
        const target = file ? path.posix.normalize(path.posix.join(path.posix.dirname(p), file)) : p;
        if (!existsSync(path.join(dir, target))) dead.push(`${p} → ${href}`);
        else if (hash && !read(target).includes(`id="${hash}"`)) dead.push(`${p} → ${href} (no such anchor)`);
      }
    }
    expect(dead).toEqual([]);
  });

  it('maps links between the repository\'s Markdown files to pages, and names other files without a dead link', () => {
    expect(pageOf('docs/rules/metric-name.md')).toBe('rules/metric-name.html');
    expect(pageOf('README.md')).toBe('index.html');
    const html = renderMarkdown('[flags](eslint-flags.md#x) [rule](rules/metric-name.md) [schema](../schemas/alert-config.schema.json)', { from: 'docs/versions.md', depth: 1 });
    expect(html).toContain('href="../eslint-flags.html#x"');
    expect(html).toContain('href="../rules/metric-name.html"');
    expect(html).toContain('<span class="repo-file" title="../schemas/alert-config.schema.json in the omlint repository">schema</span>');
  });

  it('keeps the browser core free of Node built-ins: the build fails when one comes in', async () => {
    const { bundleCore } = await import('../../scripts/build-site');
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'omlint-site-core-'));
    const entry = path.join(tmp, 'entry.ts');
    writeFileSync(entry, "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n");
    mkdirSync(path.join(tmp, 'out'));
    await expect(bundleCore(entry, path.join(tmp, 'out'))).rejects.toThrow(/node:fs/);
  });
});
