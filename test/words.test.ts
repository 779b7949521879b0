// Comments say why in a line or two: no issue numbers (the git log links work to issues) and no
// timings (figures live in bench/README.md, where they are dated and can be re-measured).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(rel);
    return rel.endsWith('.ts') && rel !== 'rules/registry.ts' ? [rel] : [];
  });
}

/** The comment of a line: the whole line when it is one (`//`, ` * `, `/*`), else what follows ` // `. */
function commentOf(line: string): string | undefined {
  const t = line.trim();
  if (t.startsWith('//') || t.startsWith('*') || t.startsWith('/*')) return t;
  const at = line.indexOf(' // ');
  return at >= 0 ? line.slice(at) : undefined;
}

const ISSUE = /\b[Ii]ssues? #?\d+/;
const TIMING = /\d(\.\d+)? ?ms\b|\d(\.\d+)? s\b/;

function offending(files: string[], pattern: RegExp): string[] {
  return files.flatMap((f) =>
    readFileSync(path.join(ROOT, f), 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        const c = commentOf(line);
        return c !== undefined && pattern.test(c) ? [`${f}:${i + 1}: ${c.trim()}`] : [];
      }),
  );
}

describe('comments in src/ and rules/', () => {
  const files = [...sources('src'), ...sources('rules')];

  it('cite no issue number', () => {
    expect(offending(files, ISSUE)).toEqual([]);
  });

  it('carry no timing', () => {
    expect(offending(files, TIMING)).toEqual([]);
  });

  it('are told from code and strings', () => {
    expect(commentOf("  // See issue 12: why")).toMatch(ISSUE);
    expect(commentOf(" * took 38 s on a big text")).toMatch(TIMING);
    expect(commentOf("const x = 1; // ~1.5 ms of a run")).toMatch(TIMING);
    expect(commentOf("  'terraform provider issue #232: a source, in a string',")).toBeUndefined();
    expect(commentOf(' * A duration: `30s`, `1m`, `1h30m`.')).not.toMatch(TIMING);
  });
});

describe('targetVersion is named for what it is', () => {
  // The Ops Manager release --target-version compares fields and removed features against
  // (src/model/field-versions.ts, docs/versions.md), not a MongoDB server version.
  const places: [string, RegExp][] = [
    ['src/config/types.ts', /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\n\s*targetVersion\?: string;/],
    ['src/cli/starter-config.ts', /# (.*)\n# targetVersion:/],
    ['src/mcp/main.ts', /targetVersion: z\..*\.describe\('([^']*)'\)/],
    ['src/api/types.ts', /\/\*\* (.*) \*\/\n\s*targetVersion\?: string;/],
    ['src/core/types.ts', /\/\*\* (.*) \*\/\n\s*targetVersion\?: string;/],
    ['extension/package.json', /"omlint\.targetVersion": \{[^}]*"markdownDescription": "([^"]*)"/],
    ['schemas/omlint-config.schema.json', /"targetVersion": \{[^}]*"description": "((?:[^"\\]|\\.)*)"/],
  ];

  it.each(places)('%s: the Ops Manager version', (file, pattern) => {
    const described = pattern.exec(readFileSync(path.join(ROOT, file), 'utf8'))?.[1];
    expect(described).toMatch(/Ops Manager version/);
    expect(described).not.toMatch(/server version/i);
  });
});
