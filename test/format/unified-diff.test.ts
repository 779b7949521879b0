import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/format/unified-diff';

/** Applies a unified diff to `before` (a reference patcher: the hunks' context must match). */
function patch(before: string, diff: string): string {
  const lines = before.split(/(?<=\n)/).filter((l) => l !== '');
  const out: string[] = [];
  let at = 0;
  const rows = diff.split('\n').slice(2, -1);
  for (let i = 0; i < rows.length; i++) {
    const h = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(rows[i]);
    if (!h) throw new Error(`not a hunk header: ${rows[i]}`);
    const start = Number(h[1]) - (h[2] === '0' ? 0 : 1);
    while (at < start) out.push(lines[at++]);
    for (i++; i < rows.length && !rows[i].startsWith('@@'); i++) {
      const noEol = rows[i + 1] === '\\ No newline at end of file';
      const text = rows[i].slice(1) + (noEol ? '' : '\n');
      if (rows[i][0] !== '+') {
        expect(lines[at], `context/removed line ${at + 1}`).toBe(text);
        at++;
      }
      if (rows[i][0] !== '-') out.push(text);
      if (noEol) i++;
    }
    i--;
  }
  while (at < lines.length) out.push(lines[at++]);
  return out.join('');
}

describe('unifiedDiff', () => {
  it('prints the hunks of a change with three lines of context, as diff -u', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const after = 'a\nb\nc\nd\nE\nf\ng\nh\n';
    expect(unifiedDiff(before, after, 'x.yaml')).toBe('--- a/x.yaml\n+++ b/x.yaml\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n');
    expect(unifiedDiff('a\n', 'a\nb\n', 'x.yaml')).toBe('--- a/x.yaml\n+++ b/x.yaml\n@@ -1 +1,2 @@\n a\n+b\n');
    expect(unifiedDiff('a', 'a\n', 'x')).toBe('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n');
    expect(unifiedDiff('same\n', 'same\n', 'x')).toBe('');
  });

  it('two changes far apart are two hunks', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `k${i}: ${i}`);
    const after = [...lines];
    after[2] = 'k2: two';
    after.splice(30, 0, 'added: true');
    const diff = unifiedDiff(lines.join('\n') + '\n', after.join('\n') + '\n', 'x');
    expect(diff.match(/^@@/gm)).toHaveLength(2);
    expect(patch(lines.join('\n') + '\n', diff)).toBe(after.join('\n') + '\n');
  });

  it('patching the old text with the diff gives the new one (random edits)', () => {
    const text = fc.array(fc.constantFrom('a\n', 'b\n', 'c\n', 'key: 1\n', '\n', 'x'), { maxLength: 30 }).map((l) => l.join(''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const diff = unifiedDiff(before, after, 'f');
        expect(diff === '' ? before : patch(before, diff)).toBe(after);
      }),
      { numRuns: 400 },
    );
  });
});
