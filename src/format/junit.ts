// `--format junit`: one <testsuite> per file, one <testcase> per problem (a clean file: one
// passing test case); an error is a <failure>, a warning or info a passing case with <system-out>.
import type { Diagnostic, FileResult, LintRun } from '../core/types';
import { secretMasker } from './shared';

/** Characters XML 1.0 forbids even as references (C0 controls, lone surrogates, U+FFFE/FFFF). */
const FORBIDDEN = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(s: string): string {
  return s.replace(FORBIDDEN, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Attribute values: quotes too, and whitespace as references so parsers keep it. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

function where(d: Diagnostic): string {
  return `${d.range.start.line}:${d.range.start.column}`;
}

/** Jenkins reads dots in a classname as package separators: the path without its extension. */
function className(filePath: string): string {
  return filePath.replace(/\.(json|ya?ml)$/i, '');
}

/**
 * One test case per problem (ESLint's and cfn-lint's convention: CI report widgets list each).
 * An error is a <failure>; a warning or an info is a passing case with its text in <system-out>,
 * so the report agrees with the exit code (warnings do not fail the gate).
 */
function problemCase(r: FileResult, d: Diagnostic, mask: (s: string) => string): string[] {
  const message = mask(d.message);
  const others = (d.related ?? []).filter((rel) => d.occurrences && rel.range).map((rel) => `${rel.range!.start.line}:${rel.range!.start.column}`);
  const body = `${where(d)} ${d.severity} ${d.ruleId}: ${message}${others.length ? `\nalso at ${others.join(', ')}` : ''}`;
  const open = `    <testcase name="${xmlAttr(`${d.ruleId} (${where(d)})`)}" classname="${xmlAttr(className(r.filePath))}" file="${xmlAttr(r.filePath)}" time="0">`;
  const inner =
    d.severity === 'error'
      ? `      <failure message="${xmlAttr(message)}" type="${xmlAttr(d.ruleId)}">${xmlText(body)}</failure>`
      : `      <system-out>${xmlText(body)}</system-out>`;
  return [open, inner, '    </testcase>'];
}

export function formatJunit(run: LintRun): string {
  const { results } = run;
  const mask = secretMasker(run);
  const out: string[] = [];
  let tests = 0;
  let failed = 0;
  for (const r of results) {
    // A clean file is one passing test case; otherwise one case per problem.
    const count = Math.max(1, r.diagnostics.length);
    const failedHere = r.diagnostics.filter((d) => d.severity === 'error').length;
    tests += count;
    failed += failedHere;
    out.push(`  <testsuite name="${xmlAttr(r.filePath)}" tests="${count}" failures="${failedHere}" errors="0" skipped="0">`);
    if (r.diagnostics.length === 0) out.push(`    <testcase name="${xmlAttr(r.filePath)}" classname="${xmlAttr(className(r.filePath))}" file="${xmlAttr(r.filePath)}" time="0"/>`);
    for (const d of r.diagnostics) out.push(...problemCase(r, d, mask));
    out.push('  </testsuite>');
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="omlint" tests="${tests}" failures="${failed}" errors="0">`,
    ...out,
    '</testsuites>',
    '',
  ].join('\n');
}
