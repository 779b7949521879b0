// Shared test helpers: lint one text, several files of one scope, or fix a text.
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lint, lintAndFix } from '../src/engine/lint';
import type { Diagnostic, FileResult, Kind, SeveritySetting } from '../src/core/types';

export interface DocOptions {
  kind?: Kind;
  fileName?: string;
  now?: string;
  targetVersion?: string;
  rules?: Record<string, SeveritySetting>;
}

const NOW = '2026-11-21T00:00:00Z';

function runOptions(opts: DocOptions) {
  return {
    kind: opts.kind,
    now: new Date(opts.now ?? NOW),
    targetVersion: opts.targetVersion,
    rules: opts.rules,
  };
}

/** Lints one file's text; diagnostics in file order. */
export async function lintDoc(text: string, opts: DocOptions = {}): Promise<Diagnostic[]> {
  const [result] = await lint([{ filePath: opts.fileName ?? 'doc.yaml', text }], runOptions(opts));
  return result.diagnostics;
}

/** Lints one text and returns its whole result. */
export async function lintResult(text: string, opts: DocOptions = {}): Promise<FileResult> {
  const [result] = await lint([{ filePath: opts.fileName ?? 'doc.yaml', text }], runOptions(opts));
  return result;
}

/** Applies every safe fix to a fixed point and returns the text. */
export async function fixDoc(text: string, opts: DocOptions = {}): Promise<string> {
  const [result] = await lintAndFix([{ filePath: opts.fileName ?? 'doc.yaml', text }], runOptions(opts));
  return result.output ?? text;
}

/** Several files in one temporary directory (one project scope). */
export async function lintFiles(files: Record<string, string>, opts: DocOptions = {}): Promise<FileResult[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omlint-scope-'));
  const inputs = Object.entries(files).map(([name, text]) => {
    const filePath = path.join(dir, name);
    mkdirSync(path.dirname(filePath), { recursive: true });
    writeFileSync(filePath, text);
    return { filePath, text };
  });
  return lint(inputs, { ...runOptions(opts), cwd: dir });
}

/** Diagnostics of one rule, as `line:column` strings. */
export function at(diagnostics: Diagnostic[], ruleId: string): string[] {
  return diagnostics.filter((d) => d.ruleId === ruleId).map((d) => `${d.range.start.line}:${d.range.start.column}`);
}

/**
 * Diagnostics with each aggregate (a finding repeated over array items, src/engine/aggregate.ts)
 * expanded into one entry per place, in file order: rule tests count places, not lines of output.
 */
export function places(diagnostics: Diagnostic[]): Diagnostic[] {
  const out = diagnostics.flatMap((d) => [d, ...(d.occurrences ? (d.related ?? []).map((r) => ({ ...d, pointer: r.pointer, message: r.message, range: r.range!, related: undefined })) : [])]);
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
}
