// Kind preparation: a file parsed (through the project's cache), split into its lintable items,
// each item's kind found, and what keeps a file from being checked reported.
import { DEFAULT_LIMITS } from '../syntax/index';
import { declaredKind, kindFromText, nearKindInFileName, nearKindInFileNameMessage } from '../kinds/detect';
import { documentKinds, type KindDeclarations } from '../kinds/analysis';
import { KINDS as RULE_KINDS, kindWithArticle } from '../core/kinds';
import { isPlaceholder } from '../model/placeholders';
import type { LintInput, LintOptions } from '../core/types';
import { didYouMean } from '../config/did-you-mean';
import type { Project } from '../project/project';
import type { LintRunOptions } from './run-options';
import { addReport, addSpanDiagnostic, displayPath, type ItemState, type FileState } from './file-report';

function invalidModelineMessage(name: string): string {
  return `The modeline names "${name}", which is no omlint kind.${didYouMean(name, RULE_KINDS)} Kinds: ${[...RULE_KINDS].join(', ')}.`;
}

/** Parses a file and finds its documents and their kinds. */
export function prepareFile(project: Project, input: LintInput, opts: LintRunOptions, settings = project.settingsFor(input.filePath)): FileState {
  const limits = opts.limits ?? DEFAULT_LIMITS;
  // Through the project's cache: each text version is parsed once.
  const sourceFile = project.parse(input.filePath, input.text, limits);
  const options: LintOptions = {
    now: opts.now ?? new Date(),
    targetVersion: opts.targetVersion ?? settings.targetVersion,
    secretPlaceholders: settings.secretPlaceholders,
  };
  // Every field set here, the optional ones too: one shape for every file's state (V8 then keeps
  // one optimised form of the engine's per-file functions instead of recompiling them for another).
  const file: FileState = {
    input,
    displayPath: displayPath(input.filePath, opts.cwd),
    settings,
    sourceFile,
    docs: [],
    diagnostics: [],
    options,
    dropped: false,
    recorded: { error: 0, warning: 0, info: 0 },
    templates: undefined,
    overflow: { error: 0, warning: 0, info: 0 },
    baseSecrets: undefined,
    off: undefined,
    isTemplate: (value: unknown) => isPlaceholder(value, options.secretPlaceholders),
  };
  if (input.problem) {
    // Whatever the text still reads as (bytes decoded with U+FFFD) only serves to mask secrets in the frame.
    const read = input.text ? sourceFile.documents.find((d) => !d.empty) : undefined;
    const salvage = read ? () => (read.unusable ? read.salvage?.() : read.value) : undefined;
    file.docs.push({ index: 0, document: { value: null, empty: false, unusable: true, span: { start: 0, end: 0 }, locate: (p) => read?.locate(p), salvage }, base: '', value: null });
    addSpanDiagnostic(file, input.problem.ruleId, input.problem.message, input.problem.span ?? { start: 0, end: 0 }, 0, opts);
    return file;
  }
  const { modelines } = sourceFile.comments();
  const firstDocIndex: number[] = [];
  let unknownOnly = true;
  const declarations: KindDeclarations = { optionKind: opts.kind, configKind: file.settings.kind, filePath: input.filePath, modelines, fileNameKind: undefined };
  for (const pd of sourceFile.documents) {
    firstDocIndex.push(file.docs.length);
    const kinds = documentKinds(pd, declarations);
    if (kinds.status === 'unusable') {
      // Judged below, by what can be read of the text (skipWhy).
      file.docs.push({ index: file.docs.length, document: pd, base: '', value: null, why: 'does not parse' });
      continue;
    }
    if (kinds.status === 'empty') {
      unknownOnly = false;
      const doc: ItemState = { index: file.docs.length, document: pd, base: '', value: null, why: 'empty' };
      file.docs.push(doc);
      addSpanDiagnostic(file, 'empty-document', sourceFile.documents.length > 1 ? 'This YAML document is empty; remove the stray "---" separator or give it content.' : 'The file is empty: it configures nothing.', { start: pd.span.start, end: pd.span.start }, doc.index, opts);
      continue;
    }
    if (kinds.status === 'invalid-modeline') {
      unknownOnly = false;
      const doc: ItemState = { index: file.docs.length, document: pd, base: '', value: pd.value, why: `the modeline names "${kinds.invalid}", no kind` };
      file.docs.push(doc);
      const span = { start: kinds.offset, end: kinds.offset + kinds.invalid.length + 14 };
      addSpanDiagnostic(file, 'unknown-kind', invalidModelineMessage(kinds.invalid), span, doc.index, opts);
      continue;
    }
    for (const item of kinds.items) {
      const doc: ItemState = { index: file.docs.length, document: pd, base: item.base, kind: item.kind, value: item.value, source: item.source, why: item.problem?.message };
      file.docs.push(doc);
      if (item.kind) {
        unknownOnly = false;
        continue;
      }
      const problem = item.problem!;
      if (problem.candidates.length > 0) unknownOnly = false;
      addReport(file, doc, 'unknown-kind', { pointer: problem.pointer ?? '', target: problem.pointer ? 'key' : undefined, message: problem.message, fix: problem.fix }, opts);
    }
  }
  if (sourceFile.documents.length === 0) {
    // Comments only: an empty document when a kind is declared for it (a modeline, the file
    // name…), so that it is not skipped as "no omlint document"; nothing otherwise.
    const declared = declaredKind(declarations, sourceFile.text.length);
    if (declared) {
      unknownOnly = false;
      file.docs.push({ index: 0, document: { value: null, empty: true, span: { start: 0, end: 0 }, locate: () => undefined }, base: '', value: null, why: 'comments only', ...('kind' in declared ? { declared: declared.kind, source: declared.source } : {}) });
      if ('invalid' in declared) {
        addSpanDiagnostic(file, 'unknown-kind', invalidModelineMessage(declared.invalid), { start: declared.offset, end: declared.offset }, 0, opts);
      } else {
        const how = declared.source === 'file-name' ? 'by its file name' : declared.source === 'modeline' ? 'by its modeline' : declared.source === 'config' ? 'by the configuration' : 'by --kind';
        addSpanDiagnostic(file, 'empty-document', `The file holds only comments: it is declared ${kindWithArticle(declared.kind)} (${how}) but configures nothing.`, { start: 0, end: 0 }, 0, opts);
      }
    }
  }
  // A comment meant as a modeline that does not read as one: the kind it names was never applied.
  for (const b of sourceFile.syntax === 'yaml' ? sourceFile.comments().brokenModelines : []) {
    unknownOnly = false;
    if (file.docs.length === 0) file.docs.push({ index: 0, document: { value: null, empty: true, span: { start: 0, end: 0 }, locate: () => undefined }, base: '', value: null, why: 'comments only' });
    const fixed = `# omlint: kind=${b.kind ?? '<kind>'}`;
    addSpanDiagnostic(file, 'unknown-kind', `This comment looks like an omlint modeline but is malformed, so it declares no kind; write "${fixed}".`, { start: b.offset, end: b.offset + b.length }, 0, opts);
  }
  // A kind misspelt in the file name (`cpu.alert-confg.yaml`), when nothing else declares one.
  const nearName = declaredKind(declarations, sourceFile.text.length) ? undefined : nearKindInFileName(input.filePath);
  if (nearName) {
    unknownOnly = false;
    if (file.docs.length === 0) file.docs.push({ index: 0, document: { value: null, empty: true, span: { start: 0, end: 0 }, locate: () => undefined }, base: '', value: null, why: 'comments only' });
    addSpanDiagnostic(file, 'unknown-kind', nearKindInFileNameMessage(nearName), { start: 0, end: 0 }, 0, opts);
  }
  // Problems found while parsing, attached to the first item of their YAML document.
  for (const p of sourceFile.problems) {
    const docIndex = firstDocIndex[p.documentIndex] ?? 0;
    const doc = file.docs[docIndex];
    let span = p.span;
    if (p.pointer !== undefined && doc && p.ruleId !== 'duplicate-key') {
      const loc = doc.document.locate(p.pointer);
      if (loc?.key) span = loc.key;
    }
    addSpanDiagnostic(file, p.ruleId, p.message, span, docIndex, opts, doc?.kind ?? 'unknown', p.pointer ?? '');
  }
  const skipped = unknownOnly && opts.skipUnknown?.(input.filePath) ? skipWhy(file, opts, modelines.length > 0) : undefined;
  file.dropped = skipped !== undefined;
  opts.onKinds?.(input.filePath, file.docs.map((d) => ({ documentIndex: d.index, base: d.base, kind: d.kind ?? d.declared, source: d.source, problem: d.kind ? undefined : d.why })), skipped ?? false);
  return file;
}

/**
 * Why a file of no known kind, where unknown files are skipped, is no Ops Manager document; undefined
 * when it must be reported. A text that does not parse (a tsconfig.json with comments, a
 * Helm template) is one only when nothing declares a kind and its keys look like no kind's.
 */
function skipWhy(file: FileState, opts: LintRunOptions, modelines: boolean): string | undefined {
  const { sourceFile, input } = file;
  if (sourceFile.problems.length === 0 && !file.docs.some((d) => d.document.unusable)) return 'no document of a known kind, nor one that looks like one (not an Ops Manager document)';
  if (opts.kind || file.settings.kind || modelines || declaredKind({ filePath: input.filePath, modelines: [] }, 0)) return undefined;
  if (kindFromText(sourceFile.text)) return undefined;
  const syntax = sourceFile.syntax === 'json' ? 'JSON' : 'YAML';
  const problem = sourceFile.problems.some((p) => p.ruleId === 'syntax-error') || !sourceFile.problems[0] ? `not valid ${syntax}` : `not read as ${syntax} (${sourceFile.problems[0].ruleId})`;
  return `${problem}, and no Ops Manager document by what can be read of it: no kind declared (file name, modeline or config), no identifying key of any kind`;
}

