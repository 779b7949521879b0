// `omlint serve` is its own lazy chunk (scripts/build-chunks.ts): the core bundle every check loads
// holds none of it, nor node:http's server or http-auth-utils.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = path.join(__dirname, '..', '..', 'dist');

describe('the serve chunk', () => {
  it('holds the emulator; the core does not', () => {
    const files = readdirSync(DIST);
    const core = readFileSync(path.join(DIST, files.find((f) => /^core-[0-9A-F]{8}\.js$/.test(f))!), 'utf8');
    const serve = files.find((f) => /^chunk-serve-[0-9A-F]{8}\.js$/.test(f));
    expect(serve, '`npm run build` if dist/ is stale').toBeDefined();
    const chunk = readFileSync(path.join(DIST, serve!), 'utf8');
    for (const marker of ['MMS Public API', 'E_MALFORMED_QUOTEDKEYVALUE', 'createServeServer']) {
      expect(chunk, marker).toContain(marker);
      expect(core, marker).not.toContain(marker);
    }
  });
});
