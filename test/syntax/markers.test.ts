// The marker lines of a YAML text are read once (src/syntax/cost.ts, eachMarker) and shared by the
// documents limit, the stream split, the block tier and the cursor. Each answers as its former
// reading of the text did (written out below) on real documents of ../shared/corpus made into
// streams, and on the marker lines' edge cases.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseText, YamlDocumentCache } from '../../src/syntax/index';
import { DEFAULT_LIMITS } from '../../src/syntax/types';
import { splitStream } from '../../src/syntax/yaml';
import { TextLines, yamlCursor } from '../../src/syntax/cursor';
import { yamlFoldingRanges } from '../../src/server/folding';
import { describeWithCorpus, SHARED_CORPUS } from '../shared-corpus';

/** The stream split's former reading: its own search for "---" lines. */
function formerSplit(text: string): number[] {
  const NO_CONTENT = /^(?:[ \t]*(?:#.*)?(?:\r\n|\r|\n)|%.*(?:\r\n|\r|\n)|---[ \t]*(?:#.*)?(?:\r\n|\r|\n))*$/;
  const starts = [0];
  let from = 0;
  for (const m of text.matchAll(/^---(?=[ \t]|$)/gm)) {
    if (m.index === 0) continue;
    if (!NO_CONTENT.test(text.slice(from, m.index))) starts.push(m.index!);
    from = m.index!;
  }
  return starts;
}

/** The cursor's former reading: the lines of the marker lines. */
function formerMarkerLines(text: string): number[] {
  const lines = new TextLines(text);
  return [...text.matchAll(/^(?:---|\.\.\.)(?:[ \t]|\r?$)/gm)].map((m) => lines.indexOf(m.index!));
}

function corpusStreams(): { name: string; text: string }[] {
  const files = readdirSync(SHARED_CORPUS, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath, e.name))
    // The two automation configurations of megabytes add only time: their shapes are in the others.
    .filter((f) => statSync(f).size < 200_000)
    .sort();
  const docs = files.map((f) => stringify(JSON.parse(readFileSync(f, 'utf8'))));
  const out: { name: string; text: string }[] = [];
  for (let i = 0; i < docs.length; i += 7) {
    const group = docs.slice(i, i + 7);
    out.push({ name: `corpus ${i}: "---" between`, text: group.join('---\n') });
    out.push({ name: `corpus ${i}: leading "---", "..." ends, comments, CRLF`, text: `# stream\n---\n${group.join('...\n# next\n---\n')}`.replace(/\n/g, '\r\n') });
    out.push({ name: `corpus ${i}: one document after a leading "---"`, text: `--- # first\n${group[0]}` });
    out.push({ name: `corpus ${i}: a block scalar holding marker-like lines`, text: `${group[0]}note: |\n  text\n----\n--- x\n...y\n---\t\n${group[1] ?? ''}` });
  }
  return out;
}

const EDGES = ['', '---\n', '---\n---\n', 'a: 1\n...\n---\nb: 2\n', '%YAML 1.2\n---\na: 1\n', 'a: 1\r---\rb: 2\r', 'a: 1\n---\u2028b: 2\n', '---x\n----\n... \na: 1\n'];

describeWithCorpus('marker lines: one reading, the answers of the former ones', () => {
  const streams = [...corpusStreams(), ...EDGES.map((text, i) => ({ name: `edge ${i}`, text }))];

  it('covers the corpus', () => {
    expect(streams.length).toBeGreaterThan(70);
  });

  it.each(streams.map((s) => [s.name, s.text] as const))('%s', (_name, text) => {
    // The stream split: the same chunks, from the markers the parse read or from its own pass.
    expect(splitStream(text).map((c) => c.start)).toEqual(formerSplit(text));
    const former = formerMarkerLines(text);
    const fresh = new TextLines(text);
    const offsets = Array.from({ length: 60 }, (_, i) => Math.floor((i * text.length) / 60));
    for (const cache of [undefined, new YamlDocumentCache()]) {
      const src = parseText(text, 'stream.yaml', DEFAULT_LIMITS, cache);
      // The cursor's documents: the marker lines the parse handed over, or its own pass.
      expect(src.cursorLines.markers()).toEqual(former);
      expect(offsets.map((at) => src.cursorAt(at)?.docIndex)).toEqual(offsets.map((at) => yamlCursor(text, at, fresh)?.docIndex));
      expect(yamlFoldingRanges(src.cursorLines)).toEqual(yamlFoldingRanges(fresh));
    }
  });
});
