// text → documents with source maps. Never throws: every problem becomes a ParseProblem.
import { LineIndex } from './lines';
import { bracketDepthExceeded, jsonSyntaxError, parseJsonText, salvageJson, tooDeepMessage } from './json';
import { parseYamlText, yamlPositions } from './yaml';
import { fastYamlDocument } from './yaml-fast';
import { directiveProblems } from './yaml-directives';
import { costProblem, fullYamlParseProblem } from './cost';
import { DEFAULT_LIMITS, type ParseLimits, type ParsedDocument, type ParsedFile, type ParseProblem, type SyntaxKind } from './types';

export * from './types';
export { LineIndex } from './lines';

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

// The language server asks for one text's parse several times (lint, kinds, hover, completion):
// each text version is parsed once and the parse shared. Besides the time, parsing a deeply
// nested YAML text a second time in one process could kill V8 (a fatal regexp-stack overflow).
const memo = new Map<string, ParsedFile>();
let memoOn = false;
const MEMO_MAX = 16;
/** Texts parsed since the process started (not counting parses served from the memo). */
export const parseCounter = { parses: 0 };

/** Keeps the last parses by text (the language server; the CLI parses each text once anyway). */
export function enableParseMemo(): void {
  memoOn = true;
}

export function parseText(rawText: string, fileName = 'stdin', limits: ParseLimits = DEFAULT_LIMITS): ParsedFile {
  if (!memoOn) return parseAnew(rawText, fileName, limits);
  const key = `${syntaxFor(fileName, rawText)}\u0000${limits.maxBytes}/${limits.maxDepth}/${limits.maxAliases}/${limits.maxNodes}/${limits.maxMemoryMB}\u0000${rawText}`;
  let parsed = memo.get(key);
  if (parsed) memo.delete(key); // most recently used last
  else {
    parsed = parseAnew(rawText, fileName, limits);
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
  }
  memo.set(key, parsed);
  return parsed;
}

function parseAnew(rawText: string, fileName: string, limits: ParseLimits): ParsedFile {
  parseCounter.parses++;
  const bom = rawText.charCodeAt(0) === 0xfeff;
  const text = bom ? rawText.slice(1) : rawText;
  const lines = new LineIndex(text);
  const syntax = syntaxFor(fileName, text);
  // Parsers place an error at end of input one character past it: spans stay inside the text.
  const inside = (n: number) => Math.max(0, Math.min(n, text.length));
  const done = (documents: ParsedDocument[], problems: ParseProblem[], kind: SyntaxKind = syntax): ParsedFile => ({
    text,
    bom,
    syntax: kind,
    lines,
    documents,
    problems: problems.map((p) => ({ ...p, span: { start: inside(p.span.start), end: inside(Math.max(p.span.start, p.span.end)) } })),
  });

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
  if (text.trim() === '') {
    const empty: ParsedDocument = { value: null, empty: true, span: { start: 0, end: 0 }, locate: () => undefined };
    return done([empty], []);
  }

  const first = /\S/.exec(text)?.[0];
  const overLimit = (p: ParseProblem) => done([unusableDocument()], [p]);
  if (syntax === 'json' || first === '{' || first === '[') {
    const over = costProblem(text, 'json', limits);
    if (over) return overLimit(over);
    const parsed = parseJsonText(text, limits);
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
  const over = costProblem(text, 'yaml', limits);
  if (over) return overLimit(over);
  // Plain single-document YAML: the block reader's value now, positions when needed.
  const fast = fastYamlDocument(text, limits, () => yamlPositions(text));
  if (fast) return done([fast], [], 'yaml');
  const overFull = fullYamlParseProblem(text, limits);
  if (overFull) return overLimit(overFull);
  const parsed = parseYamlText(text, limits);
  const directives = directiveProblems(text);
  if (directives.length === 0) return done(parsed.documents, parsed.problems, 'yaml');
  const broken = new Set(directives.map((p) => p.documentIndex));
  const documents = parsed.documents.map((d, i) => (broken.has(i) ? { ...d, value: null, empty: false, unusable: true } : d));
  return done(documents.length ? documents : [unusableDocument()], [...parsed.problems, ...directives].sort((a, b) => a.span.start - b.span.start), 'yaml');
}
