// The public types (src/api/types.ts) repeat internal ones because the package's d.ts is emitted from
// src/api alone; test/api/public-types.check.ts holds the two to the same fields. Here that check
// compiles clean, and fails once the public types drift (a field added to one side).
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../golden/corpus';

const CHECK = path.join(ROOT, 'test', 'api', 'public-types.check.ts');
const PUBLIC = path.join(ROOT, 'src', 'api', 'types.ts');

const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
// Every file but the public types is parsed once for all cases.
const parsed = new Map<string, ts.SourceFile | undefined>();

function diagnostics(edit: (text: string) => string = (t) => t): string[] {
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language) => {
    if (path.resolve(file) === PUBLIC) return ts.createSourceFile(file, edit(ts.sys.readFile(file)!), language);
    if (!parsed.has(file)) parsed.set(file, getSourceFile(file, language));
    return parsed.get(file);
  };
  const program = ts.createProgram([CHECK], config.options, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(CHECK)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the public types against the internal ones they repeat', () => {
  it('agree: Severity, Position, Range, RelatedPlace, FormatName, and the plan', () => {
    expect(diagnostics()).toEqual([]);
  }, 60_000);

  it.each([
    ['a field more in Position', (t: string) => t.replace('  column: number;\n}', '  column: number;\n  offset?: number;\n}')],
    ['a field less in DocumentPlan', (t: string) => t.replace('  restarts: string[];\n}', '}')],
    ['another Severity', (t: string) => t.replace("'error' | 'warning' | 'info'", "'error' | 'warning'")],
  ])('fail on drift: %s', (_name, edit) => {
    const changed = edit(ts.sys.readFile(PUBLIC)!);
    expect(changed).not.toBe(ts.sys.readFile(PUBLIC));
    expect(diagnostics(edit).length).toBeGreaterThan(0);
  }, 60_000);
});
