// text → documents with source maps. Never throws: every problem becomes a ParseProblem.
import { LineIndex } from '../core/lines';
import { bracketDepthExceeded, jsonSyntaxError, parseJsonText, salvageJson, tooDeepMessage, type TextScan } from './json';
import { parseYamlText, yamlPositions, type YamlDocumentCache } from './yaml';
export { YamlDocumentCache } from './yaml';
import { fastYamlDocument, hasSeveralDocuments, rereadYamlDocument } from './yaml-fast';
import { directiveProblems } from './yaml-directives';
import { costProblem, documentsProblem, fullYamlParseProblem, withinNodeBudget, type MarkerMemo } from './cost';
import { DEFAULT_LIMITS, type ParseLimits, type ParsedDocument, type ParsedFile, type ParseProblem, type SyntaxKind } from './types';
import { defineBuiltin } from '../core/rule';
import { SourceFile } from './source-file';
import { workCounts } from './work-counts';
import { yamlLibraryWillParse } from './parse-signal';

export { SourceFile, looksAhead, willLocate, type SourceComments } from './source-file';
export { keepsDocumentValues } from './yaml';
export type { CursorContext } from './cursor';

export * from './types';
export { LineIndex } from '../core/lines';

const NOT_SPACE = /\S/;
/** Empty, of the map of a list that holds an object (sliced from one); never changed. */
const NO_PROBLEMS: readonly ParseProblem[] = ([null] as unknown as ParseProblem[]).slice(1);

function syntaxFor(fileName: string, text: string): SyntaxKind {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  const first = /\S/.exec(text)?.[0];
  return first === '{' || first === '[' ? 'json' : 'yaml';
}

function unusableDocument(salvage?: () => unknown): ParsedDocument {
  return { value: null, empty: false, unusable: true, span: { start: 0, end: 0 }, locate: () => undefined, salvage };
}

/**
 * Parses a text into its SourceFile. No cache here: the owner of a file (src/project's Project) keeps its parse per
 * text version. `documents`: the owner's cache of YAML stream documents, so that an edit of a big
 * multi-document stream re-parses the edited document only.
 */
export function parseText(rawText: string, fileName = 'stdin', limits: ParseLimits = DEFAULT_LIMITS, documents?: YamlDocumentCache): SourceFile {
  return parseAnew(rawText, fileName, limits, documents);
}

function parseAnew(rawText: string, fileName: string, limits: ParseLimits, documentCache?: YamlDocumentCache): SourceFile {
  workCounts.parses++;
  const bom = rawText.charCodeAt(0) === 0xfeff;
  const text = bom ? rawText.slice(1) : rawText;
  const lines = new LineIndex(text);
  const syntax = syntaxFor(fileName, text);
  // Parsers place an error at end of input one character past it: spans stay inside the text.
  const inside = (n: number) => Math.max(0, Math.min(n, text.length));
  // `markers`: the text's marker lines, when a pass before or in the parse has read them all.
  const done = (documents: ParsedDocument[], problems: ParseProblem[], kind: SyntaxKind = syntax, markers?: number[]): SourceFile =>
    new SourceFile(
      {
        text,
        bom,
        syntax: kind,
        lines,
        documents,
        // None (most texts): an empty list of the map of one holding problems (`[].map()` makes one
        // of another: the engine's readers of both were compiled twice).
        problems: problems.length === 0 ? NO_PROBLEMS.slice() : problems.map((p) => ({ ...p, span: { start: inside(p.span.start), end: inside(Math.max(p.span.start, p.span.end)) } })),
      },
      fileName,
      markers,
    );

  if (text.length > limits.maxBytes) {
    return done([unusableDocument()], [
      {
        ruleId: 'limit-exceeded',
        message: `The file is ${(text.length / 1048576).toFixed(1)} MB, over the ${(limits.maxBytes / 1048576).toFixed(0)} MB limit; omlint did not read it. Raise the limit with --max-file-size (MB) if it is genuine.`,
        span: { start: 0, end: 0 },
        documentIndex: 0,
      },
    ]);
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    return done([unusableDocument()], [
      {
        ruleId: 'syntax-error',
        message: 'The file contains NUL bytes: it is binary, not JSON or YAML text.',
        span: { start: nul, end: nul + 1 },
        documentIndex: 0,
      },
    ]);
  }
  // Where the content starts (white space as trim() sees it): none, an empty document.
  const contentAt = text.search(NOT_SPACE);
  if (contentAt < 0) {
    const empty: ParsedDocument = { value: null, empty: true, span: { start: 0, end: 0 }, locate: () => undefined };
    return done([empty], []);
  }

  const first = text[contentAt];
  // What the pre-scans find for the parse of this text, dropped with it.
  const scan: TextScan & MarkerMemo = {};
  const overLimit = (p: ParseProblem) => done([unusableDocument()], [p]);
  if (syntax === 'json' || first === '{' || first === '[') {
    // A YAML read kept for the next version is let go: this one is read as JSON.
    if (documentCache) documentCache.block = undefined;
    const over = costProblem(text, 'json', limits, scan);
    if (over) return overLimit(over);
    const parsed = parseJsonText(text, limits, scan);
    if (parsed) return done(parsed.documents.length ? parsed.documents : [unusableDocument()], parsed.problems, 'json');
    if (syntax === 'json') {
      const deepAt = bracketDepthExceeded(text, limits.maxDepth);
      if (deepAt !== undefined) {
        return done([unusableDocument()], [{ ruleId: 'limit-exceeded', message: tooDeepMessage(limits.maxDepth), span: { start: deepAt, end: deepAt + 1 }, documentIndex: 0 }]);
      }
      let message = 'invalid JSON';
      try {
        JSON.parse(text);
      } catch (e) {
        message = e instanceof Error ? e.message : String(e);
      }
      const err = jsonSyntaxError(text, message);
      return done([unusableDocument(() => salvageJson(text))], [{ ruleId: 'syntax-error', message: err.message, span: err.span, documentIndex: 0 }]);
    }
  }
  // A new version of a big text the block reader read, edited in one value: read again there only.
  const reread = rereadYamlDocument(text, limits, () => yamlPositions(text), documentCache);
  if (reread) return done([reread], [], 'yaml');
  // A text with fewer characters than the node and memory limits allow nodes cannot break them
  // (every node takes a character), and the block reader bounds its own depth (it declines past
  // its limit, and the fast path past limits.maxDepth): the pre-scan, a pass over the whole text,
  // runs before it only for texts that might, and after it for the texts it declines.
  const scanFirst = !withinNodeBudget(text, limits);
  if (scanFirst) {
    const over = costProblem(text, 'yaml', limits, scan);
    if (over) return overLimit(over);
  }
  // Plain single-document YAML: the block reader's value and positions. A new version of a stream
  // whose documents are kept (an editor's multi-document file) is not read whole first: the block
  // reader would decline it once it met the second document's marker, after reading every line.
  const stream = documentCache !== undefined && documentCache.entries.size > 0 && hasSeveralDocuments(text);
  if (stream) documentCache.block = undefined;
  const fast = stream ? undefined : fastYamlDocument(text, limits, () => yamlPositions(text), documentCache, contentAt, scan, lines);
  if (fast) return done([fast], [], 'yaml', scan.markers);
  if (!scanFirst) {
    const over = costProblem(text, 'yaml', limits, scan);
    if (over) return overLimit(over);
  }
  const overFull = fullYamlParseProblem(text, limits, scan) ?? documentsProblem(text, limits, scan);
  if (overFull) return overLimit(overFull);
  yamlLibraryWillParse(text.length);
  const parsed = parseYamlText(text, limits, documentCache, scan);
  // Its own pass over the lines: it runs on texts with a directive only, and the errors it finds are ones the yaml library lets pass.
  const directives = directiveProblems(text);
  if (directives.length === 0) return done(parsed.documents, parsed.problems, 'yaml', scan.markers);
  const broken = new Set(directives.map((p) => p.documentIndex));
  const documents = parsed.documents.map((d, i) => (broken.has(i) ? { ...d, value: null, empty: false, unusable: true } : d));
  return done(documents.length ? documents : [unusableDocument()], [...parsed.problems, ...directives].sort((a, b) => a.span.start - b.span.start), 'yaml', scan.markers);
}

// The rule ids this module reports (listed in rules/registry.ts by scripts/gen-rule-index.ts).
export const SYNTAX_ERROR = defineBuiltin({
  id: 'syntax-error',
  defaultSeverity: 'error',
  description: 'The file is not valid JSON or YAML.',
  docs: {
    why: 'The server rejects a body it cannot parse; omlint points at the exact spot and says why in plain words.',
    bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: [60
`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
  },
});

export const LIMIT_EXCEEDED = defineBuiltin({
  id: 'limit-exceeded',
  defaultSeverity: 'error',
  description: 'The file exceeds a size, nesting-depth, node-count, memory, alias-expansion or document-count limit.',
  docs: {
    why: 'Hostile or broken files (alias bombs, absurd nesting, huge files, millions of nodes) must not hang or exhaust a pre-commit hook or an editor. The limits are checked by a cheap scan before any parser runs, and aliases are counted as what they expand to. The message names the limit and the option that raises it (`--max-file-size`, `--max-depth`, `--max-nodes`, `--max-memory`, `--max-aliases`, `--max-documents`). See docs/robustness.md.',
    bad: `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n`,
    good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`,
  },
});
