// What a released run (the CLI's) keeps of a file's result until its report, counted in a heap
// snapshot (issue 37, memory of findings-dense runs: 50,000 results are held at once). A result's
// findings array is kept at its length (pushed into, an array has room for 17: 128 bytes more a
// file), and a result keeps its fields in the object (a spread left three in a property array of
// their own). Counting bytes, never timing.
import { getHeapSnapshot } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { lintProject, projectOf } from '../../src/engine/lint';
import type { LintRun } from '../../src/core/types';
import { NOW } from '../format/results';

const FILES = 40;

/** An alert configuration with one finding (enabled omitted). */
const text = (i: number) => `eventTypeName: OUTSIDE_METRIC_THRESHOLD
metricThreshold: { metricName: NORMALIZED_SYSTEM_CPU_USER, mode: AVERAGE, operator: GREATER_THAN, threshold: ${i + 1}, units: RAW }
notifications:
  - typeName: GROUP
    delayMin: 0
    intervalMin: 60
    emailEnabled: true
    smsEnabled: false
`;

async function releasedRun(): Promise<LintRun> {
  const paths = Array.from({ length: FILES }, (_, i) => `/kept-results/${i}.alert-config.yaml`);
  return lintProject(projectOf(), paths.map((filePath, i) => ({ filePath, text: text(i) })), { now: NOW, release: true });
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** The heap as a snapshot reads it: its objects, each object's named edges, a node's own bytes and name. */
async function heap() {
  let json = '';
  for await (const chunk of getHeapSnapshot()) json += String(chunk);
  const s = JSON.parse(json) as Snapshot;
  const { node_fields: nf, node_types: [types], edge_fields: ef, edge_types: [etypes] } = s.snapshot.meta;
  const N = nf.length;
  const E = ef.length;
  const [TYPE, NAME, SELF, EDGES] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
  const firstEdge: number[] = [];
  for (let i = 0, e = 0; i * N < s.nodes.length; i++) {
    firstEdge.push(e);
    e += s.nodes[i * N + EDGES] * E;
  }
  const edgesOf = (node: number) => {
    const out = new Map<string, number>();
    const end = node + 1 < firstEdge.length ? firstEdge[node + 1] : s.edges.length;
    for (let e = firstEdge[node]; e < end; e += E) {
      const type = etypes[s.edges[e]];
      if (type === 'property' || type === 'internal') out.set(s.strings[s.edges[e + 1]], s.edges[e + 2] / N);
    }
    return out;
  };
  const self = (node: number | undefined) => (node === undefined ? 0 : s.nodes[node * N + SELF]);
  const name = (node: number) => s.strings[s.nodes[node * N + NAME]];
  const objects = function* () {
    for (let node = 0; node < firstEdge.length; node++) if (types[s.nodes[node * N + TYPE]] === 'object' && name(node) === 'Object') yield node;
  };
  // A store of n slots is 16 bytes and 8 a slot (pointer compression off: Node's default).
  const spare = (array: number, used: number) => (self(edgesOf(array).get('elements')) - 16) / 8 - used;
  return { edgesOf, self, name, objects, spare };
}

/** Per result of the heap (an object with filePath, kinds and diagnostics; numbers are no edges of a snapshot): the bytes of it, its property array, its findings array and that array's store; and the store's spare slots. */
async function resultsInHeap(): Promise<{ results: number; bytes: number; spareSlots: number }> {
  const { edgesOf, self, name, objects, spare } = await heap();
  let results = 0;
  let bytes = 0;
  let spareSlots = 0;
  for (const node of objects()) {
    const fields = edgesOf(node);
    const diagnostics = fields.get('diagnostics');
    if (diagnostics === undefined || !fields.has('filePath') || !fields.has('kinds')) continue;
    if (!name(fields.get('filePath')!).includes('kept-results/')) continue;
    const store = edgesOf(diagnostics).get('elements');
    results++;
    bytes += self(node) + self(fields.get('properties')) + self(diagnostics) + self(store);
    spareSlots += spare(diagnostics, 1);
  }
  return { results, bytes, spareSlots };
}

/** The kept frame lines of the heap (objects with at, shown and blank; lineCount, a number, is no edge): how many, and the spare slots of their arrays, counted as if each kept `lines` lines. */
async function framesInHeap(lines: number): Promise<{ frames: number; spareSlots: number }> {
  const { edgesOf, objects, spare } = await heap();
  let frames = 0;
  let spareSlots = 0;
  for (const node of objects()) {
    const fields = edgesOf(node);
    const at = fields.get('at');
    const shown = fields.get('shown');
    if (at === undefined || shown === undefined || !fields.has('blank')) continue;
    frames++;
    spareSlots += spare(at, lines) + spare(shown, lines);
  }
  return { frames, spareSlots };
}

describe('what a released run keeps of a result', () => {
  it(`${FILES} files of one finding each: each result in the object, its findings array with no spare slot`, async () => {
    const run = await releasedRun();
    expect(run.results.map((r) => r.diagnostics.length)).toEqual(Array(FILES).fill(1));
    const kept = await resultsInHeap();
    expect(kept.results).toBe(FILES);
    expect(kept.spareSlots).toBe(0);
    // The result (7 fields: 80 bytes), its array (32) and the array's one slot (24); 288 before.
    expect(kept.bytes / FILES).toBeLessThanOrEqual(136);
    expect(run.results).toHaveLength(FILES); // the run is held until here, as the CLI holds it until its report
  }, 60_000);

  it(`${FILES} files of one finding each: the frame lines kept of each in arrays of their length`, async () => {
    const run = await releasedRun();
    // Each keeps one line at least (the findings' line, the first key's: line 1, no line above it).
    const kept = await framesInHeap(1);
    // (The other test's run may not be collected yet: its frames are made by the same code.)
    expect(kept.frames).toBeGreaterThanOrEqual(FILES);
    // Counted against one line each: a frame of more lines counts below 0; pushed into, each array had room for 17.
    expect(kept.spareSlots).toBeLessThanOrEqual(0);
    expect([...run.sources.values()].every((s) => (s.frames?.at.length ?? 0) >= 1)).toBe(true);
  }, 60_000);
});
