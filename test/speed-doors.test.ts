// Speed-only mechanisms stay behind their room's door (issue 33, item 5): run-time V8 flags are set
// by the entry points in src/bin only (the server is handed a setter), a parsed document's
// look-ahead for big JSON texts is syntax/'s own (others call SourceFile.locateAll or willLocate),
// and the rule contract names no V8 workaround.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
/** A line of code, its comment left out. */
const code = (text: string) => text.split('\n').map((l) => l.replace(/^\s*\/\/.*$|^\s*\*.*$/, ''));

describe('speed mechanisms behind their doors', () => {
  it('node:v8 is loaded by src/bin only', () => {
    const found = [...sources('src'), ...sources('rules')].filter((f) => !f.startsWith('src/bin/') && code(read(f)).some((l) => /['"]node:v8['"]|['"]v8['"]/.test(l)));
    expect(found).toEqual([]);
  });

  it('every entry point that starts the language server hands it the V8 flag setter', () => {
    for (const entry of ['src/bin/omlint.ts', 'src/bin/omlint-language-server.ts', 'src/bin/language-server.ts']) expect([entry, /setV8Flags: /.test(read(entry))]).toEqual([entry, true]);
    // `omlint lsp` passes the entry's setter on.
    expect(read('src/cli/main.ts')).toMatch(/startServer\(\{ setV8Flags: io\.setV8Flags[ ,}]/);
  });

  it('no module outside src/syntax asks a parsed document to look ahead', () => {
    const found = [...sources('src'), ...sources('rules')].filter((f) => !f.startsWith('src/syntax/') && code(read(f)).some((l) => /\.prepare\??\.?\(/.test(l)));
    expect(found).toEqual([]);
    expect(read('src/syntax/types.ts')).not.toMatch(/\bprepare\??\(/);
  });

  it('the rule contract names no V8 workaround', () => {
    for (const f of ['src/core/rule.ts', 'src/core/types.ts']) expect([f, /ownString|\bV8\b|detached/.test(read(f))]).toEqual([f, false]);
  });
});
