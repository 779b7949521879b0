// Right after an edit of a big JSON text (not parsed yet), the cursor reader starts from the
// earlier version's containers, shifted past the edit, when the edit kept the structure: it must
// read exactly what a scan of the new text from its start reads, and decline otherwise.
import { describe, expect, it } from 'vitest';
import { jsonCursor } from '../../src/syntax/cursor';
import { containersAcrossEdit } from '../../src/syntax/edit-shift';
import { parseText } from '../../src/syntax/index';

const BIG = `{"processes": [\n${Array.from({ length: 3200 }, (_, i) => JSON.stringify({ name: `p${i}`, hostname: `h${i}.example.com`, args2_6: { net: { port: 27017 + (i % 3), tls: { mode: 'requireTLS' } }, storage: { dbPath: `/data/${i}` } } }, null, 2)).join(',\n')}\n],\n"replicaSets": [{"_id": "rs0", "members": []}]}\n`;

function edit(text: string, at: number, remove: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}

/** Offsets to check: around the edit, and spread over the whole text. */
function offsets(text: string, at: number): number[] {
  const out: number[] = [];
  for (let o = Math.max(0, at - 40); o < Math.min(text.length, at + 40); o++) out.push(o);
  for (let o = 0; o <= text.length; o += 12007) out.push(o);
  return out;
}

describe('containers across an edit', () => {
  const earlier = parseText(BIG, 'big.json');
  it('is a big text with containers', () => {
    expect(BIG.length).toBeGreaterThan(512 * 1024);
    expect(earlier.documents[0].containersAt).toBeDefined();
  });

  it.each([
    ['a number grows', BIG.indexOf('27018', BIG.length / 2), 5, '270189'],
    ['a number shrinks', BIG.indexOf('27019', BIG.length / 3), 5, '2'],
    ['a key is retyped', BIG.indexOf('"hostname"', BIG.length / 2) + 1, 8, 'hostnam'],
    ['a string value grows', BIG.indexOf('requireTLS', BIG.length * 0.7), 0, 'x'],
  ])('%s: the cursor from the shifted containers is the cursor from the text', (_name, at, remove, insert) => {
    const text = edit(BIG, at, remove, insert);
    const containersAt = containersAcrossEdit(earlier, text);
    expect(containersAt).toBeDefined();
    let seeded = 0;
    for (const offset of offsets(text, at)) {
      if (containersAt!(offset).length) seeded++;
      expect({ offset, c: jsonCursor(text, offset, containersAt) }).toEqual({ offset, c: jsonCursor(text, offset) });
    }
    expect(seeded).toBeGreaterThan(60);
  });

  it.each([
    ['a comma', ','],
    ['a bracket', '{'],
    ['a quote', '"'],
    ['a backslash', '\\\\'],
  ])('declines an edit that adds %s', (_name, insert) => {
    const at = BIG.indexOf('requireTLS', BIG.length / 2);
    expect(containersAcrossEdit(earlier, edit(BIG, at, 0, insert))).toBeUndefined();
  });

  it('is worked out once per later text by the earlier version\'s SourceFile (hover and completion ask alike)', () => {
    const own = parseText(BIG, 'big.json');
    const at = BIG.indexOf('27018', BIG.length / 2);
    const text = edit(BIG, at, 5, '270189');
    const first = own.containersAfterEdit(text);
    expect(first).toBeDefined();
    expect(own.containersAfterEdit(text)).toBe(first);
    const other = own.containersAfterEdit(edit(BIG, at, 5, '2'));
    expect(other).toBeDefined();
    expect(other).not.toBe(first);
  });
});

