// Heap held by one parse of a big YAML text (not a test; prints figures):
//   node --expose-gc --import tsx bench/yaml-heap.ts <file.yaml>
// The text alone, then its SourceFile (value, positions, line index) kept alive, after a full GC.
import { readFileSync } from 'node:fs';
import { parseText } from '../src/syntax/index';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
};
const file = process.argv[2];
const base = heap();
const text = readFileSync(file, 'utf8');
const withText = heap();
const c0 = process.cpuUsage();
const t0 = performance.now();
const parsed = parseText(text, file);
const wall = performance.now() - t0;
const c = process.cpuUsage(c0);
const doc = parsed.documents[0];
doc.locate('/processes/0/name'); // whatever a first question builds
const withParse = heap();
const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
console.log(`${mb(text.length)} text: ${mb(withText - base)} on the heap; its parse ${mb(withParse - withText)} more (parseText ${wall.toFixed(0)} ms wall, ${((c.user + c.system) / 1000).toFixed(0)} ms CPU); RSS peak so far ${mb(process.resourceUsage().maxRSS * 1024)}`);
if (parsed.documents.length !== 1 || doc.value === null) console.log('(not read as one document)');
