// Issue 32: how `--staged` and `--base <ref>` name a file to git. `--staged '0:good.alert-config.yaml'`
// linted good.alert-config.yaml (git read `:0:good…` as stage 0 of that file); the stage is now
// always named (`:0:<path from the top>`). Every name below is staged (and committed) with content
// of its own, the working tree holding another, so that a name git misreads shows.
import { mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run';
import { git, gitRepo, HAS_GIT } from '../git-repo';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const GOOD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n';
const BAD = 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications: []\n';

/** Names git could read as something else: a stage, a colon, `:/` (a message search), `@{…}`, `^{…}`, a newline, spaces. */
const ODD = ['0:good.alert-config.yaml', '2:x.alert-config.yaml', 'sub/1:y.alert-config.yaml', ':/z.alert-config.yaml', 'a:b/c:d.alert-config.yaml', 'odd dir/@{1} ^{tree} #1.alert-config.yaml', 'nl\nname.alert-config.yaml', 'HEAD~1.alert-config.yaml'];

let repo: string;
let write: (rel: string, text: string) => void;
const errorsOf = (stdout: string) => Object.fromEntries((JSON.parse(stdout) as { filePath: string; errorCount: number }[]).map((r) => [r.filePath, r.errorCount]));

describe.skipIf(!HAS_GIT)('--staged and --base name each path to git exactly', () => {
  beforeAll(() => {
    const r = gitRepo();
    repo = r.dir;
    write = r.write;
    // The file a stage-less `:0:good…` named: committed and staged clean.
    write('good.alert-config.yaml', GOOD);
    write('sub/y.alert-config.yaml', GOOD);
    for (const f of ODD) write(f, GOOD);
    r.commit('clean');
    // Staged: each odd name with an error; the working tree clean again.
    for (const f of ODD) write(f, BAD);
    git(repo, 'add', '-A');
    for (const f of ODD) write(f, GOOD);
  });

  it("--staged '0:good.alert-config.yaml' lints that file's staged text (the regression)", async () => {
    const r = await cli(['check', ...NOW, '-f', 'json', '--staged', '0:good.alert-config.yaml'], { cwd: repo });
    expect(r.stderr).toBe('');
    expect([r.code, errorsOf(r.stdout)]).toEqual([1, { '0:good.alert-config.yaml': 1 }]);
  });

  it('--staged: every odd name, from the top and from a subdirectory', async () => {
    const top = await cli(['check', ...NOW, '-f', 'json', '--staged', ...ODD], { cwd: repo });
    expect(top.stderr).toBe('');
    expect(errorsOf(top.stdout)).toEqual(Object.fromEntries(ODD.map((f) => [f, 1])));
    const sub = await cli(['check', ...NOW, '-f', 'json', '--staged', '1:y.alert-config.yaml', 'y.alert-config.yaml'], { cwd: path.join(repo, 'sub') });
    expect(errorsOf(sub.stdout)).toEqual({ '1:y.alert-config.yaml': 1, 'y.alert-config.yaml': 0 });
  });

  it('--base HEAD: every odd name is found at the ref (HEAD:<path from the top>), from a subdirectory too', async () => {
    const r = await cli(['plan', ...NOW, '-f', 'json', '--base', 'HEAD', ...ODD], { cwd: repo });
    expect(r.stderr).toBe('');
    const plans = JSON.parse(r.stdout).plans as { filePath: string; baseLabel: string; newFile?: boolean }[];
    expect(plans.map((p) => [p.baseLabel, Boolean(p.newFile)])).toEqual(ODD.map((f) => [`HEAD:${f}`, false]));
    const sub = await cli(['plan', ...NOW, '-f', 'json', '--base', 'HEAD', '1:y.alert-config.yaml'], { cwd: path.join(repo, 'sub') });
    expect(JSON.parse(sub.stdout).plans[0].baseLabel).toBe('HEAD:sub/1:y.alert-config.yaml');
  });

  it('a repository reached through a symbolic link: the path is made relative to the real top', async () => {
    const link = path.join(mkdtempSync(path.join(os.tmpdir(), 'omlint-link-')), 'repo');
    symlinkSync(repo, link);
    const r = await cli(['check', ...NOW, '-f', 'json', '--staged', '0:good.alert-config.yaml'], { cwd: link });
    expect([r.stderr, errorsOf(r.stdout)]).toEqual(['', { '0:good.alert-config.yaml': 1 }]);
    const p = await cli(['plan', ...NOW, '-f', 'json', '--base', 'HEAD', 'sub/1:y.alert-config.yaml'], { cwd: link });
    expect(JSON.parse(p.stdout).plans[0].baseLabel).toBe('HEAD:sub/1:y.alert-config.yaml');
  });
});
