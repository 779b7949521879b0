// One kind analysis (kinds/analysis.ts) for the engine, the project and the language server: the
// items and kinds lint() checks are those the project lists for a scope and those hover and
// completion read, also for a document whose modeline names no kind.
import { describe, expect, it } from 'vitest';
import { lint, type KindReport } from '../../src/engine/lint';
import { projectOf } from '../../src/engine/lint';
import { DocumentItems } from '../../src/server/documents';
import { defaultSettings } from '../../src/config/load';

const TEXTS: [string, string][] = [
  ['a.yaml', 'eventTypeName: HOST_DOWN\nenabled: true\n'],
  ['b.yaml', '# omlint: kind=integrations\ntype: SLACK\napiToken: t\nchannelName: c\n'],
  ['c.yaml', '# omlint: kind=integration\ntype: SLACK\napiToken: t\n'],
  ['d.json', '{"results": [{"eventTypeName": "HOST_DOWN"}, {"type": "SLACK", "apiToken": "t"}]}'],
  ['e.integration.yaml', 'eventTypeName: HOST_DOWN\n'],
  ['f.yaml', 'eventTypename: HOST_DOWN\nnotifications: []\n'],
  ['g.yaml', 'name: nothing of omlint\n'],
];

const known = (items: { base: string; kind?: string }[]) => items.map((i) => `${i.base || '/'} ${i.kind ?? '-'}`);

describe('one kind analysis', () => {
  it.each(TEXTS)('%s: lint, the project and the server see the same items and kinds', async (filePath, text) => {
    const reports: KindReport[] = [];
    await lint([{ filePath, text }], { onKinds: (_, docs) => reports.push(...docs) });
    const fromLint = known(reports);
    const fromProject = known(projectOf().analyze(filePath, text, defaultSettings(filePath)).items);
    // The server's reading of the text alone (no parse of the project's): its fallback path.
    const fromServer = known(new DocumentItems().at(text, 0, filePath, defaultSettings(filePath)).items);
    expect(fromProject).toEqual(fromLint);
    expect(fromServer).toEqual(fromLint);
  });

  it('a modeline naming no kind: no kind anywhere (the content is not sniffed behind the modeline)', async () => {
    const [filePath, text] = TEXTS[1];
    expect(projectOf().analyze(filePath, text, defaultSettings(filePath)).items.map((i) => i.kind)).toEqual([undefined]);
    const results = await lint([{ filePath, text }]);
    expect(results[0].kinds).toEqual(['unknown']);
  });
});
