// docs/architecture.md is the map a newcomer reads first: every file it names is where it says,
// and its "Start reading at" table is a walk that the code takes, from each front door to a rule.
// (The engine row's full listing is checked in test/layering-state.test.ts.)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const DOC = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

/** Names the doc gives that are no file of the repository, each with the reason. */
const NOT_FILES = new Map([['restructure.ts', 'the script that moved the rooms, kept outside the repository']]);

/**
 * The files a table row names that are not where it says: a bare name (`lint.ts`) is in the row's
 * room (its first cell, `src/engine/`), a path or a folder (`engine/passes.ts`, `scripts/build-chunks.ts`,
 * `policies/`) is under src/ or the repository root. Patterns (`<id>`, `*`) and build output (dist/) are no files.
 */
function missingFiles(doc: string, exists: (p: string) => boolean): string[] {
  const missing: string[] = [];
  for (const line of doc.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('|---'))) {
    const room = /^\| `([^`]+\/)` \|/.exec(line)?.[1];
    for (const [, name] of line.matchAll(/`([^`\s]+)`/g)) {
      if (!/(\.(ts|md|cjs|mjs|js)|\/)$/.test(name) || /[<*]/.test(name) || /(^|\/)dist\//.test(name) || NOT_FILES.has(name)) continue;
      const places = name.includes('/') || !room ? [name, `src/${name}`] : [`${room}${name}`];
      if (!places.some(exists)) missing.push(`${room ?? line.slice(0, 30)}: ${name}`);
    }
  }
  return missing;
}

const inRepo = (p: string) => existsSync(path.join(ROOT, p));

/** The steps of each walk of the "Start reading at" table: the file of each cell and the names it cites. */
function walks(doc: string): { from: string; steps: { file: string; names: string[] }[] }[] {
  const section = doc.slice(doc.indexOf('## Start reading at'));
  const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| from') && !l.startsWith('|---'));
  return rows.map((row) => {
    const [from, ...cells] = row.slice(2, -2).split(' | ');
    let previous = '';
    const steps = cells.map((cell) => {
      // A cell names its file first, then the functions of that file it points at.
      const [file = previous, ...rest] = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      previous = file;
      return { file: file.startsWith('rules/') ? file : `src/${file}`, names: rest.filter((n) => /^[A-Za-z_]\w*$/.test(n)) };
    });
    return { from, steps };
  });
}

describe('docs/architecture.md: the map matches the tree', () => {
  it('names no file that is not where it says', () => {
    expect(missingFiles(DOC, inRepo)).toEqual([]);
  });

  it('would fail on a row naming a missing file (bare, or with its folder)', () => {
    const row = '| `src/engine/` | the run (`lint.ts`), the fix loop (`fix-loop.ts`), a gone room (`lint-old.ts`), (`cli/gone.ts`) | `engine/lint.ts` |';
    expect(missingFiles(row, inRepo)).toEqual(['src/engine/: lint-old.ts', 'src/engine/: cli/gone.ts']);
  });

  it('names no path in its prose that is not in the tree', () => {
    const prose = DOC.split('\n').filter((l) => !l.startsWith('|')).join('\n');
    const paths = [...prose.matchAll(/`([\w.-]+\/[\w./-]+\.(?:ts|md|cjs))`/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((p) => !inRepo(p) && !inRepo(`src/${p}`))).toEqual([]);
  });

  it('names the rooms of src/ that exist, each with a row', () => {
    const rooms = [...DOC.matchAll(/^\| `(src\/[\w-]+\/)` \|/gm)].map((m) => m[1]);
    expect(rooms.filter((r) => !inRepo(r))).toEqual([]);
  });
});

describe('docs/architecture.md: start reading at', () => {
  const table = walks(DOC);

  it('walks from the command line and from the language server', () => {
    expect(table.map((w) => w.from)).toEqual([expect.stringContaining('command line'), expect.stringContaining('language server')]);
  });

  it.each(table.map((w) => [w.from, w.steps] as const))('%s: to a rule in at most four files, each step a call the code makes', (_, steps) => {
    expect(steps.length).toBeLessThanOrEqual(4);
    const files = steps.map((s) => s.file);
    expect(files.filter((f) => !inRepo(f))).toEqual([]);
    const last = files.at(-1)!;
    expect(last).toMatch(/^rules\/[\w-]+\.ts$/);
    expect(readFileSync(path.join(ROOT, last), 'utf8')).toMatch(/define\w*Rule\(/);
    for (const [i, step] of steps.entries()) {
      const text = readFileSync(path.join(ROOT, step.file), 'utf8');
      // Each function a step cites is in its file.
      expect(step.names.filter((n) => !new RegExp(`\\b${n}\\b`).test(text)), step.file).toEqual([]);
      const next = files[i + 1];
      if (!next || next === step.file) continue;
      if (next.startsWith('rules/')) {
        // The engine reaches a rule through the registry: the step runs each rule's check.
        expect(text, step.file).toMatch(/\brule\.check\(/);
      } else {
        // The step imports the next file.
        const spec = path.relative(path.dirname(step.file), next).replace(/\.ts$/, '');
        expect(text, `${step.file} imports ${next}`).toMatch(new RegExp(`from '${(spec.startsWith('.') ? spec : `./${spec}`).replace(/[.]/g, '\\.')}'`));
      }
    }
  });
});
