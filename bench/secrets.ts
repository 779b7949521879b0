// The secret collection of one file (collectSecretValues, as src/engine/finish.ts calls it for a
// file with findings: by kind, by name, the text's secret-named keys) before and after its walk by
// name and its url test were made cheap: the reference (test/engine/secrets-reference.ts, main's
// code) and the current one, interleaved in one run, on the documents of the language-server
// benches. Short and bounded: `npx tsx bench/secrets.ts [--rounds N]`.
import os from 'node:os';
import { collectSecretValues, type SecretSource } from '../src/engine/mask';
import { DocumentFacts } from '../src/core/facts';
import { parseText } from '../src/syntax/index';
import { collectOld } from '../test/engine/secrets-reference';
import { alertStream, bigAutomationJson, bigAutomationYaml } from './lsp-documents';

const at = process.argv.indexOf('--rounds');
const ROUNDS = at > 0 ? Math.max(1, Math.min(200, Number(process.argv[at + 1]) || 15)) : 15;

const CASES: [string, string, string][] = [
  ['automation config, JSON, 3.2 MB', 'big.json', bigAutomationJson(3_200_000)],
  ['automation config, YAML, 3.5 MB', 'big.yaml', bigAutomationYaml(3_500_000)],
  ['alert configs, YAML stream, 20 KB', 'alerts.yaml', alertStream(20_000)],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

console.log(`bench/secrets.ts: ${ROUNDS} interleaved rounds, node ${process.version}, load ${load()}`);
for (const [label, name, text] of CASES) {
  // As finish.ts hands them over: the documents' facts, and the source text of a pointer.
  const docs: SecretSource[] = parseText(text, name).documents.map((d) => ({
    value: d.value,
    facts: new DocumentFacts(d.value),
    sourceOf: (pointer: string) => {
      const loc = d.locate(pointer);
      return loc ? text.slice(loc.value.start, loc.value.end) : undefined;
    },
  }));
  const run = { before: () => collectOld(docs, { text, wide: true }), after: () => collectSecretValues(docs, { text, wide: true }) };
  if (JSON.stringify(run.before()) !== JSON.stringify(run.after())) throw new Error(`${label}: the values differ`);
  // Small files: many calls per sample, so that a sample is not below the clock's grain.
  const reps = text.length < 100_000 ? 50 : 1;
  const times: Record<'before' | 'after', number[]> = { before: [], after: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const k of r % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
      const t = performance.now();
      for (let i = 0; i < reps; i++) run[k]();
      times[k].push((performance.now() - t) / reps);
    }
  }
  const [b, a] = [median(times.before), median(times.after)];
  console.log(`${label}: before ${b.toFixed(2)} ms, after ${a.toFixed(2)} ms (x${(b / a).toFixed(2)}), ${run.after().length} values; load ${load()}`);
}
