// `npm run golden:update`: rewrites test/golden/ from the current omlint's output on examples/.
// Run it when a change of diagnostics is intended, and read the diff before committing it.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../src/io/write-file';
import { expectedNames, GOLDEN_DIR, recordAll } from '../test/golden/corpus';

function current(name: string): string | undefined {
  try {
    return readFileSync(path.join(GOLDEN_DIR, name), 'utf8');
  } catch {
    return undefined;
  }
}

const recorded = await recordAll();
const keep = new Set([...expectedNames(), 'corpus.ts']);
let changed = 0;
for (const [name, text] of recorded) {
  if (current(name) === text) continue;
  writeFileAtomic(path.join(GOLDEN_DIR, name), text);
  console.log(`updated test/golden/${name}`);
  changed++;
}
for (const name of readdirSync(GOLDEN_DIR)) {
  if (keep.has(name)) continue;
  rmSync(path.join(GOLDEN_DIR, name));
  console.log(`removed test/golden/${name} (no case records it)`);
  changed++;
}
console.log(changed ? `${changed} golden file(s) changed: review them with git diff test/golden/` : 'golden files are up to date');
