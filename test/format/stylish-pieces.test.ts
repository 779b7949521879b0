// The stylish report is written in two pieces, its findings and then its summary (stylishParts):
// the summary's mark (✖, ✔) would otherwise make the whole report a two-byte string, joined and
// encoded several times slower. The same bytes as one piece.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { tree } from '../cli/run';
import { stylishParts } from '../../src/format/stylish';
import { runOf } from './results';

/** The CLI's writes to standard output, one string each. */
async function writes(args: string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  await main(args, { stdout: { write: (s: string) => out.push(s) > 0 }, stderr: { write: () => true }, readStdin: async () => Buffer.from(''), cwd, env: {} });
  return out;
}

const ALERT = 'eventTypeName: HOST_DOWN\nnotifications:\n  - typeName: EMAIL\n    emailAddress: a@example.com\n    delayMin: 0\n    intervalMin: 60\n';

describe('stylish in two pieces', () => {
  it('check writes the findings, then the summary; together the report', async () => {
    const dir = tree({ 'a.alert-config.yaml': ALERT, 'b.alert-config.yaml': ALERT });
    const pieces = await writes(['check', '--no-color', '.'], dir);
    expect(pieces).toHaveLength(2);
    const [findings, summary] = pieces;
    expect(findings).toMatch(/^a\.alert-config\.yaml\n/);
    expect(findings).toMatch(/\n\n$/);
    expect(/[^\x00-\x7f]/.test(findings)).toBe(false);
    expect(summary).toMatch(/^✖ \d+ problems \(0 errors, \d+ warnings, 0 infos\)\n$/);
  });

  it('a clean run: the summary alone', async () => {
    const dir = tree({ 'a.alert-config.yaml': ALERT.replace('notifications', 'enabled: true\nnotifications') });
    expect(await writes(['check', '--no-color', '.'], dir)).toEqual(['✔ 1 file checked, no problems.\n']);
  });

  it('stylishParts: the findings (one-byte text), then the summary line alone; without findings, no first piece', async () => {
    const run = await runOf([{ filePath: 'a.alert-config.yaml', text: ALERT }], { kind: 'alert-config', now: new Date('2026-11-29T00:00:00Z') });
    const [findings, summary] = stylishParts(run, { color: false });
    expect(findings).toMatch(/^a\.alert-config\.yaml\n[\s\S]*enabled-omitted[\s\S]*\n\n$/);
    expect(/[^\x00-\x7f]/.test(findings)).toBe(false);
    expect(summary).toMatch(/^✖ 1 problem \(0 errors, 1 warning, 0 infos\)\n$/);
    const clean = stylishParts({ ...run, results: run.results.map((x) => ({ ...x, diagnostics: [], warningCount: 0 })) }, { color: false });
    expect(clean[0]).toBe('');
  });
});
