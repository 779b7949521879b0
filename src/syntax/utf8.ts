// Bytes → text, and for bytes that are not UTF-8, where the first bad one is: the diagnostic then
// points at it (line and column in a text decoded with U+FFFD for the bad bytes) instead of 1:1.
import type { LintInput } from '../core/types';

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(buf: Uint8Array): number {
  const n = buf.length;
  for (let i = 0; i < n; ) {
    const b = buf[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min = 0x80;
    let max = 0xbf; // the range of the second byte (Unicode table 3-7: no overlongs, surrogates or > U+10FFFF)
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) min = 0xa0;
      if (b === 0xed) max = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) min = 0x90;
      if (b === 0xf4) max = 0x8f;
    } else return i;
    if (i + need >= n) return i; // cut short by the end of the file
    if (buf[i + 1] < min || buf[i + 1] > max) return i;
    for (let k = 2; k <= need; k++) if (buf[i + k] === undefined || buf[i + k] < 0x80 || buf[i + k] > 0xbf) return i;
    i += need + 1;
  }
  return -1;
}

const UTF8 = new TextDecoder('utf-8');

/**
 * A file's bytes as a lint input. Not UTF-8: the text decoded with U+FFFD for the bad bytes (for
 * the code frame and for finding secrets to mask), and a syntax error at the first bad byte.
 */
export function decodeUtf8Input(filePath: string, buf: Buffer): LintInput {
  const bad = firstInvalidUtf8(buf);
  if (bad < 0) return { filePath, text: UTF8.decode(buf) };
  const before = UTF8.decode(buf.subarray(0, bad));
  const at = before.length + (before.charCodeAt(0) === 0xfeff ? -1 : 0); // offsets are in the text without its BOM
  const hex = buf[bad].toString(16).toUpperCase().padStart(2, '0');
  return {
    filePath,
    text: UTF8.decode(buf),
    problem: { ruleId: 'syntax-error', message: `The file is not valid UTF-8 text: byte 0x${hex} at byte offset ${bad} cannot start or continue a character. JSON and YAML files must be UTF-8.`, span: { start: at, end: at + 1 } },
  };
}
