// The big documents of the language-server and parser benchmarks: the corpus's real automation
// config grown by copies of its processes, as block YAML or indented JSON.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AUTOMATION = path.resolve(ROOT, '../shared/corpus/automation-config/mck__bug-hunt__artifacts__fixed-ac.json');

/** The corpus's automation config grown by copies of its processes to about `bytes` as written by `write`. */
export function grown(bytes: number, write: (v: unknown) => string): string {
  const ac = JSON.parse(readFileSync(AUTOMATION, 'utf8')) as { processes: { name: string }[] };
  const base = [...ac.processes];
  const per = write({ processes: base }).length;
  const copies = Math.max(0, Math.ceil((bytes - write(ac).length) / per));
  for (let round = 1; round <= copies; round++) ac.processes.push(...base.map((p) => ({ ...p, name: `${p.name}-copy${round}` })));
  return write(ac);
}

/** yaml: 4.6 MB block YAML (no anchors); json: 13 MB indented by 2; json-real: the corpus file as stored (1.8 MB). */
export function bigDocument(which: string): { name: string; file: string; text: string } {
  if (which === 'yaml') return { name: 'YAML automation config (block style)', file: 'deployment.yaml', text: grown(4.6 * 1048576, (v) => stringify(v, { lineWidth: 0, aliasDuplicateObjects: false })) };
  if (which === 'json') return { name: 'JSON automation config (indented by 2)', file: 'deployment.json', text: `${grown(13 * 1048576, (v) => JSON.stringify(v, null, 2))}\n` };
  return { name: 'JSON automation config of the corpus (as stored)', file: 'fixed-ac.json', text: readFileSync(AUTOMATION, 'utf8') };
}
