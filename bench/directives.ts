// What reading directives costs on a big YAML text: the lexer pass (only when the text mentions
// "omlint-") against the whole lint. Figures, not a test: `npx tsx bench/directives.ts`.
import { lint } from '../src/engine/lint';
import { findDirectives } from '../src/syntax/suppress';
import { LineIndex } from '../src/core/lines';

function alerts(n: number, directive: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      '---',
      directive && i % 100 === 0 ? '# omlint-disable-next-line enabled-omitted -- legacy' : '# an ordinary comment',
      `eventTypeName: HOST_DOWN`,
      `description: |\n  Alert ${i}\n  # not a comment`,
      'notifications:',
      '  - typeName: EMAIL',
      `    emailAddress: "dba${i}@example.com"`,
      '    delayMin: 0',
      '    intervalMin: 60',
    );
  }
  return out.join('\n') + '\n';
}

function ms(f: () => void): number {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function main(): Promise<void> {
  for (const directive of [false, true]) {
    const text = alerts(20_000, directive);
    const find = Math.min(...[0, 1, 2].map(() => ms(() => findDirectives(text, new LineIndex(text)))));
    const t = process.hrtime.bigint();
    const [r] = await lint([{ filePath: 'big.yaml', text }], { now: new Date('2026-11-21T00:00:00Z') });
    const all = Number(process.hrtime.bigint() - t) / 1e6;
    console.log(`${(text.length / 1048576).toFixed(1)} MB, ${directive ? 'with' : 'without'} directives: findDirectives ${find.toFixed(1)} ms, whole lint ${all.toFixed(0)} ms (${r.diagnostics.length} findings)`);
  }
}

void main();
