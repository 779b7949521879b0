// Issue 32 through the language service: texts that cost quadratic time to parse (the editor hung
// 14.5 s opening 40,000 "---" lines, 3.7 s per edit of 8,000 anchors each aliased once) answer each
// edit with bounded work: the limit finding, or diagnostics after one lookup per alias.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { workCounts } from '../../src/syntax/work-counts';
import { anchorPairs, countLibraryResolves, libraryResolves } from '../syntax/alias-work';
import { NOW, openDoc, tempDir } from './fixtures';

countLibraryResolves();

const limited = (diagnostics: { code?: unknown; message: string }[]) => diagnostics.filter((d) => d.code === 'limit-exceeded').map((d) => d.message);

describe('the language service on texts that were quadratic to parse', () => {
  it('40,000 "---" lines: opened and edited, each version answers with the --max-documents finding, its count stopped at the limit', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    let doc = openDoc(service, tempDir(), 'stream.alert-config.yaml', '---\n'.repeat(40_000));
    for (let version = 1; version <= 3; version++) {
      if (version > 1) {
        doc = TextDocument.create(doc.uri, 'yaml', version, `eventTypeName: HOST_DOWN\n${doc.getText()}`);
        service.setDocument(doc);
      }
      const before = workCounts.markers;
      const diagnostics = await service.diagnostics(doc);
      expect(limited(diagnostics)).toEqual([expect.stringMatching(/more than 10,000 documents, the limit \(--max-documents\)/)]);
      expect(workCounts.markers - before).toBeLessThanOrEqual(10_001);
    }
  });

  it('8,000 anchors each aliased once: an edit answers after one library resolution per alias, two nodes scanned each', async () => {
    const n = 8_000;
    const service = new OmlintLanguageService({ now: NOW });
    const text = `eventTypeName: HOST_DOWN\nenabled: true\nnotifications: []\n${anchorPairs(n)}`;
    const doc = openDoc(service, tempDir(), 'anchors.alert-config.yaml', text);
    await service.diagnostics(doc);
    const edited = TextDocument.create(doc.uri, 'yaml', 2, text.replace('b7: *a7', 'b7: *a6'));
    service.setDocument(edited);
    libraryResolves.calls = libraryResolves.scanned = libraryResolves.fullWalks = 0;
    const diagnostics = await service.diagnostics(edited);
    expect(limited(diagnostics).filter((m) => !/at most \d+ problems/.test(m))).toEqual([]);
    expect(diagnostics.some((d) => d.code === 'unknown-field')).toBe(true);
    expect(libraryResolves.calls).toBe(n);
    expect(libraryResolves.scanned).toBeLessThanOrEqual(2 * n);
    expect(libraryResolves.fullWalks).toBe(0);
  });
});
