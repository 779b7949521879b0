// The plan types the engine writes narrow the public shapes (core/public-shapes.ts);
// test/api/public-types.check.ts holds them to the same fields. Here that check compiles clean, and
// fails once an internal plan type grows a field of its own.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../golden/corpus';

const CHECK = path.join(ROOT, 'test', 'api', 'public-types.check.ts');
const PLAN = path.join(ROOT, 'src', 'plan', 'plan.ts');

const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
// Every file but the plan's is parsed once for all cases.
const parsed = new Map<string, ts.SourceFile | undefined>();

function diagnostics(edit: (text: string) => string = (t) => t): string[] {
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language) => {
    if (path.resolve(file) === PLAN) return ts.createSourceFile(file, edit(ts.sys.readFile(file)!), language);
    if (!parsed.has(file)) parsed.set(file, getSourceFile(file, language));
    return parsed.get(file);
  };
  const program = ts.createProgram([CHECK], config.options, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(CHECK)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the plan types against the public shapes they narrow', () => {
  it('agree: PlanChange, PlanGroup, DocumentPlan, FilePlan', () => {
    expect(diagnostics()).toEqual([]);
  }, 60_000);

  it.each([
    ['a field more in FilePlan', (t: string) => t.replace('  documents: DocumentPlan[];\n}', '  documents: DocumentPlan[];\n  digest?: string;\n}')],
    ['a field more in PlanChange', (t: string) => t.replace('  type: ChangeType;\n}', '  type: ChangeType;\n  weight: number;\n}')],
    ['a field more in PlanGroup', (t: string) => t.replace('  changes: PlanChange[];\n}', '  changes: PlanChange[];\n  order: number;\n}')],
  ])('fail on drift: %s', (_name, edit) => {
    const changed = edit(ts.sys.readFile(PLAN)!);
    expect(changed).not.toBe(ts.sys.readFile(PLAN));
    expect(diagnostics(edit).length).toBeGreaterThan(0);
  }, 60_000);
});
