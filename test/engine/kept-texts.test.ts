// A released run (the CLI's) keeps no file's text until its report (issue 37: memory bounded by
// what the report reads). Texts are strings, which no WeakRef can watch: the run is kept, the heap
// is written as a snapshot and the texts found in it are counted. What used to keep them: a secret
// or a key name cut out of a text is V8's slice of it, and a kept slice keeps the whole text (the
// file's kept secrets; the module table of secret-name verdicts). Counting, never timing.
import { getHeapSnapshot } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { lintProject, projectOf } from '../../src/engine/lint';
import { isSecretFieldName } from '../../src/model/secrets';
import type { LintRun } from '../../src/core/types';
import { NOW } from '../format/results';

const FILES = 40;
/** Made at run time, so that the only copies of a text are the run's (the test's source holds none). */
const marker = (i: number) => ['kept', 'text', 'marker', String(i).padStart(3, '0')].join('-');

/** A file with a finding (enabled omitted), a Slack token (a secret), and a key name of its own (judged by name). */
const text = (i: number) => `# ${marker(i)}
eventTypeName: OUTSIDE_METRIC_THRESHOLD
metricThreshold: { metricName: NORMALIZED_SYSTEM_CPU_USER, mode: AVERAGE, operator: GREATER_THAN, threshold: ${i + 1}, units: RAW }
notifications:
  - typeName: SLACK
    apiToken: xoxb-${1000000000 + i}-kepttoken${i}
    channelName: "#db"
    delayMin: 0
    intervalMin: 60
    customFieldName${i}Webhook: here
`;

/** The run of FILES such files, released as the CLI runs (the inputs dropped once read). */
async function releasedRun(): Promise<LintRun> {
  const paths = Array.from({ length: FILES }, (_, i) => `/p/${i}.alert-config.yaml`);
  return lintProject(projectOf(), paths.map((filePath, i) => ({ filePath, text: text(i) })), { now: NOW, release: true });
}

/** How many strings of the heap hold a marker (each is one file's whole text: its first line). */
async function textsInHeap(): Promise<number> {
  const found = new Set<string>();
  let carry = '';
  for await (const chunk of getHeapSnapshot()) {
    const s = carry + String(chunk);
    for (const m of s.matchAll(/# kept-text-marker-(\d{3})\\neventTypeName/g)) found.add(m[1]);
    carry = s.slice(-64);
  }
  return found.size;
}

describe('a released run keeps no text until its report', () => {
  it(`after ${FILES} files with findings, secrets and key names of their own: none of their texts is in the heap`, async () => {
    const run = await releasedRun();
    // V8 keeps the subject of the last regular expression match (RegExp.lastMatch), a text of the
    // run's: one match on another string lets it go.
    /c/.exec('abc');
    // Each file was linted, found and masked: the report has something of every file.
    expect(run.results.filter((r) => r.diagnostics.length > 0)).toHaveLength(FILES);
    expect([...run.sources.values()].filter((s) => s.secrets.length > 0)).toHaveLength(FILES);
    expect(await textsInHeap()).toBe(0);
    // The run is still held here (what a CLI run holds until its report is written).
    expect(run.results).toHaveLength(FILES);
  }, 60_000);

  it('the count sees a text that is held (the check itself works)', async () => {
    const held = [text(7), text(8)].map((t) => (' ' + t).slice(1));
    expect(await textsInHeap()).toBe(2);
    expect(held).toHaveLength(2);
  }, 60_000);
});

describe('the verdicts on secret names keep no text', () => {
  it('names cut out of texts (slices of them), judged and remembered: the texts go', async () => {
    const judge = (i: number) => {
      const t = text(100 + i);
      const at = t.indexOf('customFieldName');
      return isSecretFieldName(t.slice(at, t.indexOf(':', at)));
    };
    // Each name is new to the table (remembered), none a secret's.
    expect([0, 1, 2, 3, 4, 5].map(judge)).toEqual([false, false, false, false, false, false]);
    /c/.exec('abc');
    expect(await textsInHeap()).toBe(0);
  }, 60_000);
});

/** The Maps and Sets reachable from `root` (each counted once). */
function tablesIn(root: unknown): number {
  const seen = new Set<object>();
  let tables = 0;
  const walk = (v: unknown) => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (v instanceof Map || v instanceof Set) tables++;
    for (const x of v instanceof Map ? [...v.keys(), ...v.values()] : v instanceof Set ? [...v] : Object.values(v)) walk(x);
  };
  walk(root);
  return tables;
}

describe('what a released file with findings keeps for its code frames', () => {
  it('its frame lines as two arrays, no table; no blank line above: one shared empty list', async () => {
    const run = await releasedRun();
    const sources = [...run.sources.values()];
    expect(sources.filter((s) => s.frames && s.frames.at.length > 0)).toHaveLength(FILES);
    // A Map or Set per file (a hash table each) would be FILES tables here.
    expect(tablesIn(sources)).toBe(0);
    expect(new Set(sources.map((s) => s.frames!.blank)).size).toBe(1);
  }, 60_000);
});
