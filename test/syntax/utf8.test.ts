// Bytes that are not UTF-8: the first bad one found exactly as a strict decoder finds it, and the
// diagnostic placed on it (issue 17: "invalid UTF-8 at the bad byte", not 1:1 with an empty frame).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint';
import { runOf } from '../format/results';
import { decodeUtf8Input, firstInvalidUtf8 } from '../../src/syntax/utf8';
import { formatStylish } from '../../src/format/stylish';

const strict = new TextDecoder('utf-8', { fatal: true });
const valid = (b: Uint8Array) => {
  try {
    strict.decode(b);
    return true;
  } catch {
    return false;
  }
};

describe('invalid UTF-8', () => {
  it('finds the first bad byte where a strict decoder stops', () => {
    const bytes = fc.uint8Array({ maxLength: 12 }).map((b) => b);
    const interesting = fc.array(fc.constantFrom(0x41, 0x0a, 0xc2, 0xa9, 0xe0, 0xa0, 0x80, 0xed, 0x9f, 0xbf, 0xf0, 0x90, 0xf4, 0x8f, 0xc0, 0xff, 0xe2, 0x82, 0xac), { maxLength: 12 }).map((a) => Uint8Array.from(a));
    fc.assert(
      fc.property(fc.oneof(bytes, interesting), (b) => {
        const bad = firstInvalidUtf8(b);
        expect(bad < 0).toBe(valid(b));
        if (bad >= 0) {
          expect(valid(b.subarray(0, bad))).toBe(true);
        }
      }),
      { numRuns: Number(process.env.OMLINT_FUZZ_RUNS ?? 3000), seed: 20261121 },
    );
  });

  it('the diagnostic stands on the bad byte, with the line in the frame', async () => {
    const buf = Buffer.concat([Buffer.from('eventTypeName: HOST_DOWN\nenabled: true\ndescription: caf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]);
    const input = decodeUtf8Input('latin1.alert-config.yaml', buf);
    expect(input.problem?.message).toMatch(/not valid UTF-8.*0xE9 at byte offset 55/);
    const [result] = await lint([input], { now: new Date('2026-11-21T00:00:00Z') });
    expect(result.diagnostics.map((d) => [d.ruleId, d.range.start.line, d.range.start.column])).toEqual([['syntax-error', 3, 17]]);
    expect(input.text.split('\n')[2]).toBe('description: caf\uFFFD au lait');
    // A byte-order mark is no column.
    const bom = decodeUtf8Input('x.yaml', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a: '), Buffer.from([0xff])]));
    expect(bom.problem?.span).toEqual({ start: 3, end: 4 });
    expect(decodeUtf8Input('x.yaml', Buffer.from('a: é\n'))).toEqual({ filePath: 'x.yaml', text: 'a: é\n' });
  });

  it('a secret on the bad line stays masked in the code frame', async () => {
    const buf = Buffer.concat([Buffer.from('id: x\ntype: SLACK\nchannelName: ops\napiToken: xoxb-12345-s'), Buffer.from([0xe9]), Buffer.from('cretTOKEN\n')]);
    const run = await runOf([decodeUtf8Input('a.integration.yaml', buf)], { now: new Date('2026-11-21T00:00:00Z') });
    const out = formatStylish(run, { color: false, frames: true });
    expect(out).toMatch(/4:23 +error +The file is not valid UTF-8/);
    expect(out).toMatch(/> 4 \| apiToken: \*+/);
    expect(out).not.toMatch(/xoxb|cretTOKEN/);
  });
});
