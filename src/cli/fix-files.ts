// `check --fix` / `--fix-dry-run` over the files of a walk, one file at a time: read,
// fix to a fixed point, and write (or, dry run, keep the fixed text and its diff) before the next
// file is read, so that a run holds one file's fixing at most (holding every file's fixing until
// the end made the run's memory grow with the files; bench/README.md). A file is
// replaced only if it is still the text that was fixed: a user's edit made meanwhile is never
// overwritten with the fix of the old content.
import fs from 'node:fs';
import path from 'node:path';
import type { LintInput } from '../core/types';
import { displayPath, fixProject, type LintRunOptions } from '../engine/lint';
import { maskText } from '../engine/mask';
import type { FileSettings } from '../config/load';
import { palette } from '../format/color';
import { escapeControls } from '../format/escape';
import { unifiedDiff } from '../format/unified-diff';
import { Project } from '../project/project';
import { readInput, type FoundFile } from './files';
import { FileWriteError, encodeText, writeFileAtomic } from '../io/write-file';

/**
 * Told each step of a file's fixing, in order (tests: a file edited between its read and its
 * write; that a file is written before the next is read).
 */
export type FixStep = (step: 'read' | 'write', filePath: string) => void;

export interface FixFilesOptions {
  settingsFor: (filePath: string) => FileSettings;
  runOptions: Omit<LintRunOptions, 'settingsFor'>;
  limits: { maxBytes: number };
  cwd: string;
  dryRun: boolean;
  /** Dry run: colour the diff. */
  color: boolean;
  stderr: { write(s: string): unknown };
  onStep?: FixStep;
}

export interface FixFilesOutcome {
  /** Problems fixed (dry run: that would be) per absolute path. */
  fixed: Map<string, number>;
  /** Dry run: the fixed text of each file that would change, secrets masked for the report. */
  outputs: Map<string, string>;
  /** Dry run: the unified diff of each such file, secrets masked. */
  diffs: Map<string, string>;
  /** Files left as they were although they had fixes: a write failed, or the file changed meanwhile. */
  unwritten: number;
}

/** What a file was when it was read: it is replaced only while it still is. */
interface Snapshot {
  size: number;
  mtimeMs: number;
}

/** Whether the file is still the bytes that were fixed: size and mtime, then the bytes themselves. */
function unchanged(abs: string, snap: Snapshot, bytes: string | Uint8Array): boolean {
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch {
    return false;
  }
  if (st.size !== snap.size || st.mtimeMs !== snap.mtimeMs) return false;
  try {
    return fs.readFileSync(abs).equals(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);
  } catch {
    return false;
  }
}

export async function fixFiles(files: readonly FoundFile[], o: FixFilesOptions): Promise<FixFilesOutcome> {
  const out: FixFilesOutcome = { fixed: new Map(), outputs: new Map(), diffs: new Map(), unwritten: 0 };
  const c = palette(o.color);
  for (const f of files) {
    if (f.problem) continue; // reported as it is by the check that follows
    const abs = path.resolve(o.cwd, f.filePath);
    let snap: Snapshot;
    try {
      const st = fs.statSync(abs);
      snap = { size: st.size, mtimeMs: st.mtimeMs };
    } catch {
      continue; // gone: the check says so
    }
    const input: LintInput = readInput(abs, o.limits);
    if (input.problem) continue;
    o.onStep?.('read', abs);
    // A project of this file alone: fixes come from document rules, which read one document.
    const run = await fixProject(Project.ofFiles(o.settingsFor), [input], o.runOptions);
    const r = run.results[0];
    if (!r || r.output === undefined) continue;
    const name = displayPath(abs, o.cwd);
    if (o.dryRun) {
      out.fixed.set(abs, r.fixCount ?? 0);
      const secrets = run.sources.get(r.filePath)?.secrets ?? [];
      const after = maskText(r.output, secrets);
      out.outputs.set(abs, after);
      out.diffs.set(abs, unifiedDiff(maskText(input.text, secrets), after, escapeControls(name), (sign, text) => (sign === '-' ? c.red : sign === '+' ? c.blue : String)(sign + escapeControls(text))));
      continue;
    }
    o.onStep?.('write', abs);
    const before = encodeText(input.text, input.encoding);
    try {
      // Through a link, as ESLint's --fix: the document is the link's target. Checked just before the rename.
      if (writeFileAtomic(abs, encodeText(r.output, input.encoding), { what: 'the fixes to', stillCurrent: () => unchanged(abs, snap, before) })) {
        out.fixed.set(abs, r.fixCount ?? 0);
      } else {
        o.stderr.write(`omlint: ${escapeControls(name)} changed while it was being fixed: left as it is (its fixes are not written); run --fix again.\n`);
        out.unwritten++;
      }
    } catch (e) {
      if (!(e instanceof FileWriteError)) throw e;
      o.stderr.write(`omlint: ${e.message}; the file is unchanged.\n`);
      out.unwritten++;
    }
  }
  return out;
}
