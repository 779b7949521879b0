// `--base <file|dir|git-ref>` and `--staged`: gives each input its previous state.
// A file: the base of the one file checked; a directory: the same relative path below it; else a
// git revision: the same path at that ref. With --staged the file's text is its staged content
// (the pre-commit hook), compared with --base (default HEAD).
import { statSync } from 'node:fs';
import path from 'node:path';
import { readInput } from '../io/read-input';
import { GitError, resolveRef, showAtRef } from '../io/git';
import type { LintInput } from '../core/types';

export class BaseError extends Error {}

export interface BaseOptions {
  base?: string;
  staged?: boolean;
  /** The files are partial documents (write bodies): round-trip-loss rules stay quiet. */
  partial?: boolean;
}

type Source = { type: 'file'; path: string } | { type: 'dir'; path: string } | { type: 'git'; ref: string } | { type: 'none' };

function sourceOf(o: BaseOptions, cwd: string, files: number): Source {
  // --staged alone: against HEAD; before the first commit there is none, and every file is new.
  if (o.base === undefined) return resolveRef('HEAD', cwd) ? { type: 'git', ref: 'HEAD' } : { type: 'none' };
  const p = path.resolve(cwd, o.base);
  let isDir: boolean | undefined;
  try {
    isDir = statSync(p).isDirectory();
  } catch {}
  if (isDir === false) {
    if (files !== 1) throw new BaseError(`--base ${o.base} is a file: it can be the base of one file only (${files} given); name a directory or a git revision for several.`);
    return { type: 'file', path: p };
  }
  if (isDir) return { type: 'dir', path: p };
  try {
    if (resolveRef(o.base, cwd)) return { type: 'git', ref: o.base };
  } catch (e) {
    if (!(e instanceof GitError)) throw e;
  }
  throw new BaseError(`--base ${o.base}: no such file or directory, and no git revision of the repository here.`);
}

function baseText(input: LintInput, label: string): string {
  if (input.problem) throw new BaseError(`the base ${label} cannot be read: ${input.problem.message}`);
  return input.text;
}

/**
 * The inputs with their bases (and with --staged, their staged text). A file absent from the base
 * (new at that ref) gets none: `newFiles` names it.
 */
export function withBases(files: string[], o: BaseOptions, cwd: string, maxBytes: number, read: (f: string) => LintInput): { inputs: LintInput[]; newFiles: string[] } {
  const source = sourceOf(o, cwd, files.length);
  const newFiles: string[] = [];
  const inputs = files.map((filePath): LintInput => {
    let input: LintInput;
    if (o.staged) {
      const staged = showAtRef(filePath, undefined, maxBytes);
      // Not staged (named by hand, or deleted in the index): the working tree's text.
      input = staged.input ? { ...staged.input, filePath } : read(filePath);
    } else input = read(filePath);
    let label: string;
    let text: string | undefined;
    if (source.type === 'file') {
      label = path.relative(cwd, source.path).split(path.sep).join('/') || source.path;
      text = baseText(readInput(source.path, { maxBytes }), label);
    } else if (source.type === 'dir') {
      const p = path.join(source.path, path.relative(cwd, filePath));
      label = path.relative(cwd, p).split(path.sep).join('/');
      let exists = false;
      try {
        exists = statSync(p).isFile();
      } catch {}
      text = exists ? baseText(readInput(p, { maxBytes }), label) : undefined;
    } else if (source.type === 'none') {
      label = 'HEAD';
    } else {
      const blob = showAtRef(filePath, source.ref, maxBytes);
      label = blob.label;
      text = blob.input ? baseText(blob.input, label) : undefined;
    }
    if (text === undefined) {
      newFiles.push(filePath);
      return input;
    }
    return { ...input, base: { label, text, ...(o.partial ? { partial: true } : {}) } };
  });
  return { inputs, newFiles };
}
