// Project scopes: the documents that cross-document (workspace) rules read together. A file's scope
// is its directory, or a scope named by a config override (`scope:<config path>#<name>`), which
// spans every directory under that config.
import path from 'node:path';
import type { FileSettings } from '../config/load';

/** Items grouped by their scope, in the order of each scope's first item. */
export function groupByScope<T>(items: readonly T[], scopeOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const s = scopeOf(item);
    const group = groups.get(s);
    if (group) group.push(item);
    else groups.set(s, [item]);
  }
  return [...groups.values()];
}

const NAMED = /^scope:(.*)#[^#]*$/;

/**
 * The directory that holds every member of a file's scope: the config's directory for a named
 * scope (config/load.ts names it after the config file), else the file's own directory.
 */
export function scopeRoot(filePath: string, settings: FileSettings): string {
  const named = NAMED.exec(settings.scope);
  return named ? path.dirname(named[1]) : path.dirname(path.resolve(filePath));
}

/** Whether a scope spans directories (a named one) or is one directory. */
export function isNamedScope(scope: string): boolean {
  return NAMED.test(scope);
}
