// Each request body is judged by the engine of `omlint check` (the same lint(), kinds, schemas and
// rules), its kind given by the endpoint. An error finding refuses the request with a 400 in
// Ops Manager's error shape, the findings added; warnings go back in a header and never block.
import { TextLinter, type ParsedText, type TransitionPairs } from '../engine/lint';
import { collectSecretValues, maskSecrets } from '../engine/mask';
import { parseText } from '../syntax/index';
import type { Kind } from '../core/kinds';
import type { BaseInput, Diagnostic } from '../core/types';
import { ApiError } from './http';

/** A finding as the answer shows it: where in the body as sent (1-based line and column). */
export interface Finding {
  ruleId: string;
  severity: string;
  message: string;
  pointer: string;
  line: number;
  column: number;
}

export interface Judged {
  value: unknown;
  warnings: Finding[];
  /** The body's documents paired with the base's (with a base only): what `omlint plan` reads. */
  pairs?: TransitionPairs;
}

/**
 * Rules off for request bodies: `plaintext-secret` warns about secrets kept in files under version
 * control, and a body sent to the API is where a secret is meant to go.
 */
const OFF_FOR_BODIES = { 'plaintext-secret': 'off' } as const;

const finding = (d: Diagnostic): Finding => ({ ruleId: d.ruleId, severity: d.severity, message: d.message, pointer: d.pointer, line: d.range.start.line, column: d.range.start.column });

/** The parsed JSON of a body, or a 400 naming where it stops being JSON. */
export function parseJsonBody(text: string, parsed?: ParsedText): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // The engine's parse of the body, when it was made already (BodyJudge): the same parseText.
    const file = parsed?.sourceFile ?? parseText(text, 'request.json');
    const p = file.problems.find((x) => x.ruleId === 'syntax-error' || x.ruleId === 'limit-exceeded') ?? file.problems[0];
    const at = p ? file.lines.position(p.span.start) : { line: 1, column: 1 };
    // Not through lint(), which masks a message with the file's secrets: the parser's words may quote the body.
    const message = maskSecrets(p?.message ?? 'The body is not JSON.', collectSecretValues([], { text }));
    throw new ApiError(400, 'INVALID_JSON', `Received JSON is malformed: ${message}`, [], { findings: [{ ruleId: p?.ruleId ?? 'syntax-error', severity: 'error', message, pointer: '', line: at.line, column: at.column }] });
  }
}

/** A body's kind, and whether it is judged against a base (then the transition rules load too). */
export interface BodyKind {
  kind: Kind;
  transitions: boolean;
}

/** The kinds of the bodies that `routes` judge (a route with a base: with its transition rules). */
export function bodyKinds(routes: readonly { kind?: Kind; baseOf?: unknown }[]): BodyKind[] {
  const out = new Map<string, BodyKind>();
  for (const r of routes) if (r.kind) out.set(`${r.kind} ${Boolean(r.baseOf)}`, { kind: r.kind, transitions: Boolean(r.baseOf) });
  return [...out.values()];
}

/**
 * The judge of one server's request bodies: one TextLinter, whose rules and validators are loaded
 * when the server starts, and each body parsed once (the engine's parse gives the handler its value).
 */
export class BodyJudge {
  // Suggestions are never answered: made into text edits only where the run itself reads them.
  private readonly linter = new TextLinter('request.json', { rules: OFF_FOR_BODIES, suggestionEdits: false });

  constructor(kinds: readonly BodyKind[] = []) {
    // Loaded ahead of the first request; a load that fails is tried again (and its error answered) by the first request that needs it.
    for (const transitions of [false, true]) {
      const some = kinds.filter((k) => k.transitions === transitions).map((k) => k.kind);
      if (some.length > 0) this.linter.preload(some, transitions).catch(() => undefined);
    }
  }

  /**
   * Lints a body as `kind`; a 400 when any finding is an error. With a base (the stored resource),
   * the transition rules of `omlint plan` run too, as `omlint check --base` runs them.
   */
  async judge(text: string, kind: Kind, now: Date, base?: BaseInput): Promise<Judged> {
    const parsed = this.linter.parse(text);
    const value = parsedJson(parsed) ?? parseJsonBody(text, parsed);
    let pairs: TransitionPairs | undefined;
    const result = (await this.linter.lint(parsed, { kind, now, onPairs: (_f, p) => (pairs = p) }, base))!;
    const findings = result.diagnostics.map(finding);
    const errors = findings.filter((f) => f.severity === 'error');
    if (errors.length > 0) {
      const first = errors[0];
      throw new ApiError(400, 'INVALID_ATTRIBUTE', `The ${kind} body has ${errors.length} error${errors.length === 1 ? '' : 's'}; the first, at line ${first.line}, column ${first.column} (${first.ruleId}): ${first.message}`, [first.pointer], { findings });
    }
    return { value, warnings: findings.filter((f) => f.severity !== 'error'), pairs };
  }
}

/**
 * The value of a body the engine read with JSON.parse (what parseJsonBody would answer), or
 * undefined for any other text: that one goes through parseJsonBody (a 400, or a value the engine
 * refused for its own reason, such as depth, which its lint then reports).
 */
function parsedJson({ sourceFile }: ParsedText): unknown {
  const [doc] = sourceFile.documents;
  return sourceFile.syntax === 'json' && !sourceFile.bom && sourceFile.documents.length === 1 && !doc.unusable && !doc.empty ? doc.value : undefined;
}

/** The warnings of a body as one header value: `rule-id at line:column` pairs, then their count. */
export function warningsHeader(warnings: Finding[]): string | undefined {
  if (warnings.length === 0) return undefined;
  // A header is one line of Latin-1: messages go to the log, the ids and places here.
  // Pointers name the body's keys, which may be any text: percent-encoded outside printable ASCII.
  const ascii = (t: string) => t.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  return warnings.map((w) => `${w.ruleId} ${ascii(w.pointer) || '/'} ${w.line}:${w.column}`).join(', ');
}
