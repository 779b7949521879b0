// Every file of ../shared/corpus: no crash, no internal-error, and the CLI finishes (exit 0 or 1).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint';
import { cliProcess, BIN } from './cli/run';
import { describeWithCorpus } from './shared-corpus';

const CORPUS = path.join(__dirname, '..', '..', 'shared', 'corpus');
const files = existsSync(CORPUS)
  ? readdirSync(CORPUS, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name))
      .map((e) => path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name))
      .sort()
  : [];

describeWithCorpus('corpus smoke test', () => {
  it('lints every corpus file without internal-error', async () => {
    const results = await lint(files.map((f) => ({ filePath: f, text: readFileSync(f, 'utf8') })), { now: new Date('2026-11-21T00:00:00Z') });
    expect(results).toHaveLength(files.length);
    const internal = results.flatMap((r) => r.diagnostics.filter((d) => d.ruleId === 'internal-error').map((d) => `${r.filePath}: ${d.message}`));
    expect(internal).toEqual([]);
    // Every document of the kind directories is recognised as that kind.
    for (const r of results) {
      const dir = path.basename(path.dirname(r.filePath));
      if (dir !== 'other') expect(r.kinds.every((k) => k === dir), r.filePath).toBe(true);
    }
  });

  it.skipIf(!existsSync(BIN))('the CLI finishes over the whole corpus', () => {
    const r = cliProcess(['check', '--format', 'json', '--now', '2026-11-21T00:00:00Z', CORPUS]);
    expect(r.stderr).toBe('');
    expect([0, 1]).toContain(r.code);
    expect(JSON.parse(r.stdout).length).toBeGreaterThan(90);
  });
});
