// Runs one transition rule on a base and a new text, as the engine will (issue 19): both texts
// are parsed with omlint's own parser, the rule's check gets a TransitionRuleContext, and each
// report becomes a finding with its message (from meta.messages), severity and the 1-based line
// and column of the pointer in the new text. Used by test/rules/ and the docs-example test until
// and besides the engine's `plan` run.
import { expect } from 'vitest';
import { parseText } from '../src/syntax';
import { reportMessage } from '../src/core/rule';
import { isPlaceholder } from '../src/model/placeholders';
import type { Report, Severity, TransitionRule } from '../src/core/types';

export interface TransitionFinding {
  ruleId: string;
  messageId?: string;
  severity: Severity;
  message: string;
  pointer: string;
  basePointer?: string;
  line?: number;
  column?: number;
}

export interface TransitionCase {
  base: string;
  value: string;
  /** File name of both texts (`.json` or `.yaml`; default doc.yaml). */
  fileName?: string;
  partial?: boolean;
}

function parseOne(text: string, fileName: string) {
  const parsed = parseText(text, fileName);
  expect(parsed.problems.map((p) => p.message), `${fileName} parses`).toEqual([]);
  return { parsed, document: parsed.documents[0] };
}

/** The findings of one rule for one base → new change, in report order. */
export function runTransition(rule: TransitionRule, c: TransitionCase): TransitionFinding[] {
  const fileName = c.fileName ?? 'doc.yaml';
  const base = parseOne(c.base, `base-${fileName}`);
  const now = parseOne(c.value, fileName);
  const out: TransitionFinding[] = [];
  const kind = rule.meta.kinds === '*' ? 'automation-config' : rule.meta.kinds[0];
  rule.check({
    value: now.document.value,
    base: base.document.value,
    kind,
    filePath: `/scope/${fileName}`,
    baseLabel: `HEAD:${fileName}`,
    options: { now: new Date('2026-11-21T00:00:00Z'), secretPlaceholders: [] },
    partial: c.partial ?? false,
    isTemplate: (v) => isPlaceholder(v),
    report(r: Report & { basePointer?: string }) {
      const where = now.document.locate(r.pointer);
      const offset = where ? (r.target === 'key' && where.key ? where.key.start : where.value.start) : undefined;
      const pos = offset === undefined ? undefined : now.parsed.lines.position(offset);
      out.push({
        ruleId: rule.meta.id,
        messageId: r.messageId,
        severity: r.severity ?? rule.meta.defaultSeverity,
        message: reportMessage(rule.meta, r),
        pointer: r.pointer,
        basePointer: r.basePointer,
        line: pos?.line,
        column: pos?.column,
      });
    },
  });
  return out;
}
