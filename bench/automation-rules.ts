// Benchmark of the automation-config rules on generated configurations of growing size.
// Run: npx tsx bench/automation-rules.ts [sizes...]   (default 1000 5000 20000 50000)
import { AUTOMATION_RULES, buildAutomationConfig, countingView, runAutomationRules } from './automation-fixtures';
import type { RuleContext } from '../src/core/types';
import { DocumentFacts } from '../src/core/facts';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
if (sizes.length === 0) sizes.push(1_000, 5_000, 20_000, 50_000);

function time(fn: () => void, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

runAutomationRules(buildAutomationConfig(1_000)); // warm-up

console.log('processes  all rules ms  µs/process  reads/process  findings');
for (const n of sizes) {
  const docs = Array.from({ length: 3 }, () => buildAutomationConfig(n));
  let i = 0;
  let findings = 0;
  const ms = time(() => (findings = runAutomationRules(docs[i++])));
  const counted = countingView(buildAutomationConfig(n));
  runAutomationRules(counted.view);
  console.log(
    `${String(n).padStart(9)}  ${ms.toFixed(1).padStart(12)}  ${((ms * 1000) / n).toFixed(2).padStart(10)}  ` +
      `${(counted.reads() / n).toFixed(1).padStart(13)}  ${String(findings).padStart(8)}`,
  );
}

// Per rule, on the largest size (the first rule to run pays for the shared topology).
const n = sizes[sizes.length - 1];
const doc = buildAutomationConfig(n);
console.log(`\nper rule, ${n} processes (topology built by the first):`);
const facts = new DocumentFacts(doc);
for (const rule of AUTOMATION_RULES) {
  const ctx: RuleContext = { facts, value: doc, kind: 'automation-config', filePath: 'bench.json', options: { now: new Date(0), secretPlaceholders: [] }, report: () => {}, isTemplate: () => false };
  const ms = time(() => rule.check(ctx), 1);
  console.log(`  ${rule.meta.id.padEnd(32)} ${ms.toFixed(1).padStart(8)} ms`);
}
