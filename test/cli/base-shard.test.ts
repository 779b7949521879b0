// --shard (issue 22) and --base/--staged (issue 19) met in one command line: a run with bases is
// linted unsplit in one thread, so the two are refused together, with exit 2 and a reason.
import { describe, expect, it } from 'vitest';
import { cli, tree } from './run';

describe('check --shard with --base', () => {
  it('is a usage error, not a silently unsplit run', async () => {
    const dir = tree({ 'a.yaml': 'eventTypeName: HOST_DOWN\nenabled: true\n', 'base/a.yaml': 'eventTypeName: HOST_DOWN\nenabled: false\n' });
    const r = await cli(['check', '--shard', '1/2', '--base', 'base/a.yaml', 'a.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--shard splits a run of files; it cannot be used with --base/);
  });
});
