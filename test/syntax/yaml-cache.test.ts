// The language server's per-document YAML parse cache gives exactly what a fresh parse gives.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../src/config/load';
import { lintProject } from '../../src/engine/lint';
import { Project } from '../../src/project/project';
import { parseText, type ParseLimits } from '../../src/syntax/index';
import { YamlDocumentCache } from '../../src/syntax/yaml';

const alert = (i: number) => `# alert ${i}\neventTypeName: ${i % 2 ? 'HOST_DOWN' : 'HOST_DOWNN'}\n${i % 3 ? 'enabled: true\n' : ''}notifications:\n  - typeName: EMAIL\n    emailAddress: dba${i}@example.com\n    delayMin: 0\n    intervalMin: 60\n`;
const stream = (n: number, edit?: number) => Array.from({ length: n }, (_, i) => (i === edit ? alert(i).replace('dba', 'dba-edited') : alert(i))).join('---\n');

/** A project whose parses go through the given document cache (else a fresh parse each time). */
class ParsingProject extends Project {
  constructor(private readonly cache?: YamlDocumentCache) {
    super({ settingsFor: defaultSettings, openText: () => undefined, openPaths: () => [], closed: true });
  }
  override parse(filePath: string, text: string, limits?: ParseLimits) {
    return parseText(text, filePath, limits, this.cache);
  }
}

async function run(text: string, cache?: YamlDocumentCache) {
  const { results: [r] } = await lintProject(new ParsingProject(cache), [{ filePath: '/p/stream.yaml', text: '%YAML 1.2\n---\n' + text + '...\n' }], { now: new Date('2026-11-21T00:00:00Z'), kind: 'alert-config' });
  return r.diagnostics.map(({ fix, suggestions, ...d }) => ({ ...d, fix: fix?.edits, suggestions: suggestions?.map((s) => s.edits) }));
}

describe('YAML document cache', () => {
  it('lints a multi-document stream identically with and without the cache, before and after an edit', async () => {
    const before = await run(stream(60));
    const edited = await run(stream(60, 30));
    const withCRLF = await run(stream(60).replace(/\n/g, '\r\n'));
    const cache = new YamlDocumentCache();
    expect(await run(stream(60), cache)).toEqual(before);
    expect(cache.entries.size).toBeGreaterThan(1);
    expect(await run(stream(60, 30), cache)).toEqual(edited);
    expect(await run(stream(60), cache)).toEqual(before); // served from the cache
    expect(await run(stream(60).replace(/\n/g, '\r\n'), cache)).toEqual(withCRLF);
    expect(before.some((d) => d.ruleId === 'event-type-name' && d.documentIndex === 58)).toBe(true);
  });
});
