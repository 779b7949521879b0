// `--format junit`: one <testsuite> per file, one <testcase> per document; each error is a
// <failure>, warnings and infos go to the test case's <system-out> (CI test report widgets).
import type { Diagnostic, FileResult } from '../engine/types';
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

function testCase(r: FileResult, index: number, diagnostics: Diagnostic[], mask: (s: string) => string): string[] {
  const kind = r.kinds[index] ?? 'unknown';
  const name = `${r.filePath} document ${index + 1} (${kind})`;
  const failures = diagnostics.filter((d) => d.severity === 'error');
  const others = diagnostics.filter((d) => d.severity !== 'error');
  const open = `    <testcase name="${xmlAttr(name)}" classname="omlint"`;
  if (failures.length === 0 && others.length === 0) return [`${open}/>`];
  const out = [`${open}>`];
  for (const d of failures) {
    const message = mask(d.message);
    out.push(`      <failure message="${xmlAttr(message)}" type="${xmlAttr(d.ruleId)}">${xmlText(`${where(d)} ${d.ruleId}: ${message}`)}</failure>`);
  }
  if (others.length > 0) {
    const lines = others.map((d) => `${where(d)} ${d.severity} ${d.ruleId}: ${mask(d.message)}`);
    out.push(`      <system-out>${xmlText(lines.join('\n'))}</system-out>`);
  }
  out.push('    </testcase>');
  return out;
}

export function formatJunit(results: FileResult[]): string {
  const mask = secretMasker(results);
  const out: string[] = [];
  let tests = 0;
  let failed = 0;
  for (const r of results) {
    // One test case per document; diagnostics of a document beyond the count (none expected) still get one.
    const count = r.diagnostics.reduce((n, d) => Math.max(n, d.documentIndex + 1), Math.max(r.documents, 1));
    const byDoc: Diagnostic[][] = Array.from({ length: count }, () => []);
    for (const d of r.diagnostics) byDoc[Math.max(0, d.documentIndex)].push(d);
    const failedHere = byDoc.filter((ds) => ds.some((d) => d.severity === 'error')).length;
    tests += count;
    failed += failedHere;
    out.push(`  <testsuite name="${xmlAttr(r.filePath)}" tests="${count}" failures="${failedHere}" errors="0" skipped="0">`);
    byDoc.forEach((ds, i) => out.push(...testCase(r, i, ds, mask)));
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
