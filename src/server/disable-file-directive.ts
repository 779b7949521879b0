// "Disable <rule> for this file" in YAML: an `# omlint-disable <rule>` comment on the first line,
// as the ESLint extension puts `/* eslint-disable rule */` at the top. A region directive holds from
// its comment on, so the first line covers every finding of the text (each document of a stream too),
// and the file says so itself (the CLI reads it as the editor does; JSON has the config instead).
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export function disableFileDirective(doc: TextDocument, ruleId: string, lspDiag: LspDiagnostic): CodeAction {
  const text = doc.getText();
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const firstEnd = text.search(/\r?\n|\r|$/);
  const first = text.slice(bom, firstEnd);
  const title = `Disable ${ruleId} for this file`;
  const edit = (offset: number, newText: string): CodeAction => ({
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [lspDiag],
    edit: { changes: { [doc.uri]: [{ range: { start: doc.positionAt(offset), end: doc.positionAt(offset) }, newText }] } },
  });
  // The first line is already such a directive (with rule ids, before any ` -- reason`): add the rule.
  const m = /^(#\s*omlint-disable\s+)(.*?)(\s+--(?:\s.*)?)?$/.exec(first);
  if (m && m[2].trim() !== '') return edit(bom + m[1].length + m[2].length, `, ${ruleId}`);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return edit(bom, `# omlint-disable ${ruleId}${eol}`);
}
