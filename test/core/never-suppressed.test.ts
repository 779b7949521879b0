// One list of findings nothing may silence, read by each of the three places that silence
// findings: inline directives (syntax/suppress.ts), the disable-for-line and disable-for-file
// code actions (server/code-actions.ts) and the baseline (cli/baseline.ts).
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { NEVER_SUPPRESSED } from '../../src/core/never-suppressed';
import { LineIndex } from '../../src/core/lines';
import type { Diagnostic, FileResult } from '../../src/core/types';
import { applyDirectives, findDirectives } from '../../src/syntax/suppress';
import { codeActionsFor } from '../../src/server/code-actions';
import { suppress } from '../../src/cli/baseline';

const IDS = [...NEVER_SUPPRESSED, 'some-rule'];

function diag(ruleId: string): Diagnostic {
  return { ruleId, severity: 'error', message: `${ruleId} here`, pointer: '', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } }, kind: 'unknown', documentIndex: 0, fixable: false, span: { start: 0, end: 1 } };
}

const result = (diagnostics: Diagnostic[]): FileResult => ({ filePath: 'a.yaml', kinds: ['unknown'], documents: 1, errorCount: diagnostics.length, warningCount: 0, infoCount: 0, diagnostics });

describe('NEVER_SUPPRESSED', () => {
  it('names every finding about an unread file, a failing rule or a directive (limit-exceeded too: a directive hid a file too deep to read)', () => {
    expect([...NEVER_SUPPRESSED].sort()).toEqual(['internal-error', 'limit-exceeded', 'syntax-error', 'unused-disable-directive']);
  });

  it('inline directives silence none of them (and do silence another rule)', () => {
    for (const id of IDS) {
      const text = `a: 1  # omlint-disable-line ${id}\n# omlint-disable ${id}\n`;
      const lines = new LineIndex(text);
      const kept = applyDirectives([diag(id)], findDirectives(text, lines).directives, lines);
      expect(kept.map((d) => d.ruleId), id).toEqual(NEVER_SUPPRESSED.has(id) ? [id] : []);
    }
  });

  it('no code action disables one of them for a line (YAML) or a file (JSON)', async () => {
    for (const yaml of [true, false]) {
      const doc = TextDocument.create(yaml ? 'file:///a.yaml' : 'file:///a.json', yaml ? 'yaml' : 'json', 1, 'a: 1\n');
      const actions = await codeActionsFor({
        doc,
        result: result(IDS.map(diag)),
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } },
        yaml,
        toLsp: (d) => ({ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: d.message, source: 'omlint', code: d.ruleId }),
        fixedText: async () => doc.getText(),
        disableForFile: () => ({ edit: { changes: {} }, configName: '.omlintrc.yaml' }),
      });
      const disabled = actions.filter((a) => a.title.startsWith('Disable ')).map((a) => a.title);
      expect(disabled, yaml ? 'yaml' : 'json').toEqual(yaml ? ['Disable some-rule for this line', 'Disable some-rule for this file'] : ['Disable some-rule for this file (in .omlintrc.yaml)']);
    }
  });

  it('a baseline records none of them', () => {
    const s = suppress({}, [result(IDS.map(diag))], '/');
    expect(Object.keys(Object.values(s)[0] ?? {})).toEqual(['some-rule']);
  });
});
