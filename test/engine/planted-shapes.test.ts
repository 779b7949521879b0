// Property: a secret planted in any shape under a secret-named key (test/planted-secrets.ts
// PLANTED_SHAPES: a key, a scalar, a flow or block collection, a value glued to its colon, CRLF,
// a broken line, JSON) is printed by no output: the six formats, --debug and --fix-dry-run, the
// three plan formats (whose base holds another secret of the same shape), the cache file and the
// language service's diagnostics, code actions and hovers (issue 32).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/format/index';
import { OmlintLanguageService } from '../../src/server/service';
import { cli, tree } from '../cli/run';
import { PLANTED_SHAPES, SECRET_KEYS } from '../planted-secrets';

const NOW = '2026-11-21T00:00:00Z';

/** A secret with a recognisable core: what must never be printed, in part or whole. */
const secretArb = fc.tuple(fc.constantFrom('', 'xoxb-', 'https://hooks.example.com/'), fc.stringMatching(/^[A-Za-z0-9]{0,24}$/)).map(([prefix, tail]) => `${prefix}PlantedCanary${tail}`);
const CORE = /PlantedCanary/;

function expectNone(text: string, what: string): void {
  const hit = CORE.exec(text);
  expect(hit ? text.slice(Math.max(0, hit.index - 100), hit.index + 60) : null, `${what} prints a secret`).toBeNull();
}

describe('secrets planted in every shape under a secret-named key', () => {
  // Every shape, each with generated keys, secrets and line endings.
  it.each(PLANTED_SHAPES.map((shape) => [shape.name, shape] as const))('%s: printed by no output', async (_, shape) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SECRET_KEYS), secretArb, secretArb, fc.boolean(), async (key, secret, baseSecret, crlf) => {
        const eol = (t: string) => (crlf ? t.replace(/\n/g, '\r\n') : t);
        const file = shape.file(key, secret);
        const base = shape.file(key, `${baseSecret}Base`);
        const dir = tree({ [file.name]: eol(file.text), [`base/${file.name}`]: eol(base.text) });
        const where = `${shape.name}, ${key}${crlf ? ', CRLF' : ''}`;
        for (const format of FORMATS) {
          const r = await cli(['check', '--format', format, '--now', NOW, file.name], { cwd: dir });
          expect(r.code, `${where}: ${format} ${r.stderr}`).toBeLessThan(2);
          expectNone(r.stdout + r.stderr, `${where}: --format ${format}`);
        }
        const debug = await cli(['check', '--debug', '--fix-dry-run', '--now', NOW, file.name], { cwd: dir });
        expectNone(debug.stdout + debug.stderr, `${where}: --debug --fix-dry-run`);
        for (const format of ['stylish', 'json', 'markdown']) {
          const r = await cli(['plan', '--base', 'base', '--format', format, '--now', NOW, file.name], { cwd: dir });
          expectNone(r.stdout + r.stderr, `${where}: plan --format ${format}`);
        }
        const cacheFile = path.join(dir, '.omlintcache');
        for (let pass = 0; pass < 2; pass++) {
          const r = await cli(['check', '--cache', '--cache-location', cacheFile, '--now', NOW, file.name], { cwd: dir });
          expectNone(r.stdout + r.stderr, `${where}: --cache (pass ${pass})`);
        }
        expectNone(readFileSync(cacheFile, 'utf8'), `${where}: the cache file`);
        const service = new OmlintLanguageService({ now: () => new Date(NOW) });
        const doc = TextDocument.create(pathToFileURL(path.join(dir, file.name)).href, file.name.endsWith('.json') ? 'json' : 'yaml', 1, eol(file.text));
        service.setDocument(doc);
        const diagnostics = await service.diagnostics(doc);
        expectNone(JSON.stringify(diagnostics), `${where}: language service diagnostics`);
        const actions = await service.codeActions(doc, { start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) }, { diagnostics });
        expectNone(JSON.stringify(actions.map((a) => [a.title, a.diagnostics])), `${where}: code actions`);
        // Hovers over every character of the lines holding the secret.
        const lines = file.text.split('\n');
        for (const [i, line] of lines.entries()) {
          if (!CORE.test(line)) continue;
          for (let c = 0; c <= line.length; c++) {
            const h = service.hover(doc, { line: i, character: c });
            if (h) expectNone(JSON.stringify(h.contents), `${where}: hover at ${i + 1}:${c + 1}`);
          }
        }
      }),
      { numRuns: 4, seed: 3201 },
    );
  }, 300_000);

  it('reports each shape at or below the line of its secret, so that a code frame shows that line', async () => {
    for (const shape of PLANTED_SHAPES) {
      // An unclosed bracket is reported at the bracket (issue 31), above its secret: no frame shows the
      // secret's line. The closed variant of the shape keeps a continued line in a frame.
      if (shape.name === 'flow value continued on a broken line') continue;
      const file = shape.file('apiToken', 'PlantedCanaryX1');
      const line = file.text.split('\n').findIndex((l) => l.includes('PlantedCanaryX1')) + 1;
      const dir = tree({ [file.name]: file.text });
      const r = await cli(['check', '--format', 'json', '--now', NOW, file.name], { cwd: dir });
      const [result] = JSON.parse(r.stdout) as { diagnostics: { range: { start: { line: number } } }[] }[];
      // A frame shows the line of a finding and the one before it.
      expect(result.diagnostics.map((d) => d.range.start.line).some((l) => l === line || l === line + 1), `${shape.name}: ${r.stdout}`).toBe(true);
    }
  });
});
