// The extension's README lists every setting (with its default) and every command that
// extension/package.json contributes, and nothing it does not: the page users read on the
// Marketplace and in VS Code stays what the extension does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const EXT = path.join(__dirname, '..', '..', 'extension');
const manifest = JSON.parse(readFileSync(path.join(EXT, 'package.json'), 'utf8')) as {
  contributes: { commands: { command: string; title: string; category: string }[]; configuration: { properties: Record<string, { default?: unknown }> } };
};
const readme = readFileSync(path.join(EXT, 'README.md'), 'utf8');
const section = (title: string) => {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `extension/README.md has a "## ${title}" section`).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
};

it('lists every setting of the manifest with its default, and no other', () => {
  const settings = section('Settings');
  const rows = [...settings.matchAll(/^\| `(omlint\.[\w.]+)` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2].trim()]);
  const properties = manifest.contributes.configuration.properties;
  expect(rows.map(([k]) => k).sort()).toEqual(Object.keys(properties).sort());
  for (const [key, shown] of rows) {
    const d = properties[key].default;
    expect(shown, key).toBe(d === null || d === undefined ? 'none' : `\`${typeof d === 'string' ? d : JSON.stringify(d).replace(/","/g, '", "')}\``);
  }
});

it('lists every command of the manifest by its title', () => {
  const commands = section('Commands');
  const listed = [...commands.matchAll(/\*\*omlint: ([^*]+)\*\*/g)].map((m) => m[1]).sort();
  expect(listed).toEqual(manifest.contributes.commands.map((c) => c.title).sort());
  for (const c of manifest.contributes.commands) expect(c.category).toBe('omlint');
});

// Issue 38: with the yaml-language-server modeline both servers report each problem; the
// extension's page says how to avoid the double (no redhat.vscode-yaml here to show it live).
it('says how to avoid double reports with the yaml-language-server modeline', () => {
  const twice = section('Reported twice? The yaml-language-server modeline');
  expect(twice).toContain('`# omlint: kind=alert-config`');
  expect(twice).toContain('"yaml.validate": false');
  expect(twice).toContain('settings = { yaml = { validate = false } }');
});
