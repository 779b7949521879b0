// Each request body is judged by the engine of `omlint check` (the same lint(), kinds, schemas and
// rules), its kind given by the endpoint. An error finding refuses the request with a 400 in
// Ops Manager's error shape, the findings added; warnings go back in a header and never block.
import { lint, type TransitionPairs } from '../engine/lint';
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
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const file = parseText(text, 'request.json');
    const p = file.problems.find((x) => x.ruleId === 'syntax-error' || x.ruleId === 'limit-exceeded') ?? file.problems[0];
    const at = p ? file.lines.position(p.span.start) : { line: 1, column: 1 };
    // Not through lint(), which masks a message with the file's secrets: the parser's words may quote the body.
    const message = maskSecrets(p?.message ?? 'The body is not JSON.', collectSecretValues([], { text }));
    throw new ApiError(400, 'INVALID_JSON', `Received JSON is malformed: ${message}`, [], { findings: [{ ruleId: p?.ruleId ?? 'syntax-error', severity: 'error', message, pointer: '', line: at.line, column: at.column }] });
  }
}

/**
 * Lints a body as `kind`; a 400 when any finding is an error. With a base (the stored resource),
 * the transition rules of `omlint plan` run too, as `omlint check --base` runs them.
 */
export async function judgeBody(text: string, kind: Kind, now: Date, base?: BaseInput): Promise<Judged> {
  const value = parseJsonBody(text);
  let pairs: TransitionPairs | undefined;
  const [result] = await lint([{ filePath: 'request.json', text, base }], { kind, now, rules: OFF_FOR_BODIES, onPairs: (_f, p) => (pairs = p) });
  const findings = result.diagnostics.map(finding);
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    const first = errors[0];
    throw new ApiError(400, 'INVALID_ATTRIBUTE', `The ${kind} body has ${errors.length} error${errors.length === 1 ? '' : 's'}; the first, at line ${first.line}, column ${first.column} (${first.ruleId}): ${first.message}`, [first.pointer], { findings });
  }
  return { value, warnings: findings.filter((f) => f.severity !== 'error'), pairs };
}

/** The warnings of a body as one header value: `rule-id at line:column` pairs, then their count. */
export function warningsHeader(warnings: Finding[]): string | undefined {
  if (warnings.length === 0) return undefined;
  // A header is one line of Latin-1: messages go to the log, the ids and places here.
  // Pointers name the body's keys, which may be any text: percent-encoded outside printable ASCII.
  const ascii = (t: string) => t.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  return warnings.map((w) => `${w.ruleId} ${ascii(w.pointer) || '/'} ${w.line}:${w.column}`).join(', ');
}
