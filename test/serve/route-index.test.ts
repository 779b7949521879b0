// The route index of `omlint serve` (src/serve/route-index.ts) answers as a scan of every route in
// order would: the same route (the first that matches), the same parameters, the same methods for
// a 405, for every route's path, with routes whose first segment is a parameter kept in order.
import { describe, expect, it } from 'vitest';
import { RouteIndex } from '../../src/serve/route-index';
import { ROUTES, type Route } from '../../src/serve/routes';

/** What the server did before the index: split and compare every route of the prefix, in order. */
function scan(routes: readonly Route[], method: string, prefix: string, rest: string[]) {
  const allowed: string[] = [];
  let found: { route: Route; params: Record<string, string> } | undefined;
  for (const route of routes) {
    if (route.prefix !== prefix) continue;
    const parts = route.path.split('/');
    if (parts.length !== rest.length) continue;
    const params: Record<string, string> = {};
    if (!parts.every((p, i) => (p.startsWith('{') ? ((params[p.slice(1, -1)] = rest[i]), rest[i] !== '') : p === rest[i]))) continue;
    allowed.push(route.method);
    if (route.method === method && !found) found = { route, params };
  }
  return { route: found?.route, params: found?.params ?? {}, allowed };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

function pathsOf(routes: readonly Route[]): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const r of routes) {
    const parts = r.path.split('/');
    out.push([r.prefix, parts.map((p) => (p.startsWith('{') ? `v-${p.slice(1, -1)}` : p))]);
    // An empty parameter, a segment more and less, another first segment.
    out.push([r.prefix, parts.map((p) => (p.startsWith('{') ? '' : p))], [r.prefix, [...parts, 'x']], [r.prefix, parts.slice(0, -1)], [r.prefix, ['nowhere', ...parts.slice(1)]]);
  }
  return out;
}

describe('RouteIndex', () => {
  it('matches every path of the server\'s routes as the scan does, for every method and prefix', () => {
    const index = new RouteIndex(ROUTES);
    let matched = 0;
    for (const [prefix, rest] of pathsOf(ROUTES)) {
      for (const method of METHODS) {
        for (const p of [prefix, 'api', 'prometheus', 'control']) {
          const got = index.match(method, p, rest);
          expect(got, `${method} ${p} ${rest.join('/')}`).toEqual(scan(ROUTES, method, p, rest));
          if (got.route) matched++;
        }
      }
    }
    expect(matched).toBeGreaterThan(ROUTES.length);
  });

  it('keeps the routes\' order when a route\'s first segment is a parameter', () => {
    const handle = () => ({ status: 200 });
    const routes: Route[] = [
      { method: 'GET', path: 'a/{id}', prefix: 'api', handle },
      { method: 'GET', path: '{kind}/{id}', prefix: 'api', handle },
      { method: 'PUT', path: '{kind}/{id}', prefix: 'api', handle },
      { method: 'DELETE', path: 'b/{id}', prefix: 'api', handle },
    ];
    const index = new RouteIndex(routes);
    for (const rest of [['a', '1'], ['b', '2'], ['c', '3'], ['a', ''], ['a']]) {
      for (const method of METHODS) expect(index.match(method, 'api', rest), `${method} ${rest.join('/')}`).toEqual(scan(routes, method, 'api', rest));
    }
    expect(index.match('GET', 'api', ['a', '1']).route).toBe(routes[0]);
    expect(index.match('GET', 'api', ['b', '1'])).toEqual({ route: routes[1], params: { kind: 'b', id: '1' }, allowed: ['GET', 'PUT', 'DELETE'] });
  });
});
