// `--base <git-ref>` and `--staged` against a real git repository built here (issue 19): the same
// path at HEAD~1 and at a remote-tracking ref (origin/main, as in a pull request), the staged
// content against HEAD (the pre-commit hook), new files, bad refs, and `check --base` giving one
// SARIF with the transition findings and the others.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './run';
import { git, gitRepo, HAS_GIT } from '../git-repo';

const DATA = path.join(__dirname, '..', 'data', 'transitions');
const STEP = (name: string) => readFileSync(path.join(DATA, 'upgrade-two-steps', name), 'utf8');

let repo: string;
let write: (rel: string, text: string) => void;

describe.skipIf(!HAS_GIT)('--base <git-ref> on a real repository', () => {
  beforeAll(() => {
    const r = gitRepo();
    repo = r.dir;
    write = r.write;
    const remote = path.join(path.dirname(repo), 'remote.git');
    git(path.dirname(repo), 'init', '-q', '--bare', '-b', 'main', remote);
    write('deploy/ac.yaml', STEP('0-base.yaml'));
    write('broken.yaml', '{"eventTypeName": "HOST_DOWN",\n');
    r.commit('the last GET: 6.0 at FCV 6.0');
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'push', '-q', 'origin', 'main');
    git(repo, 'fetch', '-q', 'origin');
    write('deploy/ac.yaml', STEP('1-binaries.yaml'));
    write('broken.yaml', 'eventTypeName: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n');
    r.commit('step 1: binaries to 7.0');
  });

  it('plan --base HEAD~1: the same path one commit back', async () => {
    const r = await cli(['plan', 'deploy/ac.yaml', '--base', 'HEAD~1', '--no-color'], { cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('deploy/ac.yaml against HEAD~1:deploy/ac.yaml');
    expect(r.stdout).toContain('↻ rs0-0: version 6.0.15 → 7.0.12');
    expect(r.stdout).not.toContain('featureCompatibilityVersion');
    expect(r.stdout).toContain('1 document(s) changed, 0 new, 0 removed; 3 process restart(s).');
  });

  it('plan --base origin/main: a remote-tracking ref, as in a pull request; run from a subdirectory', async () => {
    const r = await cli(['plan', 'ac.yaml', '--base', 'origin/main', '--format', 'json'], { cwd: path.join(repo, 'deploy') });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.plans[0].baseLabel).toBe('origin/main:deploy/ac.yaml');
    expect(out.plans[0].documents[0].groups[0].changes.filter((c: { type: string }) => c.type === 'version')).toHaveLength(3);
  });

  it('--staged: the staged content against HEAD, not the working tree', async () => {
    write('deploy/ac.yaml', STEP('2-fcv.yaml'));
    git(repo, 'add', 'deploy/ac.yaml');
    // The working tree moves on after staging: the hook checks what is committed.
    write('deploy/ac.yaml', STEP('0-base.yaml'));
    try {
      const r = await cli(['plan', 'deploy/ac.yaml', '--staged', '--no-color'], { cwd: repo });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('deploy/ac.yaml against HEAD:deploy/ac.yaml');
      expect(r.stdout).toContain('· rs0-0: featureCompatibilityVersion 6.0 → 7.0');
      expect(r.stdout).not.toContain('version 7.0.12 → 6.0.15');
    } finally {
      git(repo, 'reset', '-q', 'HEAD', 'deploy/ac.yaml');
      git(repo, 'checkout', '-q', '--', 'deploy/ac.yaml');
    }
  });

  it('a file absent at the ref is a new file, not an error', async () => {
    write('deploy/new.yaml', STEP('2-fcv.yaml'));
    const r = await cli(['plan', 'deploy/new.yaml', '--base', 'HEAD', '--no-color'], { cwd: repo });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('a new file: not in the base\n  automation-config: new (not in the base)\n');
    // The summary counts the new file's document (it said "0 new" under "a new file").
    expect(r.stdout).toContain('0 document(s) changed, 1 new, 0 removed; 0 process restart(s).');
    const json = JSON.parse((await cli(['plan', 'deploy/new.yaml', '--base', 'HEAD', '--format', 'json'], { cwd: repo })).stdout);
    expect(json.summary).toEqual({ changed: 0, added: 1, removed: 0, restarts: 0 });
    expect(json.plans[0]).toMatchObject({ newFile: true, documents: [{ kind: 'automation-config', status: 'added', documentIndex: 0 }] });
  });

  it('check --base: the transition findings and the others in one SARIF run', async () => {
    const r = await cli(['check', 'broken.yaml', 'deploy/ac.yaml', '--base', 'HEAD~1', '--format', 'sarif'], { cwd: repo });
    const sarif = JSON.parse(r.stdout);
    expect(sarif.runs).toHaveLength(1);
    const results = sarif.runs[0].results.map((x: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => [x.ruleId, x.locations[0].physicalLocation.artifactLocation.uri]);
    // broken.yaml did not parse at HEAD~1: said, not passed over.
    expect(results).toContainEqual(['base-unusable', 'broken.yaml']);
    expect(r.code).toBe(0);
  });

  it('a ref that names nothing, a ref that reads as an option, a file outside any repository: exit 2 with the reason', async () => {
    const bad = await cli(['plan', 'deploy/ac.yaml', '--base', 'no-such-branch'], { cwd: repo });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--base no-such-branch: no such file or directory, and no git revision/);
    const option = await cli(['plan', 'deploy/ac.yaml', '--base=--output=/tmp/x'], { cwd: repo });
    expect(option.code).toBe(2);
    const outside = mkdtempSync(path.join(os.tmpdir(), 'omlint-nogit-'));
    writeFileSync(path.join(outside, 'ac.yaml'), STEP('0-base.yaml'));
    const none = await cli(['plan', 'ac.yaml', '--staged'], { cwd: outside });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/not in a git repository/);
  });
});
