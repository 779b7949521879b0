// The server publishes the engine's line and column ranges (no index of the editor document's
// lines): they must be the ranges of the diagnostics' spans in the editor's text, on every text
// shape of the golden corpus and real documents (BOM, CRLF, UTF-16, non-BMP text, multi-document).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lint } from '../../src/engine/lint';
import { toLspDiagnostic } from '../../src/server/diagnostics';
import { spanToRange } from '../../src/server/positions';
import { caseInputs, lintableUnder, ROOT } from '../golden/corpus';

function textOf(file: string): string {
  const buf = readFileSync(path.join(ROOT, file));
  return buf[0] === 0xff && buf[1] === 0xfe ? new TextDecoder('utf-16le').decode(buf) : buf.toString('utf8');
}

describe('published ranges are the spans in the editor text', () => {
  const files = [...caseInputs(), ...lintableUnder('test/data/real')];
  let compared = 0;
  afterAll(() => expect(compared).toBeGreaterThan(100));
  it.each(files.map((f) => [f]))('%s', async (file) => {
    const text = textOf(file);
    const doc = TextDocument.create(pathToFileURL(path.join(ROOT, file)).href, file.endsWith('.json') ? 'json' : 'yaml', 1, text);
    const [result] = await lint([{ filePath: path.join(ROOT, file), text }], { now: new Date('2026-01-01T00:00:00Z') });
    for (const d of result.diagnostics) {
      if (!d.span) continue;
      compared++;
      expect({ rule: d.ruleId, range: toLspDiagnostic(doc, d).range }).toEqual({ rule: d.ruleId, range: spanToRange(doc, d.span) });
    }
  });
});
