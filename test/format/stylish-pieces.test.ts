// The stylish report is written in two pieces, its findings and then its summary (stylishParts):
// the summary's mark (✖, ✔) would otherwise make the whole report a two-byte string, joined and
// encoded several times slower. The same bytes as one piece.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { tree } from '../cli/run';
import { formatStylish, stylishParts, stylishPieces, STYLISH_PIECE_LINES } from '../../src/format/stylish';
import { formatPieces } from '../../src/format/index';
import { handResult, runOf } from './results';

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

  it('a report of many findings comes a bounded piece at a time, each made when the one before is taken; together the same text', () => {
    // 3,000 files of one finding each, without sources (no frames): three lines a file.
    const results = Array.from({ length: 3000 }, (_, i) => handResult(`f${String(i).padStart(4, '0')}.yaml`, [{ severity: 'warning', message: `Finding ${i}.` }]));
    const run = { results, sources: new Map() };
    // Which file's findings the formatter had read when each piece came.
    let reached = -1;
    const watched = results.map((r, i) => Object.defineProperty({ ...r }, 'diagnostics', { get: () => ((reached = Math.max(reached, i)), r.diagnostics) }));
    const pieces: string[] = [];
    const readWhenGiven: number[] = [];
    for (const piece of stylishPieces({ ...run, results: watched }, { color: false })) {
      pieces.push(piece);
      readWhenGiven.push(reached);
    }
    expect(readWhenGiven[0]).toBeLessThan(STYLISH_PIECE_LINES / 2);
    // Never the whole report at once: the findings in pieces of at most STYLISH_PIECE_LINES lines (and a finding's few).
    expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil((3 * 3000) / STYLISH_PIECE_LINES));
    for (const p of pieces.slice(0, -1)) expect(p.split('\n').length - 1).toBeLessThanOrEqual(STYLISH_PIECE_LINES + 3);
    expect(pieces.join('')).toBe(formatStylish(run, { color: false }));
    expect(pieces.at(-1)).toBe('✖ 3000 problems (0 errors, 3000 warnings, 0 infos)\n');
    const [findings, summary] = stylishParts(run, { color: false });
    expect(findings + summary).toBe(pieces.join(''));
    expect(summary).toBe(pieces.at(-1));
    // What the CLI writes: the same pieces, as they come.
    expect([...formatPieces('stylish', run, { color: false, cwd: '/', fixDryRun: false })]).toEqual(pieces);
  });

  it('the text is the same wherever the pieces are cut: findings of every kind, a clean run, --quiet', async () => {
    const run = await runOf([{ filePath: 'a.alert-config.yaml', text: ALERT }, { filePath: 'b.alert-config.yaml', text: ALERT.replace('delayMin: 0', 'delayMin: -1') }], { kind: 'alert-config', now: new Date('2026-11-29T00:00:00Z') });
    for (const opts of [{ color: false }, { color: true }, { color: false, hidden: { warnings: 2, infos: 0 } }]) {
      expect([...stylishPieces(run, opts)].join('')).toBe(stylishParts(run, opts).join(''));
      const clean = { ...run, results: run.results.map((x) => ({ ...x, diagnostics: [], warningCount: 0, errorCount: 0 })) };
      expect([...stylishPieces(clean, opts)]).toEqual([stylishParts(clean, opts)[1]]);
    }
  });
});

