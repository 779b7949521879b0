// What the CI formats share (src/format/shared.ts): the run-wide second net of masking, each
// distinct text masked once, and fingerprints as SHA-256 of their base text. Counted, never timed.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprints, secretMasker } from '../../src/format/shared';
import { maskSecrets } from '../../src/engine/mask';
import type { LintRun } from '../../src/core/types';
import { handResult } from './results';

const SECRET = 'xoxb-PLANTED-SECRET-123456';

/** A run of `files` files, each with one finding of the same message (one quoting the secret). */
function runOf(files: number): LintRun {
  const results = Array.from({ length: files }, (_, i) => handResult(`f${i}.yaml`, [{ message: i === 0 ? `token ${SECRET} pasted.` : 'enabled is omitted.', pointer: '/enabled' }]));
  const sources = new Map(results.map((r, i) => [r.filePath, { text: '', bom: false, secrets: i === 0 ? [SECRET] : [] }]));
  return { results, sources };
}

describe('secretMasker', () => {
  it('masks each distinct text of a run once, with the answer masking gives', () => {
    const run = runOf(500);
    let calls = 0;
    const mask = secretMasker(run, (text, secrets) => (calls++, maskSecrets(text, secrets)));
    const texts = run.results.flatMap((r) => r.diagnostics.flatMap((d) => [d.message, d.pointer, d.message]));
    const masked = texts.map(mask);
    expect(masked).toEqual(texts.map((t) => maskSecrets(t, [SECRET])));
    expect(masked[0]).not.toContain('PLANTED');
    // Two messages and one pointer, however many findings.
    expect(calls).toBe(3);
  });

  it('a run without secrets: the texts as they are, nothing masked', () => {
    let calls = 0;
    const run = runOf(3);
    run.sources.get('f0.yaml')!.secrets = [];
    const mask = secretMasker(run, (text) => (calls++, text));
    expect(mask('a text')).toBe('a text');
    expect(calls).toBe(0);
  });
});

describe('fingerprints', () => {
  it('are the SHA-256 in hex of the path, rule, pointer, document index and message (and the repeat number)', () => {
    const r = handResult('a.yaml', [{ message: 'm' }, { message: 'm' }]);
    const base = ['a.yaml', 'invalid-value', '/a', '0', 'm'].join('\u0000');
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    expect(fingerprints(r.filePath, r.diagnostics, (s) => s)).toEqual([sha(base), sha(`${base}\u00001`)]);
  });
});
