// A big file that grew after its size was read (fstat): the one-buffer read of plainUtf8Text stops
// at that size, so it must notice the rest and leave the file to the byte-wise reading, which reads
// it whole (or refuses it over the limit). fstat made to lag by 1,000 bytes for big files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readInput } from '../../src/io/read-input';

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const fstatSync = ((fd: number) => {
    const st = fs.fstatSync(fd);
    return st.size > 1_000_000 ? Object.assign(Object.create(Object.getPrototypeOf(st) as object) as object, st, { size: st.size - 1000 }) : st;
  }) as typeof fs.fstatSync;
  return { ...fs, default: { ...fs, fstatSync }, fstatSync };
});

const dir = mkdtempSync(path.join(tmpdir(), 'omlint-grown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readInput of a big file grown since its fstat', () => {
  it('returns the whole text, not the size fstat said', () => {
    const text = 'k: "' + 'x'.repeat(1_200_000) + '"\n';
    const p = path.join(dir, 'grown.yaml');
    writeFileSync(p, text);
    const got = readInput(p);
    expect(got.problem).toBeUndefined();
    expect(got.text.length).toBe(text.length);
  });

  it('refuses it over the limit by the size read', () => {
    const p = path.join(dir, 'grown-over.yaml');
    writeFileSync(p, 'x'.repeat(1_200_500));
    // fstat says 1,199,500 bytes (within 1,200,000); the file holds more.
    expect(readInput(p, { maxBytes: 1_200_000 }).problem?.ruleId).toBe('limit-exceeded');
  });
});
