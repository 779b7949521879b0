// Draws extension/icon.png (128×128): a green rounded square with a white check mark over three
// "document lines". No image library: pixels are computed (4×4 supersampling) and written as a
// PNG with node:zlib. Run: node --import tsx scripts/extension-icon.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const SS = 4;

type RGBA = [number, number, number, number];
const GREEN: RGBA = [0, 104, 74, 255];
const LIGHT: RGBA = [0, 237, 100, 255];
const WHITE: RGBA = [255, 255, 255, 255];

function inRoundedSquare(x: number, y: number, inset: number, r: number): boolean {
  const lo = inset + r;
  const hi = SIZE - inset - r;
  const cx = Math.min(Math.max(x, lo), hi);
  const cy = Math.min(Math.max(y, lo), hi);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= inset && x <= SIZE - inset && y >= inset && y <= SIZE - inset;
}

function distToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The colour of one sub-sample, painted back to front. */
function sample(x: number, y: number): RGBA {
  if (!inRoundedSquare(x, y, 4, 22)) return [0, 0, 0, 0];
  let c: RGBA = GREEN;
  // Document lines (left part), as in a config file.
  for (const [y0, len] of [[34, 58], [52, 44], [70, 30]] as const) {
    if (distToSegment(x, y, 26, y0, 26 + len, y0) <= 4) c = LIGHT;
  }
  // The check mark.
  if (distToSegment(x, y, 52, 86, 68, 102) <= 8 || distToSegment(x, y, 68, 102, 104, 56) <= 8) c = WHITE;
  return c;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const s = sample(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
        // Premultiplied accumulation, so that edges blend with transparency correctly.
        for (let i = 0; i < 3; i++) acc[i] += (s[i] * s[3]) / 255;
        acc[3] += s[3];
      }
    }
    const n = SS * SS;
    const a = acc[3] / n;
    const o = y * (SIZE * 4 + 1) + 1 + x * 4;
    for (let i = 0; i < 3; i++) raw[o + i] = a > 0 ? Math.round(((acc[i] / n) * 255) / a) : 0;
    raw[o + 3] = Math.round(a);
  }
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../extension/icon.png');
writeFileSync(out, png);
console.log(`${out}: ${png.length} bytes`);
