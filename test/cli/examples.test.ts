// examples/ explains itself (issue 31): examples/README.md says of each folder what it shows and
// whether it has findings, and the README's quick start says how many problems its run prints.
// `omlint check examples/` (the built binary, as the quick start runs it) is held to both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GOLDEN_NOW, lintableUnder, ROOT } from '../golden/corpus';
import { cliProcess } from './run';

interface Row {
  folder: string;
  findings: boolean;
}

/** The table of examples/README.md: `folder/` (a `*` stands for one directory), what it shows, none | yes…. */
function documentedFolders(): Row[] {
  const rows = readFileSync(path.join(ROOT, 'examples/README.md'), 'utf8')
    .split('\n')
    .map((l) => /^\| `([^`]+\/)` \|.*\| (none|yes\b[^|]*) \|$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null);
  return rows.map((m) => ({ folder: m[1], findings: m[2] !== 'none' }));
}

/** The deepest documented folder a path (below examples/) lies in. */
function folderOf(rows: Row[], rel: string): Row | undefined {
  const matches = rows.filter((r) => {
    const parts = r.folder.split('/').filter(Boolean);
    const own = rel.split('/');
    return parts.length < own.length && parts.every((p, i) => p === '*' || p === own[i]);
  });
  return matches.sort((a, b) => b.folder.length - a.folder.length)[0];
}

interface Result {
  filePath: string;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  diagnostics: { ruleId: string }[];
}

describe('examples/ explains itself', () => {
  let results: Result[];
  let code: number | null;
  let stylish: string;
  const rows = documentedFolders();
  beforeAll(() => {
    const json = cliProcess(['check', 'examples/', '--format', 'json', '--now', GOLDEN_NOW], { cwd: ROOT });
    expect(json.stderr).toBe('');
    results = JSON.parse(json.stdout);
    code = json.code;
    stylish = cliProcess(['check', 'examples/', '--no-color', '--now', GOLDEN_NOW], { cwd: ROOT }).stdout;
  });

  it('examples/README.md documents every folder that holds documents', () => {
    expect(rows.length).toBeGreaterThan(5);
    const undocumented = lintableUnder('examples').filter((f) => !folderOf(rows, f.slice('examples/'.length)));
    expect(undocumented, 'add their folder to the table of examples/README.md').toEqual([]);
  });

  it('every finding lies in a folder documented with findings, and every such folder has some', () => {
    const misplaced = results.filter((r) => r.diagnostics.length > 0 && !folderOf(rows, r.filePath.slice('examples/'.length))?.findings);
    expect(misplaced.map((r) => `${r.filePath}: ${r.diagnostics.map((d) => d.ruleId).join(', ')}`), 'findings in a folder examples/README.md calls clean').toEqual([]);
    for (const row of rows.filter((r) => r.findings)) {
      const inIt = results.filter((r) => folderOf(rows, r.filePath.slice('examples/'.length)) === row);
      expect(inIt.some((r) => r.diagnostics.length > 0), `examples/${row.folder} is documented with findings but has none`).toBe(true);
    }
    for (const row of rows.filter((r) => !r.findings)) {
      const files = lintableUnder('examples').filter((f) => folderOf(rows, f.slice('examples/'.length)) === row);
      expect(files.length, `examples/${row.folder} holds no document`).toBeGreaterThan(0);
    }
  });

  it('the quick start run exits 1 and prints the count of problems the README gives', () => {
    expect(code).toBe(1);
    const total = (k: 'errorCount' | 'warningCount' | 'infoCount') => results.reduce((n, r) => n + r[k], 0);
    const summary = `${total('errorCount') + total('warningCount') + total('infoCount')} problems (${total('errorCount')} errors, ${total('warningCount')} warnings, ${total('infoCount')} infos)`;
    expect(stylish).toContain(`✖ ${summary}`);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
    expect(quickStart, 'the README quick start must say what `omlint check examples/` prints').toContain(summary);
    expect(quickStart).toContain('```sh\nnpm ci && npx omlint check examples/\nnpm test\n```');
    expect(quickStart).toContain('examples/README.md');
  });
});
