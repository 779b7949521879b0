// Hover and completion read the cached parse: a big text's new version is never parsed for them
// (the lint parses it once, after its debounce). Counted with workCounts.parses, not timed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OmlintLanguageService } from '../../src/server/service';
import { workCounts } from '../../src/syntax/work-counts';
import { NOW, openDoc, tempDir } from './fixtures';

const AUTOMATION = path.resolve(__dirname, '../../../shared/corpus/automation-config/mck__bug-hunt__artifacts__fixed-ac.json');

describe('hover and completion on a big document', () => {
  const service = new OmlintLanguageService({ now: NOW });
  const dir = tempDir();

  it('answer right after an edit from the text and the last parse, then from the new parse', async () => {
    const text = readFileSync(AUTOMATION, 'utf8');
    expect(text.length).toBeGreaterThan(1_000_000);
    let doc = openDoc(service, dir, 'deployment.json', text);
    await service.diagnostics(doc);
    const keyAt = text.indexOf('"hostname"', Math.floor(text.length * 0.6)) + 3;
    const valueAt = text.indexOf('"mode": "', keyAt) + 10;
    // An edit far from the cursor (a number in the middle changes).
    const mid = text.indexOf('27017', Math.floor(text.length / 2));
    doc = TextDocument.create(doc.uri, 'json', 2, text.slice(0, mid) + '27018' + text.slice(mid + 5));
    service.setDocument(doc);

    const before = workCounts.parses;
    const hover = service.hover(doc, doc.positionAt(keyAt));
    const completion = service.completion(doc, doc.positionAt(valueAt));
    expect(workCounts.parses).toBe(before); // the new version was not parsed for them
    expect((hover?.contents as MarkupContent).value).toMatch(/\*\*hostname\*\*/);
    expect(completion.items.map((i) => i.label)).toContain('requireTLS');

    await service.diagnostics(doc);
    expect(workCounts.parses).toBe(before + 1); // the lint parses it, once
    expect((service.hover(doc, doc.positionAt(keyAt))?.contents as MarkupContent).value).toMatch(/\*\*hostname\*\*/);
    expect(service.completion(doc, doc.positionAt(valueAt)).items.map((i) => i.label)).toContain('requireTLS');
    expect(workCounts.parses).toBe(before + 1);
  });
});
