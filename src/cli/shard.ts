// `--shard <i>/<n>`: one of n parts of a run, for a CI matrix (GitHub Actions, GitLab `parallel`).
// Files are split by project scope, never inside one (the cross-document rules read a whole scope),
// and every job computes the same split from the same file list: the scopes are named relative to
// the working directory (runners check out at different absolute paths) and dealt out largest
// first to the part with the fewest files, ties broken by name. `omlint merge` joins the parts.
import path from 'node:path';
import { groupByScope } from '../project/scope';

/** A malformed --shard value (the CLI turns it into a usage error, exit 2). */
export class ShardError extends Error {}

export interface Shard {
  /** 1-based, as CI matrices count (GitHub's `strategy.job-index` + 1, GitLab's CI_NODE_INDEX). */
  index: number;
  count: number;
}

/** Parses `i/n` (1 ≤ i ≤ n ≤ 1000). */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > 1000 || index < 1 || index > count) {
    throw new ShardError(`expected <i>/<n> with 1 ≤ i ≤ n (e.g. --shard 2/4; GitLab: --shard $CI_NODE_INDEX/$CI_NODE_TOTAL)`);
  }
  return { index, count };
}

/** A scope's name that is the same on every runner: absolute paths made relative to the cwd. */
function portableScope(scope: string, cwd: string): string {
  const rel = (p: string) => path.relative(cwd, p).split(path.sep).join('/');
  const named = /^scope:(.*)#([^#]*)$/.exec(scope);
  return named ? `scope:${rel(named[1])}#${named[2]}` : rel(scope);
}

/**
 * The files of part `shard.index` of `shard.count`, in their original order. Every scope lands
 * whole in exactly one part; parts are balanced by file count.
 */
export function filesOfShard(files: readonly string[], scopeOf: (file: string) => string, shard: Shard, cwd: string): string[] {
  const groups = groupByScope(files, scopeOf).map((members) => ({ name: portableScope(scopeOf(members[0]), cwd), members }));
  groups.sort((a, b) => b.members.length - a.members.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const sizes = new Array<number>(shard.count).fill(0);
  const mine = new Set<string>();
  for (const g of groups) {
    let part = 0;
    for (let i = 1; i < sizes.length; i++) if (sizes[i] < sizes[part]) part = i;
    sizes[part] += g.members.length;
    if (part === shard.index - 1) for (const f of g.members) mine.add(f);
  }
  return files.filter((f) => mine.has(f));
}
