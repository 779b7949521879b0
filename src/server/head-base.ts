// The language server's base of an open file: the file at git HEAD, so that the
// transition rules show what the edit changes against the last commit. Read once per file and
// HEAD commit: a commit made while the file is open is seen at the next lint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GitError, headCommitOnDisk, repositoryOf, showAtRef, type Repository } from '../io/git';
import type { BaseInput } from '../core/types';
import { SourceCache } from '../project/source-cache';
import type { ParseLimits, SourceFile } from '../syntax/index';

const readText = (p: string): string | undefined => {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
};

export class HeadBases {
  /** Repository by directory (undefined: none). */
  private readonly repos = new Map<string, Repository | undefined>();
  private readonly blobs = new Map<string, { commit: string; base: BaseInput | undefined }>();
  /** The parse of each base text (lint's parseBase): once per file and commit, not per keystroke. */
  private readonly sources = new SourceCache();
  /** For tests: the base texts parsed. */
  readonly stats = { parses: 0 };

  constructor(private readonly maxBytes: number) {}

  /** Parses a base text, from the cache when this text was parsed before (lint's `parseBase`). */
  readonly parse = (text: string, label: string, limits: ParseLimits): SourceFile => {
    if (!this.sources.peek(label, text)) this.stats.parses++;
    return this.sources.parse(label, text, limits);
  };

  /** The file at HEAD, or undefined: not in a repository, no commit yet, or not in HEAD (a new file). */
  baseOf(filePath: string): BaseInput | undefined {
    const dir = path.dirname(filePath);
    if (!this.repos.has(dir)) this.repos.set(dir, repositoryOf(dir));
    const repo = this.repos.get(dir);
    if (!repo) return undefined;
    const commit = headCommitOnDisk(repo, readText);
    if (!commit) return undefined;
    const cached = this.blobs.get(filePath);
    if (cached?.commit === commit) return cached.base;
    if (cached?.base) this.sources.forget(cached.base.label);
    let base: BaseInput | undefined;
    try {
      const blob = showAtRef(filePath, commit, this.maxBytes);
      // The label names HEAD, as the user knows it, not the commit id.
      base = blob.input && !blob.input.problem ? { label: `HEAD:${blob.label.slice(commit.length + 1)}`, text: blob.input.text } : undefined;
    } catch (e) {
      if (!(e instanceof GitError)) throw e;
    }
    this.blobs.set(filePath, { commit, base });
    return base;
  }

  /** Lets go of a closed file's base and its parse (a big file's would otherwise stay until the next commit). */
  forget(filePath: string): void {
    const cached = this.blobs.get(filePath);
    if (cached?.base) this.sources.forget(cached.base.label);
    this.blobs.delete(filePath);
  }

  /** Forget the repositories and texts (settings changed, the workspace changed). */
  clear(): void {
    this.repos.clear();
    this.blobs.clear();
    this.sources.forget();
  }
}
