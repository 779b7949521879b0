// The omlint extension in a real VS Code (code-server + Debian's Chromium + playwright-core): runs
// test/vscode/run-e2e.ts, which does everything and writes test-artifacts/vscode/ (result.json,
// screenshots, logs). Skipped, with the reason, only when code-server or Chromium cannot be had.
// OMLINT_E2E=0 skips it on purpose.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const off = process.env.OMLINT_E2E === '0';
if (off) console.warn('test/vscode/e2e.test.ts: skipped, OMLINT_E2E=0.');

describe('the VS Code extension in code-server', () => {
  it.skipIf(off)('shows the problem, applies the quick fix and "omlint: Fix all"', (ctx) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/vscode/run-e2e.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      // The first run installs code-server (a few minutes); later runs take about half a minute.
      timeout: 25 * 60_000,
      // `npm test` has built the generated sources; rebuilding dist/ here would pull it from under
      // the tests that run beside this one. The extension itself is always built afresh.
      env: { ...process.env, OMLINT_VSIX_NO_BUILD: '1' },
    });
    const resultFile = path.join(ROOT, 'test-artifacts/vscode/result.json');
    const result = existsSync(resultFile) ? (JSON.parse(readFileSync(resultFile, 'utf8')) as { status: string; reason?: string; steps: { name: string }[] }) : undefined;
    if (run.status === 3) {
      console.warn(`test/vscode/e2e.test.ts: skipped, ${result?.reason ?? 'code-server or Chromium is not available'}`);
      ctx.skip();
      return;
    }
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(result?.status).toBe('passed');
    expect(result?.steps.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'squiggle shown',
        'problems entry',
        'rule pages in the vsix',
        'rule page opened from the diagnostic code link',
        'rule page opened from the hover\'s "Read more"',
        'quick fix applied, problem gone',
        '"omlint: Fix all" applied',
        'one report per problem in JSON (no VS Code schema validation beside omlint)',
        'rule documentation opened by the command',
        '"Disable for this file" in JSON writes a new omlint.config.yaml; the problem is gone',
        'outline of the automation configuration',
        'completion of a reference name: replSetName → my-rs',
        'go to definition: member host → process',
        'rename of a process edits its name and the member host',
        'each snippet kind accepted at an indented spot lints clean',
        'status bar item',
        '$schema accepted in JSON: no report from omlint or from VS Code\'s schema validation',
        'formatting off by default: VS Code formats JSON without asking, no YAML formatter',
        'formatting on by setting: omlint formats the YAML',
        'inlay hint: host:port beside a member host',
        'document highlights: host name → process name (F7), none on a key',
        'code lens clicked: the replica set\'s members in the peek view',
      ]),
    );
  }, 30 * 60_000);
});
