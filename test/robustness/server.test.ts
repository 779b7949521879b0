// The language service survives hostile buffer contents and rapid edits: every request answers
// (possibly with nothing) and never throws; the diagnostics follow the latest version.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { workCounts } from '../../src/syntax/work-counts';
import { startClient } from '../lsp/client';
import { prng, tempDir } from './support';

const NOW = () => new Date('2026-11-21T00:00:00Z');
const RUNS = Number(process.env.OMLINT_FUZZ_RUNS ?? 0) || undefined;

function aliasBomb(): string {
  let s = 'lol: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n';
  for (let i = 1; i < 10; i++) s += `l${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]\n`;
  return s;
}

function randomText(n: number, seed: number): string {
  const next = prng(seed);
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(Math.floor(next() * 0x3000));
  return s;
}

const HOSTILE: [string, string][] = [
  ['bomb.alert-config.yaml', `eventTypeName: HOST_DOWN\n${aliasBomb()}notifications: *a9\n`],
  ['deep.json', '['.repeat(200_000) + ']'.repeat(200_000)],
  ['deep-open.alert-config.json', '{"notifications": ' + '['.repeat(200_000)],
  ['deep-objects.json', '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000)],
  ['deep.alert-config.yaml', Array.from({ length: 1_000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n'],
  ['deep-flow.yaml', '['.repeat(3_000) + ']'.repeat(3_000)],
  ['nul.alert-config.yaml', 'eventTypeName: HOST_DOWN\u0000\nenabled: true\n'],
  ['random.json', randomText(200_000, 1)],
  ['random.integration.yaml', randomText(200_000, 2)],
  ['tabs.alert-config.yaml', 'eventTypeName: HOST_DOWN\nnotifications:\n\t- typeName: EMAIL\n'],
  ['tags.alert-config.yaml', "eventTypeName: !Ref X\nenabled: !!js/function 'function(){}'\nnotifications: !!python/object:os.system [ls]\n"],
  ['yaml11.maintenance-window.yaml', '%YAML 1.1\n---\nstartDate: !!timestamp 2026-12-01\nalertTypeNames: !!set {HOST}\n'],
  ['collection-key.alert-config.yaml', '? [a, b]\n: 1\n? {c: d}\n: 2\neventTypeName: HOST_DOWN\n'],
  ['wide.alert-config.json', JSON.stringify(Object.fromEntries([['eventTypeName', 'HOST_DOWN'], ...Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])]))],
  ['million.yaml', `[${Array(100_000).fill('1').join(',')}]`],
  ['long-line.alert-config.yaml', `eventTypeName: HOST_DOWN\ndescription: ${'x'.repeat(2_000_000)}\n`],
  ['crlf-bom.alert-config.yaml', '\uFEFFeventTypeName: HOST_DOWN\r\nenabled: true\r\r\nnotifications: []\r\n'],
  ['surrogates.alert-config.json', '{"eventTypeName": "\\ud800", "\ud83d": "\udc00"}'],
  ['empty.alert-config.yaml', ''],
  ['only-comments.alert-config.yaml', '# omlint: kind=integration\n# nothing\n'],
  ['bad-modeline.yaml', '# omlint: kind=alerts\n# yaml-language-server: $schema=x\neventTypeName: X\n'],
  ['stream.yaml', 'a: 1\n---\n'.repeat(2_000)],
  // Killed the server once edited (V8's regexp stack, on the second parse of the same text).
  ['brackets.alert-config.yaml', '['.repeat(2_000)],
  ['deep-flow-map.yaml', '{a: '.repeat(100_000)],
  ['nulls.yaml', '-\n'.repeat(600_000)],
  ['amplified.alert-config.yaml', `eventTypeName: HOST_DOWN\nlist: &l [${Array(20_000).fill('1').join(',')}]\nmatchers: [${Array(999).fill('*l').join(', ')}]\n`],
];

/** A few positions of a text: start, end, and some in between (line and character). */
function positions(doc: TextDocument, count = 12): { line: number; character: number }[] {
  const n = doc.getText().length;
  const out = [0, n, Math.floor(n / 2), 1, n - 1];
  const next = prng(n);
  while (out.length < count) out.push(Math.floor(next() * (n + 1)));
  return out.map((o) => doc.positionAt(Math.max(0, Math.min(o, n))));
}

/**
 * Reported to the lead (src/server is not this test's to change): hover and completion on a JSON
 * buffer nested 50,000+ deep throw RangeError, because src/server/service.ts items() (parseTree)
 * and src/server/cursor.ts (getLocation/parseTree) recurse once per level. Remove a name from
 * here once fixed, e.g. by skipping the JSON tree when src/syntax/json.ts bracketDepthExceeded().
 */
// nulls.yaml: hover and completion read the cursor through the version's SourceFile
// (src/syntax/cursor.ts), which walks up from the cursor's line; the JSON cursor scan is not
// recursive, so no nesting depth reaches a recursive reader.
const KNOWN_SERVER_BUGS = new Set<string>([]);

// A guard against hangs, not a timing test: generous enough for a loaded 2-core CI machine.
const HANG_GUARD_MS = 60_000;

describe('hostile buffers', () => {
  const dir = tempDir('lsp-hostile');
  const open = (name: string, text: string) => {
    const service = new OmlintLanguageService({ now: NOW });
    const doc = TextDocument.create(pathToFileURL(path.join(dir, name)).href, name.endsWith('.json') ? 'json' : 'yaml', 1, text);
    service.setDocument(doc);
    return { service, doc };
  };

  for (const [name, text] of HOSTILE) {
    it(`${name}: diagnostics and code actions`, async () => {
      const started = Date.now();
      const { service, doc } = open(name, text);
      const diagnostics = await service.diagnostics(doc);
      expect(diagnostics.filter((d) => d.code === 'internal-error')).toEqual([]);
      for (const d of diagnostics) {
        expect(d.range.start.line).toBeGreaterThanOrEqual(0);
        expect(d.range.start.line).toBeLessThan(doc.lineCount);
      }
      for (const p of positions(doc)) await service.codeActions(doc, { start: p, end: p }, { diagnostics });
      expect(Date.now() - started).toBeLessThan(HANG_GUARD_MS);
    }, 2 * HANG_GUARD_MS);

    (KNOWN_SERVER_BUGS.has(name) ? it.skip : it)(`${name}: hover and completion`, async () => {
      const started = Date.now();
      const { service, doc } = open(name, text);
      await service.diagnostics(doc);
      for (const p of positions(doc)) {
        service.hover(doc, p);
        service.completion(doc, p);
      }
      expect(Date.now() - started).toBeLessThan(HANG_GUARD_MS);
    }, 2 * HANG_GUARD_MS);
  }
});

describe('a 2 KB YAML of 2,000 "[" opened, then edited', () => {
  const text = '['.repeat(2_000);
  const limited = (diagnostics: { code?: unknown; message: string }[]) => diagnostics.filter((d) => d.code === 'limit-exceeded').map((d) => d.message);

  it('through the service: one limit-exceeded per version, each version parsed once', async () => {
    const dir = tempDir('lsp-brackets');
    const service = new OmlintLanguageService({ now: NOW });
    const uri = pathToFileURL(path.join(dir, 'brackets.alert-config.yaml')).href;
    for (const [version, t] of [text, text + '\n', '[' + text, text].entries()) {
      const doc = TextDocument.create(uri, 'yaml', version + 1, t);
      const before = workCounts.parses;
      service.setDocument(doc);
      const requests = async () => {
        const diagnostics = await service.diagnostics(doc);
        expect(limited(diagnostics)).toEqual([expect.stringMatching(/Nesting deeper than 256 levels/)]);
        service.hover(doc, { line: 0, character: 5 });
        service.completion(doc, { line: 0, character: 5 });
        await service.codeActions(doc, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, { diagnostics });
      };
      await requests();
      // Lint, kinds, hover, completion and code actions share the text's parse (hover may parse
      // the text without the cursor's line once more); a text seen before is not parsed again.
      expect(workCounts.parses - before).toBeLessThanOrEqual(version === 3 ? 0 : 2);
      const after = workCounts.parses;
      await requests();
      expect(workCounts.parses).toBe(after);
    }
  });

  it('over stdio: the server answers every version and stays up', async () => {
    const dir = tempDir('lsp-brackets-stdio');
    const client = await startClient(dir);
    try {
      const uri = pathToFileURL(path.join(dir, 'brackets.alert-config.yaml')).href;
      const first = client.diagnostics(uri);
      client.open(uri, text);
      expect(limited((await first).diagnostics)).toHaveLength(1);
      for (let version = 2; version <= 4; version++) {
        const next = client.diagnostics(uri, (p) => p.version === version);
        client.edit(uri, version, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, '[');
        expect(limited((await next).diagnostics)).toHaveLength(1);
      }
      expect(client.process.exitCode).toBeNull();
    } finally {
      await client.stop();
    }
  });
});

describe('rapid edits', () => {
  const dir = tempDir('lsp-edits');
  const BASE = 'eventTypeName: OUTSIDE_METRIC_THRESHOLD\nenabled: true\nmetricThreshold:\n  metricName: ASSERT_REGULAR\n  operator: GREATER_THAN\n  threshold: 5\n  units: RAW\n  mode: AVERAGE\nnotifications:\n  - typeName: SLACK\n    apiToken: xoxb-0000-0000-secret\n    channelName: ops\n    intervalMin: 5\n    delayMin: 0\n';
  const FRAGMENTS = ['\n', ' ', '  ', '- ', ': ', '{', '}', '[', ']', '"', "'", '#', '&a ', '*a', '!!binary ', '\t', '\u0000', '---\n', 'x', 'enabled', 'typeName: ', '\r'];

  it('random typing, deleting and pasting, with requests in between, answers for the latest version', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ at: fc.nat(), del: fc.nat({ max: 12 }), insert: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6 })), await: fc.boolean() }),
          { minLength: 5, maxLength: 40 },
        ),
        fc.constantFrom('a.alert-config.yaml', 'b.yaml', 'c.alert-config.json'),
        async (edits, name) => {
          const service = new OmlintLanguageService({ now: NOW });
          const uri = pathToFileURL(path.join(dir, name)).href;
          let text = name.endsWith('.json') ? JSON.stringify({ eventTypeName: 'HOST_DOWN', enabled: true, notifications: [{ typeName: 'EMAIL', emailAddress: 'a@example.com' }] }, null, 2) : BASE;
          let doc = TextDocument.create(uri, name.endsWith('.json') ? 'json' : 'yaml', 1, text);
          service.setDocument(doc);
          const pending: Promise<unknown>[] = [];
          for (const [i, e] of edits.entries()) {
            const at = e.at % (text.length + 1);
            text = text.slice(0, at) + e.insert + text.slice(at + e.del);
            doc = TextDocument.create(uri, doc.languageId, i + 2, text);
            service.setDocument(doc);
            const p = doc.positionAt(at);
            service.hover(doc, p);
            service.completion(doc, p);
            // Diagnostics requested and not awaited at once: the editor keeps typing.
            const req = service.diagnostics(doc);
            if (e.await) await req;
            else pending.push(req);
          }
          await Promise.all(pending);
          const state = await service.lintState(doc);
          expect(state.version).toBe(doc.version);
          expect(state.text).toBe(text);
          expect(state.diagnostics.filter((d) => d.code === 'internal-error')).toEqual([]);
          // The same answer as a service that saw only the last version (when the file name
          // declares the kind: else a document that stops parsing keeps its earlier relevance).
          if (name.includes('alert-config')) expect(state.diagnostics).toEqual(await new OmlintLanguageService({ now: NOW }).diagnostics(doc));
        },
      ),
      { numRuns: RUNS ?? 40, seed: 20261121, endOnFailure: true },
    );
  });

  it('opening and closing documents in a burst, and a config file changing under them', async () => {
    const service = new OmlintLanguageService({ now: NOW, onConfigError: () => {} });
    const d = tempDir('lsp-burst');
    const docs: TextDocument[] = [];
    for (let i = 0; i < 30; i++) {
      const doc = TextDocument.create(pathToFileURL(path.join(d, `a${i}.alert-config.yaml`)).href, 'yaml', 1, `eventTypeName: HOST_DOWN\nenabled: ${i % 2 ? 'true' : '"yes"'}\n`);
      service.setDocument(doc);
      docs.push(doc);
    }
    const configUri = pathToFileURL(path.join(d, 'omlint.config.yaml')).href;
    for (const [v, text] of ['rules: {enabled-omitted: off}\n', 'rules: [\n', 'rules: {nope: error}\n', '\u0000', 'rules: {}\n'].entries()) {
      service.setDocument(TextDocument.create(configUri, 'yaml', v + 1, text));
      await Promise.all(docs.map((doc) => service.diagnostics(doc)));
    }
    for (const doc of docs.slice(0, 15)) service.closeDocument(doc.uri);
    for (const doc of docs.slice(15)) expect((await service.diagnostics(doc)).filter((x) => x.code === 'internal-error')).toEqual([]);
  });
});
