// Issue 15: real Ops Manager documents of several generations (test/data/real, provenance in its
// MANIFEST.tsv). What a real GET returns, unchanged, never gets an error: every COMPLETE document
// lints with zero errors. Every warning and error of every document is listed in the snapshot, so
// each one is deliberate, and each warning kind carries the reason we would give its author.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint';
import type { Diagnostic, Kind } from '../src/core/types';
import { isKind } from '../src/core/kinds';
import { places } from './helpers';

const DIR = path.join(__dirname, 'data', 'real');
const NOW = new Date('2026-11-21T00:00:00Z');

interface Entry {
  file: string;
  kind: Kind;
  sourceRepo: string;
  path: string;
  commit: string;
  /** complete: a whole document as the server returned or accepted it; trimmed: part of one; put-example: a documented PUT body. */
  status: 'complete' | 'trimmed' | 'put-example';
  note: string;
}

const manifest: Entry[] = readFileSync(path.join(DIR, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [file, kind, sourceRepo, p, commit, status, note] = line.split('\t');
    if (!isKind(kind)) throw new Error(`MANIFEST.tsv: ${file} has an unknown kind ${kind}`);
    return { file, kind, sourceRepo, path: p, commit, status: status as Entry['status'], note };
  });

/**
 * Why each warning a real document gets is right, as we would tell its author. A warning kind
 * without a reason here fails the test: add the reason or fix the rule.
 */
const WARNING_REASONS: Record<string, string> = {
  'plaintext-secret': 'a literal password or keyfile content in a file meant for version control; the fixtures carry sample values, a real repository must not',
  'notification-role': 'GROUP_CHARTS_ADMIN and GROUP_CLUSTER_MANAGER are Atlas project roles (the Go client borrowed Atlas fixtures); no Ops Manager user holds them (issue 15 item 6)',
  'notification-field-not-applicable': 'roles on an SMS notification: the API drops it, the author expects a filter that does not happen',
  'deprecated-field': 'top-level ssl is the pre-4.x name of tls; current Ops Manager documents only tls',
  'window-in-past': 'the window ended in 2015: a PUT of it silences nothing (the test clock is 2026-11-21)',
};

/** `severity rule pointer`, plus the missing field of a required-field finding. */
function describeFinding(d: Diagnostic): string {
  const missing = d.ruleId === 'required-field' ? / `([^`]+)`/.exec(d.message)?.[1] : undefined;
  return `${d.severity} ${d.ruleId} ${d.pointer ?? ''}${missing ? ` (${missing})` : ''}`;
}

/** Each document alone (its own scope): findings across the corpus's files are not its author's. */
async function findingsOf(entry: Entry): Promise<Diagnostic[]> {
  const filePath = path.join(DIR, entry.file);
  const [result] = await lint([{ filePath, text: readFileSync(filePath, 'utf8') }], { now: NOW, kind: entry.kind });
  // Every place of a repeated finding (one diagnostic for several array items) is listed.
  return places(result.diagnostics);
}

describe('real documents (test/data/real)', () => {
  it('has a manifest line with provenance for every document, and a document for every line', () => {
    const onDisk = readdirSync(DIR, { recursive: true })
      .map(String)
      .filter((f) => /\.(json|ya?ml)$/.test(f))
      .map((f) => f.split(path.sep).join('/'))
      .sort();
    expect(manifest.map((e) => e.file).sort()).toEqual(onDisk);
    for (const e of manifest) {
      expect(e.sourceRepo, e.file).toBeTruthy();
      expect(e.path, e.file).toBeTruthy();
      expect(['complete', 'trimmed', 'put-example'], e.file).toContain(e.status);
      expect(e.note.length, e.file).toBeGreaterThan(10);
    }
  });

  it('spans several generations and every kind it has documents of', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(20);
    expect(new Set(manifest.map((e) => e.kind))).toEqual(new Set(['automation-config', 'alert-config', 'maintenance-window']));
  });

  for (const entry of manifest.filter((e) => e.status === 'complete')) {
    it(`${entry.file} (complete) lints with zero errors`, async () => {
      const errors = (await findingsOf(entry)).filter((d) => d.severity === 'error').map(describeFinding);
      expect(errors).toEqual([]);
    });
  }

  it('gives only warnings we can defend to the documents\' authors', async () => {
    const unexplained: string[] = [];
    for (const entry of manifest) {
      for (const d of await findingsOf(entry)) {
        if (d.severity === 'warning' && !(d.ruleId in WARNING_REASONS)) unexplained.push(`${entry.file}: ${describeFinding(d)}`);
      }
    }
    expect(unexplained).toEqual([]);
  });

  it('lists every warning and error of every document (snapshot: each one deliberate)', async () => {
    const listed: Record<string, string[]> = {};
    for (const entry of manifest) {
      const found = (await findingsOf(entry)).filter((d) => d.severity !== 'info').map(describeFinding).sort();
      if (found.length > 0) listed[`${entry.status} ${entry.file}`] = found;
    }
    expect(listed).toMatchSnapshot();
  });
});
