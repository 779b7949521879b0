// The parser tiers on big documents (not a test; prints figures):
//   npx tsx bench/parse-tiers.ts [--runs N]
// YAML: the block reader (values only), the `yaml` library's positions-only parse, its full parse
// (values, problems, positions), and parseText (which picks the tier); JSON: parseText.
import os from 'node:os';
import { parseText } from '../src/syntax/index';
import { parseYamlText, yamlPositions } from '../src/syntax/yaml';
import { readBlockYaml } from '../src/syntax/yaml-block-reader';
import { DEFAULT_LIMITS } from '../src/syntax/types';
import { bigDocument } from './big-documents';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] || 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(name: string, f: () => unknown): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  console.log(`  ${name.padEnd(44)} median ${median(wall).toFixed(0).padStart(6)} ms (CPU ${median(cpu).toFixed(0)} ms)`);
}

const yaml = bigDocument('yaml');
console.log(`${yaml.name}, ${(yaml.text.length / 1048576).toFixed(1)} MB (${RUNS} runs each; node ${process.version}, load ${os.loadavg()[0].toFixed(1)})`);
measure('block reader (readBlockYaml, values)', () => readBlockYaml(yaml.text));
measure('yaml positions-only parse (yamlPositions)', () => yamlPositions(yaml.text));
measure('yaml full parse (parseYamlText)', () => parseYamlText(yaml.text, DEFAULT_LIMITS));
measure('parseText (the tier it picks)', () => parseText(yaml.text, yaml.file));
for (const which of ['json', 'json-real']) {
  const json = bigDocument(which);
  console.log(`${json.name}, ${(json.text.length / 1048576).toFixed(1)} MB`);
  measure('parseText', () => parseText(json.text, json.file));
}
