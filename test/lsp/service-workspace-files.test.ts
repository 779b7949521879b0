// The bounds of the workspace's walk in the language service: at most MAX_WORKSPACE_FILES files a
// folder (with a note), a cancelled request stops, the walk is the CLI's (findFiles' limit).
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findFiles, walkFolder } from '../../src/cli/files';
import { OmlintLanguageService } from '../../src/server/service';
import { MAX_WORKSPACE_ENTRIES, MAX_WORKSPACE_FILES, type FolderWalk } from '../../src/server/workspace-files';
import { ALERT, NOW, openDoc, tempDir } from './fixtures';
import { ROOT } from './client';

describe('workspace files in the language service', () => {
  it('stops the walk at the limit and says so once; the CLI walk has no limit', async () => {
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': ALERT, 'c.yaml': ALERT });
    expect(findFiles(['.'], { cwd: dir }).files).toHaveLength(3);
    expect(findFiles(['.'], { cwd: dir }).truncated).toBeUndefined();
    const two = findFiles(['.'], { cwd: dir, limit: 2 });
    expect([two.files.map((f) => path.basename(f.filePath)), two.truncated]).toEqual([['a.yaml', 'b.yaml'], true]);
    // Entries looked at, lintable or not (a folder of many other files).
    const many = tempDir(Object.fromEntries([...Array.from({ length: 30 }, (_, i) => [`other/${i}.txt`, '']), ['z/a.yaml', ALERT]]));
    expect(findFiles(['.'], { cwd: many, entryLimit: 20 })).toMatchObject({ files: [], truncated: true });
    expect(findFiles(['.'], { cwd: many, entryLimit: 40 }).files).toHaveLength(1);

    const notes: string[] = [];
    // The service's walk with a limit of 2 in place of MAX_WORKSPACE_FILES.
    const limited: FolderWalk = (d, o) => {
      expect([o.limit, o.entryLimit]).toEqual([MAX_WORKSPACE_FILES, MAX_WORKSPACE_ENTRIES]);
      return walkFolder(d, { ...o, limit: 2 });
    };
    const service = new OmlintLanguageService({ now: NOW, walkFolder: limited, onNote: (m) => notes.push(m) });
    const report = await service.workspaceDiagnostics(() => false, [dir]);
    expect(report.map((r) => path.basename(r.uri))).toEqual(['a.yaml', 'b.yaml']);
    expect(report[1].diagnostics.map((d) => d.code)).toEqual(['duplicate-alert-config']);
    await service.workspaceDiagnostics(() => false, [dir]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`more than ${MAX_WORKSPACE_FILES} files`);
  });

  it('answers nothing of the folders when cancelled', async () => {
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': ALERT });
    const service = new OmlintLanguageService({ now: NOW, walkFolder });
    expect(await service.workspaceDiagnostics(() => true, [dir])).toEqual([]);
    expect(await service.workspaceSymbols('', [dir], () => true)).toEqual([]);
    const found = await service.workspaceSymbols('host_', [dir]);
    expect(found.map((s) => s.location.uri)).toEqual(['a.yaml', 'b.yaml'].map((n) => pathToFileURL(path.join(dir, n)).href));
  });

  it("takes each folder's settings: its rule customizations, made again when they change", async () => {
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': `${ALERT}enabeld: true\n` });
    const service = new OmlintLanguageService({ now: NOW, walkFolder });
    const codes = async () => (await service.workspaceDiagnostics(() => false, [dir])).flatMap((r) => r.diagnostics.map((d) => `${path.basename(r.uri)} ${String(d.code)} ${d.severity}`));
    expect(await codes()).toEqual(['b.yaml duplicate-alert-config 2', 'b.yaml unknown-field 2']);
    service.setFolderSettings([{ uri: pathToFileURL(dir).href, settings: { rules: { customizations: [{ rule: 'unknown-*', severity: 'off' }, { rule: 'duplicate-*', severity: 'error' }] } } }]);
    expect(await codes()).toEqual(['b.yaml duplicate-alert-config 1']);
  });

  it('every entry point that starts the server hands it the CLI walk (dist/ through the core bundle, the extension through language-server.ts, `omlint lsp`)', () => {
    for (const entry of ['src/bin/core-bundle.ts', 'src/bin/language-server.ts', 'src/cli/main.ts']) {
      expect([entry, /(serverMain|startServer)\([^;]*walkFolder \}\)/.test(readFileSync(path.join(ROOT, entry), 'utf8'))]).toEqual([entry, true]);
    }
  });

  // An untrusted workspace's link to $HOME: the server does not parse what lies outside its folder.
  it('does not follow links out of the folder (the CLI walk does); links inside are followed', async () => {
    const outside = tempDir({ 'home/secret-alert.yaml': ALERT, 'one.yaml': ALERT });
    const dir = tempDir({ 'a.yaml': ALERT, 'sub/b.yaml': ALERT });
    symlinkSync(path.join(outside, 'home'), path.join(dir, 'home'));
    symlinkSync(path.join(outside, 'one.yaml'), path.join(dir, 'one.yaml'));
    symlinkSync('sub', path.join(dir, 'inner'));
    symlinkSync('sub/b.yaml', path.join(dir, 'c.yaml'));
    const names = (uris: string[]) => uris.map((u) => path.relative(dir, fileURLToPath(u))).sort();
    expect(findFiles(['.'], { cwd: dir }).files.map((f) => path.relative(dir, f.filePath))).toEqual(['a.yaml', 'c.yaml', 'home/secret-alert.yaml', 'inner/b.yaml', 'one.yaml']);
    const walked = walkFolder(dir, { isIgnored: () => false, limit: 10, entryLimit: 100, linksInside: true });
    expect(walked.files.map((f) => path.relative(dir, f.filePath))).toEqual(['a.yaml', 'c.yaml', 'inner/b.yaml']);
    expect(walked.notes).toEqual(['home: symbolic link to outside the folder; not followed', 'one.yaml: symbolic link to outside the folder; not followed']);
    const service = new OmlintLanguageService({ now: NOW, walkFolder });
    const report = await service.workspaceDiagnostics(() => false, [dir]);
    expect(names(report.map((r) => r.uri))).toEqual(['a.yaml', 'c.yaml', 'inner/b.yaml']);
    const symbols = await service.workspaceSymbols('', [dir]);
    expect([...new Set(names(symbols.map((s) => s.location.uri)))]).toEqual(['a.yaml', 'c.yaml', 'inner/b.yaml']);
  });

  it('counts the open documents not saved yet that the project lints (a .json/.yaml name, not ignored)', async () => {
    const codes = async (unsaved: string) => {
      const dir = tempDir({ 'b.yaml': ALERT, 'omlint.config.yaml': 'ignore: ["skip/**"]\n' });
      const service = new OmlintLanguageService({ now: NOW, walkFolder });
      openDoc(service, dir, unsaved, ALERT);
      return (await service.workspaceDiagnostics(() => false, [dir])).flatMap((r) => r.diagnostics.map((d) => `${path.basename(r.uri)} ${String(d.code)}`));
    };
    expect(await codes('a.yaml')).toEqual(['b.yaml duplicate-alert-config']);
    expect(await codes('a.txt')).toEqual([]);
    expect(await codes('skip/a.yaml')).toEqual([]);
  });

  it("gives an open document an empty pulled list (its problems are pushed), so that a pull made before it was opened is replaced", async () => {
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': ALERT });
    const service = new OmlintLanguageService({ now: NOW, walkFolder });
    const pulled = async () => Object.fromEntries((await service.workspaceDiagnostics(() => false, [dir])).map((r) => [path.basename(r.uri), r.diagnostics.map((d) => String(d.code))]));
    expect(await pulled()).toEqual({ 'a.yaml': [], 'b.yaml': ['duplicate-alert-config'] });
    openDoc(service, dir, 'b.yaml', ALERT);
    expect(await pulled()).toEqual({ 'a.yaml': [], 'b.yaml': [] });
  });

  it('without the walk (a service built without it): the folders are not read', async () => {
    const dir = tempDir({ 'a.yaml': ALERT, 'b.yaml': ALERT });
    const service = new OmlintLanguageService({ now: NOW });
    expect(await service.workspaceDiagnostics(() => false, [dir])).toEqual([]);
    expect(await service.workspaceSymbols('', [dir])).toEqual([]);
  });
});
