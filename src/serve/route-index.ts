// The routes by prefix, number of segments and first segment, each path split once: a request
// compares its segments with the few routes of its bucket instead of splitting and comparing every
// route's path (bench/README.md). The order within a bucket is the routes' own, so the first route
// that matches wins as before.
import type { Route } from './routes';

interface Indexed {
  route: Route;
  parts: readonly string[];
  /** Position in the list of routes (buckets merged with routes whose first segment is a parameter keep it). */
  order: number;
}

export interface RouteMatch {
  route?: Route;
  params: Record<string, string>;
  /** Methods of the routes whose path matched (for a 405). */
  allowed: string[];
}

export class RouteIndex {
  private readonly buckets = new Map<string, Indexed[]>();
  /** Routes whose first segment is a parameter, by prefix and length: candidates for every first segment. */
  private readonly open = new Map<string, Indexed[]>();

  constructor(routes: readonly Route[]) {
    routes.forEach((route, order) => {
      const parts = route.path.split('/');
      const shape = `${route.prefix} ${parts.length}`;
      const param = parts[0].startsWith('{');
      const map = param ? this.open : this.buckets;
      const key = param ? shape : `${shape} ${parts[0]}`;
      map.set(key, [...(map.get(key) ?? []), { route, parts, order }]);
    });
  }

  /** The route of `method` whose path matches `rest` (the segments under the prefix, decoded). */
  match(method: string, prefix: string, rest: readonly string[]): RouteMatch {
    const shape = `${prefix} ${rest.length}`;
    const fixed = this.buckets.get(`${shape} ${rest[0]}`) ?? [];
    const open = this.open.get(shape);
    const candidates = open ? [...fixed, ...open].sort((a, b) => a.order - b.order) : fixed;
    const allowed: string[] = [];
    let found: { route: Route; params: Record<string, string> } | undefined;
    for (const { route, parts } of candidates) {
      const params = matchParts(parts, rest);
      if (!params) continue;
      allowed.push(route.method);
      if (route.method === method && !found) found = { route, params };
    }
    return { route: found?.route, params: found?.params ?? {}, allowed };
  }
}

/** The parameters of a path whose segments match `parts` (a parameter never empty), or undefined. */
function matchParts(parts: readonly string[], rest: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.charCodeAt(0) === 0x7b) {
      if (rest[i] === '') return undefined;
      params[p.slice(1, -1)] = rest[i];
    } else if (p !== rest[i]) return undefined;
  }
  return params;
}
