// The editor sees what the CLI sees: a document that nearly is a kind (a misspelt identifying key)
// gets unknown-kind with its quick fix; a file with no resemblance stays silent.
import { describe, expect, it } from 'vitest';
import { OmlintLanguageService } from '../../src/server/service';
import { NOW, openDoc as open, tempDir } from './fixtures';

describe('near-miss kinds in the language server', () => {
  it('reports a misspelt eventTypeName on the key, and a pod manifest not at all', async () => {
    const service = new OmlintLanguageService({ now: NOW });
    const dir = tempDir();
    const doc = open(service, dir, 'cpu.yaml', 'eventTypename: HOST_DOWN\nenabled: true\n');
    const d = (await service.diagnostics(doc)).find((x) => x.code === 'unknown-kind')!;
    expect(d.message).toContain('did you mean `eventTypeName`?');
    expect(d.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 13 } });
    const actions = await service.codeActions(doc, d.range, { diagnostics: [d] });
    expect(actions.map((a) => a.title)).toContain('Rename to eventTypeName');
    expect(await service.diagnostics(open(service, dir, 'pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  type: x\n'))).toEqual([]);
  });
});
