// `given`: where a policy looks in a document. A JSONPath query (RFC 9535, evaluated by
// jsonpath-rfc9535: a parser and an interpreter, no eval or new Function) or a JSON-pointer
// pattern with `*` segments. The RFC's match() and search() run JavaScript regular expressions,
// which can backtrack for ever; they are refused here (policies match text with `pattern`, in RE2).
import { exec } from 'jsonpath-rfc9535';
import parseJsonPath from 'jsonpath-rfc9535/parser';
import { escapeToken, unescapeToken } from '../core/pointer';
import { POLICY_LIMITS } from './limits';

export interface Match {
  /** JSON pointer of the match, relative to the document. */
  pointer: string;
  value: unknown;
}

export interface CompiledQuery {
  source: string;
  /** The matches in document order, at most maxMatches; `truncated` when there were more. */
  run(doc: unknown): { matches: Match[]; truncated: boolean };
  /** The pointer of the query's fixed start (`$.processes[*]` → `/processes`): where a count finding goes. */
  prefix: string;
}

/** Why a query cannot be used: the config error says so at the `given` field. */
export class QueryError extends Error {}

const STOP = Symbol('enough matches');

export function compileQuery(source: string): CompiledQuery {
  if (source.length > POLICY_LIMITS.maxQueryLength) throw new QueryError(`the query is ${source.length} characters long; at most ${POLICY_LIMITS.maxQueryLength}`);
  if (source === '' || source.startsWith('/')) return compilePointerPattern(source);
  if (!source.startsWith('$')) throw new QueryError('a query is a JSONPath starting with "$" (e.g. $.processes[*]) or a JSON-pointer pattern starting with "/" (e.g. /processes/*)');
  let ast: AstNode;
  try {
    ast = parseJsonPath(source) as AstNode;
  } catch (e) {
    // A parser's stack overflow on absurd nesting is a RangeError: the same answer, never a crash.
    const why = e instanceof RangeError ? 'nested too deeply' : (e as Error).message;
    throw new QueryError(`not a JSONPath query (RFC 9535): ${why}`);
  }
  const { nodes, refused } = inspect(ast);
  if (refused) throw new QueryError(`the function ${refused}() runs a JavaScript regular expression, which can take for ever on some inputs; check text with the assertion "pattern" (RE2) instead`);
  if (nodes > POLICY_LIMITS.maxPathSegments * 8) throw new QueryError(`the query has ${nodes} parts; at most ${POLICY_LIMITS.maxPathSegments * 8}`);
  const segments = (ast as { segments?: AstNode[] }).segments ?? [];
  if (segments.length > POLICY_LIMITS.maxPathSegments) throw new QueryError(`the query has ${segments.length} segments; at most ${POLICY_LIMITS.maxPathSegments}`);
  return { source, prefix: fixedPrefix(segments), run: (doc) => runJsonPath(source, doc) };
}

function runJsonPath(source: string, doc: unknown): { matches: Match[]; truncated: boolean } {
  const matches: Match[] = [];
  let truncated = false;
  try {
    exec(doc as never, source, (value, path) => {
      if (matches.length >= POLICY_LIMITS.maxMatches) {
        truncated = true;
        throw STOP;
      }
      matches.push({ pointer: toPointer(doc, path), value });
    });
  } catch (e) {
    if (e !== STOP) throw e;
  }
  return { matches, truncated };
}

/**
 * The library's path keys are in normalized-path form (`'` and `\` escaped); the document has
 * the key itself. The real key is taken from the object when it holds the escaped spelling.
 */
function toPointer(doc: unknown, path: (string | number)[]): string {
  let at: unknown = doc;
  let pointer = '';
  for (const step of path) {
    let key: string | number = step;
    if (typeof step === 'string' && !(at !== null && typeof at === 'object' && Object.hasOwn(at, step))) key = unescapeNormalized(step);
    pointer += '/' + escapeToken(key);
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key as string] : undefined;
  }
  return pointer;
}

const SIMPLE_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', "'": "'", '\\': '\\' };
function unescapeNormalized(key: string): string {
  return key.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) => (e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (SIMPLE_ESCAPES[e] ?? e)));
}

interface AstNode {
  type?: string;
  name?: string;
  [k: string]: unknown;
}

/** Counts the AST's nodes and finds a refused function, without recursion (the AST may be deep). */
function inspect(ast: AstNode): { nodes: number; refused?: string } {
  const stack: unknown[] = [ast];
  let nodes = 0;
  while (stack.length) {
    const n = stack.pop();
    if (n === null || typeof n !== 'object') continue;
    nodes++;
    const node = n as AstNode;
    if (node.type === 'FunctionExpr' && (node.name === 'match' || node.name === 'search')) return { nodes, refused: node.name };
    for (const v of Object.values(node)) if (v !== null && typeof v === 'object') stack.push(v);
  }
  return { nodes };
}

function fixedPrefix(segments: AstNode[]): string {
  let pointer = '';
  for (const s of segments) {
    if (s.type !== 'ChildSegment') break;
    const node = s.node as AstNode & { value?: unknown; selectors?: AstNode[] };
    const one = node.type === 'BracketedSelection' && node.selectors?.length === 1 ? (node.selectors[0] as AstNode & { value?: unknown }) : node;
    if ((one.type === 'MemberNameShorthand' || one.type === 'NameSelector') && typeof one.value === 'string') pointer += '/' + escapeToken(one.value);
    else if (one.type === 'IndexSelector' && typeof one.value === 'number' && one.value >= 0) pointer += '/' + one.value;
    else break;
  }
  return pointer;
}

// `/processes/*/net`: each segment a key (JSON-pointer escaped) or `*` for any key or index.
function compilePointerPattern(source: string): CompiledQuery {
  const tokens = source === '' ? [] : source.slice(1).split('/').map(unescapeToken);
  if (tokens.length > POLICY_LIMITS.maxPathSegments) throw new QueryError(`the pattern has ${tokens.length} segments; at most ${POLICY_LIMITS.maxPathSegments}`);
  const fixed = tokens.findIndex((t) => t === '*');
  const prefix = (fixed === -1 ? tokens : tokens.slice(0, fixed)).map((t) => '/' + escapeToken(t)).join('');
  return {
    source,
    prefix,
    run(doc) {
      let level: Match[] = [{ pointer: '', value: doc }];
      let truncated = false;
      for (const token of tokens) {
        const next: Match[] = [];
        for (const m of level) {
          const v = m.value;
          if (v === null || typeof v !== 'object') continue;
          const keys = token === '*' ? (Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v)) : Object.hasOwn(v, token) ? [token] : [];
          for (const k of keys) {
            if (next.length >= POLICY_LIMITS.maxMatches) {
              truncated = true;
              break;
            }
            next.push({ pointer: m.pointer + '/' + escapeToken(k), value: (v as Record<string, unknown>)[k] });
          }
        }
        level = next;
      }
      return { matches: level, truncated };
    },
  };
}
