// Code actions: every fix and suggestion as a quick fix, "Disable <rule> for this line" (YAML),
// "Disable <rule> for this file" (YAML: a directive on the first line, disable-file-directive.ts;
// JSON: an override in the config, disable-file.ts), and source.fixAll.omlint (all safe fixes, as the CLI's --fix applies them).
import { CodeActionKind, type CodeAction, type Command, type Diagnostic as LspDiagnostic, type Range, type TextEdit as LspTextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, FileResult, TextFix } from '../core/types';
import { rangesOverlap, spanToRange } from './positions';
import { NEVER_SUPPRESSED } from '../core/never-suppressed';
import { disableFileDirective } from './disable-file-directive';

export const FIX_ALL_KIND = 'source.fixAll.omlint';
export const FIX_ALL_TITLE = 'Fix all auto-fixable omlint problems';

export interface CodeActionInput {
  doc: TextDocument;
  /** The lint result of the document's current text (undefined: nothing reported). */
  result: FileResult | undefined;
  range: Range;
  only?: string[];
  /** YAML: inline directives work. */
  yaml: boolean;
  toLsp(d: Diagnostic): LspDiagnostic;
  /** The text with every safe fix applied (the document's text when none applies). */
  fixedText(): Promise<string>;
  /** Hides secrets in titles (as the engine does in messages). */
  mask?(text: string): string;
  /**
   * The client resolves code actions (codeAction/resolve): fix-all is offered with this `data`
   * and its edit computed only when chosen (a fix-all of a big file costs seconds).
   */
  lazyFixAll?: unknown;
  /**
   * JSON (no comments, so no directives): the edit of the config that turns a rule off for this
   * file, and the config's name for the title.
   */
  /** The edit, or (a client that watches no files) the command by which the server writes the config itself. */
  disableForFile?(ruleId: string): { edit?: WorkspaceEdit; command?: Command; configName: string } | undefined;
}

export function wantsKind(kind: string, only: string[] | undefined): boolean {
  return !only || only.some((f) => kind === f || kind.startsWith(`${f}.`));
}

function editsOf(doc: TextDocument, fix: TextFix): LspTextEdit[] {
  return fix.edits.map((e) => ({ range: spanToRange(doc, e.span), newText: e.text }));
}

/** One edit turning `before` into `after`: the differing middle part. */
export function minimalEdit(doc: TextDocument, before: string, after: string): LspTextEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) {
    endB--;
    endA--;
  }
  // Never split a \r\n pair or a surrogate pair.
  while (start > 0 && (/[\r\uD800-\uDBFF]/.test(before[start - 1]))) start--;
  return { range: { start: doc.positionAt(start), end: doc.positionAt(endB) }, newText: after.slice(start, endA) };
}

function disableAction(doc: TextDocument, d: Diagnostic, lspDiag: LspDiagnostic): CodeAction {
  const text = doc.getText();
  const line = lspDiag.range.start.line;
  const lineStart = doc.offsetAt({ line, character: 0 });
  const lineText = text.slice(lineStart, doc.offsetAt({ line: line + 1, character: 0 }));
  const indent = /^[ \t]*/.exec(lineText.replace(/^\uFEFF/, ''))![0];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const title = `Disable ${d.ruleId} for this line`;
  // A directive right above: add the rule to it.
  if (line > 0) {
    const prevStart = doc.offsetAt({ line: line - 1, character: 0 });
    const prev = text.slice(prevStart, lineStart).replace(/\r?\n$|\r$/, '');
    const m = /^([ \t]*#\s*omlint-disable-next-line\s+)(.*?)(\s+--(?:\s.*)?)?$/.exec(prev);
    if (m && m[2].trim() !== '') {
      const at = prevStart + m[1].length + m[2].length;
      return {
        title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [lspDiag],
        edit: { changes: { [doc.uri]: [{ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, newText: `, ${d.ruleId}` }] } },
      };
    }
  }
  const at = { line, character: lineText.startsWith('\uFEFF') ? 1 : 0 };
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [lspDiag],
    edit: { changes: { [doc.uri]: [{ range: { start: at, end: at }, newText: `${indent}# omlint-disable-next-line ${d.ruleId}${eol}` }] } },
  };
}

export async function codeActionsFor(input: CodeActionInput): Promise<CodeAction[]> {
  const { doc, result, range, only } = input;
  const title = (t: string) => (input.mask ? input.mask(t) : t);
  const actions: CodeAction[] = [];
  if (!result) return actions;
  if (wantsKind(CodeActionKind.QuickFix, only)) {
    const disabled = new Set<string>();
    for (const d of result.diagnostics) {
      const lspDiag = input.toLsp(d);
      if (!rangesOverlap(lspDiag.range, range)) continue;
      if (d.fix) {
        actions.push({ title: title(d.fix.title), kind: CodeActionKind.QuickFix, diagnostics: [lspDiag], isPreferred: true, edit: { changes: { [doc.uri]: editsOf(doc, d.fix) } } });
      }
      for (const s of d.suggestions ?? []) {
        actions.push({ title: title(s.title), kind: CodeActionKind.QuickFix, diagnostics: [lspDiag], edit: { changes: { [doc.uri]: editsOf(doc, s) } } });
      }
      const key = `${lspDiag.range.start.line}:${d.ruleId}`;
      if (input.yaml && !NEVER_SUPPRESSED.has(d.ruleId) && !disabled.has(key)) {
        disabled.add(key);
        actions.push(disableAction(doc, d, lspDiag));
      }
      if (input.yaml && !NEVER_SUPPRESSED.has(d.ruleId) && !disabled.has(d.ruleId)) {
        disabled.add(d.ruleId);
        actions.push(disableFileDirective(doc, d.ruleId, lspDiag));
      }
      if (!input.yaml && input.disableForFile && !NEVER_SUPPRESSED.has(d.ruleId) && !disabled.has(d.ruleId)) {
        disabled.add(d.ruleId);
        const off = input.disableForFile(d.ruleId);
        if (off) actions.push({ title: `Disable ${d.ruleId} for this file (in ${off.configName})`, kind: CodeActionKind.QuickFix, diagnostics: [lspDiag], ...(off.command ? { command: off.command } : { edit: off.edit }) });
      }
    }
  }
  // Asked for, or next to the quick fixes of a problem (not on every line of the file).
  const fixAllWanted = only ? wantsKind(FIX_ALL_KIND, only) : actions.length > 0;
  if (fixAllWanted && result.diagnostics.some((d) => d.fix)) {
    if (input.lazyFixAll !== undefined) {
      actions.push({ title: FIX_ALL_TITLE, kind: FIX_ALL_KIND, data: input.lazyFixAll });
      return actions;
    }
    const before = doc.getText();
    const after = await input.fixedText();
    if (after !== before) {
      actions.push({ title: FIX_ALL_TITLE, kind: FIX_ALL_KIND, edit: { changes: { [doc.uri]: [minimalEdit(doc, before, after)] } } });
    }
  }
  return actions;
}

/** The edit of a lazily offered fix-all (none when the fixes change nothing). */
export async function fixAllEdit(doc: TextDocument, fixedText: () => Promise<string>): Promise<CodeAction['edit']> {
  const before = doc.getText();
  const after = await fixedText();
  return after === before ? undefined : { changes: { [doc.uri]: [minimalEdit(doc, before, after)] } };
}
